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

    static let vlc = "videolan__vlc-ios/Resources__iOS__Settings.bundle"
    static let iaskSample = "futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle"

    @Test("VLC's bundle (fetched)", .requires(.fetchedCorpus))
    func vlcGolden() throws {
        Golden.check(try Self.catalog(TestPaths.corpus(Self.vlc)).jsonText, against: "extract-vlc.json")
    }

    @Test("InAppSettingsKit's sample bundle, as InAppSettingsKit shows it")
    func iaskGolden() throws {
        Golden.check(try Self.catalog(TestPaths.corpus(Self.iaskSample), host: .inAppSettingsKit).jsonText, against: "extract-iask-sample.json")
    }

    @Test("VLC: the symbolic keys of Root.plist and Root.inApp.plist", .requires(.fetchedCorpus))
    func vlcKeys() throws {
        let catalog = try Self.catalog(TestPaths.corpus(Self.vlc))
        let root = try #require(catalog.table(named: "Root"))
        let files = Set(root.strings.flatMap { $0.occurrences.map(\.file) })
        #expect(files == ["Root.plist", "Root.inApp.plist"])
        let symbolic = root.strings.filter { $0.key.string.hasPrefix("SETTINGS_") }
        // Counted independently with Python's plistlib: 126 symbolic keys, 97 in both files,
        // 4 only in Root.plist, 25 only in Root.inApp.plist; and the keys InAppSettingsKit looks
        // up in Root.inApp.plist: 5 more symbolic ones (IASKSubtitle: SETTINGS_PRIVACY_SUBTITLE,
        // …) and the URL `app-settings:` (File of an IASKOpenURLSpecifier).
        #expect(root.strings.count == 237)
        #expect(symbolic.count == 131)
        let inRoot = symbolic.filter { $0.occurrences.contains { $0.file == "Root.plist" } }
        let inApp = symbolic.filter { $0.occurrences.contains { $0.file == "Root.inApp.plist" } }
        #expect(inRoot.count == 101)
        #expect(inApp.count == 127)
        #expect(root.string(forKey: "SETTINGS_GESTURES_SNAPSHOT")?.occurrences.map(\.file) == ["Root.plist"])
        #expect(root.string(forKey: "SETTINGS_DARKTHEME")?.occurrences.map(\.file) == ["Root.inApp.plist"])
    }

    @Test("InAppSettingsKit sample: panes without StringsTable are unlocalized")
    func iaskUnlocalized() throws {
        let catalog = try Self.catalog(TestPaths.corpus(Self.iaskSample))
        #expect(catalog.unlocalized.map(\.file) == ["Listgroup.plist", "Account.plist", "Tag.plist"])
        let fallback = try Self.catalog(TestPaths.corpus(Self.iaskSample), fallback: .fileName)
        #expect(fallback.unlocalized.isEmpty)
    }
}
