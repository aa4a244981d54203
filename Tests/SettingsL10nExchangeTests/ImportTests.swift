import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

@Suite("Importing XLIFF into the tables")
struct ImportTests {
    static let schema = xmlSchema("""
    \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>
    \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Music</string>
    \t\t<key>Key</key><string>music</string><key>DefaultValue</key><true/></dict>
    \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Effects</string>
    \t\t<key>Key</key><string>fx</string><key>DefaultValue</key><true/></dict>
    """)

    static let german = "/* Hand-written header */\n\n/* The group */\n\"Sound\" = \"Ton\"; // checked by Anna\n\n\"Effects\"   =   \"Effekte\";\n"

    static func bundle(german: String = german, extra: [String: String] = [:]) throws -> SettingsBundle {
        var files = ["Root.plist": schema, "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"Music\" = \"Music\";\n\"Effects\" = \"Effects\";\n",
                     "de.lproj/Root.strings": german]
        files.merge(extra) { $1 }
        return try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
    }

    static func xliff(_ units: [XLIFFUnit], target: String = "de", original: String = "en.lproj/Root.strings") -> XLIFFDocument {
        XLIFFDocument(files: [XLIFFFile(original: original, sourceLanguage: "en", targetLanguage: target, units: units)])
    }

    static func plan(_ document: XLIFFDocument, bundle: SettingsBundle) throws -> ImportResult {
        try XLIFFImporter.plan(documents: [("de.xliff", document)], bundle: bundle, catalog: Extractor.catalog(of: bundle))
    }

