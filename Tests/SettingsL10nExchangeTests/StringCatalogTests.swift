import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

@Suite("Xcode String Catalogs")
struct StringCatalogTests {
    @Test("the real catalog: its strings, languages and states")
    func realCatalog() throws {
        let catalog = try StringCatalog.read([UInt8](try Data(contentsOf: TestPaths.realCatalog)))
        #expect(catalog.sourceLanguage == "en")
        let entries = catalog.entries
        #expect(entries.count == 214)
        #expect(entries.filter { !$0.shouldTranslate }.count == 23)
        #expect(entries.reduce(0) { $0 + $1.units.count } == 2_103)
        #expect(Set(entries.flatMap(\.units.keys)) == ["ar", "de", "en", "es", "fr", "ja", "ko", "pt", "ru", "uk", "zh-Hans", "zh-Hant"])
        let cancel = try #require(entries.first { $0.key == "Cancel" })
        #expect(cancel.units["de"] == StringCatalog.Unit(state: "translated", value: "Abbrechen"))
        #expect(cancel.units["ja"] == StringCatalog.Unit(state: "translated", value: "キャンセル"))
        #expect(catalog.text == String(decoding: try Data(contentsOf: TestPaths.realCatalog), as: UTF8.self))
    }

    @Test("what is not a String Catalog", arguments: [
        ("[]", "a String Catalog is a JSON object"),
        ("{\"strings\" : {}}", "a String Catalog needs a \"sourceLanguage\" string"),
        ("{\"sourceLanguage\" : \"en\"}", "a String Catalog needs a \"strings\" object"),
    ])
    func notCatalogs(text: String, message: String) {
        #expect(throws: SyntaxError(message)) { try StringCatalog.read(Array(text.utf8)) }
        #expect(throws: SyntaxError(message)) { try StringCatalog.translations(reading: Array(text.utf8)) }
    }

    @Test("a version that is not a string is refused at its line, by every reader (sync alone refused it, without a line)", arguments: ["1.0", "1", "null", "[\"1.0\"]"])
    func versionNotAString(version: String) {
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {},\n  \"version\" : \(version)\n}\n"
        let error = SyntaxError("a String Catalog's \"version\" is a string such as \"1.0\", not \(version.replacingOccurrences(of: " ", with: ""))",
                                at: TextPosition(line: 4, column: 15))
        #expect(throws: error) { try StringCatalog.read(Array(text.utf8)) }
        #expect(throws: error) { try StringCatalog.readLocated(Array(text.utf8)) }
        #expect(throws: error) { try StringCatalog.translations(reading: Array(text.utf8)) }
        #expect(throws: Never.self) { try StringCatalog.read(Array(text.replacingOccurrences(of: ": \(version)", with: ": \"1.1\"").utf8)) }
        // A version string it does not know: refused by every reader alike (import read it).
        let future = text.replacingOccurrences(of: ": \(version)", with: ": \"2.0\"")
        let unknown = SyntaxError("its version is \"2.0\", which settings-l10n does not know (it knows 1.0 and 1.1)", at: TextPosition(line: 4, column: 15))
        #expect(throws: unknown) { try StringCatalog.read(Array(future.utf8)) }
        #expect(throws: unknown) { try StringCatalog.translations(reading: Array(future.utf8)) }
    }

