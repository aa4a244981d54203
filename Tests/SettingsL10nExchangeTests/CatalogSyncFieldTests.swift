import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

/// The field suite of sync on real files: VLC's bundle (fetched, copyleft: 62 languages, UTF-16
/// tables, symbolic keys), as `CatalogSyncRealTests` does with a-shell's.
@Suite("Field: String Catalog sync on VLC's bundle", .requires(.fetchedCorpus))
struct CatalogSyncFieldTests {
    @Test("VLC's bundle adopted, alone and into the real catalog: nothing lost, the tables untouched, a second sync changing nothing")
    func vlcRoundTrip() throws {
        let (entries, units, diagnostics) = try CatalogSyncRealTests.expectRoundTrip(TestPaths.vlc)
        #expect(entries == 237)
        #expect(units == 7_597)
        #expect(diagnostics == [])
    }

    @Test("VLC: a translator's edit in the catalog reaches the table, and only that")
    func vlcCatalogEdit() throws {
        try CatalogSyncRealTests.expectCatalogEdit(TestPaths.vlc, table: "Root", language: "de")
    }
}
