import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Reports for CI dashboards (GitLab Code Quality, JUnit) and strict runs")
struct CIFormatterTests {
    static let diagnostics = FormatterTests.diagnostics + [
        Diagnostic(.warning, rule: .missingTranslation, "\"Sound\" is not translated",
                   at: SourceLocation(file: "de.lproj/Root.strings", key: "Sound")),
        Diagnostic(.warning, rule: .missingTranslation, "\"Sound\" is not translated",
                   at: SourceLocation(file: "de.lproj/Root.strings", key: "Sound")),
    ]

    @Test("GitLab Code Quality: every finding, its severity mapped, a fingerprint unique in the report")
    func gitlab() {
        let paths = DiagnosticPaths(prefix: "./App/Settings.bundle")
        let text = GitLabDiagnosticFormatter(paths: paths).format(Array(Self.diagnostics.prefix(1)))
        let fingerprint = SHA256.hex("./App/Settings.bundle|titles-values-count|Advanced.plist|PreferenceSpecifiers[2]|0")
        #expect(text == """
        [
          {
            "type": "issue",
            "check_name": "titles-values-count",
            "description": "Titles has 2 entries, Values has 3",
            "engine_name": "settings-l10n",
            "fingerprint": "\(fingerprint)",
            "severity": "major",
            "location": {
              "path": "App/Settings.bundle/Advanced.plist",
              "lines": {
                "begin": 12
              }
            }
          }
        ]

        """)
        let all = GitLabDiagnosticFormatter(paths: paths).format(Self.diagnostics)
        let document = try? JSONReader.read(Array(all.utf8))
        let issues = document?.arrayValue ?? []
        #expect(issues.count == 5)
        #expect(issues.compactMap { $0[member: "severity"]?.stringValue } == ["major", "minor", "info", "minor", "minor"])
        // Without a line, line 1; a finding about a key path without a line says where.
        #expect(issues.compactMap { $0[member: "location"]?[member: "lines"]?[member: "begin"]?.intValue } == [12, 1, 1, 1, 1])
        #expect(issues[2][member: "description"]?.stringValue == "a note (at PreferenceSpecifiers[0].Key)")
        // The same finding twice: two fingerprints, each the same in the next report.
        let fingerprints = issues.compactMap { $0[member: "fingerprint"]?.stringValue }
        #expect(Set(fingerprints).count == 5)
        #expect(fingerprints[3] == SHA256.hex("./App/Settings.bundle|missing-translation|de.lproj/Root.strings|Sound|0"))
        #expect(fingerprints[4] == SHA256.hex("./App/Settings.bundle|missing-translation|de.lproj/Root.strings|Sound|1"))
        #expect(GitLabDiagnosticFormatter(paths: paths).format([Diagnostic]()) == "[]\n")
    }

    @Test("JUnit: a suite per file read, a failed case per finding, a passed case for a clean file")
    func junit() {
        let formatter = JUnitDiagnosticFormatter(paths: DiagnosticPaths(prefix: "App/S.bundle"), files: ["Advanced.plist", "Root.plist", "en.lproj/Root.strings"])
        let findings = [Self.diagnostics[0], Self.diagnostics[3]]
        #expect(formatter.format(findings) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="settings-l10n check" tests="4" failures="2" errors="0">
          <testsuite name="App/S.bundle/Advanced.plist" tests="1" failures="1" errors="0" skipped="0" time="0">
            <testcase classname="App/S.bundle/Advanced.plist" name="titles-values-count PreferenceSpecifiers[2]" time="0">
              <failure type="error" message="Titles has 2 entries, Values has 3">App/S.bundle/Advanced.plist:12:3: error: Titles has 2 entries, Values has 3 [titles-values-count]</failure>
            </testcase>
          </testsuite>
          <testsuite name="App/S.bundle/Root.plist" tests="1" failures="0" errors="0" skipped="0" time="0">
            <testcase classname="App/S.bundle/Root.plist" name="settings-l10n check" time="0"/>
          </testsuite>
          <testsuite name="App/S.bundle/en.lproj/Root.strings" tests="1" failures="0" errors="0" skipped="0" time="0">
            <testcase classname="App/S.bundle/en.lproj/Root.strings" name="settings-l10n check" time="0"/>
          </testsuite>
          <testsuite name="App/S.bundle/de.lproj/Root.strings" tests="1" failures="1" errors="0" skipped="0" time="0">
            <testcase classname="App/S.bundle/de.lproj/Root.strings" name="missing-translation &quot;Sound&quot;" time="0">
              <failure type="warning" message="&quot;Sound&quot; is not translated">App/S.bundle/de.lproj/Root.strings: warning: "Sound" is not translated [missing-translation]</failure>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    }

    @Test("JUnit: what XML cannot hold and what a log acts on is escaped, XML's own characters referenced")
    func junitHostile() {
        let hostile = Diagnostic(.warning, rule: .staleKey, "no schema uses \"a\u{1B}[2J<b>&\u{FFFE}\"\n::error::x",
                                 at: SourceLocation(file: "de\n.lproj/Root.strings", line: 3, column: 1, key: "a\u{1B}[2J<b>&\u{FFFE}"))
        let text = JUnitDiagnosticFormatter(paths: DiagnosticPaths(prefix: "S.bundle"), files: []).format([hostile])
        #expect(text.contains("<testsuite name=\"S.bundle/de\\n.lproj/Root.strings\""))
        #expect(text.contains("name=\"stale-key &quot;a\\U001B[2J&lt;b&gt;&amp;\\UFFFE&quot;\""))
        #expect(text.contains("message=\"no schema uses &quot;a\\U001B[2J&lt;b&gt;&amp;\\UFFFE&quot;\\n::error::x\""))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!text.unicodeScalars.contains { $0.value == 0xFFFE })
        #expect(TerminalText.isSafeForLog(text))
    }

    @Test("under --strict the warnings that fail the run read as errors; the JSON and SARIF reports keep them and say strict")
    func strict() {
        var report = DiagnosticReport(diagnostics: FormatterTests.diagnostics)
        #expect(report.failing().diagnostics.map(\.severity) == [.error, .warning, .note])
        report.strict = true
        let failing = report.failing()
        #expect(failing.diagnostics.map(\.severity) == [.error, .error, .note])
        #expect(failing.summary.hasPrefix("2 errors (1 warning under --strict), 1 note\n"))
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "B")).format(failing).contains("B/de.lproj/Root.strings: error: de.lproj has no Root.strings"))
        #expect(GitHubDiagnosticFormatter(paths: DiagnosticPaths(prefix: "B")).format(failing).contains("::error file=B/de.lproj/Root.strings,"))
        let json = JSONDiagnosticFormatter().format(report)
        #expect(json.contains("\"severity\": \"warning\""))
        #expect(json.hasSuffix("\"configuration\": null,\n  \"strict\": true\n}\n"))
        let sarif = SARIFDiagnosticFormatter(paths: DiagnosticPaths(prefix: "S.bundle"), workingDirectory: "/p").format(report)
        #expect(sarif.contains("\"level\": \"warning\""))
        #expect(sarif.contains("\"configuration\": null,\n        \"strict\": true\n"))
    }
}
