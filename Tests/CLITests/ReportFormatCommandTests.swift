import Foundation
import Testing
import SettingsL10nTestSupport

/// `check --format gitlab` and `--format junit`, validated by what their consumers validate with,
/// and what `--strict` changes in each format.
@Suite("check: reports for GitLab and JUnit dashboards, and strict runs")
struct ReportFormatCommandTests {
    /// The example bundle with three findings: a titles-values-count error, a stale key and a
    /// missing translation (warnings).
    static func brokenCopy() throws -> BundleCopy {
        let copy = try BundleCopy()
        try replaceOnce(in: copy.bundle.appendingPathComponent("OfflineMaps.plist"), "\t\t\t\t<integer>365</integer>\n", with: "")
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try replaceOnce(in: german, "\"Referral code\" = \"Empfehlungscode\";\n", with: "\"Old\" = \"Alt\";\n")
        return copy
    }

    @Test("GitLab Code Quality: each finding valid against GitLab's own schema, with the fields GitLab reads",
          .requires(.jsonSchema))
    func gitlab() throws {
        let copy = try Self.brokenCopy()
        let result = try Tool.run(["check", "Settings.bundle", "--format", "gitlab"], in: copy.folder)
        #expect(result.exitCode == 1)
        #expect(result.stderr == "")
        #expect(try SchemaValidation.jsonProblems(result.stdout, schema: TestPaths.gitlabSchema, eachElement: true) == [])
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(issues.map { $0["check_name"] as? String } == ["titles-values-count", "missing-translation", "stale-key"])
        #expect(issues.map { $0["severity"] as? String } == ["major", "minor", "minor"])
        #expect(issues.map { ($0["location"] as? [String: Any])?["path"] as? String }
                == ["Settings.bundle/OfflineMaps.plist", "Settings.bundle/de.lproj/Privacy.strings", "Settings.bundle/de.lproj/Privacy.strings"])
        #expect(issues.map { (($0["location"] as? [String: Any])?["lines"] as? [String: Int])?["begin"] } == [66, 1, 4])
        #expect(issues[2]["description"] as? String == "no schema file uses \"Old\" (stale)")
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 3 && fingerprints.allSatisfy { $0.count == 64 })
        // A line moved is the same finding: the same fingerprints.
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try ("\n\n" + String(contentsOf: german, encoding: .utf8)).write(to: german, atomically: true, encoding: .utf8)
        let moved = try Tool.run(["check", "Settings.bundle", "--format", "gitlab"], in: copy.folder)
        let again = try #require(try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [[String: Any]])
        #expect(again.compactMap { $0["fingerprint"] as? String } == fingerprints)
        #expect(again.map { (($0["location"] as? [String: Any])?["lines"] as? [String: Int])?["begin"] } == [66, 1, 6])
        // A clean bundle: an empty report, which GitLab reads as no degradation.
        let clean = try Tool.run(["check", TestPaths.exampleBundle.path, "--format", "gitlab"])
        #expect(clean == ToolResult(stdout: "[]\n", stderr: "", exitCode: 0))
    }

    @Test("JUnit: valid against the xUnit plugin's junit-10.xsd, a suite per file, a failure per finding",
          .requires(.xmllint))
    func junit() throws {
        let copy = try Self.brokenCopy()
        let output = copy.folder.appendingPathComponent("reports/junit.xml")
        let result = try Tool.run(["check", "Settings.bundle", "--format", "junit", "--output", output.path], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: "", exitCode: 1))
        let document = try String(contentsOf: output, encoding: .utf8)
        #expect(try SchemaValidation.xmlProblems(document, schema: TestPaths.junitSchema) == nil)
        #expect(document.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"settings-l10n check\" tests=\"14\" failures=\"3\" errors=\"0\">\n"))
        // 13 files read, 2 of them with findings: 11 passed cases and 3 failed ones.
        #expect(document.components(separatedBy: "<testsuite ").count - 1 == 13)
        #expect(document.components(separatedBy: "name=\"settings-l10n check\" time=\"0\"/>").count - 1 == 11)
        #expect(document.contains("""
              <testsuite name="Settings.bundle/de.lproj/Privacy.strings" tests="2" failures="2" errors="0" skipped="0" time="0">
                <testcase classname="Settings.bundle/de.lproj/Privacy.strings" name="missing-translation &quot;Referral code&quot;" time="0">
            """))
        #expect(document.contains("<failure type=\"warning\" message=\"no schema file uses &quot;Old&quot; (stale)\">Settings.bundle/de.lproj/Privacy.strings:4:1: warning: no schema file uses \"Old\" (stale) [stale-key]</failure>"))
        // Printed on standard output, the same document; a clean bundle validates too.
        let printed = try Tool.run(["check", "Settings.bundle", "--format", "junit"], in: copy.folder)
        #expect(printed.stdout == document)
        let clean = try Tool.run(["check", TestPaths.exampleBundle.path, "--format", "junit"])
        #expect(clean.exitCode == 0)
        #expect(try SchemaValidation.xmlProblems(clean.stdout, schema: TestPaths.junitSchema) == nil)
        #expect(clean.stdout.contains("failures=\"0\""))
    }

    @Test("--strict: the warnings that fail the run print as errors in text and github; JSON and SARIF keep them and say strict")
    func strict() throws {
        let copy = try Self.brokenCopy()
        let text = try Tool.run(["check", "Settings.bundle", "--strict", "--each"], in: copy.folder)
        #expect(text.exitCode == 1)
        #expect(text.stdout == """
            Settings.bundle/OfflineMaps.plist:66:4: error: Titles has 3 entries, Values has 2 [titles-values-count]
            Settings.bundle/de.lproj/Privacy.strings: error: "Referral code" is not translated: the Settings app shows it as written (used at Privacy.plist:31) [missing-translation]
            Settings.bundle/de.lproj/Privacy.strings:4:1: error: no schema file uses "Old" (stale) [stale-key]

            """)
        #expect(text.stderr.hasPrefix("3 errors (2 warnings under --strict), 0 notes\n"))
        let plain = try Tool.run(["check", "Settings.bundle", "--each"], in: copy.folder)
        #expect(plain.stdout.components(separatedBy: ": warning: ").count - 1 == 2)
        #expect(plain.stderr.hasPrefix("1 error, 2 warnings, 0 notes\n"))
        let github = try Tool.run(["check", "Settings.bundle", "--strict", "--format", "github"], in: copy.folder)
        #expect(github.stdout.split(separator: "\n").map { $0.prefix(7) } == ["::error", "::error", "::error"])
        let json = try Tool.run(["check", "Settings.bundle", "--strict", "--format", "json"], in: copy.folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["diagnostics"] as? [[String: Any]])?.map { $0["severity"] as? String } == ["error", "warning", "warning"])
        #expect(document["strict"] as? Bool == true)
        #expect(document["warningCount"] as? Int == 2)
        let unstrict = try Tool.run(["check", "Settings.bundle", "--format", "json"], in: copy.folder)
        #expect((try JSONSerialization.jsonObject(with: Data(unstrict.stdout.utf8)) as? [String: Any])?["strict"] as? Bool == false)
        let sarif = try Tool.run(["check", "Settings.bundle", "--strict", "--format", "sarif"], in: copy.folder)
        let run = try #require(((try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        #expect((run["properties"] as? [String: Any])?["strict"] as? Bool == true)
        #expect((run["results"] as? [[String: Any]])?.map { $0["level"] as? String } == ["error", "warning", "warning"])
    }
}
