import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

/// Import plans a folder of documents one at a time (`XLIFFImporter.Session`), each let go once
/// planned (issue 29: an import of 40 exports held 2.1 GB). Checked against the plan of every
/// document at once: the same result, or the same error, or a fallback where two documents have
/// sections for one table.
@Suite("Importing documents one at a time")
struct ImportSessionTests {
    static func bundle() throws -> SettingsBundle {
        try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(groupSpecifier("Sound") + groupSpecifier("Music") + groupSpecifier("Effects")),
            "Privacy.plist": xmlSchema(groupSpecifier("Tracking"), stringsTable: "Privacy"),
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"Music\" = \"Music\";\n\"Effects\" = \"Effects\";\n",
            "en.lproj/Privacy.strings": "\"Tracking\" = \"Tracking\";\n",
            "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n",
            "fr.lproj/Root.strings": "\"Sound\" = \"Son\";\n",
        ]))
    }

    static func unit(_ id: String, _ target: String?, state: String? = "translated", source: String? = nil, line: Int = 1) -> XLIFFUnit {
        XLIFFUnit(id: id, source: source ?? id, target: target, state: state, position: TextPosition(line: line, column: 1))
    }

    static func file(_ table: String, _ language: String, _ units: [XLIFFUnit], prefix: String = "") -> XLIFFFile {
        XLIFFFile(original: prefix + "en.lproj/\(table).strings", sourceLanguage: "en", targetLanguage: language, units: units)
    }

    /// Sets of documents, each with sections for tables no other document of the set has.
    static let disjoint: [[(String, XLIFFDocument)]] = [
        [("de.xliff", XLIFFDocument(files: [file("Root", "de", [unit("Sound", "Klang"), unit("Music", "Musik", state: "needs-review-translation")])])),
         ("fr.xliff", XLIFFDocument(files: [file("Root", "fr", [unit("Music", "Musique"), unit("Gone", "x"), unit("Effects", "Effets", source: "FX")]),
                                           file("Privacy", "fr", [unit("Tracking", "Suivi"), unit("Tracking", "Pistage", line: 2)])]))],
        // Whole-app exports: sections of other files skipped, of unused tables counted.
        [("app-de.xliff", XLIFFDocument(files: [file("Localizable", "de", [unit("Hello", "Hallo")], prefix: "App/"),
                                               file("Root", "de", [unit("Effects", "Effekte")], prefix: "App/Settings.bundle/"),
                                               file("Unused", "de", [unit("a", "b")], prefix: "App/Settings.bundle/")])),
         ("app-fr.xliff", XLIFFDocument(files: [file("Root", "fr", [unit("Effects", nil, state: "new")], prefix: "App/Settings.bundle/")]))],
        // A document with a section for a table of the bundle that no schema file uses: refused.
        [("de.xliff", XLIFFDocument(files: [file("Root", "de", [unit("Sound", "Klang")])])),
         ("fr.xliff", XLIFFDocument(files: [file("Nothing", "fr", [unit("a", "b")])]))],
        // A language without a folder: refused, after the first document was planned.
        [("fr.xliff", XLIFFDocument(files: [file("Root", "fr", [unit("Sound", "Son!")])])),
         ("ja.xliff", XLIFFDocument(files: [file("Root", "ja", [unit("Sound", "音")])]))],
    ]

    @Test("documents for different tables: the same result or error as planning them all at once", arguments: 0..<disjoint.count)
    func sameAsAllAtOnce(index: Int) throws {
        let bundle = try Self.bundle()
        let catalog = Extractor.catalog(of: bundle)
        let documents = Self.disjoint[index]
        let together = Result { () throws(ExchangeError) in try XLIFFImporter.plan(documents: documents, bundle: bundle, catalog: catalog) }
        let oneByOne = Result { () throws(ExchangeError) -> ImportResult in
            var session = XLIFFImporter.Session(bundle: bundle, catalog: catalog)
            for (path, document) in documents {
                #expect(try session.add(document, path: path))
            }
            return session.result()
        }
        #expect(oneByOne == together)
    }

    @Test("the session's result for the first set, exactly (the comparison above is not of two empty results)")
    func firstSet() throws {
        let bundle = try Self.bundle()
        var session = XLIFFImporter.Session(bundle: bundle, catalog: Extractor.catalog(of: bundle))
        for (path, document) in Self.disjoint[0] { #expect(try session.add(document, path: path)) }
        let result = session.result()
        #expect(result.written == ["de.lproj/Root.strings": 2, "fr.lproj/Root.strings": 1])
        #expect(result.rejected.map { "\($0.location.file):\($0.location.line ?? 0) \($0.rule)" } == [
            "fr.xliff:1 import-unknown-key", "fr.xliff:1 import-source-changed",
            "fr.xliff:1 import-conflict", "fr.xliff:2 import-conflict",
        ])
    }

    @Test("a second document for a table already planned is not planned: the caller plans every document at once")
    func sameTableTwice() throws {
        let bundle = try Self.bundle()
        var session = XLIFFImporter.Session(bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(try session.add(XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Sound", "Klang")])]), path: "a.xliff"))
        #expect(try session.add(XLIFFDocument(files: [Self.file("Privacy", "de", [Self.unit("Tracking", "Verfolgung")])]), path: "b.xliff"))
        #expect(try !session.add(XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Sound", "Geräusch")])]), path: "c.xliff"))
        // Nothing of the third was planned.
        #expect(session.result().updates.map(\.document.text) == ["\"Sound\" = \"Klang\";\n", "/* Privacy.plist › group heading */\n\"Tracking\" = \"Verfolgung\";\n"])
    }

    @Test("conflicting units of several documents are named by the part of their paths that tells them apart")
    func documentNames() {
        #expect(XLIFFImporter.documentNames(["exports/de.xliff", "exports/de.xcloc/Localized Contents/de.xliff"])
            == ["de.xliff", "de.xcloc/Localized Contents/de.xliff"])
        #expect(XLIFFImporter.documentNames(["/tmp/a/de.xliff", "/tmp/b/de.xliff", "/tmp/a/Root.xcstrings"])
            == ["a/de.xliff", "b/de.xliff", "a/Root.xcstrings"])
        #expect(XLIFFImporter.documentNames(["de.xliff", "fr/de.xliff"]) == ["de.xliff", "fr/de.xliff"])
        #expect(XLIFFImporter.documentNames(["x/de.xliff", "x/de.xliff"]) == ["de.xliff", "de.xliff"])
    }

    @Test("a conflict between an XLIFF document and a String Catalog names both, the catalog without a line")
    func conflictPlaces() throws {
        let bundle = try Self.bundle()
        let result = try XLIFFImporter.plan(documents: [
            ("exports/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Sound", "Klang", line: 7)])])),
            ("exports/Root.xcstrings", XLIFFDocument(files: [Self.file("Root", "de", [XLIFFUnit(id: "Sound", source: "Sound", target: "Ton", state: "translated")])])),
        ], bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(result.rejected.map(\.message) == Array(repeating: "unit \"Sound\" is in the documents 2 times with different translations (de.xliff line 7, Root.xcstrings); none of them was imported: keep one", count: 2))
    }

    @Test("a unit in two documents, translated in one only: the translation is imported, no conflict, nothing left untranslated")
    func translatedInOneOnly() throws {
        let bundle = try Self.bundle()
        for order in [[0, 1], [1, 0]] {
            let documents = [
                ("a/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", "Musik", line: 3)])])),
                ("b/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", nil, state: "new", line: 4), Self.unit("Effects", "", state: "needs-translation", line: 5)])])),
            ]
            let result = try XLIFFImporter.plan(documents: order.map { documents[$0] }, bundle: bundle, catalog: Extractor.catalog(of: bundle))
            #expect(result.rejected.map(\.message) == [])
            #expect(result.written == ["de.lproj/Root.strings": 1])
            #expect(result.untranslated == 1)
            #expect(result.unchanged == 0)
        }
    }

    @Test("the same translation twice is imported once, and counted once when the table has it already")
    func sameTranslationTwice() throws {
        let bundle = try Self.bundle()
        let twice = { (target: String) in [
            ("a/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Sound", target, line: 3)])])),
            ("b/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Sound", target, line: 8), Self.unit("Music", nil, state: "new", line: 9)])])),
        ] }
        let held = try XLIFFImporter.plan(documents: twice("Ton"), bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(held.updates.isEmpty)
        #expect((held.unchanged, held.untranslated, held.rejected.count) == (1, 1, 0))
        let new = try XLIFFImporter.plan(documents: twice("Klang"), bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(new.written == ["de.lproj/Root.strings": 1])
        #expect((new.unchanged, new.untranslated, new.rejected.count) == (0, 1, 0))
        #expect(new.replaced.map(\.message) == ["de.lproj/Root.strings has \"Ton\" for \"Sound\"; the document's \"Klang\" replaces it"])
    }

    @Test("a conflict is told where the translations are, not where a place has none")
    func conflictWithAnUntranslatedPlace() throws {
        let bundle = try Self.bundle()
        let result = try XLIFFImporter.plan(documents: [
            ("a/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", "Musik", line: 3)])])),
            ("b/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", "Musikstück", line: 4), Self.unit("Music", nil, state: "new", line: 5)])])),
        ], bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(result.rejected.map { "\($0.location.file):\($0.location.line ?? 0)" } == ["a/de.xliff:3", "b/de.xliff:4"])
        #expect(result.rejected.map(\.message) == Array(repeating: "unit \"Music\" is in the documents 2 times with different translations (a/de.xliff line 3, b/de.xliff line 4); none of them was imported: keep one", count: 2))
        #expect((result.untranslated, result.unchanged) == (0, 0))
    }

    @Test("a place of an older export (its source changed) is refused on its own, in either order, and conflicts with no current place")
    func olderExportBesideCurrent() throws {
        let bundle = try Self.bundle()
        for olderTarget in ["Musik", "Musikk"] {
            let documents = [
                ("old/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", olderTarget, source: "Musc", line: 4)])])),
                ("new/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", "Musik", line: 6)])])),
            ]
            for order in [[0, 1], [1, 0]] {
                let result = try XLIFFImporter.plan(documents: order.map { documents[$0] }, bundle: bundle, catalog: Extractor.catalog(of: bundle))
                #expect(result.rejected.map { "\($0.location.file):\($0.location.line ?? 0) \($0.rule)" } == ["old/de.xliff:4 import-source-changed"])
                #expect(result.written == ["de.lproj/Root.strings": 1])
                #expect((result.untranslated, result.unchanged) == (0, 0))
            }
        }
    }

    @Test("the same translation in two states is a conflict that says so")
    func conflictInStateOnly() throws {
        let bundle = try Self.bundle()
        let result = try XLIFFImporter.plan(documents: [
            ("a/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", "Musik", line: 3)])])),
            ("b/de.xliff", XLIFFDocument(files: [Self.file("Root", "de", [Self.unit("Music", "Musik", state: "needs-review-translation", line: 4)])])),
        ], bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(result.rejected.map(\.message) == Array(repeating: "unit \"Music\" is in the documents 2 times with the same translation in different states (a/de.xliff line 3, b/de.xliff line 4); none of them was imported: keep one", count: 2))
    }
}
