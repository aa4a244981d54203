import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nFiles
import SettingsL10nTestSupport

@Suite("String Catalog sync")
struct CatalogSyncTests {
    /// A copy of the example bundle, loaded, and a sync of `catalog` (text, or none yet) with it.
    final class Workspace {
        let folder: TemporaryFolder
        var bundleURL: URL { folder.url.appendingPathComponent("Settings.bundle") }

        init(_ source: URL = TestPaths.exampleBundle) throws {
            folder = try TemporaryFolder()
            try FileManager.default.copyItem(at: source, to: folder.url.appendingPathComponent("Settings.bundle"))
        }

        func load() throws -> (SettingsBundle, Catalog) {
            let bundle = try BundleLoader.load(from: try DiskBundleSource(path: bundleURL.path))
            return (bundle, Extractor.catalog(of: bundle))
        }

        func sync(_ text: String?, tables: [String]? = nil, prune: Bool = false) throws -> CatalogSyncResult {
            let (bundle, catalog) = try load()
            let read = try text.map { try StringCatalog.readLocated(Array($0.utf8)) }
            let input = CatalogSyncInput(path: "../Settings.xcstrings", catalog: read?.catalog, positions: read?.positions ?? [:],
                                         tables: tables ?? catalog.tables.map(\.name))
            return try CatalogSync.plan(input, bundle: bundle, catalog: catalog, prune: prune)
        }

        /// Writes the updates as sync does (each only over the bytes it read).
        func apply(_ result: CatalogSyncResult) throws {
            var writer = DiskBundleWriter(bundle: try DiskBundleSource(path: bundleURL.path))
            #expect(writer.write(result.updates.map { BundleFileWrite(path: $0.path, bytes: $0.updated, expected: $0.original) }).allSatisfy { $0 == nil })
        }

        func table(_ path: String) throws -> String {
            try String(contentsOf: bundleURL.appendingPathComponent(path), encoding: .utf8)
        }
    }

    static func units(_ catalog: StringCatalog) -> Int {
        catalog.entries.reduce(0) { $0 + $1.units.count }
    }

    @Test("adopting the example bundle: every string of both tables, with the tables' translations; the tables stay as they are")
    func adoption() throws {
        let workspace = try Workspace()
        let result = try workspace.sync(nil)
        #expect(result.catalogChanged)
        #expect(result.diagnostics == [])
        #expect(result.updates == [])
        #expect(result.added.count == 57)
        #expect(result.catalog.entries.count == 57)
        #expect(Self.units(result.catalog) == 228)
        #expect(result.unitsFromTables == 228)
        // The same strings and units as extract --xcstrings writes per table.
        let (bundle, catalog) = try workspace.load()
        let exported = try StringCatalogExporter.export(catalog: catalog, bundle: bundle).catalogs
        #expect(exported.reduce(0) { $0 + $1.catalog.entries.count } == 57)
        #expect(exported.reduce(0) { $0 + Self.units($1.catalog) } == 228)
    }

    @Test("a catalog per table is, on adoption, what extract --xcstrings writes, byte for byte")
    func perTableAdoptionIsTheExport() throws {
        let workspace = try Workspace()
        let (bundle, catalog) = try workspace.load()
        for (table, exported) in try StringCatalogExporter.export(catalog: catalog, bundle: bundle).catalogs {
            #expect(try workspace.sync(nil, tables: [table]).catalog.text == exported.text)
        }
    }

    @Test("a second sync changes nothing: neither the catalog nor a table")
    func secondSync() throws {
        let workspace = try Workspace()
        let first = try workspace.sync(nil)
        let second = try workspace.sync(first.catalog.text)
        #expect(!second.catalogChanged)
        #expect(second.updates == [])
        #expect(second.catalog.text == first.catalog.text)
        #expect(second.added == [] && second.staled == [] && second.unitsFromTables == 0)
    }

    @Test("numbers in members sync does not own are written as they were read: beyond a Double, beyond 64 bits, with a fraction of zero")
    func numbersKeepTheirText() throws {
        let workspace = try Workspace()
        let adopted = try workspace.sync(nil).catalog.text
        let members = #""x-big" : 123456789012345678901234567890, "x-huge" : 1e400, "x-list" : [1.0, -0.0, 2.50, 1E+2, -0], "x-one" : 1.0,"#
        let edited = adopted.replacingOccurrences(of: "\"sourceLanguage\" : \"en\",", with: members + " \"sourceLanguage\" : \"en\",")
        #expect(edited != adopted)
        let synced = try workspace.sync(edited).catalog.text
        for member in ["\"x-big\" : 123456789012345678901234567890", "\"x-huge\" : 1e400", "\"x-one\" : 1.0",
                       "\"x-list\" : [\n    1.0,\n    -0.0,\n    2.50,\n    1E+2,\n    -0\n  ]"] {
            #expect(synced.contains(member), "\(member)")
        }
        // What it wrote reads again, to the same document.
        #expect(try workspace.sync(synced).catalog.text == synced)
    }