    @Test("a string whose parts settings-l10n reads are not what Xcode writes is refused with its line, by every reader", arguments: [
        (#""Analytics" : "Analyse""#, "the string \"Analytics\" is not a JSON object", 19),
        (#""Analytics" : { "comment" : 1 }"#, "the string \"Analytics\" has a comment that is not a string", 33),
        (#""Analytics" : { "extractionState" : null }"#, "the string \"Analytics\" has an extractionState that is not a string", 41),
        (#""Analytics" : { "shouldTranslate" : "no" }"#, "the string \"Analytics\" has a shouldTranslate that is not true or false", 41),
        (#""Analytics" : { "localizations" : [] }"#, "the string \"Analytics\" has localizations that are not a JSON object", 39),
        (#""Analytics" : { "localizations" : { "de" : 5 } }"#, "the string \"Analytics\" has a localization \"de\" that is not a JSON object", 48),
        (#""Analytics" : { "localizations" : { "de" : { "stringUnit" : "Analyse" } } }"#,
         "the string \"Analytics\" has a stringUnit for \"de\" that is not a JSON object", 65),
        (#""Analytics" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : 5 } } } }"#,
         "the string \"Analytics\" has a stringUnit for \"de\" whose value is not a string", 101),
        (#""Analytics" : { "localizations" : { "de" : { "stringUnit" : { "value" : "Analyse" } } } }"#,
         "the string \"Analytics\" has a stringUnit for \"de\" without a state", 65),
    ])
    func malformedStrings(entry: String, message: String, column: Int) {
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Done\" : {},\n    \(entry)\n  }\n}\n"
        let error = SyntaxError(message, at: TextPosition(line: 5, column: column))
        #expect(throws: error) { try StringCatalog.read(Array(text.utf8)) }
        #expect(throws: error) { try StringCatalog.readLocated(Array(text.utf8)) }
        #expect(throws: error) { try StringCatalog.translations(reading: Array(text.utf8)) }
    }

    @Test("what settings-l10n does not read is not judged: variations, and fields a newer Xcode may add")
    func unreadFieldsPass() throws {
        let text = #"{"sourceLanguage": "en", "strings": {"Songs": {"localizations": {"de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "Lied"}}}}}, "#
            + #""fr": {"stringUnit": {"state": "translated", "value": "Chansons", "future": 1}, "other": []}}, "somethingNew": 3}}}"#
        #expect(try StringCatalog.translations(reading: Array(text.utf8)) == [StringCatalog.Translation(language: "fr", source: "Songs", value: "Chansons")])
    }

    @Test("as XLIFF for import: a translation that varies by plural or device is a unit without a target that says so")
    func varyingUnits() throws {
        let text = #"{"sourceLanguage": "en", "strings": {"Songs": {"localizations": {"de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "Lied"}}}}}, "#
            + #""ja": {"stringUnit": {"state": "translated", "value": "曲"}}, "#
            + #""sv": {"stringUnit": {"state": "translated", "value": "%#@n@"}, "substitutions": {"n": {"variations": {}}}}}}}}"#
        let catalog = try StringCatalog.read(Array(text.utf8))
        let document = catalog.xliff(forTable: "Root")
        #expect(document.files.map(\.targetLanguage) == ["de", "ja", "sv"])
        #expect(document.files.map(\.units) == [
            [XLIFFUnit(id: "Songs", source: "Songs", varies: true)],
            [XLIFFUnit(id: "Songs", source: "Songs", target: "曲", state: "translated")],
            [XLIFFUnit(id: "Songs", source: "Songs", varies: true)],
        ])
        // Nor does a varying translation fill a table (merge --fill-from): Xcode's plural unit is
        // its placeholder, %#@n@, not a text.
        #expect(catalog.translations == [StringCatalog.Translation(language: "ja", source: "Songs", value: "曲")])
        #expect(try StringCatalog.translations(reading: Array(text.utf8)) == catalog.translations)
    }

    @Test("its translations read a string at a time are those of the whole document, the source language before the strings or after")
    func streamedTranslations() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.realCatalog))
        let whole = try StringCatalog.read(bytes).translations
        #expect(whole.count == 2_101)
        #expect(try StringCatalog.translations(reading: bytes) == whole)
        let after = #"{"strings": {"Done": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Fertig"}}, "#
            + #""en": {"stringUnit": {"state": "translated", "value": "Done!"}}}}, "#
            + #""Skip": {"shouldTranslate": false, "localizations": {"de": {"stringUnit": {"state": "translated", "value": "X"}}}}}, "sourceLanguage": "en"}"#
        #expect(try StringCatalog.translations(reading: Array(after.utf8)) == [StringCatalog.Translation(language: "de", source: "Done!", value: "Fertig")])
        #expect(try StringCatalog.read(Array(after.utf8)).translations == [StringCatalog.Translation(language: "de", source: "Done!", value: "Fertig")])
    }

    static func example() throws -> (SettingsBundle, Catalog) {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.exampleBundle.path))
        return (bundle, Extractor.catalog(of: bundle))
    }

    @Test("export: one catalog per table, as Xcode writes it (golden file)")
    func export() throws {
        let (bundle, catalog) = try Self.example()
        let (catalogs, diagnostics) = try StringCatalogExporter.export(catalog: catalog, bundle: bundle)
        #expect(diagnostics.isEmpty)
        #expect(catalogs.map(\.table) == ["Privacy", "Root"])
        Golden.check(catalogs[0].catalog.text, against: "Privacy.xcstrings")
        let root = catalogs[1].catalog.entries
        #expect(root.count == 52)
        #expect(root.first { $0.key == "Sweden" }?.units["sv"] == StringCatalog.Unit(state: "translated", value: "Sverige"))
    }

    @Test("import: translated units are written, needs_review marked, new and empty ones skipped")
    func importUnits() throws {
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Analytics" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Auswertung" } } } },
            "Privacy policy" : { "localizations" : { "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Datenschutz" } } } },
            "Referral code" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "Code" } } } },
            "Share anonymous statistics" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "" } } } }
          },
          "version" : "1.0"
        }
        """
        let document = try StringCatalog.read(Array(text.utf8)).xliff(forTable: "Privacy")
        #expect(document.files.map(\.original) == ["en.lproj/Privacy.strings"])
        #expect(document.files[0].units.map(\.state) == ["translated", "needs-review-translation", "new", "translated"])
        let (bundle, catalog) = try Self.example()
        let result = try XLIFFImporter.plan(documents: [("Privacy.xcstrings", document)], bundle: bundle, catalog: catalog)
        #expect(result.rejected == [])
        #expect(result.untranslated == 2)
        #expect(result.written == ["de.lproj/Privacy.strings": 2])
        let updated = String(decoding: try #require(result.updates.first).updated, as: UTF8.self)
        #expect(updated.contains("\"Analytics\" = \"Auswertung\";"))
        // Where it came from: the String Catalog's needs_review, in sync's words (not "imported from XLIFF").
        #expect(updated.contains("/* settings-l10n: needs review: needs_review in the String Catalog */\n\"Privacy policy\" = \"Datenschutz\";"))
    }

    @Test("export leaves out a string or translation import would refuse, with a warning, so that its catalog imports")
    func exportLeavesOutNonXMLCharacters() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(groupSpecifier("Sound") + "\n" + groupSpecifier("Music") + "\n" + groupSpecifier("Volume")),
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"Music\" = \"Mu\\U001Bsic\";\n\"Volume\" = \"Volume\";\n",
            "de.lproj/Root.strings": "\"Sound\" = \"T\\U0000on\";\n\"Music\" = \"Musik\";\n\"Volume\" = \"Lautstärke\";\n",
        ]))
        let (catalogs, diagnostics) = try StringCatalogExporter.export(catalog: Extractor.catalog(of: bundle), bundle: bundle)
        #expect(diagnostics.map { "\($0.location.file):\($0.location.line ?? 0) \($0.rule): \($0.message)" } == [
            "Root.plist:13 xliff-unrepresentable: the de translation of \"Sound\" holds a control character or a noncharacter that import refuses; it is left out of Root.xcstrings",
            "Root.plist:20 xliff-unrepresentable: \"Music\" holds a control character or a noncharacter that import refuses; it is left out of Root.xcstrings",
        ])
        let catalog = try #require(catalogs.first?.catalog)
        #expect(catalog.entries.map(\.key) == ["Sound", "Volume"])
        #expect(catalog.entries[0].units == [:])
        #expect(try StringCatalog.read(Array(catalog.text.utf8), forImport: true).entries.count == 2)
    }

    /// InAppSettingsKit's sample holds `"EMPTY" = "";` in en and de: the device shows nothing
    /// there (not the key), status counts it translated, and check warns of it (empty-value).
    @Test("an empty value is exported as the table holds it, in the catalog and in XLIFF (both left it out)")
    func emptyValues() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(groupSpecifier("EMPTY") + "\n" + groupSpecifier("Sound")),
            "en.lproj/Root.strings": "\"EMPTY\" = \"\";\n\"Sound\" = \"Sound\";\n",
            "de.lproj/Root.strings": "\"EMPTY\" = \"\";\n\"Sound\" = \"Ton\";\n",
        ]))
        let catalog = Extractor.catalog(of: bundle)
        let (catalogs, diagnostics) = try StringCatalogExporter.export(catalog: catalog, bundle: bundle)
        #expect(diagnostics.isEmpty)
        let entries = try #require(catalogs.first?.catalog).entries
        #expect(entries.map(\.key) == ["EMPTY", "Sound"])
        #expect(entries[0].units == ["en": StringCatalog.Unit(state: "translated", value: ""), "de": StringCatalog.Unit(state: "translated", value: "")])
        #expect(entries[1].units == ["de": StringCatalog.Unit(state: "translated", value: "Ton")])
        let (exports, _) = try XLIFFExporter.export(catalog: catalog, bundle: bundle, locales: ["de"])
        let units = try #require(exports.first?.document.files.first?.units)
        #expect(units.map { "\($0.id): \($0.source) -> \($0.target.map { "[\($0)]" } ?? "none") \($0.state ?? "")" } == [
            "EMPTY:  -> [] translated", "Sound: Sound -> [Ton] translated",
        ])
    }

    /// The device shows a table's keys where the table does not parse: so do the exports, and
    /// they say so once, where the table goes wrong (the sources were the keys without a word).
    @Test("a development table the device cannot read: the keys are the sources, with a warning where it goes wrong", arguments: [
        (Array("\"Units\" = \"Measurement units\";\n\"Broken = \"x\";\n".utf8),
         "en.lproj/Root.strings:2 strings-syntax: en.lproj/Root.strings does not parse (unexpected 'x' after the key \"Broken = \"; expected '=' or ';'), so the device shows the keys of Root.strings and they are the export's source texts; fix it and export again"),
        // UTF-16 without a byte-order mark, little-endian.
        ("\"Units\" = \"Measurement units\";\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
         "en.lproj/Root.strings:0 strings-encoding: en.lproj/Root.strings is UTF-16 without a byte-order mark, which the device cannot read, so the device shows the keys of Root.strings and they are the export's source texts; fix it and export again"),
    ])
    func developmentTableUnread(table: [UInt8], expected: String) throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: [
            "Root.plist": Array(xmlSchema(groupSpecifier("Units")).utf8),
            "en.lproj/Root.strings": table,
            "de.lproj/Root.strings": Array("\"Units\" = \"Einheiten\";\n".utf8),
        ]))
        let catalog = Extractor.catalog(of: bundle)
        let (exports, diagnostics) = try XLIFFExporter.export(catalog: catalog, bundle: bundle)
        #expect(diagnostics.map { "\($0.location.file):\($0.location.line ?? 0) \($0.rule): \($0.message)" } == [expected])
        #expect(exports.first?.document.files.first?.units.map { "\($0.source) -> \($0.target ?? "")" } == ["Units -> Einheiten"])
        let (catalogs, catalogDiagnostics) = try StringCatalogExporter.export(catalog: catalog, bundle: bundle)
        #expect(catalogDiagnostics.map { "\($0.location.file):\($0.location.line ?? 0) \($0.rule): \($0.message)" } == [expected])
        #expect(catalogs.first?.catalog.entries.first?.units == ["de": StringCatalog.Unit(state: "translated", value: "Einheiten")])
    }
}
