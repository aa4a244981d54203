import Foundation
import Testing
import SettingsL10nTestSupport

/// A slider's Title is a string of the schema no host shows (check: key-ignored): merge --prune
/// removes its translations, and every command says that is why, not that no schema file uses it.
@Suite("merge --prune: a slider's Title, removed because no host shows it, and said so")
struct PruneReasonCommandTests {
    static let slider = "\t\t<dict><key>Type</key><string>PSSliderSpecifier</string>\n\t\t\t<key>Title</key>\n\t\t\t<string>Volume</string><key>Key</key><string>volume</string><key>DefaultValue</key><real>0.5</real><key>MinimumValue</key><real>0</real><key>MaximumValue</key><real>1</real></dict>"
    static let toggle = "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>sound</string><key>DefaultValue</key><true/></dict>"

    static func bundle() throws -> (BundleCopy, TemporaryFolder) {
        let source = try TemporaryFolder()
        try source.write("Settings.bundle/Root.plist", xmlSchema(toggle + "\n" + slider))
        try source.write("Settings.bundle/en.lproj/Root.strings", "\"Sound\" = \"Sound\";\n")
        try source.write("Settings.bundle/de.lproj/Root.strings", "\"Sound\" = \"Ton\";\n\"Volume\" = \"Lautstärke\";\n\"Old\" = \"Alt\";\n")
        return (try BundleCopy(source.url.appendingPathComponent("Settings.bundle")), source)
    }

    static let reason = "the schema uses \"Volume\" only as the Title of a PSSliderSpecifier (Root.plist:12), which no host shows (key-ignored) (stale)"

