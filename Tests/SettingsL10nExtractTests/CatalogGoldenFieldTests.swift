import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
import SettingsL10nTestSupport

/// The field suite of extract: VLC's bundle (fetched, copyleft). Offline, the example bundle's
/// and InAppSettingsKit's sample bundle's goldens (`CatalogGoldenTests`) cover the same reading:
/// one table from Root.plist, Root.inApp.plist and their device variants.
@Suite("Field: extract on VLC's bundle", .requires(.fetchedCorpus))
struct CatalogGoldenFieldTests {
    static let vlc = "videolan__vlc-ios/Resources__iOS__Settings.bundle"

    @Test("VLC's bundle")
    func vlcGolden() throws {
        Golden.checkDigest(try CatalogGoldenTests.catalog(TestPaths.corpus(Self.vlc)).jsonText, against: "extract-vlc.digest")
    }

    @Test("VLC: the symbolic keys of Root.plist and Root.inApp.plist")
    func vlcKeys() throws {
        let catalog = try CatalogGoldenTests.catalog(TestPaths.corpus(Self.vlc))
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
}
