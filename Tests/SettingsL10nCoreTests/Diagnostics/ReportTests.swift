import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Reports: grouping, summary, baseline, suppressions")
struct ReportTests {
    static func missing(_ key: String, in file: String = "de.lproj/Root.strings") -> Diagnostic {
        Diagnostic(.warning, rule: .missingTranslation, "\(StringsWriting.quoted(key)) is not translated", at: SourceLocation(file: file, key: key))
    }

    static let rules = [
        RuleDescriptor(id: .missingTranslation, defaultSeverity: .warning, summary: "missing", groupMessage: "{count} strings not translated"),
        RuleDescriptor(id: .titlesValuesCount, defaultSeverity: .error, summary: "counts"),
    ]

    @Test("findings of one rule about many keys of one file are one line; others stay as they are")
    func grouping() {
        let counts = Diagnostic(.error, rule: .titlesValuesCount, "Titles has 3 entries, Values has 2",
                                at: SourceLocation(file: "Root.plist", line: 9, column: 3, keyPath: "PreferenceSpecifiers[2]"))
        let keys = ["A", "B", "C", "D", "E", "F", "G"]
        let report = DiagnosticReport(diagnostics: [counts] + keys.map { Self.missing($0) } + [Self.missing("A", in: "sv.lproj/Root.strings")],
                                      rules: Self.rules)
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "S.bundle")).format(report) == """
            S.bundle/Root.plist:9:3: error: Titles has 3 entries, Values has 2 [titles-values-count]
            S.bundle/de.lproj/Root.strings: warning: 7 strings not translated: "A", "B", "C", "D", "E", … (+2) [missing-translation]
            S.bundle/sv.lproj/Root.strings: warning: "A" is not translated [missing-translation]

            """)
        var each = report
        each.listsEach = true
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(each).split(separator: "\n").count == 9)
        #expect(GitHubDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(report).split(separator: "\n").count == 3)
        // JSON keeps one entry per finding.
        #expect(JSONDiagnosticFormatter().format(report).components(separatedBy: "\"severity\"").count == 10)
    }

    @Test("a group counts and names each key once: one key defined three times is two findings of one key, not a group of two")
    func groupOfOneKey() {
        func duplicate(_ key: String, line: Int) -> Diagnostic {
            Diagnostic(.warning, rule: .duplicateKey, "\(StringsWriting.quoted(key)) is defined again", at: SourceLocation(file: "de.lproj/Root.strings", line: line, key: key))
        }
        let rules = [RuleDescriptor(id: .duplicateKey, defaultSeverity: .warning, summary: "twice", groupMessage: "{count} keys are defined more than once")]
        let one = DiagnosticReport(diagnostics: [duplicate("Mode", line: 1), duplicate("Mode", line: 2)], rules: rules)
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(one) == """
            de.lproj/Root.strings:1: warning: "Mode" is defined again [duplicate-key]
            de.lproj/Root.strings:2: warning: "Mode" is defined again [duplicate-key]

            """)
        let two = DiagnosticReport(diagnostics: [duplicate("Mode", line: 1), duplicate("Mode", line: 2), duplicate("Ton", line: 4)], rules: rules)
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(two) == """
            de.lproj/Root.strings:1: warning: 2 keys are defined more than once: "Mode", "Ton" [duplicate-key]

            """)
    }

    @Test("the summary counts per severity, then per rule, errors first, then the most frequent")
    func summary() {
        let counts = Diagnostic(.error, rule: .titlesValuesCount, "x", at: SourceLocation(file: "Root.plist"))
        let report = DiagnosticReport(diagnostics: [counts] + (0..<1234).map { Self.missing("k\($0)") })
        #expect(report.summary == """
            1 error, 1,234 warnings, 0 notes
                  1 error     titles-values-count
              1,234 warnings  missing-translation

            """)
        #expect(DiagnosticReport(diagnostics: []).summary == "no problems found\n")
    }

    @Test("a baseline accepts findings by rule, file and key, whatever line they are on, and counts the fixed ones")
    func baseline() throws {
        let stale = Diagnostic(.warning, rule: .staleKey, "no schema file uses \"Old\" (stale)",
                               at: SourceLocation(file: "de.lproj/Root.strings", line: 4, column: 1, key: "Old"))
        let ignored = Diagnostic(.warning, rule: .keyIgnored, "Title is ignored",
                                 at: SourceLocation(file: "Root.plist", line: 30, column: 4, keyPath: "PreferenceSpecifiers[3].Title"))
        let baseline = Baseline([Self.missing("A"), Self.missing("B"), stale, stale, ignored])
        #expect(baseline.json == """
            {
              "version": 3,
              "findings": [
                { "rule": "key-ignored", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[3].Title" },
                { "rule": "missing-translation", "file": "de.lproj/Root.strings", "key": "A" },
                { "rule": "missing-translation", "file": "de.lproj/Root.strings", "key": "B" },
                { "rule": "stale-key", "file": "de.lproj/Root.strings", "key": "Old", "count": 2 }
              ]
            }

            """)
        #expect(try Baseline.parse(Array(baseline.json.utf8)) == baseline)
        var moved = stale
        moved.location.line = 40
        let (new, fixed) = baseline.compare([moved, Self.missing("A"), Self.missing("C"), moved, moved])
        #expect(new == [Self.missing("C"), moved])
        #expect(fixed == 2) // B and the key-ignored finding
        #expect(throws: SyntaxError("this baseline's version is not 1, 2 or 3", at: TextPosition(line: 1, column: 13))) {
            try Baseline.parse(Array("{\"version\": 4, \"findings\": []}".utf8))
        }
        #expect(Baseline([]).json == "{\n  \"version\": 3,\n  \"findings\": []\n}\n")
    }

    @Test("version 3 names a schema finding by its specifier's anchor; version 1 is still read, by position")
    func baselineVersions() throws {
        var ignored = Diagnostic(.warning, rule: .keyIgnored, "Title is ignored",
                                 at: SourceLocation(file: "Root.plist", line: 30, column: 4, keyPath: "PreferenceSpecifiers[3].Title"))
        ignored.location.anchor = "PreferenceSpecifiers[Key=sound].Title"
        let current = Baseline([ignored])
        #expect(current.json.contains("{ \"rule\": \"key-ignored\", \"file\": \"Root.plist\", \"keyPath\": \"PreferenceSpecifiers[Key=sound].Title\" }"))
        #expect(!current.isPositional)
        var moved = ignored
        moved.location.keyPath = "PreferenceSpecifiers[4].Title"
        #expect(current.compare([moved]).new.isEmpty)

        let old = try Baseline.parse(Array("""
            {"version": 1, "findings": [{ "rule": "key-ignored", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[3].Title" }]}
            """.utf8))
        #expect(old.isPositional)
        #expect(old.compare([ignored]) == ([], 0))
        #expect(old.compare([moved]) == ([moved], 1))
        #expect(old.json.hasPrefix("{\n  \"version\": 1,"))
    }

    @Test("counts that add past Int.max are compared without overflow")
    func baselineOverflow() throws {
        let entry = "{ \"rule\": \"missing-translation\", \"file\": \"de.lproj/Root.strings\", \"key\": \"A\", \"count\": 9223372036854775807 }"
        let baseline = try Baseline.parse(Array("{\"version\": 1, \"findings\": [\(entry), \(entry), \(entry.replacingOccurrences(of: "\"A\"", with: "\"B\""))]}".utf8))
        let (new, fixed) = baseline.compare([Self.missing("A"), Self.missing("C")])
        #expect(new == [Self.missing("C")])
        #expect(fixed == Int.max)
    }

    @Test("a baseline that cannot be read says where and what", arguments: [
        ("{\"version\": 1,\n  \"findings\": [}", "not valid JSON: 2:16: unexpected character where a value should be", nil),
        ("[]", "a baseline is a JSON object with \"version\" and \"findings\"", TextPosition(line: 1, column: 1)),
        ("{\"findings\": []}", "this baseline's version is not 1, 2 or 3", TextPosition(line: 1, column: 1)),
        ("{\"version\": 1.0, \"findings\": {}}", "\"findings\" must be an array of objects with \"rule\" and \"file\"", TextPosition(line: 1, column: 30)),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"stale-key\"}]}", "findings[0] has no \"rule\" or no \"file\"", TextPosition(line: 1, column: 29)),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"stale-key\", \"file\": \"a\", \"count\": 0}]}",
         "findings[0].count must be a positive whole number, not 0", TextPosition(line: 1, column: 73)),
    ] as [(String, String, TextPosition?)])
    func baselineErrors(text: String, message: String, position: TextPosition?) {
        #expect(throws: SyntaxError(message, at: position)) { try Baseline.parse(Array(text.utf8)) }
    }

    @Test("a value of the wrong type is refused where it is, never read as no key or as a count of 1", arguments: [
        ("\"key\": {\"k\": 1}", "findings[0].key must be a string, not an object", 45),
        ("\"count\": \"lots\"", "findings[0].count must be a positive whole number, not a string (\"lots\")", 47),
        ("\"count\": true", "findings[0].count must be a positive whole number, not true", 47),
        ("\"count\": 1.5", "findings[0].count must be a positive whole number, not 1.5", 47),
        ("\"keyPath\": [\"x\"]", "findings[0].keyPath must be a string, not an array", 49),
        ("\"key\": null", "findings[0].key must be a string, not null", 45),
    ])
    func baselineTypes(member: String, message: String, column: Int) throws {
        let text = "{\"version\": 3, \"findings\": [\n  {\"rule\": \"stale-key\", \"file\": \"a\", \(member)}]}"
        #expect(throws: SyntaxError(message, at: TextPosition(line: 2, column: column))) { try Baseline.parse(Array(text.utf8)) }
        #expect(throws: SyntaxError("findings[0].rule must be a string, not 5", at: TextPosition(line: 2, column: 12))) {
            try Baseline.parse(Array("{\"version\": 3, \"findings\": [\n  {\"rule\": 5, \"file\": \"a\"}]}".utf8))
        }
        #expect(throws: SyntaxError("findings[0] must be an object with \"rule\" and \"file\", not a string (\"stale-key\")", at: TextPosition(line: 1, column: 29))) {
            try Baseline.parse(Array("{\"version\": 3, \"findings\": [\"stale-key\"]}".utf8))
        }
        // A whole number written with a fraction of zero is one.
        #expect(try Baseline.parse(Array("{\"version\": 3, \"findings\": [{\"rule\": \"r\", \"file\": \"a\", \"count\": 2.0}]}".utf8)).entries.map(\.count) == [2])
    }

    @Test("* patterns match any run of characters", arguments: [
        ("Acme *", "Acme Cloud", true), ("Acme *", "Acme", false), ("ar.lproj/*", "ar.lproj/Root.strings", true),
        ("*.strings", "de.lproj/Root.strings", true), ("SETTINGS_*_TITLE", "SETTINGS_A_B_TITLE", true),
        ("SETTINGS_*_TITLE", "SETTINGS_TITLE", false), ("exact", "exact", true), ("exact", "exactly", false),
        ("*", "", true), ("a*b*c", "abc", true), ("a*b*c", "acb", false), ("**", "x", true),
    ])
    func glob(pattern: String, text: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(text) == matches)
    }

    @Test("a suppression matches on every field it has")
    func suppression() {
        let ignore = Suppression(rule: GlobPattern("missing-*"), file: GlobPattern("de.lproj/*"), key: GlobPattern("A"))
        #expect(ignore.matches(Self.missing("A")))
        #expect(!ignore.matches(Self.missing("B")))
        #expect(!ignore.matches(Self.missing("A", in: "sv.lproj/Root.strings")))
        #expect(Suppression(file: GlobPattern("Root.plist"), key: GlobPattern("PreferenceSpecifiers[3].*")).matches(
            Diagnostic(.warning, rule: .keyIgnored, "x", at: SourceLocation(file: "Root.plist", keyPath: "PreferenceSpecifiers[3].Title"))))
        #expect(ignore.description == "{\"rule\": \"missing-*\", \"file\": \"de.lproj/*\", \"key\": \"A\"}")
    }
}
