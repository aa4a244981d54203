import Foundation
import Testing
import SettingsL10nTestSupport

/// sync on a key two tables give different texts, and on a table a language lacks: the
/// issue's minimal case end to end.
@Suite("settings-l10n sync: adoption writes no table")
struct SyncAdoptionCommandTests {
    static let sync = ["sync", "Settings.bundle", "--catalog", "Settings.xcstrings"]

    static func toggle(_ title: String, key: String) -> String {
        "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>\(title)</string><key>Key</key><string>\(key)</string><key>DefaultValue</key><true/></dict>"
    }

    /// A copy of a bundle made of `files`.
    static func bundle(_ files: [String: String]) throws -> (BundleCopy, TemporaryFolder) {
        let source = try TemporaryFolder()
        for (path, text) in files { try source.write("Settings.bundle/" + path, text) }
        return (try BundleCopy(source.url.appendingPathComponent("Settings.bundle")), source)
    }

    @Test("Root's child pane titled About and About's footer About with a long text: sync names both and writes neither; en Root.strings keeps its bytes and no de Root.strings is made")
    func minimalCase() throws {
        let (copy, _) = try Self.bundle([
            "Root.plist": xmlSchema(Self.toggle("ROOT_SOUND", key: "sound") + "\n" + childPane(title: "About", file: "About")),
            "About.plist": xmlSchema("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>FooterText</key><string>About</string></dict>",
                                     stringsTable: "About"),
            "en.lproj/Root.strings": "\"ROOT_SOUND\" = \"Sound\";\n",
            "en.lproj/About.strings": "\"About\" = \"Made by ACME. All rights reserved.\";\n",
            "de.lproj/About.strings": "\"About\" = \"Hergestellt von ACME. Alle Rechte vorbehalten.\";\n",
        ])
        let before = try copy.snapshot()
        let finding = "Settings.xcstrings: warning: \"About\" has different development texts in the tables that use it (About.strings \"Made by ACME. All rights reserved.\", Root.strings none: it shows \"About\"), and a String Catalog holds one string per key: sync takes it from neither table and writes it into neither, in any language; give the two strings different keys in the schema [sync-tables-disagree]\n"
        #expect(try Tool.run(Self.sync, in: copy.folder) == ToolResult(
            stdout: "", stderr: finding + "Settings.xcstrings: created (2 strings added, 1 translation taken from the tables): 2 strings, 1 string unit\n", exitCode: 0))
        #expect(try copy.snapshot() == before)
        #expect(try Tool.run(Self.sync, in: copy.folder) == ToolResult(stdout: "", stderr: finding + "Settings.xcstrings: up to date\n", exitCode: 0))
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(
            stdout: "", stderr: finding + "the catalog and the tables are in sync\n", exitCode: 0))
        #expect(try copy.snapshot() == before)
    }

    @Test("a translation for a table the language lacks stays in the catalog (sync-table-missing); merge --fill source makes the table whole, and then sync writes it")
    func missingTable() throws {
        let (copy, _) = try Self.bundle([
            "Root.plist": xmlSchema(Self.toggle("ROOT_SOUND", key: "sound") + "\n" + Self.toggle("ROOT_VOLUME", key: "volume")),
            "en.lproj/Root.strings": "\"ROOT_SOUND\" = \"Sound\";\n\"ROOT_VOLUME\" = \"Volume\";\n",
            "de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
        ])
        #expect(try Tool.run(Self.sync, in: copy.folder).exitCode == 0)
        let url = copy.folder.appendingPathComponent("Settings.xcstrings")
        let adopted = try String(contentsOf: url, encoding: .utf8)
        let translated = adopted.replacingOccurrences(
            of: "\"localizations\" : {\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sound\"",
            with: "\"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Ton\"\n          }\n        },\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sound\"")
        #expect(translated != adopted)
        try Data(translated.utf8).write(to: url)
        let before = try copy.snapshot()
        #expect(try Tool.run(Self.sync, in: copy.folder) == ToolResult(stdout: "", stderr: """
            Settings.bundle/de.lproj/Root.strings: warning: de.lproj has no Root.strings, and one holding only the catalog's 1 translation would hide en.lproj/Root.strings, which the device shows instead: 1 other string would show its key ("ROOT_VOLUME"); the catalog keeps the translation: settings-l10n merge --fill source makes the table whole, then sync writes it [sync-table-missing]
            Settings.xcstrings: up to date

            """, exitCode: 0))
        #expect(try copy.snapshot() == before)
        #expect(try Tool.run(["merge", "Settings.bundle", "--fill", "source", "--locale", "de"], in: copy.folder).exitCode == 0)
        #expect(try Tool.run(Self.sync, in: copy.folder) == ToolResult(stdout: "", stderr: """
            Settings.xcstrings: up to date
            de.lproj/Root.strings: wrote 1 translation from the catalog

            """, exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self).contains("\"ROOT_SOUND\" = \"Ton\";"))
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(stdout: "", stderr: "the catalog and the tables are in sync\n", exitCode: 0))
    }
}
