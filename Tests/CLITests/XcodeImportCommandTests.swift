import Foundation
import Testing
import SettingsL10nTestSupport

/// Xcode's exports, as written by hand after Xcode 15's layout (Tests/CLITests/Fixtures/Xcode).
@Suite("settings-l10n import of Xcode's exports")
struct XcodeImportCommandTests {
    static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/CLITests/Fixtures/Xcode")

    /// Writes at `url` a String Catalog of Privacy's one string "Analytics" with `localizations`
    /// (the members of its `localizations` object, as `AmbiguousImportCommandTests.catalog` takes them).
    static func writeCatalog(_ localizations: String, to url: URL) throws {
        try Data(AmbiguousImportCommandTests.catalog(localizations).utf8).write(to: url)
    }

    /// Writes at `url` an XLIFF document translating Privacy's "Analytics" into `language`.
    static func writeAnalyticsXLIFF(language: String, target: String, to url: URL) throws {
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Settings.bundle/en.lproj/Privacy.strings" source-language="en" target-language="\(language)" datatype="plaintext">
                <body><trans-unit id="Analytics"><source>Analytics</source><target state="translated">\(target)</target></trans-unit></body>
              </file>
            </xliff>

            """.utf8).write(to: url)
    }

    @Test("a whole-app XLIFF: this bundle's sections are imported, the others counted and skipped")
    func wholeApp() throws {
        let copy = try BundleCopy()
        try Data().write(to: copy.bundle.appendingPathComponent("de.lproj/Root.strings"))
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"))
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, Self.fixtures.appendingPathComponent("de.xliff").path])
        #expect(result == ToolResult(stdout: "", stderr: """
            skipped 2 sections for other files of the app (InfoPlist.strings, Localizable.xcstrings)
            skipped 1 section for tables no schema file uses: MapsApp/Settings.bundle/en.lproj/Legal.strings
            de.lproj/Privacy.strings: wrote 2 translations (new file)
            de.lproj/Root.strings: wrote 3 translations

            """, exitCode: 0))
        let after = try copy.snapshot()
        for (path, data) in before where path != "de.lproj/Root.strings" {
            #expect(after[path] == data, "\(path) changed")
        }
        #expect(String(decoding: after["de.lproj/Root.strings"]!, as: UTF8.self) == """
            /* Root.plist › group heading */
            "Account" = "Konto";

            /* Root.plist › label of a text field */
            "Password" = "Passwort";

            /* Root.plist › label of a list of choices */
            "Country" = "Land";

            """)
        #expect(String(decoding: after["de.lproj/Privacy.strings"]!, as: UTF8.self) == """
            /* Privacy.plist › group heading */
            "Analytics" = "Analyse";

            /* Privacy.plist › label of a read-only value */
            /* settings-l10n: needs review: imported from XLIFF as not yet reviewed */
            "Privacy policy" = "Datenschutzerklärung";

            """)
    }

    @Test("an .xcloc package, and the folder Xcode exported into")
    func packages() throws {
        let copy = try BundleCopy()
        try Data().write(to: copy.bundle.appendingPathComponent("sv.lproj/Root.strings"))
        let package = try Tool.run(["import", copy.bundle.path, Self.fixtures.appendingPathComponent("sv.xcloc").path, "--dry-run"])
        #expect(package.exitCode == 0)
        #expect(package.stderr == "skipped 1 section for other files of the app (InfoPlist.strings)\nsv.lproj/Root.strings: would write 2 translations\n")
        #expect(package.stdout.contains("+\"Units\" = \"Enheter\";"))
        let folder = try Tool.run(["import", copy.bundle.path, Self.fixtures.path])
        #expect(folder.exitCode == 0)
        #expect(folder.stderr.hasPrefix("skipped 3 sections for other files of the app (InfoPlist.strings, Localizable.xcstrings)\n"))
        #expect(folder.stderr.contains("sv.lproj/Root.strings: wrote 2 translations\n"))
        #expect(String(decoding: try copy.bytes("sv.lproj/Root.strings"), as: UTF8.self).contains("\"Units\" = \"Enheter\";"))
    }

    @Test("a document with nothing for this bundle is an error; nothing is written")
    func nothingForThisBundle() throws {
        let copy = try BundleCopy()
        let document = copy.folder.appendingPathComponent("app.xliff")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="MapsApp/en.lproj/InfoPlist.strings" source-language="en" target-language="de" datatype="plaintext">
                <body><trans-unit id="CFBundleDisplayName"><source>Maps</source><target>Karten</target></trans-unit></body>
              </file>
            </xliff>

            """.write(to: document, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, document.path])
        #expect(result == ToolResult(stdout: "", stderr: "error: \(document.path): no <file> of the document is a table of Settings.bundle (it has MapsApp/en.lproj/InfoPlist.strings); nothing was imported\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
        let exports = copy.folder.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        let empty = try Tool.run(["import", copy.bundle.path, exports.path])
        #expect(empty.exitCode == 3)
        #expect(empty.stderr == "error: \(exports.path) holds no .xliff, .xlf, .xcstrings or .xcloc; give the documents or the folder Xcode exported into; nothing was imported\n")
    }

    @Test("a String Catalog's string is one line for all its languages: each finding about it names the language it is about")
    func catalogFindingsNameTheLanguage() throws {
        let copy = try BundleCopy()
        try Self.writeCatalog("""
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Usage data" } },
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Nutzungsdaten" } },
                    "ja" : { "stringUnit" : { "state" : "translated", "value" : "利用データ" } }
            """, to: copy.folder.appendingPathComponent("Privacy.xcstrings"))
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, "Privacy.xcstrings"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            Privacy.xcstrings:4:5: error: the string "Analytics": its source "Usage data" no longer matches the development text "Analytics"; its de translation was not imported; export again and translate the new text [import-source-changed]
            Privacy.xcstrings:4:5: error: the string "Analytics": its source "Usage data" no longer matches the development text "Analytics"; its ja translation was not imported; export again and translate the new text [import-source-changed]
            no table changes (0 translations already up to date)
            2 problems kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("a catalog's translation that varies by plural or device is not imported, and said (it was counted as up to date); the other languages go in")
    func catalogVariationsSaid() throws {
        let copy = try BundleCopy()
        try Self.writeCatalog("""
                    "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "Analyse" } } } } },
                    "ja" : { "stringUnit" : { "state" : "translated", "value" : "分析!" } }
            """, to: copy.folder.appendingPathComponent("Privacy.xcstrings"))
        let result = try Tool.run(["import", "Settings.bundle", "Privacy.xcstrings"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            Privacy.xcstrings:4:5: warning: ja.lproj/Privacy.strings has "分析" for "Analytics"; the document's "分析!" replaces it [import-replaced]
            Privacy.xcstrings:4:5: error: the string "Analytics" varies by plural or device in de, which a .strings table of a Settings bundle \
            cannot hold (the Settings app reads one text per key); its de translation was not imported: give it one text (Vary by… off in \
            Xcode's editor) [import-variations]
            ja.lproj/Privacy.strings: wrote 1 translation
            1 problem kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(String(decoding: try copy.bytes("de.lproj/Privacy.strings"), as: UTF8.self).contains("\"Analytics\" = \"Analyse\";"))
    }

    @Test("a catalog's plural (a unit %#@n@ and its substitutions) is not imported as its placeholder; against an XLIFF document's plain text it is a conflict")
    func catalogPluralAgainstXLIFF() throws {
        let copy = try BundleCopy()
        try Self.writeCatalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@n@" }, "substitutions" : { "n" : { "variations" : { } } } }
            """, to: copy.folder.appendingPathComponent("Privacy.xcstrings"))
        try Self.writeAnalyticsXLIFF(language: "de", target: "Analyse!", to: copy.folder.appendingPathComponent("de.xliff"))
        let before = try copy.snapshot()
        let alone = try Tool.run(["import", "Settings.bundle", "Privacy.xcstrings"], in: copy.folder)
        #expect(alone.exitCode == 1)
        #expect(alone.stderr.hasPrefix("Privacy.xcstrings:4:5: error: the string \"Analytics\" varies by plural or device in de, which"))
        let both = try Tool.run(["import", "Settings.bundle", "de.xliff", "Privacy.xcstrings"], in: copy.folder)
        let places = "(de.xliff line 4, Privacy.xcstrings line 4); none of them was imported: keep one [import-conflict]"
        #expect(both == ToolResult(stdout: "", stderr: """
            de.xliff:4:11: error: unit "Analytics" is in the documents 2 times with different translations \(places)
            Privacy.xcstrings:4:5: error: the string "Analytics" is in the documents 2 times with different de translations \(places)
            no table changes (0 translations already up to date)
            2 problems kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("two String Catalogs that disagree on a string: each conflict names the language it is about")
    func catalogConflictsNameTheLanguage() throws {
        let copy = try BundleCopy()
        #expect(try Tool.run(["extract", "Settings.bundle", "--xcstrings", "A"], in: copy.folder).exitCode == 0)
        let exported = try String(contentsOf: copy.folder.appendingPathComponent("A/Privacy.xcstrings"), encoding: .utf8)
        let changed = exported.replacingOccurrences(of: "\"value\" : \"Analyse\"", with: "\"value\" : \"Analyse!\"")
            .replacingOccurrences(of: "\"value\" : \"分析\"", with: "\"value\" : \"分析!\"")
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("B"), withIntermediateDirectories: true)
        try Data(changed.utf8).write(to: copy.folder.appendingPathComponent("B/Privacy.xcstrings"))
        let before = try copy.snapshot()
        let result = try Tool.run(["import", "Settings.bundle", "A/Privacy.xcstrings", "B/Privacy.xcstrings"], in: copy.folder)
        let places = "(A/Privacy.xcstrings line 4, B/Privacy.xcstrings line 4); none of them was imported: keep one [import-conflict]"
        #expect(result == ToolResult(stdout: "", stderr: """
            A/Privacy.xcstrings:4:5: error: the string "Analytics" is in the documents 2 times with different de translations \(places)
            A/Privacy.xcstrings:4:5: error: the string "Analytics" is in the documents 2 times with different ja translations \(places)
            B/Privacy.xcstrings:4:5: error: the string "Analytics" is in the documents 2 times with different de translations \(places)
            B/Privacy.xcstrings:4:5: error: the string "Analytics" is in the documents 2 times with different ja translations \(places)
            no table changes (18 translations already up to date)
            4 problems kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("a document's extension in upper case says what it is, as Finder and Xcode read it; a folder's .xlf documents are imported too")
    func upperCaseExtensions() throws {
        let copy = try BundleCopy()
        let exports = copy.folder.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        try Self.writeCatalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Auswertung!" } }
            """, to: exports.appendingPathComponent("Privacy.XCSTRINGS"))
        try Self.writeAnalyticsXLIFF(language: "sv", target: "Analys!", to: exports.appendingPathComponent("sv.XLF"))
        let result = try Tool.run(["import", copy.bundle.path, "exports"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            exports/Privacy.XCSTRINGS:4:5: warning: de.lproj/Privacy.strings has "Analyse" for "Analytics"; the document's "Auswertung!" replaces it [import-replaced]
            exports/sv.XLF:4:11: warning: sv.lproj/Privacy.strings has "Analys" for "Analytics"; the document's "Analys!" replaces it [import-replaced]
            de.lproj/Privacy.strings: wrote 1 translation
            sv.lproj/Privacy.strings: wrote 1 translation

            """, exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Privacy.strings"), as: UTF8.self).contains("\"Analytics\" = \"Auswertung!\";"))
        #expect(String(decoding: try copy.bytes("sv.lproj/Privacy.strings"), as: UTF8.self).contains("\"Analytics\" = \"Analys!\";"))
    }

    /// Empties every table but the development language's.
    static func emptyTranslations(_ copy: BundleCopy) throws {
        for folder in try FileManager.default.contentsOfDirectory(atPath: copy.bundle.path) where folder.hasSuffix(".lproj") && folder != "en.lproj" {
            let url = copy.bundle.appendingPathComponent(folder)
            for table in try FileManager.default.contentsOfDirectory(atPath: url.path) where table.hasSuffix(".strings") {
                try Data().write(to: url.appendingPathComponent(table))
            }
        }
    }

    /// Every file of a folder, by relative path.
    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: folder.appendingPathComponent(path))
            }
        }
        return files
    }

    @Test("round trips: export, empty the tables, import; a second export is byte for byte the first (VLC's: CLIFieldTests)",
          arguments: [TestPaths.exampleBundle, TestPaths.corpus("holzschu__a-shell/Settings.bundle")], ["--xcstrings", "--xcloc"])
    func roundTrip(source: URL, option: String) throws {
        try Self.expectRoundTrip(source, option: option)
    }

    static func expectRoundTrip(_ source: URL, option: String) throws {
        let copy = try BundleCopy(source)
        let first = copy.folder.appendingPathComponent("first"), second = copy.folder.appendingPathComponent("second")
        let export = try Tool.run(["extract", copy.bundle.path, option, first.path])
        #expect(export.exitCode == 0)
        try Self.emptyTranslations(copy)
        let imported = try Tool.run(["import", copy.bundle.path, first.path])
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        #expect(try Tool.run(["extract", copy.bundle.path, option, second.path]).exitCode == 0)
        let (before, after) = (try Self.files(first), try Self.files(second))
        #expect(!before.isEmpty)
        #expect(after == before)
    }

    @Test("extract --xcloc writes Xcode's layout; --xcstrings one catalog per table")
    func layouts() throws {
        let copy = try BundleCopy()
        let out = copy.folder.appendingPathComponent("out")
        // --locale chooses the catalogs' languages too: Swedish (the development language's
        // units are only those whose text is not the key, none here).
        let result = try Tool.run(["extract", copy.bundle.path, "--xcloc", out.path, "--locale", "sv", "--xcstrings", out.path])
        #expect(result.exitCode == 0)
        #expect(result.stderr == """
            wrote \(out.path)/sv.xcloc: 57 units, 57 with a translation
            wrote \(out.path)/Privacy.xcstrings: 5 strings, 5 string units
            wrote \(out.path)/Root.xcstrings: 52 strings, 52 string units

            """)
        #expect(try Self.files(out).keys.sorted() == [
            "Privacy.xcstrings", "Root.xcstrings", "sv.xcloc/Localized Contents/sv.xliff",
            "sv.xcloc/Source Contents/Settings.bundle/en.lproj/Privacy.strings", "sv.xcloc/Source Contents/Settings.bundle/en.lproj/Root.strings",
            "sv.xcloc/contents.json",
        ])
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("sv.xcloc/Notes").path, isDirectory: &isFolder) && isFolder.boolValue)
        let contents = String(decoding: try Data(contentsOf: out.appendingPathComponent("sv.xcloc/contents.json")), as: UTF8.self)
        #expect(contents.hasPrefix("{\n  \"developmentRegion\" : \"en\",\n  \"project\" : \"Settings.bundle\",\n  \"targetLocale\" : \"sv\",\n"))
        let xliff = String(decoding: try Data(contentsOf: out.appendingPathComponent("sv.xcloc/Localized Contents/sv.xliff")), as: UTF8.self)
        #expect(xliff.contains("<file original=\"Settings.bundle/en.lproj/Root.strings\" source-language=\"en\" target-language=\"sv\""))
    }

    @Test("a String Catalog's findings name the line and column of the string's key, as an XLIFF document's name its unit's")
    func catalogPositions() throws {
        let copy = try BundleCopy()
        #expect(try Tool.run(["extract", "Settings.bundle", "--xcstrings", "cat"], in: copy.folder).exitCode == 0)
        let url = copy.folder.appendingPathComponent("cat/Root.xcstrings")
        let exported = try String(contentsOf: url, encoding: .utf8)
        let german = "\"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : "
        var edited = exported.replacingOccurrences(of: german + "\"Konto\"", with: german + "\"Benutzerkonto\"")
        edited = edited.replacingOccurrences(of: "  \"strings\" : {\n", with: "  \"strings\" : {\n    \"Gone\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Weg\" } } } },\n")
        #expect(edited.components(separatedBy: "\n").count == exported.components(separatedBy: "\n").count + 1)
        try Data(edited.utf8).write(to: url)
        let result = try Tool.run(["import", "Settings.bundle", "cat/Root.xcstrings", "--dry-run"], in: copy.folder)
        #expect(result.exitCode == 1)
        #expect(result.stderr == """
            cat/Root.xcstrings:35:5: warning: de.lproj/Root.strings has "Konto" for "Account"; the document's "Benutzerkonto" replaces it [import-replaced]
            cat/Root.xcstrings:4:5: error: the string "Gone" is not used by any schema file of the table Root any more; its de translation was not imported [import-unknown-key]
            de.lproj/Root.strings: would write 1 translation
            1 problem kept translations from being imported (see above)

            """)
    }
}
