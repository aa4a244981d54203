import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
import SettingsL10nTestSupport

/// A merge that changes nothing makes no copy of the entries it keeps: they stay places in the
/// parsed file (`StringsEntry.isAsParsed`), and the table is written back from its bytes.
@Suite("Merging keeps unchanged entries where they lie in the file")
struct MergeInPlaceTests {
    @Test("a second merge keeps every entry as parsed but the first (the header) and the obsolete section's opener")
    func unchangedEntriesStayInTheFile() throws {
        let first = try MergerTests.merge(["de.lproj/Root.strings": "\"Music\" = \"Musik\";\n\"Sound\" = \"Ton\";\n\"Extra lives\" = \"Leben\";\n\"Caf\\U00e9\" = \"alt\";\n"])
        let merged = try #require(first.texts["de.lproj/Root.strings"])
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": MergerTests.schema, "de.lproj/Root.strings": merged]))
        let table = try #require(Extractor.catalog(of: bundle).tables.first)
        let document = try StringsParser.parse(Array(merged.utf8))
        var report = TableMergeReport(locale: "de", table: "Root", path: "de.lproj/Root.strings", isDevelopmentLanguage: false)
        let again = try #require(Merger.mergeTable(table, document: document, language: "de", isDevelopment: false,
                                                   shared: Merger.SharedTableWork(table, sourceText: { .init() }), options: MergeOptions(), report: &report))
        #expect(again.text == merged)
        #expect(again.entries.map(\.key) == ["Sound", "Music", "Extra lives", "Café"])
        #expect(again.entries.map(\.isAsParsed) == [false, true, true, false])
        #expect(report.obsolete == ["Café"])
        #expect(!report.changesEntries)
        #expect(TableUpdate(path: "de.lproj/Root.strings", original: Array(merged.utf8), document: again).updated == Array(merged.utf8))
    }

    @Test("a table's content is the same in another order, and not where a comment is spelled in NFD, changes, or moves to the obsolete section")
    func content() throws {
        func parse(_ text: String) throws -> StringsDocument { try StringsParser.parse(Array(text.utf8)) }
        let table = try parse("/* Root.plist › Café */\n\"a\" = \"b\";\n// note\n\"c\" = \"d\"; // tail\n/* end */\n")
        let reordered = try parse("// note\n\"c\" = \"d\"; // tail\n\n/* Root.plist › Café */\n\"a\" = \"b\";\n/* end */\n")
        let commentInNFD = try parse("/* Root.plist › Cafe\u{301} */\n\"a\" = \"b\";\n// note\n\"c\" = \"d\"; // tail\n/* end */\n")
        let obsolete = try parse("/* Root.plist › Café */\n\"a\" = \"b\";\n\(GeneratedComment.obsoleteMarker)\n// note\n\"c\" = \"d\"; // tail\n/* end */\n")
        let otherComment = try parse("/* Root.plist › Café */\n\"a\" = \"b\";\n// note\n\"c\" = \"d\"; // tail!\n/* end */\n")
        #expect(TableContent.same(table, reordered) && TableContent(table) == TableContent(reordered))
        #expect(!TableContent.same(table, commentInNFD) && TableContent(table) != TableContent(commentInNFD))
        #expect(!TableContent.same(table, obsolete) && TableContent(table) != TableContent(obsolete))
        #expect(!TableContent.same(table, otherComment) && TableContent(table) != TableContent(otherComment))
        let fewer = try parse("\"a\" = \"b\";\n")
        #expect(!TableContent.same(table, fewer))
    }

    @Test("the obsolete section a merged table gains is a change, told before reading the rest; the same table with entries set anew is not")
    func obsoleteSectionGained() throws {
        let table = try StringsParser.parse(Array("/* Root.plist */\n\"a\" = \"b\";\n\n\"c\" = \"d\";\n\n\"e\" = \"f\";\n".utf8))
        // As merge makes it: the entries still places in the file, the marker above the last.
        var gained = table
        gained.entries[2].leadingTrivia = "\n" + GeneratedComment.obsoleteMarker + "\n"
        #expect(gained.entries.map(\.isAsParsed) == [true, true, false])
        #expect(!TableContent.same(table, gained) && TableContent(table) != TableContent(gained))
        // An entry set anew to the text it had: the same content.
        var rewritten = table
        rewritten.entries[1].leadingTrivia = table.entries[1].leadingTrivia
        #expect(!rewritten.entries[1].isAsParsed)
        #expect(TableContent.same(table, rewritten))
        // A table with the section already: the same as itself, another copy of it.
        let withSection = "/* Root.plist */\n\"a\" = \"b\";\n\n\(GeneratedComment.obsoleteMarker)\n\"c\" = \"d\";\n"
        let old = try StringsParser.parse(Array(withSection.utf8))
        #expect(TableContent.same(old, try StringsParser.parse(Array(withSection.utf8))))
        #expect(!TableContent.same(old, try StringsParser.parse(Array("/* Root.plist */\n\"a\" = \"b\";\n\n\"c\" = \"d\";\n".utf8))))
    }
}
