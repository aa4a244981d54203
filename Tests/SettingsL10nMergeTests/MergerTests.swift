import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
import SettingsL10nTestSupport

@Suite("Merging a table with the catalog")
struct MergerTests {
    static let schema = xmlSchema("""
    \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>
    \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Music</string>
    \t\t<key>Key</key><string>music</string><key>DefaultValue</key><true/></dict>
    \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Extra lives</string>
    \t\t<key>Key</key><string>lives</string><key>DefaultValue</key><true/></dict>
    """)

    /// Merges the tables of a bundle made of `Root.plist` (`schema`) and `tables`, and returns
    /// each table's text after the merge (nil where no file is written) and the reports.
    static func merge(_ tables: [String: String], schema: String = schema, options: MergeOptions = MergeOptions())
        throws -> (texts: [String: String], result: MergeResult) {
        var files = tables
        files["Root.plist"] = schema
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: options)
        var texts = tables
        for update in result.updates { texts[update.path] = update.document.text }
        return (texts, result)
    }

    @Test("the development language gets every key; an existing value is kept even when it differs")
    func developmentLanguage() throws {
        let (texts, result) = try Self.merge(["en.lproj/Root.strings": "\"Sound\" = \"Sound & FX\";\n"])
        #expect(texts["en.lproj/Root.strings"] == """
        "Sound" = "Sound & FX";
        /* Root.plist › label of an on/off switch */
        "Music" = "Music";
        /* Root.plist › label of an on/off switch */
        "Extra lives" = "Extra lives";

        """)
        #expect(result.reports.map(\.added) == [["Music", "Extra lives"]])
        #expect(result.reports.map(\.kept) == [1])
    }

    @Test("a missing development table is created in UTF-8, the Xcode way")
    func newDevelopmentTable() throws {
        let (texts, result) = try Self.merge(["de.lproj/Root.strings": "\"Music\" = \"Musik\";\n"])
        #expect(texts["en.lproj/Root.strings"] == """
        /* Root.plist › group heading */
        "Sound" = "Sound";

        /* Root.plist › label of an on/off switch */
        "Music" = "Music";

        /* Root.plist › label of an on/off switch */
        "Extra lives" = "Extra lives";

        """)
        #expect(result.updates.map(\.path) == ["en.lproj/Root.strings"])
        #expect(result.reports.first { $0.locale == "en" }?.created == true)
        #expect(result.reports.first { $0.locale == "de" }?.missing == ["Sound", "Extra lives"])
    }

    @Test("entries follow the schema; the header stays on top; comments travel with their entry")
    func order() throws {
        let (texts, _) = try Self.merge(["de.lproj/Root.strings": """
        /* German settings
           maintained by Anna */

        // Reviewed in May
        "Extra lives" = "Extraleben";

        /* The group */
        "Sound" = "Ton"; // short!

        "Music" = "Musik";
        """])
        #expect(texts["de.lproj/Root.strings"] == """
        /* German settings
           maintained by Anna */

        /* The group */
        "Sound" = "Ton"; // short!

        "Music" = "Musik";

        // Reviewed in May
        "Extra lives" = "Extraleben";

        """)
    }

    @Test("obsolete entries move to one marked section, live; --prune removes them")
    func obsolete() throws {
        let table = "\"Sound\" = \"Ton\";\n\"Old\" = \"Alt\";\n\"Music\" = \"Musik\";\n\"Gone\" = \"Weg\";\n\"Extra lives\" = \"Extraleben\";\n"
        let (texts, result) = try Self.merge(["de.lproj/Root.strings": table])
        let merged = try #require(texts["de.lproj/Root.strings"])
        #expect(merged == """
        "Sound" = "Ton";
        "Music" = "Musik";
        "Extra lives" = "Extraleben";
        /* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */
        "Old" = "Alt";
        "Gone" = "Weg";

        """)
        #expect(result.reports.first?.obsolete == ["Old", "Gone"])
        let (again, second) = try Self.merge(["de.lproj/Root.strings": merged])
        #expect(again["de.lproj/Root.strings"] == merged)
        #expect(second.updates.filter { $0.path.hasPrefix("de") }.isEmpty)
        let (pruned, report) = try Self.merge(["de.lproj/Root.strings": merged], options: MergeOptions(prune: true))
        #expect(pruned["de.lproj/Root.strings"] == "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n\"Extra lives\" = \"Extraleben\";\n")
        #expect(report.reports.first?.pruned == ["Old", "Gone"])
    }

    @Test("a key only InAppSettingsKit shows is live for the Settings app too: kept after its keys, never pruned")
    func otherHost() throws {
        let schema = xmlSchema("""
        \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>
        \t\t<dict><key>Type</key><string>IASKButtonSpecifier</string><key>Title</key><string>Run</string><key>Key</key><string>run</string></dict>
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Music</string>
        \t\t<key>Key</key><string>music</string><key>DefaultValue</key><true/></dict>
        """)
        let table = "\"Run\" = \"Los\";\n\"Old\" = \"Alt\";\n\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n"
        let (pruned, result) = try Self.merge(["de.lproj/Root.strings": table], schema: schema, options: MergeOptions(prune: true))
        #expect(pruned["de.lproj/Root.strings"] == "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n\"Run\" = \"Los\";\n")
        #expect(result.reports.first?.pruned == ["Old"])
        #expect(result.reports.first?.obsolete == [])
        #expect(result.reports.first?.kept == 3)
        let (again, second) = try Self.merge(["de.lproj/Root.strings": pruned["de.lproj/Root.strings"]!], schema: schema)
        #expect(again["de.lproj/Root.strings"] == pruned["de.lproj/Root.strings"])
        #expect(second.updates.filter { $0.path.hasPrefix("de") }.isEmpty)
    }

    @Test("an obsolete key that is used again moves back into place")
    func revived() throws {
        let table = "\"Sound\" = \"Ton\";\n\n\"Music\" = \"Musik\";\n\n/* settings-l10n: obsolete: no schema file uses the keys below; they stay live until merge --prune */\n\"Extra lives\" = \"Extraleben\";\n\n\"Gone\" = \"Weg\";\n"
        let (texts, _) = try Self.merge(["de.lproj/Root.strings": table])
        #expect(texts["de.lproj/Root.strings"] == "\"Sound\" = \"Ton\";\n\n\"Music\" = \"Musik\";\n\n\"Extra lives\" = \"Extraleben\";\n\n/* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */\n\"Gone\" = \"Weg\";\n")
    }

    @Test("a slightly changed title takes the old translation, marked for review")
    func fuzzy() throws {
        let (texts, result) = try Self.merge(["de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n\"Extra Lives\" = \"Extraleben\";\n"])
        #expect(texts["de.lproj/Root.strings"] == """
        "Sound" = "Ton";
        "Music" = "Musik";
        /* Root.plist › label of an on/off switch */
        /* settings-l10n: needs review: carried over from "Extra Lives" */
        "Extra lives" = "Extraleben";
        /* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */
        "Extra Lives" = "Extraleben";

        """)
        #expect(result.reports.first?.fuzzy == [FuzzyCarryOver(key: "Extra lives", from: "Extra Lives", score: 1)])
        #expect(result.reports.first?.missing == [])
    }

    @Test("an old key gives its translation once: merging again carries it to no other missing key (merging twice changes nothing)")
    func fuzzyOnce() throws {
        let schema = xmlSchema("""
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Ask 39.12.0</string>
        \t\t<key>Key</key><string>lives</string><key>DefaultValue</key><true/></dict>
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Ask 39.12.12</string>
        \t\t<key>Key</key><string>life</string><key>DefaultValue</key><true/></dict>
        """)
        let (first, firstResult) = try Self.merge(["de.lproj/Root.strings": "\"ask 39.12.0\" = \"Fragen\";\n"], schema: schema)
        #expect(firstResult.reports.first?.fuzzy == [FuzzyCarryOver(key: "Ask 39.12.0", from: "ask 39.12.0", score: 1)])
        #expect(firstResult.reports.first?.missing == ["Ask 39.12.12"])
        let merged = try #require(first["de.lproj/Root.strings"])
        let (second, secondResult) = try Self.merge(["de.lproj/Root.strings": merged], schema: schema)
        #expect(secondResult.reports.first?.fuzzy == [])
        #expect(secondResult.reports.first?.missing == ["Ask 39.12.12"])
        #expect(secondResult.reports.first?.changed == false)
        #expect(second["de.lproj/Root.strings"] == merged)
    }

    @Test("the development language never takes fuzzy carry-overs: a new key's value is its text")
    func fuzzyNotInDevelopment() throws {
        let (texts, _) = try Self.merge(["en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"Music\" = \"Music\";\n\"Extra Lives\" = \"Extra Lives\";\n"])
        #expect(texts["en.lproj/Root.strings"]?.contains("\"Extra lives\" = \"Extra lives\";") == true)
    }

    @Test("duplicates keep the entry the device uses (the last) and report the others")
    func duplicates() throws {
        let (texts, result) = try Self.merge(["de.lproj/Root.strings": "/* first try */\n\"Music\" = \"Musick\";\n\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n"])
        #expect(texts["de.lproj/Root.strings"] == "\"Sound\" = \"Ton\";\n/* first try */\n\"Music\" = \"Musik\";\n")
        #expect(result.reports.first?.duplicates == [DuplicateEntry(key: "Music", position: TextPosition(line: 2, column: 1), value: "Musick")])
    }

    @Test("--fill source adds missing keys with the source text, marked untranslated")
    func fill() throws {
        let (texts, result) = try Self.merge(["en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"Music\" = \"Music\";\n\"Extra lives\" = \"Extra lives\";\n",
                                              "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n"],
                                             options: MergeOptions(fillSource: true))
        #expect(texts["de.lproj/Root.strings"] == """
        "Sound" = "Ton";
        /* Root.plist › label of an on/off switch */
        /* settings-l10n: untranslated: shows the source text until translated */
        "Music" = "Music";
        /* Root.plist › label of an on/off switch */
        /* settings-l10n: untranslated: shows the source text until translated */
        "Extra lives" = "Extra lives";

        """)
        #expect(result.reports.first { $0.locale == "de" }?.added == ["Music", "Extra lives"])
    }

    @Test("location comments settings-l10n wrote follow the schema; people's comments do not change")
    func locationComments() throws {
        let table = "/* Root.plist › group heading */\n\"Music\" = \"Musik\";\n\n/* Sound of the game */\n\"Sound\" = \"Ton\";\n"
        let (texts, _) = try Self.merge(["de.lproj/Root.strings": table])
        #expect(texts["de.lproj/Root.strings"] == "/* Sound of the game */\n\"Sound\" = \"Ton\";\n\n/* Root.plist › label of an on/off switch */\n\"Music\" = \"Musik\";\n")
    }

    @Test("encoding, byte-order mark and line endings are kept")
    func encodings() throws {
        let text = "\"Music\" = \"Musik\";\r\n\"Sound\" = \"Ton\";\r\n"
        let files = ["Root.plist": Array(Self.schema.utf8), "de.lproj/Root.strings": utf16Bytes(text, bigEndian: true)]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), locales: ["de"])
        let update = try #require(result.updates.first)
        #expect(update.updated == utf16Bytes("\"Sound\" = \"Ton\";\r\n\"Music\" = \"Musik\";\r\n", bigEndian: true))
    }

    @Test("a table that does not parse is left untouched and reported")
    func malformed() throws {
        let (_, result) = try Self.merge(["de.lproj/Root.strings": "\"Sound\" = \"Ton\"\n"])
        #expect(result.updates.map(\.path) == ["en.lproj/Root.strings"])
        let report = try #require(result.reports.first { $0.locale == "de" })
        #expect(report.problem == "does not parse: missing ';' after the value of \"Sound\"; it was left untouched")
        #expect(report.problemPosition == TextPosition(line: 1, column: 16))
        #expect(result.hasProblems)
    }

    @Test("a table of only comments keeps them on top")
    func commentOnly() throws {
        let (texts, _) = try Self.merge(["en.lproj/Root.strings": "/* Settings */\n"])
        #expect(texts["en.lproj/Root.strings"]?.hasPrefix("/* Settings */\n\n/* Root.plist › group heading */\n\"Sound\" = \"Sound\";\n") == true)
    }

    @Test("strings that need no translation are neither missing nor filled in other languages")
    func noTranslationNeeded() throws {
        let schema = xmlSchema("""
        \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>
        \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>100 %</string></dict>
        """)
        let tables = ["en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"100 %\" = \"100 %\";\n", "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n"]
        let (texts, result) = try Self.merge(tables, schema: schema, options: MergeOptions(fillSource: true))
        #expect(texts["de.lproj/Root.strings"] == "\"Sound\" = \"Ton\";\n")
        #expect(result.reports.map { "\($0.path): missing \($0.missing), added \($0.added)" } == [
            "de.lproj/Root.strings: missing [], added []", "en.lproj/Root.strings: missing [], added []",
        ])
        let plain = try Self.merge(["en.lproj/Root.strings": tables["en.lproj/Root.strings"]!, "de.lproj/Root.strings": ""], schema: schema)
        #expect(plain.result.reports[0].missing == ["Sound"])
    }
}
