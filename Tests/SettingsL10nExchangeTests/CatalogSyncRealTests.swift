import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

/// Sync on real files: the real catalog of an app (Cizzuk/CSE, 214 strings, 10 languages)
/// merged with the example bundle and with a-shell's (VLC's: `CatalogSyncFieldTests`).
@Suite("String Catalog sync on real catalogs and bundles")
struct CatalogSyncRealTests {
    typealias Workspace = CatalogSyncTests.Workspace

    static func realCatalog() throws -> String {
        try String(contentsOf: TestPaths.realCatalog, encoding: .utf8)
    }

    /// Every translation the tables hold is in the catalog, with the same text (nothing lost).
    static func expectNothingLost(_ catalog: StringCatalog, _ workspace: Workspace, sourceOnly: Set<String> = []) throws {
        let (bundle, extracted) = try workspace.load()
        let development = bundle.developmentLocalization(extracted.developmentLanguage)
        let languages = SyncLanguages(bundle: bundle, development: development, sourceTag: "en", catalog: catalog)
        let entries = Dictionary(catalog.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        for table in extracted.tables {
            for language in languages.all {
                var problems: [Diagnostic] = []
                for (key, translation) in XLIFFExporter.translations(of: table.name, in: language.localization, diagnostics: &problems)
                where table.string(forKey: key) != nil && !(language.isDevelopment && translation.value == key.string) {
                    #expect(entries[key]?.units[language.tag]?.value == translation.value, "\(language.tag) \(key)")
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }

    @Test("the real catalog merged with the example bundle: its strings kept byte for byte, the ones Xcode extracted left alone (they were marked stale), the bundle's added")
    func realCatalogWithExample() throws {
        let workspace = try Workspace()
        let original = try StringCatalog.read(Array(try Self.realCatalog().utf8))
        let result = try workspace.sync(try Self.realCatalog())
        #expect(result.added.count == 55)
        // The app's strings, which Xcode extracted (no extractionState): none stale, a note says so.
        #expect(result.staled.count == 0)
        #expect(result.appStrings.count == 212)
        #expect(result.diagnostics.filter { $0.rule == .syncAppStrings }.count == 1)
        #expect(result.unitsFromTables == 222)
        #expect(result.catalog.entries.count == 269)
        #expect(result.catalog.document[member: "version"]?.stringValue == "1.1")
        // The two keys the app and the bundle share keep the app's translations; the bundle adds
        // the Swedish ones the app lacks, and wins nothing but the German "About" of its table.
        let strings = try #require(result.catalog.document[member: "strings"])
        for (key, value) in try #require(original.document[member: "strings"]?.members) {
            let now = try #require(strings[member: key])
            if key == "About" || key == "Version" {
                let before = try #require(value[member: "localizations"]?.members)
                let after = try #require(now[member: "localizations"]?.members)
                #expect(Array(after.prefix(before.count)).map(\.0) == before.map(\.0))
                #expect(after.dropFirst(before.count).map(\.0) == ["sv"])
                #expect(now.setting("localizations", to: .object(before)) == value)
            } else {
                #expect(now == value, "\(key)")
            }
        }
        // The app's "Über" replaces the table's "Info": the catalog's text, which no table held,
        // is an edit of the catalog, not a conflict (counted, not a warning).
        #expect(result.diagnostics.filter { $0.rule == .syncConflict } == [])
        #expect(result.replaced.mapValues(\.count) == ["de.lproj/Root.strings": 1])
        #expect(result.diagnostics.filter { $0.rule == .syncLanguageMissing }.count == 8)
        #expect(result.updates.map(\.path) == ["de.lproj/Root.strings"])
        try workspace.apply(result)
        try Self.expectNothingLost(result.catalog, workspace)
        let second = try workspace.sync(result.catalog.text)
        #expect(!second.catalogChanged && second.updates == [])
        #expect(second.catalog.text == result.catalog.text)
    }

    static let aShell = TestPaths.corpus("holzschu__a-shell/Settings.bundle")

    /// The bundle adopted alone and into the real catalog: nothing lost, the tables untouched, a
    /// second sync changing nothing. Returns the adopted catalog's entries and string units.
    static func expectRoundTrip(_ bundle: URL) throws -> (entries: Int, units: Int, diagnostics: [Diagnostic]) {
        let workspace = try Workspace(bundle)
        let adopted = try workspace.sync(nil)
        #expect(adopted.updates == [])
        try Self.expectNothingLost(adopted.catalog, workspace)
        let again = try workspace.sync(adopted.catalog.text)
        #expect(!again.catalogChanged && again.updates == [])

        let merged = try workspace.sync(try Self.realCatalog())
        try workspace.apply(merged)
        try Self.expectNothingLost(merged.catalog, workspace)
        let second = try workspace.sync(merged.catalog.text)
        #expect(!second.catalogChanged && second.updates == [] && second.catalog.text == merged.catalog.text)
        return (adopted.catalog.entries.count, CatalogSyncTests.units(adopted.catalog), adopted.diagnostics)
    }

    /// A translator's edit in the adopted catalog (`language`) reaches the table, and only that.
    static func expectCatalogEdit(_ bundle: URL, table: String, language: String) throws {
        let workspace = try Workspace(bundle)
        let adopted = try workspace.sync(nil)
        let entry = try #require(adopted.catalog.entries.first { $0.units[language] != nil && $0.key.string != $0.units[language]?.value })
        let old = try #require(entry.units[language]).value
        let strings = try #require(adopted.catalog.document[member: "strings"])
        let value = try #require(strings[member: entry.key.string])
        let localizations = try #require(value[member: "localizations"]?.members).map { tag, unit in
            tag == language ? (tag, CatalogEditor.unit(state: "translated", value: old + " (edited)")) : (tag, unit)
        }
        let edited = adopted.catalog.document.setting("strings", to: strings.setting(entry.key.string, to: value.setting("localizations", to: .object(localizations))))
        let result = try workspace.sync(XcodeJSON.text(edited))
        #expect(!result.catalogChanged)
        let folder = try #require(try workspace.load().0.localization(forLanguage: language)).folder
        #expect(result.updates.map(\.path) == ["\(folder)/\(table).strings"])
        #expect(result.written == ["\(folder)/\(table).strings": 1])
        try workspace.apply(result)
        let (loaded, _) = try workspace.load()
        #expect(loaded.localization(forLanguage: language)?.table(named: table)?.values()?[entry.key] == old + " (edited)")
    }

    @Test("a-shell's bundle adopted, alone and into the real catalog: nothing lost, the tables untouched, a second sync changing nothing")
    func aShellRoundTrip() throws {
        let (entries, units, diagnostics) = try Self.expectRoundTrip(Self.aShell)
        #expect(entries == 20)
        #expect(units == 41)
        #expect(diagnostics.map(\.rule) == [])
    }

    @Test("a-shell: a translator's edit in the catalog reaches the table, and only that")
    func aShellCatalogEdit() throws {
        try Self.expectCatalogEdit(Self.aShell, table: "Root", language: "fr")
    }
}
