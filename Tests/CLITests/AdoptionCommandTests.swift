import Foundation
import Testing
import SettingsL10nTestSupport

/// A real project adopting check on day one: a readable report, a baseline, SARIF, and the
/// small things a new user trips over.
@Suite("settings-l10n check on an existing project")
struct AdoptionCommandTests {
    @Test("a-shell's default report groups findings per table and across languages; one line per finding with --each (VLC's: CLIFieldTests)")
    func readableReport() throws {
        let bundle = TestPaths.corpus("holzschu__a-shell/Settings.bundle").path
        let grouped = try Tool.run(["check", bundle])
        #expect(grouped.exitCode == 0)
        let lines = grouped.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasSuffix("es.lproj/Root.strings: warning: 12 strings not translated in 5 languages (es, fr, it, ko, zh_cn): \"Use the iPadOS toolbar\", \"Toolbar color:\", \"system settings\", \"depends on screen color (default)\", \"dark mode\", … (+7) [missing-translation]") })
        #expect(grouped.stderr.hasPrefix("0 errors, 93 warnings, 0 notes\n"))
        let each = try Tool.run(["check", bundle, "--each"])
        #expect(each.stdout.split(separator: "\n").count == 93)
        let github = try Tool.run(["check", bundle, "--format", "github"])
        #expect(github.stdout.split(separator: "\n").count == lines.count)
    }

    @Test("a baseline: written, unchanged → exit 0; a new title → only its findings; a fixed one is counted")
    func baseline() throws {
        let copy = try BundleCopy()
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        let original = try String(contentsOf: german, encoding: .utf8)
        try (original + "\"Old\" = \"Alt\";\n\"Older\" = \"Älter\";\n").write(to: german, atomically: true, encoding: .utf8)
        let baseline = copy.folder.appendingPathComponent("baseline.json")
        let written = try Tool.run(["check", copy.bundle.path, "--write-baseline", baseline.path])
        #expect(written == ToolResult(stdout: "", stderr: "wrote \(baseline.path): 2 findings accepted; check with --baseline \(baseline.path) from now on\n", exitCode: 0))
        #expect(try String(contentsOf: baseline, encoding: .utf8) == """
            {
              "version": 3,
              "findings": [
                { "rule": "stale-key", "file": "de.lproj/Privacy.strings", "key": "Old" },
                { "rule": "stale-key", "file": "de.lproj/Privacy.strings", "key": "Older" }
              ]
            }

            """)
        #expect(try Tool.run(["check", copy.bundle.path, "--baseline", baseline.path, "--strict"]) == ToolResult(
            stdout: "", stderr: "no problems found\n2 findings are in the baseline \(baseline.path)\n", exitCode: 0))

        // A new title, and one accepted finding fixed (lines move: the fingerprints do not).
        try ("\n" + original + "\"Older\" = \"Älter\";\n").write(to: german, atomically: true, encoding: .utf8)
        let root = copy.bundle.appendingPathComponent("Privacy.plist")
        try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "<string>Analytics</string>", with: "<string>Usage data</string>")
            .write(to: root, atomically: true, encoding: .utf8)
        let result = try Tool.run(["check", copy.bundle.path, "--baseline", baseline.path, "--each"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: copy.bundle.path + "/", with: "") }.filter { !$0.contains("[development-entry-missing]") } == [
            "ar.lproj/Privacy.strings: warning: \"Usage data\" is not translated: the Settings app shows it as written (used at Privacy.plist:13) [missing-translation]",
            "ar.lproj/Privacy.strings:1:1: warning: no schema file uses \"Analytics\" (stale) [stale-key]",
            "de.lproj/Privacy.strings: warning: \"Usage data\" is not translated: the Settings app shows it as written (used at Privacy.plist:13) [missing-translation]",
            "de.lproj/Privacy.strings:2:1: warning: no schema file uses \"Analytics\" (stale) [stale-key]",
            "en.lproj/Privacy.strings:1:1: warning: no schema file uses \"Analytics\" (stale) [stale-key]",
            "ja.lproj/Privacy.strings: warning: \"Usage data\" is not translated: the Settings app shows it as written (used at Privacy.plist:13) [missing-translation]",
            "ja.lproj/Privacy.strings:1:1: warning: no schema file uses \"Analytics\" (stale) [stale-key]",
            "sv.lproj/Privacy.strings: warning: \"Usage data\" is not translated: the Settings app shows it as written (used at Privacy.plist:13) [missing-translation]",
            "sv.lproj/Privacy.strings:1:1: warning: no schema file uses \"Analytics\" (stale) [stale-key]",
        ])
        #expect(result.stderr.hasSuffix("1 finding is in the baseline \(baseline.path); 1 baseline entry is fixed: rewrite the baseline (settings-l10n check \(copy.bundle.path) --write-baseline \(baseline.path))\n"))
    }

    @Test("SARIF 2.1.0: valid against the official schema, one result per finding, written with --output",
          .requires(.jsonSchema))
    func sarif() throws {
        let copy = try BundleCopy()
        let offline = copy.bundle.appendingPathComponent("OfflineMaps.plist")
        // One Value fewer than Titles: a titles-values-count error.
        try replaceOnce(in: offline, "\t\t\t\t<integer>365</integer>\n", with: "")
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try (String(contentsOf: german, encoding: .utf8) + "\"Old\" = \"Alt\";\n").write(to: german, atomically: true, encoding: .utf8)
        let output = copy.folder.appendingPathComponent("report.sarif")
        let result = try Tool.run(["check", "Settings.bundle", "--format", "sarif", "--output", output.path], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: "", exitCode: 1))
        let schema = TestPaths.sarifSchema
        let validation = try Tool.run(["-c", """
            import json, sys, jsonschema
            jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))
            print("valid")
            """, schema.path, output.path], executable: try #require(Requirement.python3))
        #expect(validation.stdout == "valid\n", "\(validation.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as! [String: Any]
        let run = (document["runs"] as! [[String: Any]])[0]
        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        #expect((driver["rules"] as! [[String: Any]]).count == 54)
        let results = run["results"] as! [[String: Any]]
        #expect(results.map { $0["ruleId"] as! String } == ["titles-values-count", "stale-key"])
        try #require(results.count == 2, "the report should hold the two findings the edits make")
        let location = (results[1]["locations"] as! [[String: Any]])[0]
        let physical = location["physicalLocation"] as! [String: Any]
        #expect(physical["artifactLocation"] as? [String: String] == ["uri": "Settings.bundle/de.lproj/Privacy.strings", "uriBaseId": "WORKING_DIRECTORY"])
        #expect(physical["region"] as? [String: Int] == ["startLine": 6, "startColumn": 1])
        #expect(results[1]["partialFingerprints"] as? [String: String] == ["settingsL10nFingerprint/v3": "stale-key|de.lproj/Privacy.strings|Old"])
        let folder = URL(fileURLWithPath: copy.folder.path).resolvingSymlinksInPath().path
        let base = (run["originalUriBaseIds"] as! [String: [String: String]])["WORKING_DIRECTORY"]!["uri"]!
        #expect(base == "file://" + folder + "/")
        // As the GitHub format names files: from the working folder (code scanning reads a
        // relative URI from the repository's root and ignores base ids; relative to the bundle's
        // folder, MyApp/Settings.bundle's findings named Settings.bundle/…, no file there).
        let parent = copy.folder.deletingLastPathComponent()
        let fromParent = try Tool.run(["check", copy.folder.lastPathComponent + "/Settings.bundle", "--format", "sarif"], in: parent)
        #expect(fromParent.stdout.contains("\"uri\": \"\(copy.folder.lastPathComponent)/Settings.bundle/de.lproj/Privacy.strings\",\n"))
        // Dot segments go: the repository's path, as code scanning matches it.
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let dotted = try Tool.run(["check", "./sub/../Settings.bundle", "--format", "sarif"], in: copy.folder)
        #expect(dotted.stdout.contains("\"uri\": \"Settings.bundle/de.lproj/Privacy.strings\",\n"), "\(dotted.stdout)")
        // A file outside the working folder, and every file with --absolute-paths: absolute URIs.
        let outside = try Tool.run(["check", "../Settings.bundle", "--format", "sarif"], in: copy.folder.appendingPathComponent("sub"))
        #expect(outside.stdout.contains("\"uri\": \"file://\(folder)/Settings.bundle/de.lproj/Privacy.strings\"\n"), "\(outside.stdout)")
        let absolute = try Tool.run(["check", "Settings.bundle", "--format", "sarif", "--absolute-paths"], in: copy.folder)
        #expect(absolute.stdout.contains("\"uri\": \"file://\(folder)/Settings.bundle/de.lproj/Privacy.strings\"\n"), "\(absolute.stdout)")
    }

    @Test("a misspelled command (a usage error) and a folder that holds one bundle (not a bundle, exit 3) say what was meant")
    func didYouMean() throws {
        #expect(try Tool.run(["chek", "Resources/Settings.bundle"]) == ToolResult(stdout: "", stderr: """
            error: "chek" is not a command; did you mean check?
            The commands are extract, import, merge, sync, check, render, status, rules; see settings-l10n --help

            """, exitCode: 2))
        #expect(try Tool.run(["check", "Resources"]) == ToolResult(
            stdout: "", stderr: "error: Resources is not a Settings bundle: it holds no Root.plist, nor any other schema file (a .plist with PreferenceSpecifiers); did you mean Resources/Settings.bundle?\n", exitCode: 3))
    }

    @Test("merge --check repeats the options given in its hint, and does not call a missing file up to date")
    func mergeHints() throws {
        let copy = try BundleCopy()
        let root = copy.bundle.appendingPathComponent("Root.plist")
        try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "<string>Sync over cellular</string>", with: "<string>Sync over Cellular</string>")
            .write(to: root, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings"))
        let result = try Tool.run(["merge", "Settings.bundle", "--check", "--table-fallback", "file-name", "--locale", "sv"], in: copy.folder)
        #expect(result.exitCode == 1)
        #expect(result.stderr == """
            sv.lproj/Privacy.strings: 5 missing; no file (merge --fill source creates it)
            sv.lproj/Root.strings: 51 kept, 1 fuzzy (to review), 1 obsolete; would change
              fuzzy: "Sync over Cellular" takes the translation of "Sync over cellular"
            1 obsolete key kept in 1 table (check reports it as stale-key); `settings-l10n merge Settings.bundle --table-fallback file-name --locale sv --prune` removes it
            1 table is out of date; run settings-l10n merge Settings.bundle --table-fallback file-name --locale sv

            """)
    }

    @Test("import gives a new entry the location comment merge writes")
    func importComment() throws {
        let copy = try BundleCopy()
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path, "--locale", "de"]).exitCode == 0)
        let table = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        let without = try String(contentsOf: table, encoding: .utf8).replacingOccurrences(of: "\"Sync over cellular\" = \"Über Mobilfunk synchronisieren\";\n", with: "")
        try without.write(to: table, atomically: true, encoding: .utf8)
        #expect(try Tool.run(["import", copy.bundle.path, out.appendingPathComponent("de.xliff").path]).exitCode == 0)
        let imported = try String(contentsOf: table, encoding: .utf8)
        try without.write(to: table, atomically: true, encoding: .utf8)
        #expect(try Tool.run(["merge", copy.bundle.path, "--fill", "source", "--locale", "de"]).exitCode == 0)
        let merged = try String(contentsOf: table, encoding: .utf8)
        #expect(imported.contains("/* Root.plist › label of an on/off switch */\n\"Sync over cellular\" = \"Über Mobilfunk synchronisieren\";"))
        #expect(merged.contains("/* Root.plist › label of an on/off switch */\n/* settings-l10n: untranslated"))
    }
}