    @Test("a changed value is edited in place; a new key goes where the schema puts it; nothing else moves")
    func editsAndInserts() throws {
        let bundle = try Self.bundle()
        let result = try Self.plan(Self.xliff([
            XLIFFUnit(id: "Sound", source: "Sound", target: "Klang", state: "translated"),
            XLIFFUnit(id: "Music", source: "Music", target: "Musik", state: "translated"),
            XLIFFUnit(id: "Effects", source: "Effects", target: "Effekte", state: "translated"),
        ]), bundle: bundle)
        #expect(result.rejected.isEmpty)
        #expect(result.unchanged == 1)
        #expect(result.written == ["de.lproj/Root.strings": 2])
        #expect(result.updates.map(\.document.text) == ["""
        /* Hand-written header */

        /* The group */
        "Sound" = "Klang"; // checked by Anna

        /* Root.plist › label of an on/off switch */
        "Music" = "Musik";

        "Effects"   =   "Effekte";

        """])
    }

    @Test("units whose source changed or whose key is gone are rejected; the others apply")
    func rejects() throws {
        let bundle = try Self.bundle()
        let result = try Self.plan(Self.xliff([
            XLIFFUnit(id: "Sound", source: "Sounds", target: "Klänge", position: TextPosition(line: 7, column: 7)),
            XLIFFUnit(id: "Gone", source: "Gone", target: "Weg", position: TextPosition(line: 12, column: 7)),
            XLIFFUnit(id: "Music", source: "Music", target: "Musik"),
        ]), bundle: bundle)
        #expect(result.rejected == [
            Diagnostic(.error, rule: .importSourceChanged,
                       "unit \"Sound\": its source \"Sounds\" no longer matches the development text \"Sound\"; export again and translate the new text",
                       at: SourceLocation(file: "de.xliff", line: 7, column: 7)),
            Diagnostic(.error, rule: .importUnknownKey,
                       "unit \"Gone\" is not used by any schema file of the table Root any more; it was not imported",
                       at: SourceLocation(file: "de.xliff", line: 12, column: 7)),
        ])
        #expect(result.updates.first?.document.table == ["Sound": "Ton", "Effects": "Effekte", "Music": "Musik"])
    }

    @Test("empty targets and untranslated states are never written")
    func emptyTargets() throws {
        let result = try Self.plan(Self.xliff([
            XLIFFUnit(id: "Music", source: "Music", target: ""),
            XLIFFUnit(id: "Sound", source: "Sound", target: "Ton?", state: "new"),
            XLIFFUnit(id: "Effects", source: "Effects"),
        ]), bundle: try Self.bundle())
        #expect(result.updates.isEmpty)
        #expect(result.untranslated == 3)
    }

    @Test("a document for a table or language the bundle does not have changes nothing", arguments: [
        (xliff([], original: "en.lproj/Other.strings"), "<file original=\"en.lproj/Other.strings\"> is for the table Other, which no schema file of the bundle uses; nothing was imported"),
        (xliff([], target: "fr"), "the target language fr has no .lproj folder in the bundle; create fr.lproj first; nothing was imported"),
        (xliff([], target: "../../evil"), "the target language \"../../evil\" is not a language tag (such as de, pt-BR or zh-Hans); nothing was imported"),
        (xliff([], target: ".."), "the target language \"..\" is not a language tag (such as de, pt-BR or zh-Hans); nothing was imported"),
        (xliff([], target: "en"), "the target language en is the development language; nothing was imported"),
    ])
    func unknownTableOrLanguage(document: XLIFFDocument, message: String) throws {
        #expect(throws: ExchangeError(message, path: "de.xliff")) { try Self.plan(document, bundle: try Self.bundle()) }
    }

    @Test("a document's language is found in the folder that spells it otherwise (zh-Hans in zh_CN.lproj, de-DE in de.lproj); a sibling is not it", arguments: [
        ("zh-Hans", "zh_CN.lproj/Root.strings"), ("zh-Hans-CN", "zh_CN.lproj/Root.strings"), ("zh-Hant", "zh_TW.lproj/Root.strings"),
        ("de-DE", "de.lproj/Root.strings"), ("zh-HK", nil), ("de-CH", nil),
    ] as [(String, String?)])
    func otherSpelling(language: String, path: String?) throws {
        let bundle = try Self.bundle(extra: ["zh_CN.lproj/Root.strings": "\"Sound\" = \"声音\";\n", "zh_TW.lproj/Root.strings": "\"Sound\" = \"聲音\";\n"])
        let document = Self.xliff([XLIFFUnit(id: "Music", source: "Music", target: "♪", state: "translated")], target: language)
        guard let path else {
            #expect(throws: ExchangeError("the target language \(language) has no .lproj folder in the bundle; create \(language).lproj first; nothing was imported", path: "de.xliff")) {
                try Self.plan(document, bundle: bundle)
            }
            return
        }
        #expect(try Self.plan(document, bundle: bundle).written == [path: 1])
    }

    @Test("review states set and clear the needs-review mark")
    func reviewMark() throws {
        let pending = try Self.plan(Self.xliff([XLIFFUnit(id: "Sound", source: "Sound", target: "Klang", state: "needs-review-translation")]),
                                    bundle: try Self.bundle())
        let marked = try #require(pending.updates.first?.document)
        #expect(marked.entries[0].leadingTrivia == "/* Hand-written header */\n\n/* The group */\n/* settings-l10n: needs review: imported from XLIFF as not yet reviewed */\n")
        #expect(marked.entries[0].needsReview)

        let reviewed = try Self.plan(Self.xliff([XLIFFUnit(id: "Sound", source: "Sound", target: "Klang", state: "translated")]),
                                     bundle: try Self.bundle(german: marked.text))
        #expect(reviewed.updates.first?.document.text == Self.german.replacingOccurrences(of: "\"Ton\"", with: "\"Klang\""))
    }

    @Test("every state but translated, final and signed-off marks the translation for review (needs-l10n, needs-adaptation, a tool's x-…, an empty or unknown one were imported as finished); none is translated", arguments: [
        ("needs-l10n", true), ("needs-adaptation", true), ("needs-review-l10n", true), ("x-pretranslated", true), ("", true), ("bogus", true),
        ("translated", false), ("final", false), ("signed-off", false), (nil, false),
    ] as [(String?, Bool)])
    func reviewStates(state: String?, marked: Bool) throws {
        let pending = try Self.plan(Self.xliff([XLIFFUnit(id: "Sound", source: "Sound", target: "Klang", state: state)]), bundle: try Self.bundle())
        let document = try #require(pending.updates.first?.document)
        #expect(document.entries[0].needsReview == marked)
        #expect(document.entries[0].value.stringValue == "Klang")
    }

    @Test("a fuzzy translation of Translate Toolkit's or Weblate's (approved=\"no\", state needs-translation) is imported marked for review; it was counted as no translation")
    func approvedNo() throws {
        let result = try Self.plan(Self.xliff([
            XLIFFUnit(id: "Music", source: "Music", target: "Musik", state: "needs-translation", approved: false),
            XLIFFUnit(id: "Effects", source: "Effects", target: "Effekte?", state: "needs-translation"),
        ]), bundle: try Self.bundle())
        #expect(result.untranslated == 1)
        let document = try #require(result.updates.first?.document)
        #expect(document.table == ["Sound": "Ton", "Effects": "Effekte", "Music": "Musik"])
        #expect(document.entries.first { $0.key == "Music" }?.needsReview == true)
    }

    @Test("a table that does not parse is left alone and reported")
    func malformedTable() throws {
        let result = try Self.plan(Self.xliff([XLIFFUnit(id: "Music", source: "Music", target: "Musik")]),
                                   bundle: try Self.bundle(german: "\"Sound\" = \"Ton\""))
        #expect(result.updates.isEmpty)
        #expect(result.rejected.map(\.rule.rawValue) == ["import-table-refused"])
        #expect(result.rejected.map(\.message) == [
            "1 unit was not imported into de.lproj/Root.strings: the table cannot be read (de.lproj/Root.strings:1:16: missing ';' after the value of \"Sound\"); fix it and import again",
        ])
    }

    @Test("a missing table is created as UTF-8 in the schema's order")
    func newTable() throws {
        let bundle = try Self.bundle(extra: ["sv.lproj/Other.strings": ""])
        let result = try Self.plan(Self.xliff([
            XLIFFUnit(id: "Effects", source: "Effects", target: "Effekter"),
            XLIFFUnit(id: "Sound", source: "Sound", target: "Ljud"),
        ], target: "sv"), bundle: bundle)
        let update = try #require(result.updates.first)
        #expect(update.path == "sv.lproj/Root.strings")
        #expect(update.original == nil)
        #expect(update.document.encoding == .utf8)
        #expect(update.document.text == "/* Root.plist › group heading */\n\"Sound\" = \"Ljud\";\n\n/* Root.plist › label of an on/off switch */\n\"Effects\" = \"Effekter\";\n")
    }

    @Test("a missing table is not made where it would hide a text the device shows now: Base.lproj's before the development language's")
    func newTableHidingFallback() throws {
        // en.lproj shows every key as itself; Base.lproj, read first, shows "Music" as a text.
        let bundle = try Self.bundle(extra: ["sv.lproj/Other.strings": "", "Base.lproj/Root.strings": "\"Music\" = \"Music & Podcasts\";\n"])
        let partial = [XLIFFUnit(id: "Effects", source: "Effects", target: "Effekter"), XLIFFUnit(id: "Sound", source: "Sound", target: "Ljud")]
        let refused = try Self.plan(Self.xliff(partial, target: "sv"), bundle: bundle)
        #expect(refused.updates == [])
        #expect(refused.written == [:])
        #expect(refused.rejected == [Diagnostic(
            .error, rule: .importTableRefused,
            "2 translations were not imported into sv.lproj/Root.strings: sv.lproj has no Root.strings, and one holding only the document's 2 translations would hide Base.lproj/Root.strings, which the device shows instead: 1 other string would show its key (\"Music\"); settings-l10n merge --fill source makes the table whole, then import again",
            at: SourceLocation(file: "de.xliff"))])
        // With every string the fallback shows, the table hides nothing and is made.
        let whole = try Self.plan(Self.xliff(partial + [XLIFFUnit(id: "Music", source: "Music", target: "Musik")], target: "sv"), bundle: bundle)
        #expect(whole.rejected == [])
        #expect(whole.updates.map(\.path) == ["sv.lproj/Root.strings"])
        #expect(whole.written == ["sv.lproj/Root.strings": 3])
    }

    @Test("the strings a new table would hide: those the fallback shows as a text, not as the key or empty, each once, in the table's order")
    func hiddenByNewTable() throws {
        let bundle = try Self.bundle()
        let table = try #require(Extractor.catalog(of: bundle).tables.first)
        let shown: [StringsKey: String] = ["Sound": "Sound", "Music": "Musik", "Effects": ""]
        #expect(table.hiddenByNewTable(holding: [], shown: { shown[$0] }) == ["Music"])
        #expect(table.hiddenByNewTable(holding: ["Music"], shown: { shown[$0] }) == [])
        #expect(table.hiddenByNewTable(holding: [], shown: { _ in "x" }) == ["Sound", "Music", "Effects"])
        // A string that needs no translation (doNotTranslate, no letter) is no table's to hold.
        var policy = table
        policy.strings[1].needsTranslation = false
        #expect(policy.hiddenByNewTable(holding: [], shown: { _ in "x" }) == ["Sound", "Effects"])
    }
}
