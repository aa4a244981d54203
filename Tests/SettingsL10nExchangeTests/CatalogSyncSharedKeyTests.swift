import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

/// One catalog for several tables: a key two tables use is one string of the catalog. Adoption
/// writes no table; a key the tables give different texts is written into neither; a table a
/// language lacks is not made from the catalog's translations alone where that hides the
/// table the device falls back to; only a real conflict is a warning.
@Suite("String Catalog sync: keys shared by tables, missing tables, conflicts")
struct CatalogSyncSharedKeyTests {
    typealias Workspace = CatalogSyncTests.Workspace

    static func toggle(_ title: String, key: String) -> String {
        "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>\(title)</string><key>Key</key><string>\(key)</string><key>DefaultValue</key><true/></dict>"
    }

    static func group(footer: String) -> String {
        "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>FooterText</key><string>\(footer)</string></dict>"
    }

    /// A bundle of `files` (relative to the bundle), in a workspace.
    static func workspace(_ files: [String: String]) throws -> (Workspace, TemporaryFolder) {
        let folder = try TemporaryFolder()
        for (path, text) in files { try folder.write("Settings.bundle/" + path, text) }
        return (try Workspace(folder.url.appendingPathComponent("Settings.bundle")), folder)
    }

    /// The minimal case: Root's child pane is titled `About`; About's footer is `About`,
    /// which en and de About.strings give a long text.
    static let minimal: [String: String] = [
        "Root.plist": xmlSchema(Self.toggle("ROOT_SOUND", key: "sound") + "\n" + childPane(title: "About", file: "About")),
        "About.plist": xmlSchema(Self.group(footer: "About"), stringsTable: "About"),
        "en.lproj/Root.strings": "\"ROOT_SOUND\" = \"Sound\";\n",
        "en.lproj/About.strings": "\"About\" = \"Made by ACME. All rights reserved.\";\n",
        "de.lproj/About.strings": "\"About\" = \"Hergestellt von ACME. Alle Rechte vorbehalten.\";\n",
    ]

    static func messages(_ result: CatalogSyncResult) -> [String] {
        result.diagnostics.map { "\($0.file) \($0.rule): \($0.message)" }
    }

    static let splitAbout = "../Settings.xcstrings sync-tables-disagree: \"About\" has different development texts in the tables that use it (About.strings \"Made by ACME. All rights reserved.\", Root.strings none: it shows \"About\"), and a String Catalog holds one string per key: sync takes it from neither table and writes it into neither, in any language; give the two strings different keys in the schema"

    @Test("the issue's minimal case: adoption writes no table (en Root.strings kept, no one-key de Root.strings) and names both tables and both texts; a second run and --check change nothing")
    func minimalCase() throws {
        let (workspace, _) = try Self.workspace(Self.minimal)
        let adopted = try workspace.sync(nil)
        #expect(adopted.updates == [])
        #expect(Self.messages(adopted) == [Self.splitAbout])
        // The catalog: one string per key; the split key without a text it could not choose.
        #expect(adopted.catalog.entries.map(\.key) == ["About", "ROOT_SOUND"])
        #expect(adopted.catalog.entries[0].units == [:])
        #expect(adopted.catalog.entries[1].units.mapValues(\.value) == ["en": "Sound"])
        let second = try workspace.sync(adopted.catalog.text)
        #expect(!second.catalogChanged && second.updates == [])
        #expect(Self.messages(second) == [Self.splitAbout])
        // A translation put in the catalog for the split key is not written either.
        let edited = adopted.catalog.text.replacingOccurrences(
            of: "\"extractionState\" : \"manual\"\n    },\n    \"ROOT_SOUND\"",
            with: "\"extractionState\" : \"manual\",\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Über\"\n          }\n        }\n      }\n    },\n    \"ROOT_SOUND\"")
        #expect(edited != adopted.catalog.text)
        let third = try workspace.sync(edited)
        #expect(third.updates == [] && !third.catalogChanged)
    }

