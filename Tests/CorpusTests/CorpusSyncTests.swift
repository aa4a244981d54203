import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10n
import SettingsL10nTestSupport

/// Adopts every corpus bundle (a copy in memory) into one new String Catalog for all its tables.
@Suite("Corpus: sync adoption writes no table, and a second sync changes nothing")
struct CorpusSyncTests {
    static func sync(_ bundle: SettingsBundle, _ catalog: Catalog, text: String?) throws -> CatalogSyncResult {
        let read = try text.map { try StringCatalog.readLocated(Array($0.utf8)) }
        let input = CatalogSyncInput(path: "../Settings.xcstrings", catalog: read?.catalog, positions: read?.positions ?? [:],
                                     tables: catalog.tables.map(\.name))
        return try CatalogSync.plan(input, bundle: bundle, catalog: catalog)
    }

    @Test("every corpus bundle", arguments: TestPaths.corpusBundles(), TableFallback.allCases)
    func corpus(path: String, fallback: TableFallback) throws {
        let files = try CorpusMergeTests.files(of: TestPaths.corpus(path))
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        let catalog = Extractor.catalog(of: bundle, tableFallback: fallback)
        let adopted = try Self.sync(bundle, catalog, text: nil)
        #expect(adopted.updates.map(\.path) == [], "\(path): adoption wrote tables")
        let second = try Self.sync(bundle, catalog, text: adopted.catalog.text)
        #expect(!second.catalogChanged, "\(path): the second sync changed the catalog")
        #expect(second.updates.map(\.path) == [], "\(path): the second sync wrote tables")
    }
}