    @Test("a translator's edit in the catalog reaches the table, counted as a replacement and not a conflict (no other table holds the catalog's text)")
    func catalogEditReachesTable() throws {
        let workspace = try Workspace()
        let adopted = try workspace.sync(nil).catalog.text
        let edited = adopted.replacingOccurrences(of: "\"value\" : \"Analyse\"", with: "\"value\" : \"Auswertung\"")
        #expect(edited != adopted)
        let result = try workspace.sync(edited)
        #expect(!result.catalogChanged)
        #expect(result.diagnostics == [])
        #expect(result.updates.map(\.path) == ["de.lproj/Privacy.strings"])
        #expect(result.written == ["de.lproj/Privacy.strings": 1])
        #expect(result.replaced == ["de.lproj/Privacy.strings": [CatalogSyncResult.Replacement(key: "Analytics", table: "Analyse", catalog: "Auswertung")]])
        #expect(result.updates[0].unifiedDiff == """
            --- a/de.lproj/Privacy.strings
            +++ b/de.lproj/Privacy.strings
            @@ -1,4 +1,4 @@
            -"Analytics" = "Analyse";
            +"Analytics" = "Auswertung";
             "We never share your location." = "Wir geben deinen Standort niemals weiter.";
             "Share anonymous statistics" = "Anonyme Statistiken teilen";
             "Referral code" = "Empfehlungscode";

            """)
        try workspace.apply(result)
        let again = try workspace.sync(edited)
        #expect(!again.catalogChanged && again.updates == [] && again.diagnostics == [])
    }

    @Test("a needs_review unit is written with a review mark; translated again, the mark goes")
    func needsReview() throws {
        let workspace = try Workspace()
        let adopted = try workspace.sync(nil).catalog.text
        let review = adopted.replacingOccurrences(of: "            \"state\" : \"translated\",\n            \"value\" : \"Analyse\"",
                                                  with: "            \"state\" : \"needs_review\",\n            \"value\" : \"Analyse\"")
        #expect(review != adopted)
        let result = try workspace.sync(review)
        #expect(result.diagnostics == [])
        try workspace.apply(result)
        #expect(try workspace.table("de.lproj/Privacy.strings").hasPrefix("""
            /* settings-l10n: needs review: needs_review in the String Catalog */
            "Analytics" = "Analyse";
            """))
        try workspace.apply(try workspace.sync(adopted))
        #expect(try workspace.table("de.lproj/Privacy.strings").hasPrefix("\"Analytics\" = \"Analyse\";\n"))
    }

    @Test("a schema change reaches the catalog: the new title is added, the old one becomes stale (exact diff)")
    func schemaChangeReachesCatalog() throws {
        let workspace = try Workspace()
        let adopted = try workspace.sync(nil).catalog.text
        try replaceOnce(in: workspace.bundleURL.appendingPathComponent("Privacy.plist"), "<string>Referral code</string>", with: "<string>Invitation code</string>")
        let result = try workspace.sync(adopted)
        #expect(result.added == ["Invitation code"])
        #expect(result.staled == ["Referral code"])
        #expect(result.updates == [])
        #expect(UnifiedDiff.diff(old: adopted, new: result.catalog.text, path: "Settings.xcstrings") == """
            --- a/Settings.xcstrings
            +++ b/Settings.xcstrings
            @@ -451,6 +451,10 @@
                     }
                   }
                 },
            +    "Invitation code" : {
            +      "comment" : "Privacy.plist › label of a text field",
            +      "extractionState" : "manual"
            +    },
                 "Keep maps for" : {
                   "comment" : "OfflineMaps.plist › heading of a list of choices",
                   "extractionState" : "manual",
            @@ -1173,7 +1177,7 @@
                 },
                 "Referral code" : {
                   "comment" : "Privacy.plist › label of a text field",
            -      "extractionState" : "manual",
            +      "extractionState" : "stale",
                   "localizations" : {
                     "ar" : {
                       "stringUnit" : {

            """)
        // With --prune a stale string goes; nothing else changes.
        let pruned = try workspace.sync(result.catalog.text, prune: true)
        #expect(pruned.pruned == ["Referral code"])
        #expect(pruned.catalog.entries.count == 57)
        #expect(!pruned.catalog.entries.map(\.key).contains("Referral code"))
    }

    @Test("a stale string that the schema uses again becomes manual")
    func revived() throws {
        let workspace = try Workspace()
        let adopted = try workspace.sync(nil).catalog.text
        let stale = adopted.replacingOccurrences(of: "      \"comment\" : \"Privacy.plist › label of a text field\",\n      \"extractionState\" : \"manual\",",
                                                 with: "      \"comment\" : \"Privacy.plist › label of a text field\",\n      \"extractionState\" : \"stale\",")
        #expect(stale != adopted)
        let result = try workspace.sync(stale)
        #expect(result.revived == ["Referral code"])
        #expect(result.catalog.text == adopted)
    }

    @Test("a translation the tables have and the catalog lacks is added to the catalog, never lost")
    func tableTranslationFillsCatalog() throws {
        let workspace = try Workspace()
        let adopted = try workspace.sync(nil).catalog.text
        var document = try StringCatalog.read(Array(adopted.utf8)).document
        // The catalog loses the Swedish translation of Analytics (a translator removed it).
        let strings = document[member: "strings"]!
        let entry = strings[member: "Analytics"]!
        let localizations = entry[member: "localizations"]!.members!.filter { $0.0 != "sv" }
        document = document.setting("strings", to: strings.setting("Analytics", to: entry.setting("localizations", to: .object(localizations))))
        let result = try workspace.sync(XcodeJSON.text(document))
        #expect(result.unitsFromTables == 1)
        #expect(result.catalog.text == adopted)
        #expect(result.updates == [])
    }

    @Test("what a table cannot hold, or sync cannot trust, stops the sync with the catalog's line", arguments: [
        (#""Analytics" : { "localizations" : { "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "x" } } } } } } }"#,
         "the string \"Analytics\" varies by plural or device in \"de\", which a .strings table of a Settings bundle cannot hold (the Settings app reads one text per key); give it one text (Vary by… off in Xcode's editor); nothing was written"),
    ])
    func refusedStrings(entry: String, message: String) throws {
        let workspace = try Workspace()
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \(entry)\n  },\n  \"version\" : \"1.0\"\n}"
        #expect(throws: ExchangeError(message, path: "../Settings.xcstrings", position: TextPosition(line: 4, column: 5))) {
            try workspace.sync(text)
        }
    }

    @Test("a catalog built in memory is held to the reader's shape of a string too, the used strings and the others")
    func inMemoryShape() throws {
        let workspace = try Workspace()
        let (bundle, catalog) = try workspace.load()
        for (key, value, problem) in [("Analytics", JSONValue.string("Analyse"), "is not a JSON object"),
                                      ("Gone", .object([("extractionState", .integer(1))]), "has an extractionState that is not a string")] {
            let document = JSONValue.object([("sourceLanguage", .string("en")), ("strings", .object([(key, value)])), ("version", .string("1.0"))])
            let input = CatalogSyncInput(path: "../Settings.xcstrings", catalog: StringCatalog(document: document), tables: catalog.tables.map(\.name))
            #expect(throws: ExchangeError("the string \(MessageText.quoted(key)) \(problem); nothing was written", path: "../Settings.xcstrings")) {
                try CatalogSync.plan(input, bundle: bundle, catalog: catalog)
            }
        }
    }

    @Test("a catalog of another source language is refused; one of a version settings-l10n does not know is refused by the reader, and by sync when built in memory")
    func refusedCatalogs() throws {
        #expect(throws: ExchangeError("its sourceLanguage is \"de\", but the bundle's development language is en; sync a catalog of the same source language (or give --development-language); nothing was written",
                                      path: "../Settings.xcstrings")) { try Workspace().sync(#"{"sourceLanguage" : "de", "strings" : {}, "version" : "1.0"}"#) }
        let future = #"{"sourceLanguage" : "en", "strings" : {}, "version" : "2.0"}"#
        #expect(throws: SyntaxError("its version is \"2.0\", which settings-l10n does not know (it knows 1.0 and 1.1)", at: TextPosition(line: 1, column: 55))) {
            try Workspace().sync(future)
        }
        let workspace = try Workspace()
        let (bundle, catalog) = try workspace.load()
        let input = CatalogSyncInput(path: "../Settings.xcstrings", catalog: StringCatalog(document: try JSONReader.read(Array(future.utf8))),
                                     positions: [:], tables: catalog.tables.map(\.name))
        #expect(throws: ExchangeError("its version is \"2.0\", which settings-l10n does not know (it knows 1.0 and 1.1); nothing was written", path: "../Settings.xcstrings")) {
            try CatalogSync.plan(input, bundle: bundle, catalog: catalog, prune: false)
        }
    }

    @Test("a key two tables share is one string; translations they disagree on stay out of the catalog, with a warning")
    func sharedKeys() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(groupSpecifier("Sound") + "\n" + childPane(title: "More", file: "More")),
            "More.plist": xmlSchema(groupSpecifier("Sound"), stringsTable: "More"),
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"More\" = \"More\";\n",
            "en.lproj/More.strings": "\"Sound\" = \"Sound\";\n",
            "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n\"More\" = \"Mehr\";\n",
            "de.lproj/More.strings": "\"Sound\" = \"Klang\";\n",
        ]))
        let catalog = Extractor.catalog(of: bundle)
        let result = try CatalogSync.plan(CatalogSyncInput(path: "../Settings.xcstrings", catalog: nil, tables: ["More", "Root"]),
                                          bundle: bundle, catalog: catalog)
        #expect(result.catalog.entries.map(\.key).sorted() == ["More", "Sound"])
        #expect(result.catalog.entries.first { $0.key == "Sound" }?.units == [:])
        #expect(result.diagnostics.map(\.message) == [
            "the de translations of \"Sound\" differ between the tables (More.strings \"Klang\", Root.strings \"Ton\"), and the catalog holds one text per string; the catalog takes none of them: translate it in the catalog",
        ])
        #expect(result.updates == [])
    }
}