    @Test("a key one table lacks in a language: the catalog takes neither (sync-tables-disagree) and adoption writes nothing; a translation made in the catalog reaches both tables, with no warning")
    func lackingEntry() throws {
        let (workspace, _) = try Self.workspace([
            "Root.plist": xmlSchema(Self.toggle("Done", key: "done") + "\n" + childPane(title: "More", file: "More")),
            "More.plist": xmlSchema(Self.toggle("Done", key: "more-done"), stringsTable: "More"),
            "de.lproj/Root.strings": "\"More\" = \"Mehr\";\n",
            "de.lproj/More.strings": "\"Done\" = \"Fertig\";\n",
        ])
        let adopted = try workspace.sync(nil)
        #expect(adopted.updates == [])
        #expect(Self.messages(adopted) == [
            "../Settings.xcstrings sync-tables-disagree: the de translations of \"Done\" differ between the tables (More.strings \"Fertig\", Root.strings none), and the catalog holds one text per string; the catalog takes none of them: translate it in the catalog",
        ])
        #expect(adopted.catalog.entries.first { $0.key == "Done" }?.units == [:])
        let translated = adopted.catalog.text.replacingOccurrences(
            of: "\"comment\" : \"More.plist › label of an on/off switch; Root.plist › label of an on/off switch\",\n      \"extractionState\" : \"manual\"",
            with: "\"comment\" : \"More.plist › label of an on/off switch; Root.plist › label of an on/off switch\",\n      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Erledigt\"\n          }\n        }\n      }")
        #expect(translated != adopted.catalog.text)
        let result = try workspace.sync(translated)
        #expect(result.diagnostics == [])
        #expect(result.updates.map(\.path) == ["de.lproj/More.strings", "de.lproj/Root.strings"])
        #expect(result.replaced.mapValues(\.count) == ["de.lproj/More.strings": 1])
        try workspace.apply(result)
        #expect(try workspace.table("de.lproj/More.strings") == "\"Done\" = \"Erledigt\";\n")
        let again = try workspace.sync(translated)
        #expect(again.updates == [] && again.diagnostics == [])
    }

    @Test("a real conflict: one table changed where the catalog and the other table did not; the catalog wins, and only this is a sync-conflict")
    func realConflict() throws {
        let (workspace, _) = try Self.workspace([
            "Root.plist": xmlSchema(Self.toggle("Done", key: "done") + "\n" + childPane(title: "More", file: "More")),
            "More.plist": xmlSchema(Self.toggle("Done", key: "more-done"), stringsTable: "More"),
            "de.lproj/Root.strings": "\"Done\" = \"Fertig\";\n\"More\" = \"Mehr\";\n",
            "de.lproj/More.strings": "\"Done\" = \"Fertig\";\n",
        ])
        let adopted = try workspace.sync(nil)
        #expect(adopted.updates == [] && adopted.diagnostics == [])
        try Data("\"Done\" = \"Erledigt\";\n".utf8).write(to: workspace.bundleURL.appendingPathComponent("de.lproj/More.strings"))
        let result = try workspace.sync(adopted.catalog.text)
        #expect(Self.messages(result) == [
            "de.lproj/More.strings sync-conflict: the table has \"Erledigt\" for \"Done\" where the catalog and Root.strings have \"Fertig\": the table changed where the catalog did not; the catalog's translation wins (change it in the catalog to keep the table's)",
        ])
        #expect(result.updates.map(\.path) == ["de.lproj/More.strings"])
    }

    /// Root with two symbolic keys whose English texts only en.lproj/Root.strings holds.
    static let symbolic: [String: String] = [
        "Root.plist": xmlSchema(Self.toggle("ROOT_SOUND", key: "sound") + "\n" + Self.toggle("ROOT_VOLUME", key: "volume")),
        "en.lproj/Root.strings": "\"ROOT_SOUND\" = \"Sound\";\n\"ROOT_VOLUME\" = \"Volume\";\n",
        "de.lproj/Other.strings": "\"x\" = \"y\";\n",
    ]

    @Test("a table the language lacks is not made of the catalog's translations alone where the device falls back to a fuller one: the catalog keeps them, sync-table-missing names the table")
    func missingTableNotMade() throws {
        let (workspace, _) = try Self.workspace(Self.symbolic)
        let adopted = try workspace.sync(nil).catalog.text
        let translated = adopted.replacingOccurrences(
            of: "\"localizations\" : {\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sound\"",
            with: "\"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Ton\"\n          }\n        },\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sound\"")
        #expect(translated != adopted)
        let result = try workspace.sync(translated)
        #expect(result.updates == [])
        #expect(!result.catalogChanged)
        #expect(Self.messages(result) == [
            "de.lproj/Root.strings sync-table-missing: de.lproj has no Root.strings, and one holding only the catalog's 1 translation would hide en.lproj/Root.strings, which the device shows instead: 1 other string would show its key (\"ROOT_VOLUME\"); the catalog keeps the translation: settings-l10n merge --fill source makes the table whole, then sync writes it",
        ])
        // Made whole (as merge --fill source makes it), the table takes the translation.
        try Data("\"ROOT_SOUND\" = \"Sound\";\n\"ROOT_VOLUME\" = \"Volume\";\n".utf8).write(to: workspace.bundleURL.appendingPathComponent("de.lproj/Root.strings"))
        let whole = try workspace.sync(translated)
        #expect(whole.diagnostics == [])
        #expect(whole.updates.map(\.path) == ["de.lproj/Root.strings"])
    }

    @Test("a table the language lacks is made where nothing shows worse: keys that read as their text, no fallback table")
    func missingTableMade() throws {
        let (workspace, _) = try Self.workspace([
            "Root.plist": xmlSchema(Self.toggle("Sound", key: "sound") + "\n" + Self.toggle("Volume", key: "volume")),
            "de.lproj/Other.strings": "\"x\" = \"y\";\n",
        ])
        let adopted = try workspace.sync(nil)
        #expect(adopted.updates == [])
        let translated = adopted.catalog.text.replacingOccurrences(
            of: "\"comment\" : \"Root.plist › label of an on/off switch\",\n      \"extractionState\" : \"manual\"\n    },\n    \"Volume\"",
            with: "\"comment\" : \"Root.plist › label of an on/off switch\",\n      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Ton\"\n          }\n        }\n      }\n    },\n    \"Volume\"")
        #expect(translated != adopted.catalog.text)
        let result = try workspace.sync(translated)
        #expect(result.diagnostics == [])
        #expect(result.updates.map(\.path) == ["de.lproj/Root.strings"])
        #expect(result.updates.first?.original == nil)
    }
}
