import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
import SettingsL10nTestSupport

@Suite("extract output matches the golden files")
struct CatalogGoldenTests {
    static func catalog(_ bundle: URL, fallback: TableFallback = .none, host: SettingsHost = .settingsApp) throws -> Catalog {
        Extractor.catalog(of: try BundleLoader.load(from: try DiskBundleSource(path: bundle.path)), tableFallback: fallback, host: host)
    }

    @Test("the example bundle, JSON and text")
    func example() throws {
        let catalog = try Self.catalog(TestPaths.exampleBundle)
        Golden.check(catalog.jsonText, against: "extract-example.json")
        Golden.check(catalog.text, against: "extract-example.txt")
        #expect(catalog.diagnostics.isEmpty)
    }

    static let iaskSample = "futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle"

    @Test("InAppSettingsKit's sample bundle, as InAppSettingsKit shows it")
    func iaskGolden() throws {
        Golden.check(try Self.catalog(TestPaths.corpus(Self.iaskSample), host: .inAppSettingsKit).jsonText, against: "extract-iask-sample.json")
    }

    @Test("InAppSettingsKit sample: panes without StringsTable are unlocalized")
    func iaskUnlocalized() throws {
        let catalog = try Self.catalog(TestPaths.corpus(Self.iaskSample))
        #expect(catalog.unlocalized.map(\.file) == ["Listgroup.plist", "Account.plist", "Tag.plist"])
        let fallback = try Self.catalog(TestPaths.corpus(Self.iaskSample), fallback: .fileName)
        #expect(fallback.unlocalized.isEmpty)
    }
}
