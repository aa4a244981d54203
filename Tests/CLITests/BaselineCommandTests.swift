import Foundation
import Testing
import SettingsL10nTestSupport

/// Baselines end to end: one finding per anchor, and a file that says what it means or is refused.
@Suite("check --baseline and --write-baseline")
struct BaselineCommandTests {
    /// A row of `Root.plist`: a group titled `title`, or with no `Type` at all (an error).
    static func row(_ title: String, typed: Bool) -> String {
        "\t\t<dict>\n" + (typed ? "\t\t\t<key>Type</key>\n\t\t\t<string>PSGroupSpecifier</string>\n" : "")
            + "\t\t\t<key>Title</key>\n\t\t\t<string>\(title)</string>\n\t\t</dict>\n"
    }

    static func writeRoot(_ folder: TemporaryFolder, secondTyped: Bool, literalTyped: Bool) throws {
        try folder.write("Settings.bundle/Root.plist", xmlSchema(row("Sound", typed: true) + row("Sound", typed: secondTyped) + row("Sound #2", typed: literalTyped),
                                                                 stringsTable: nil))
    }

    @Test("the second row titled Sound and a row titled Sound #2 are two findings: a baseline for one does not hide the other (it did)")
    func collidingAnchors() throws {
        let folder = try TemporaryFolder()
        try Self.writeRoot(folder, secondTyped: false, literalTyped: true)
        let bundle = folder.url.appendingPathComponent("Settings.bundle").path
        let baseline = folder.url.appendingPathComponent("baseline.json").path
        #expect(try Tool.run(["check", bundle, "--write-baseline", baseline]).exitCode == 0)
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == """
            {
              "version": 3,
              "findings": [
                { "rule": "specifier-type-missing", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[Title=Sound #2]" }
              ]
            }

            """)
        // The second Sound gets its Type; the row titled Sound #2 loses its own.
        try Self.writeRoot(folder, secondTyped: true, literalTyped: false)
        let result = try Tool.run(["check", bundle, "--baseline", baseline, "--format", "json"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("\"keyPath\": \"PreferenceSpecifiers[2]\""))
        #expect(result.stdout.contains("\"errorCount\": 1"))
        #expect(result.stderr == "0 findings are in the baseline \(baseline); 1 baseline entry is fixed: rewrite the baseline (settings-l10n check \(bundle) --write-baseline \(baseline))\n")
    }

    @Test("check --locale: the entries of the other languages' tables are not fixed, only not looked for (they were called fixed, and --fail-on-fixed-baseline failed)")
    func localeLeavesOthersAlone() throws {
        let folder = try TemporaryFolder()
        let bundle = folder.url.appendingPathComponent("Settings.bundle")
        try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: bundle)
        for language in ["de", "sv"] {
            let table = bundle.appendingPathComponent("\(language).lproj/Privacy.strings")
            try (String(contentsOf: table, encoding: .utf8) + "\"Old\" = \"Alt\";\n").write(to: table, atomically: true, encoding: .utf8)
        }
        let baseline = folder.url.appendingPathComponent("baseline.json").path
        #expect(try Tool.run(["check", bundle.path, "--write-baseline", baseline]).exitCode == 0)
        let german = try Tool.run(["check", bundle.path, "--locale", "de", "--baseline", baseline, "--fail-on-fixed-baseline"])
        #expect(german == ToolResult(stdout: "", stderr: "no problems found\n1 finding is in the baseline \(baseline)\n", exitCode: 0))
        // The German one fixed: that is fixed, the Swedish one still only not looked for.
        let table = bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try String(contentsOf: table, encoding: .utf8).replacingOccurrences(of: "\"Old\" = \"Alt\";\n", with: "").write(to: table, atomically: true, encoding: .utf8)
        let fixed = try Tool.run(["check", bundle.path, "--locale", "de", "--baseline", baseline, "--fail-on-fixed-baseline"])
        let rewrite = "settings-l10n check \(bundle.path) --write-baseline \(baseline)"
        #expect(fixed.exitCode == 1)
        #expect(fixed.stderr.hasSuffix("0 findings are in the baseline \(baseline); 1 baseline entry is fixed: rewrite the baseline (\(rewrite))\n"
            + "error: entries of the baseline \(baseline) no longer occur, and --fail-on-fixed-baseline asks for a baseline that only shrinks: write it again (\(rewrite)) so that what was fixed cannot come back unnoticed\n"), "\(fixed.stderr)")
    }

    @Test("a version 2 baseline is still read, and what it accepted stays accepted")
    func versionTwo() throws {
        let folder = try TemporaryFolder()
        try Self.writeRoot(folder, secondTyped: false, literalTyped: true)
        let bundle = folder.url.appendingPathComponent("Settings.bundle").path
        let baseline = try folder.write("baseline.json", """
            {"version": 2, "findings": [{ "rule": "specifier-type-missing", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[Title=Sound #2]" }]}
            """).path
        #expect(try Tool.run(["check", bundle, "--baseline", baseline, "--strict"])
                == ToolResult(stdout: "", stderr: "no problems found\n1 finding is in the baseline \(baseline)\n", exitCode: 0))
    }

    @Test("a baseline value of the wrong type is refused with its line and column, as a malformed baseline is", arguments: [
        ("\"key\": {}", "findings[0].key must be a string, not an object", 66),
        ("\"count\": \"lots\"", "findings[0].count must be a positive whole number, not a string (\"lots\")", 68),
        ("\"count\": true", "findings[0].count must be a positive whole number, not true", 68),
        ("\"count\": 1.5", "findings[0].count must be a positive whole number, not 1.5", 68),
    ])
    func wrongTypes(member: String, message: String, column: Int) throws {
        let folder = try TemporaryFolder()
        try Self.writeRoot(folder, secondTyped: false, literalTyped: true)
        let bundle = folder.url.appendingPathComponent("Settings.bundle").path
        let baseline = try folder.write("baseline.json", "{\"version\": 3, \"findings\": [\n  { \"rule\": \"stale-key\", \"file\": \"de.lproj/Root.strings\", \(member) }\n]}\n").path
        #expect(try Tool.run(["check", bundle, "--baseline", baseline]) == ToolResult(
            stdout: "", stderr: "error: \(baseline) is not a baseline: 2:\(column): \(message); write it again with settings-l10n check \(bundle) --write-baseline \(baseline)\n", exitCode: 3))
    }
}
