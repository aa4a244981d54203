import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

@Suite("Which <file> of a whole-app export is this bundle's")
struct ImportTargetTests {
    @Test("originals", arguments: [
        ("de.lproj/Root.strings", XLIFFImporter.Target.own(table: "Root")),
        ("MapsApp/Settings.bundle/en.lproj/Root.strings", .xcode(table: "Root")),
        ("Maps App/Sub/Settings.bundle/en.lproj/Privacy.strings", .xcode(table: "Privacy")),
        ("MapsApp/InAppSettings.bundle/en.lproj/Root.strings", .xcode(table: "Root")),
        ("MapsApp/Other.bundle/en.lproj/Root.strings", .other),
        ("MapsApp/en.lproj/Localizable.strings", .other),
        ("MapsApp/en.lproj/InfoPlist.strings", .other),
        ("MapsApp/Localizable.xcstrings", .other),
        ("MapsApp/Settings.bundle/Root.strings", .other),
        ("en.lproj/.strings", .other),
        ("", .other),
    ])
    func target(original: String, expected: XLIFFImporter.Target) {
        #expect(XLIFFImporter.target(of: original, bundleName: "InAppSettings.bundle") == expected)
    }
}
