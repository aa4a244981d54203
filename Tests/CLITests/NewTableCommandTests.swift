import Foundation
import Testing
import SettingsL10nTestSupport

/// import and merge --fill-from into a table a language lacks: made only where it hides no text
/// the device shows now, as sync makes one (`sync-table-missing`); refused otherwise, the files
/// untouched.
@Suite("settings-l10n import and merge --fill-from: a table the language lacks")
struct NewTableCommandTests {
    /// Root with two switches, en's table giving both a text, and a de folder without Root.strings.
    static func bundle() throws -> (BundleCopy, TemporaryFolder) {
        try SyncAdoptionCommandTests.bundle([
            "Root.plist": xmlSchema(SyncAdoptionCommandTests.toggle("ROOT_SOUND", key: "sound") + "\n"
                                    + SyncAdoptionCommandTests.toggle("ROOT_VOLUME", key: "volume")),
            "en.lproj/Root.strings": "\"ROOT_SOUND\" = \"Sound\";\n\"ROOT_VOLUME\" = \"Volume\";\n",
            "de.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n",
        ])
    }

    /// de.xliff as extract exports it, with `targets` filled in.
    static func xliff(_ copy: BundleCopy, _ targets: [String: String]) throws -> String {
        #expect(try Tool.run(["extract", "Settings.bundle", "--xliff", "out", "--locale", "de"], in: copy.folder).exitCode == 0)
        let exported = try String(contentsOf: copy.folder.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        let filled = ImportCommandTests.fill(exported, targets)
        try Data(filled.utf8).write(to: copy.folder.appendingPathComponent("de.xliff"))
        return filled
    }

    static let refusal = "1 translation was not imported into de.lproj/Root.strings: de.lproj has no Root.strings, and one holding only the document's 1 translation would hide en.lproj/Root.strings, which the device shows instead: 1 other string would show its key (\"ROOT_VOLUME\"); settings-l10n merge --fill source makes the table whole, then import again [import-table-refused]"

    @Test("an XLIFF translating one of two strings makes no de Root.strings (the other would show its key, not en's text): exit 1, nothing written; after merge --fill source it is imported")
    func xliffPartial() throws {
        let (copy, _) = try Self.bundle()
        _ = try Self.xliff(copy, ["ROOT_SOUND": "Ton"])
        let before = try copy.snapshot()
        for extra in [[], ["--dry-run"]] {
            #expect(try Tool.run(["import", "Settings.bundle", "de.xliff"] + extra, in: copy.folder) == ToolResult(stdout: "", stderr: """
                de.xliff:3:3: error: \(Self.refusal)
                no table changes (0 translations already up to date; 1 unit has no translation yet)
                1 problem kept translations from being imported (see above)

                """, exitCode: 1))
            #expect(try copy.snapshot() == before)
        }
        #expect(try Tool.run(["merge", "Settings.bundle", "--fill", "source", "--locale", "de"], in: copy.folder).exitCode == 0)
        #expect(try Tool.run(["import", "Settings.bundle", "de.xliff"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "de.lproj/Root.strings: wrote 1 translation\n", exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self) == """
            /* Root.plist › label of an on/off switch */
            "ROOT_SOUND" = "Ton";

            /* Root.plist › label of an on/off switch */
            /* settings-l10n: untranslated: shows the source text until translated */
            "ROOT_VOLUME" = "Volume";

            """)
    }

    @Test("an XLIFF translating both strings makes the table: it hides nothing")
    func xliffWhole() throws {
        let (copy, _) = try Self.bundle()
        _ = try Self.xliff(copy, ["ROOT_SOUND": "Ton", "ROOT_VOLUME": "Lautstärke"])
        #expect(try Tool.run(["import", "Settings.bundle", "de.xliff"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "de.lproj/Root.strings: wrote 2 translations (new file)\n", exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self).contains("\"ROOT_VOLUME\" = \"Lautstärke\";"))
    }

    @Test("a String Catalog translating one of two strings into de is refused the same way")
    func catalogPartial() throws {
        let (copy, _) = try Self.bundle()
        #expect(try Tool.run(["extract", "Settings.bundle", "--xcstrings", "cat"], in: copy.folder).exitCode == 0)
        let url = copy.folder.appendingPathComponent("cat/Root.xcstrings")
        let exported = try String(contentsOf: url, encoding: .utf8)
        let translated = exported.replacingOccurrences(
            of: "\"localizations\" : {\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sound\"",
            with: "\"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Ton\"\n          }\n        },\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sound\"")
        #expect(translated != exported)
        try Data(translated.utf8).write(to: url)
        let before = try copy.snapshot()
        // Named at the first string the language's translations come from (ROOT_SOUND's key),
        // as an XLIFF's refusal names its <file>.
        #expect(try Tool.run(["import", "Settings.bundle", "cat/Root.xcstrings"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            cat/Root.xcstrings:4:5: error: \(Self.refusal)
            no table changes (0 translations already up to date)
            1 problem kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("a String Catalog's refusal names the first string the translations come from, not a first string that gives none")
    func catalogPartialNamesTranslatedString() throws {
        let (copy, _) = try Self.bundle()
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("cat"), withIntermediateDirectories: true)
        try Data("""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "ROOT_SOUND" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "new", "value" : "" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Sound" } }
                  }
                },
                "ROOT_VOLUME" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Lautstärke" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Volume" } }
                  }
                }
              },
              "version" : "1.0"
            }

            """.utf8).write(to: copy.folder.appendingPathComponent("cat/Root.xcstrings"))
        let before = try copy.snapshot()
        #expect(try Tool.run(["import", "Settings.bundle", "cat/Root.xcstrings"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            cat/Root.xcstrings:10:5: error: \(Self.refusal.replacingOccurrences(of: "ROOT_VOLUME", with: "ROOT_SOUND"))
            no table changes (0 translations already up to date; 1 unit has no translation yet)
            1 problem kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    /// An app catalog translating `translations` (source text to German) into de.
    static func appCatalog(_ copy: BundleCopy, _ translations: [(String, String)]) throws {
        try appCatalog(copy, languages: translations.map { ($0.0, [("de", $0.1)]) })
    }

    /// An app catalog translating each source text into each language given (language, value),
    /// the values as JSON writes them (`\\u001b` for an escape).
    static func appCatalog(_ copy: BundleCopy, languages translations: [(String, [(String, String)])]) throws {
        let strings = translations.map { source, values in
            let units = values.map { "\"\($0.0)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\($0.1)\" } }" }
            return "\"\(source)\" : { \"localizations\" : { \(units.joined(separator: ", ")) } }"
        }.joined(separator: ",\n    ")
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \(strings)\n  },\n  \"version\" : \"1.0\"\n}\n".utf8)
            .write(to: copy.folder.appendingPathComponent("App.xcstrings"))
    }

    @Test("merge --fill-from with the app's translation of one of two strings makes no de Root.strings: exit 1, nothing written, also under --check; with --fill source the table is made whole")
    func fillFromPartial() throws {
        let (copy, _) = try Self.bundle()
        try Self.appCatalog(copy, [("Sound", "Ton")])
        let before = try copy.snapshot()
        let notMade = "de.lproj/Root.strings: not made: de.lproj has no Root.strings, and one holding only the app's 1 translation would hide en.lproj/Root.strings, which the device shows instead: 1 other string would show its key (\"ROOT_VOLUME\"); add --fill source to make it whole (the others marked untranslated, showing the source text)\n"
        for extra in [[], ["--dry-run"], ["--check"]] {
            #expect(try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings"] + extra, in: copy.folder) == ToolResult(
                stdout: "", stderr: notMade + "en.lproj/Root.strings: 2 kept; up to date\n", exitCode: 1))
            #expect(try copy.snapshot() == before)
        }
        #expect(try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings", "--fill", "source"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            de.lproj/Root.strings: 1 added, 1 from the app's de (to review); written (new file)
            en.lproj/Root.strings: 2 kept; up to date
            filled from the app's languages: de.lproj from de
            1 missing translation taken from the app, marked for review: 1 from App.xcstrings

            """, exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self) == """
            /* Root.plist › label of an on/off switch */
            /* settings-l10n: needs review: from the app's App.xcstrings */
            "ROOT_SOUND" = "Ton";

            /* Root.plist › label of an on/off switch */
            /* settings-l10n: untranslated: shows the source text until translated */
            "ROOT_VOLUME" = "Volume";

            """)
    }

    @Test("merge --fill-from takes no translation holding a control character (import and sync refuse those): a warning names it, the rest fills")
    func fillFromControlCharacter() throws {
        let (copy, _) = try Self.bundle()
        try Self.appCatalog(copy, [("Sound", "Ton"), ("Volume", "Laut\\u001b[31mst\\u0000ärke")])
        #expect(try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings", "--fill", "source"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            warning: --fill-from App.xcstrings: the app's de translation of "Volume" holds a control character (U+001B), which settings-l10n writes into no table (import and sync refuse it too); it is not taken
            de.lproj/Root.strings: 1 added, 1 from the app's de (to review); written (new file)
            en.lproj/Root.strings: 2 kept; up to date
            filled from the app's languages: de.lproj from de
            1 missing translation taken from the app, marked for review: 1 from App.xcstrings

            """, exitCode: 0))
        #expect(!String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self).contains("Laut"))
    }

    @Test("merge --fill-from names a refused translation only of a language that fills a folder: the app's fr, which no folder takes, is not told")
    func fillFromControlCharacterOfOtherLanguage() throws {
        let (copy, _) = try Self.bundle()
        try Self.appCatalog(copy, languages: [("Sound", [("de", "Ton")]), ("Volume", [("de", "Lautstärke"), ("fr", "Vol\\u001bume")])])
        let result = try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings"], in: copy.folder)
        #expect(result.stderr == """
            de.lproj/Root.strings: 2 from the app's de (to review); written (new file)
            en.lproj/Root.strings: 2 kept; up to date
            filled from the app's languages: de.lproj from de
            2 missing translations taken from the app, marked for review: 2 from App.xcstrings

            """)
        #expect((result.stdout, result.exitCode) == ("", 0))
    }

    @Test("merge --fill-from names a refused translation only where it would have filled a missing key: de.lproj translating Volume already, the app's refused de Volume is not told")
    func fillFromControlCharacterOfPresentString() throws {
        let (copy, _) = try Self.bundle()
        try Data("\"ROOT_VOLUME\" = \"Lautstärke\";\n".utf8).write(to: copy.bundle.appendingPathComponent("de.lproj/Root.strings"))
        try Self.appCatalog(copy, [("Sound", "Ton"), ("Volume", "Laut\\u001bstärke")])
        let result = try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            de.lproj/Root.strings: 1 kept, 1 from the app's de (to review); written
            en.lproj/Root.strings: 2 kept; up to date
            filled from the app's languages: de.lproj from de
            1 missing translation taken from the app, marked for review: 1 from App.xcstrings

            """, exitCode: 0))
        // Without the translation, the key it would have filled is told once, however many
        // folders lack it.
        try Data("\"ROOT_SOUND\" = \"Ton\";\n".utf8).write(to: copy.bundle.appendingPathComponent("de.lproj/Root.strings"))
        try FileManager.default.copyItem(at: copy.bundle.appendingPathComponent("de.lproj"), to: copy.bundle.appendingPathComponent("de_AT.lproj"))
        let missing = try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings", "--dry-run"], in: copy.folder)
        #expect(missing.stderr.components(separatedBy: "warning: ").count == 2, "\(missing.stderr)")
        #expect(missing.stderr.hasPrefix("warning: --fill-from App.xcstrings: the app's de translation of \"Volume\" holds a control character (U+001B)"), "\(missing.stderr)")
    }

    @Test("merge --fill-from --locale names the refused translation of the folder it merges, in any spelling of it; never of the development language's variant (en-GB), which fills nothing")
    func fillFromControlCharacterLocaleSpelling() throws {
        let (copy, _) = try Self.bundle()
        try Self.appCatalog(copy, languages: [("Sound", [("de", "To\\u001bn"), ("en-GB", "So\\u001bund")]), ("Volume", [("de", "Lautstärke")])])
        let warning = "warning: --fill-from App.xcstrings: the app's de translation of \"Sound\" holds a control character (U+001B), which settings-l10n writes into no table (import and sync refuse it too); it is not taken\n"
        for locale in ["de", "DE"] {
            let result = try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings", "--fill", "source", "--dry-run", "--locale", locale], in: copy.folder)
            #expect(result.stderr.hasPrefix(warning), "\(locale): \(result.stderr)")
            #expect(!result.stderr.contains("en-GB"))
            #expect(result.exitCode == 0)
        }
        let english = try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings", "--fill", "source", "--dry-run", "--locale", "en"], in: copy.folder)
        #expect(!english.stderr.contains("warning"), "\(english.stderr)")
    }

    @Test("pt-BR.lproj lacking Root.strings shows pt.lproj's (its search list: pt-BR, pt, then en): an import of one translation is refused, naming pt's table and saying to start from it; merge --fill-from too")
    func regionalParent() throws {
        let copy = try BundleCopy()
        try FileManager.default.copyItem(at: copy.bundle.appendingPathComponent("de.lproj"), to: copy.bundle.appendingPathComponent("pt.lproj"))
        try FileManager.default.createDirectory(at: copy.bundle.appendingPathComponent("pt-BR.lproj"), withIntermediateDirectories: true)
        #expect(try Tool.run(["extract", "Settings.bundle", "--xliff", "out", "--locale", "pt-BR"], in: copy.folder).exitCode == 0)
        let exported = try String(contentsOf: copy.folder.appendingPathComponent("out/pt-BR.xliff"), encoding: .utf8)
        try Data(ImportCommandTests.fill(exported, ["Account": "Conta"]).utf8).write(to: copy.folder.appendingPathComponent("br.xliff"))
        let before = try copy.snapshot()
        let result = try Tool.run(["import", "Settings.bundle", "br.xliff"], in: copy.folder)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains(": error: 1 translation was not imported into pt-BR.lproj/Root.strings: pt-BR.lproj has no Root.strings, and one holding only the document's 1 translation would hide pt.lproj/Root.strings, which the device shows instead: 47 other strings would show their keys (\"Your account keeps your routes in sync between your devices.\", \"User name\", \"Password\", …); copy pt.lproj/Root.strings into pt-BR.lproj to start the table from its translations, then import again [import-table-refused]\n"))
        #expect(try copy.snapshot() == before)
        try Data("{\"sourceLanguage\" : \"en\", \"strings\" : {\"Account\" : {\"localizations\" : {\"pt-BR\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"Conta\"}}}}}, \"version\" : \"1.0\"}".utf8)
            .write(to: copy.folder.appendingPathComponent("App.xcstrings"))
        let merge = try Tool.run(["merge", "Settings.bundle", "--fill-from", "App.xcstrings", "--locale", "pt-BR"], in: copy.folder)
        #expect(merge.exitCode == 1)
        #expect(merge.stderr.contains("pt-BR.lproj/Root.strings: not made: pt-BR.lproj has no Root.strings, and one holding only the app's 1 translation would hide pt.lproj/Root.strings, which the device shows instead: 47 other strings would show their keys (\"Your account keeps your routes in sync between your devices.\", \"User name\", \"Password\", …); copy pt.lproj/Root.strings into pt-BR.lproj to start the table from its translations\n"))
        #expect(try copy.snapshot() == before)
    }
}
