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
                                                   shared: Merger.SharedTableWork(table, sourceText: { [:] }), options: MergeOptions(), report: &report))
        #expect(again.text == merged)
        #expect(again.entries.map(\.key) == ["Sound", "Music", "Extra lives", "Café"])
        #expect(again.entries.map(\.isAsParsed) == [false, true, true, false])
        #expect(report.obsolete == ["Café"])
        #expect(!report.changesEntries)
        #expect(TableUpdate(path: "de.lproj/Root.strings", original: Array(merged.utf8), document: again).updated == Array(merged.utf8))
    }

}