    @Test("check: the slider's Title entry is stale because no host shows it, the unused key because nothing uses it")
    func check() throws {
        let (copy, _) = try Self.bundle()
        let result = try Tool.run(["check", "Settings.bundle", "--each"], in: copy.folder)
        #expect(result.stdout == """
            Settings.bundle/Root.plist:11:4: warning: Title is ignored on a PSSliderSpecifier [key-ignored]
            Settings.bundle/de.lproj/Root.strings:2:1: warning: \(Self.reason) [stale-key]
            Settings.bundle/de.lproj/Root.strings:3:1: warning: no schema file uses "Old" (stale) [stale-key]

            """)
        let grouped = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(grouped.stdout.contains("warning: 2 keys no row of the schema shows (stale): \"Volume\", \"Old\" [stale-key]"))
    }

    @Test("merge --prune removes the slider's Title and says why; merge keeps it under a marker that is true of it")
    func merge() throws {
        let (copy, _) = try Self.bundle()
        let notShown = "  not shown: \"Volume\" is only the Title of a PSSliderSpecifier (Root.plist:12), which no host shows (key-ignored): "
        #expect(try Tool.run(["merge", "Settings.bundle", "--locale", "de"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "de.lproj/Root.strings: 1 kept, 2 obsolete; written\n" + notShown + "obsolete\n"
                + "2 obsolete keys kept in 1 table (check reports them as stale-key); `settings-l10n merge Settings.bundle --locale de --prune` removes them\n",
            exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self) == """
            "Sound" = "Ton";
            /* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */
            "Volume" = "Lautstärke";
            "Old" = "Alt";

            """)
        #expect(try Tool.run(["merge", "Settings.bundle", "--locale", "de", "--prune"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "de.lproj/Root.strings: 1 kept, 2 pruned; written\n" + notShown + "pruned\n", exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self) == "\"Sound\" = \"Ton\";\n")
    }

    @Test("merge --format json lists the keys pruned because no host shows them, with where the schema holds them")
    func json() throws {
        let (copy, _) = try Self.bundle()
        let result = try Tool.run(["merge", "Settings.bundle", "--locale", "de", "--prune", "--check", "--format", "json"], in: copy.folder)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let table = (document["tables"] as! [[String: Any]])[0]
        #expect(table["pruned"] as? [String] == ["Volume", "Old"])
        let notShown = table["notShown"] as? [[String: Any]]
        #expect(notShown?.count == 1)
        #expect(notShown?.first?["key"] as? String == "Volume")
        #expect(notShown?.first?["file"] as? String == "Root.plist")
        #expect(notShown?.first?["line"] as? Int == 12)
        #expect(notShown?.first?["keyPath"] as? String == "PreferenceSpecifiers[1].Title")
    }
}

/// A key may look unused because of the schema's own mistake (Titles that lost an entry, a
/// misspelled key, a lost StringsTable): check's summary does not advise `--prune` while it
/// lasts, merge's own hint waits for it, and `merge --prune` removes nothing (it removed the
/// translations the fix needed, as check advised).
@Suite("merge --prune waits for the schema's mistakes that may be why keys look unused")
struct PruneDoubtCommandTests {
    static func bundle(_ specifiers: String) throws -> (BundleCopy, TemporaryFolder) {
        let source = try TemporaryFolder()
        try source.write("Settings.bundle/Root.plist", xmlSchema(specifiers))
        try source.write("Settings.bundle/en.lproj/Root.strings", "\"Units\" = \"Units\";\n\"Metric\" = \"Metric\";\n\"Imperial\" = \"Imperial\";\n")
        try source.write("Settings.bundle/de.lproj/Root.strings", "\"Units\" = \"Einheiten\";\n\"Metric\" = \"Metrisch\";\n\"Imperial\" = \"Imperial\";\n")
        return (try BundleCopy(source.url.appendingPathComponent("Settings.bundle")), source)
    }

    static func multiValue(titles: String, values: String = "<string>m</string><string>i</string>") -> String {
        "\t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Units</string><key>Key</key><string>units</string>"
            + "<key>DefaultValue</key><string>m</string>\(titles)<key>Values</key><array>\(values)</array></dict>"
    }

    static let lostTitle = multiValue(titles: "<key>Titles</key><array><string>Metric</string></array>")
    static let refusal = "error: merge --prune changed nothing: the 1 error above in the schema files may be why keys look unused; fix it, then prune (or merge without --prune)\n"

    @Test("Titles that lost an entry: check's summary and merge's hint say --prune waits for the error; merge --prune, --dry-run and --check, and sync --prune, remove nothing; fixed, --prune removes the key")
    func lostTitle() throws {
        let (copy, _) = try Self.bundle(Self.lostTitle)
        let check = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(check.stdout.hasPrefix("Settings.bundle/Root.plist:9:194: error: Titles has 1 entry, Values has 2 [titles-values-count]\n"))
        #expect(check.stderr.hasSuffix("2 stale keys are removed by `settings-l10n merge Settings.bundle --prune` once the 1 error in the schema files is fixed: it may be why the keys look unused\n"))
        let hint = try Tool.run(["merge", "Settings.bundle", "--dry-run"], in: copy.folder)
        #expect(hint.stderr.hasSuffix("2 obsolete keys kept in 2 tables (check reports them as stale-key); `settings-l10n merge Settings.bundle --prune` removes them once the 1 error in the schema files is fixed (check lists it): it may be why the keys look unused\n"))
        let before = try copy.snapshot()
        for extra in [[], ["--dry-run"], ["--check"]] {
            #expect(try Tool.run(["merge", "Settings.bundle", "--prune"] + extra, in: copy.folder) == ToolResult(
                stdout: "", stderr: "Settings.bundle/Root.plist:9:194: error: Titles has 1 entry, Values has 2 [titles-values-count]\n" + Self.refusal, exitCode: 1))
        }
        // sync --prune would remove the string from the catalog, with its translations there.
        #expect(try Tool.run(["sync", "Settings.bundle", "--catalog", "Settings.xcstrings", "--prune"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "Settings.bundle/Root.plist:9:194: error: Titles has 1 entry, Values has 2 [titles-values-count]\n"
                + "error: sync --prune changed nothing: the 1 error above in the schema files may be why keys look unused; fix it, then prune (or sync without --prune)\n", exitCode: 1))
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("Settings.xcstrings").path))
        let json = try Tool.run(["merge", "Settings.bundle", "--prune", "--format", "json"], in: copy.folder)
        #expect(json.exitCode == 1 && json.stdout.contains("\"error\": \"merge --prune changed nothing: the 1 error above in the schema files may be why keys look unused;"))
        #expect(try copy.snapshot() == before)
        // Once the schema is right (the option really gone), --prune removes its title as before.
        try Data(xmlSchema(Self.multiValue(titles: "<key>Titles</key><array><string>Metric</string></array>", values: "<string>m</string>")).utf8)
            .write(to: copy.bundle.appendingPathComponent("Root.plist"))
        #expect(try Tool.run(["merge", "Settings.bundle", "--prune", "--locale", "de"], in: copy.folder).exitCode == 0)
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self) == "\"Units\" = \"Einheiten\";\n\"Metric\" = \"Metrisch\";\n")
    }

    @Test("a misspelled InAppSettingsKit member (a warning) makes --prune wait too; a rule the configuration switches off does not")
    func misspelledAndSwitchedOff() throws {
        let toggle = "\n\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Metric</string><key>Key</key><string>metric</string><key>DefaultValue</key><true/><key>IASKSubtitel</key><string>Imperial</string></dict>"
        let (copy, _) = try Self.bundle("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Units</string></dict>" + toggle)
        #expect(try Tool.run(["merge", "Settings.bundle", "--prune"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "Settings.bundle/Root.plist:10:170: warning: unknown key \"IASKSubtitel\"; did you mean IASKSubtitle? [key-misspelled]\n"
                + "error: merge --prune changed nothing: the 1 warning above in the schema files may be why keys look unused; fix it, then prune (or merge without --prune)\n",
            exitCode: 1))
        try Data("{\"rules\": {\"key-misspelled\": \"off\"}}".utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Tool.run(["merge", "Settings.bundle", "--prune", "--locale", "de"], in: copy.folder).exitCode == 0)
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self) == "\"Units\" = \"Einheiten\";\n\"Metric\" = \"Metrisch\";\n")
    }

    @Test("a misspelled IASK member InAppSettingsKit does not localize (IASKTextAlignmnt) holds no shown string: --prune does not wait")
    func misspelledUnshownMember() throws {
        let group = "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Units</string><key>IASKTextAlignmnt</key><string>IASKUITextAlignmentLeft</string></dict>"
        let (copy, _) = try Self.bundle(Self.multiValue(titles: "<key>Titles</key><array><string>Metric</string></array>", values: "<string>m</string>") + "\n" + group)
        #expect(try Tool.run(["merge", "Settings.bundle", "--prune", "--locale", "de"], in: copy.folder).exitCode == 0)
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self) == "\"Units\" = \"Einheiten\";\n\"Metric\" = \"Metrisch\";\n")
    }

    @Test("a schema file that lost its StringsTable while its table is there makes --prune wait")
    func lostTableAndLastingFindings() throws {
        let (copy, _) = try Self.bundle(Self.multiValue(titles: "<key>Titles</key><array><string>Metric</string><string>Imperial</string></array>"))
        try Data(xmlSchema(Self.multiValue(titles: "<key>Titles</key><array><string>Metric</string><string>Imperial</string></array>"), stringsTable: nil).utf8)
            .write(to: copy.bundle.appendingPathComponent("Root.plist"))
        let refused = try Tool.run(["merge", "Settings.bundle", "--prune"], in: copy.folder)
        #expect(refused.exitCode == 1 && refused.stderr.contains("[strings-table-missing]\nerror: merge --prune changed nothing: the 1 warning above"), "\(refused)")
        // InAppSettingsKit's sample (a file without a table, titles written as numbers, an
        // enum-value) prunes as before: InAppSettingsKitCommandTests.sampleInApp.
    }
}
