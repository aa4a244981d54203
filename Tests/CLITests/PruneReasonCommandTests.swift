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
