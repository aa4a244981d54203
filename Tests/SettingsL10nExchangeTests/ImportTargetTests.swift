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

    @Test("an .xcloc package's language and its documents' target languages", arguments: [
        ("de.xcloc", "de", true), ("pt_BR.xcloc", "pt-BR", true), ("zh-hans.xcloc", "zh-Hans", true), ("German.xcloc", "de", true),
        ("MyApp.xcloc", "sv", true), ("de.xcloc", "sv", false), ("pt-BR.xcloc", "pt-PT", false), ("de.xcloc", "de-AT", false),
    ])
    func packageLanguage(package: String, language: String, agrees: Bool) {
        let document = XLIFFDocument(files: [
            XLIFFFile(original: "MapsApp/en.lproj/InfoPlist.strings", sourceLanguage: "en", targetLanguage: nil, units: []),
            XLIFFFile(original: "Settings.bundle/en.lproj/Root.strings", sourceLanguage: "en", targetLanguage: language, units: [],
                      position: TextPosition(line: 3, column: 3)),
        ])
        let mismatch = XLIFFImporter.packageMismatch(document, path: "x.xliff", packageName: package)
        #expect(mismatch == (agrees ? nil : ExchangeError(
            "<file original=\"Settings.bundle/en.lproj/Root.strings\"> has target-language \"\(language)\", but its package \"\(package)\" is for \"\(package.dropLast(6))\": which language it holds is unclear; export it again, or name the package after its language; nothing was imported",
            path: "x.xliff", position: TextPosition(line: 3, column: 3))))
    }
}
