import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCollation
@testable import SettingsL10nResolve
import SettingsL10nTestSupport

@Suite("Resolving a locale as the Settings app does")
struct ResolverTests {
    static let schema = xmlSchema("""
    \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>
    \t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Country</string><key>Key</key><string>c</string><key>DefaultValue</key><string>se</string><key>DisplaySortedByTitle</key><true/>
    \t\t<key>Values</key><array><string>at</string><string>se</string><string>dk</string></array>
    \t\t<key>Titles</key><array><string>Austria</string><string>Sweden</string><string>Denmark</string></array></dict>
    \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Pad only</string><key>Key</key><string>p</string><key>DefaultValue</key><true/><key>SupportedUserInterfaceIdioms</key><array><string>Pad</string></array></dict>
    """)

    static func bundle(_ tables: [String: String], extra: [String: String] = [:]) throws -> (SettingsBundle, Catalog) {
        var files = tables
        files["Root.plist"] = schema
        files.merge(extra) { $1 }
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        return (bundle, Extractor.catalog(of: bundle))
    }

    static let swedish = "\"Sound\" = \"Ljud\";\n\"Country\" = \"Land\";\n\"Austria\" = \"Österrike\";\n\"Sweden\" = \"Sverige\";\n\"Denmark\" = \"Danmark\";\n"

    @Test("locale chains", arguments: [
        ("sv-SE", ["sv-SE", "sv"]), ("en-IN", ["en-IN", "en-GB", "en"]), ("zh-Hant-HK", ["zh-Hant-HK", "zh-Hant", "zh-TW"]),
        ("zh-Hans", ["zh-Hans", "zh", "zh-CN"]), ("zh-TW", ["zh-TW", "zh-Hant"]), ("es-MX", ["es-MX", "es-419", "es"]),
        ("pt_BR", ["pt-BR", "pt"]), ("de", ["de"]),
    ])
    func chains(tag: String, chain: [String]) {
        #expect(LocaleMatcher.chain(for: tag) == chain)
    }

    @Test("sv-SE uses sv.lproj and sorts in Swedish")
    func swedishRegion() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "sv.lproj/Root.strings": Self.swedish])
        let locale = try Resolver(bundle: bundle, catalog: catalog).resolve("sv-SE")
        #expect(locale.localization == "sv")
        #expect(locale.collation == "sv")
        let picker = try #require(locale.pages.first?.specifiers[1])
        #expect(picker.title == "Land")
        #expect(picker.options?.map(\.title) == ["Danmark", "Sverige", "Österrike"])
        #expect(picker.options?.map(\.value) == [.string("dk"), .string("se"), .string("at")])
        #expect(picker.selectedOption?.title == "Sverige")
    }

    @Test("pt-BR finds pt_BR.lproj; zh-Hant-HK finds zh-Hant.lproj; zh-Hans finds zh_CN.lproj", arguments: [
        ("pt-BR", "pt_BR"), ("zh-Hant-HK", "zh-Hant"), ("zh-Hans", "zh_CN"), ("en-AU", "en"), ("EN", "en"),
    ])
    func spellings(locale: String, folder: String) throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "pt_BR.lproj/Root.strings": "", "zh-Hant.lproj/Root.strings": "",
                                                 "zh_CN.lproj/Root.strings": "", "zh-TW.lproj/Root.strings": ""])
        #expect(try Resolver(bundle: bundle, catalog: catalog).resolve(locale).localization == folder)
    }

    @Test("a language with no folder falls back to the development language; no folder at all shows keys")
    func fallback() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "\"Sound\" = \"Sound FX\";\n", "sv.lproj/Root.strings": Self.swedish])
        let french = try Resolver(bundle: bundle, catalog: catalog).resolve("fr")
        #expect(french.localization == "en")
        #expect(french.pages[0].specifiers[0].title == "Sound FX")
        let (bare, bareCatalog) = try Self.bundle([:])
        let none = try Resolver(bundle: bare, catalog: bareCatalog).resolve("fr")
        #expect(none.localization == nil)
        #expect(none.pages[0].specifiers[0].title == "Sound")
    }

    @Test("a locale whose table is missing shows the keys as written, sorted in its language")
    func missingTable() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "de.lproj/Other.strings": "\"x\" = \"y\";"])
        let german = try Resolver(bundle: bundle, catalog: catalog).resolve("de")
        #expect(german.localization == "de")
        #expect(german.pages[0].specifiers.map(\.title) == ["Sound", "Country"])
        #expect(german.pages[0].specifiers[1].options?.map(\.title) == ["Austria", "Denmark", "Sweden"])
    }

    @Test("a malformed table is an error naming its file and line")
    func malformed() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "sv.lproj/Root.strings": "\"Sound\" = \"Ljud\";\n\"Country\" = \"Land\"\n"])
        #expect(throws: ResolveError(file: "sv.lproj/Root.strings", position: TextPosition(line: 2, column: 19),
                                     message: "the table does not parse: missing ';' after the value of \"Country\"; fix it to render this locale (the device would show every key of it as written)")) {
            try Resolver(bundle: bundle, catalog: catalog).resolve("sv")
        }
    }

    @Test("idioms: SupportedUserInterfaceIdioms hides rows; device variants win on their idiom")
    func idioms() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": ""], extra: ["Root~ipad.plist": xmlSchema("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>iPad</string></dict>")])
        let phone = try Resolver(bundle: bundle, catalog: catalog, idiom: .phone).resolve("en")
        #expect(phone.pages.map(\.file) == ["Root.plist"])
        #expect(phone.pages[0].specifiers.map(\.title) == ["Sound", "Country"])
        let pad = try Resolver(bundle: bundle, catalog: catalog, idiom: .pad).resolve("en")
        #expect(pad.pages.map(\.file) == ["Root~ipad.plist"])
        let (plain, plainCatalog) = try Self.bundle(["en.lproj/Root.strings": ""])
        #expect(try Resolver(bundle: plain, catalog: plainCatalog, idiom: .pad).resolve("en").pages[0].specifiers.map(\.title) == ["Sound", "Country", "Pad only"])
    }

    @Test("child pages are followed once each, titled by their pane")
    func childPages() throws {
        let files = [
            "Root.plist": xmlSchema(childPane(title: "More", file: "More") + "\n" + childPane(title: "Again", file: "More")),
            "More.plist": xmlSchema(childPane(title: "Back", file: "Root")),
            "de.lproj/Root.strings": "\"More\" = \"Mehr\";\n",
        ]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let locale = try Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle)).resolve("de")
        #expect(locale.pages.map(\.file) == ["Root.plist", "More.plist"])
        #expect(locale.pages.map(\.title) == [nil, "Mehr"])
        #expect(locale.pages[0].specifiers.map(\.file) == ["More.plist", "More.plist"])
    }

    @Test("pseudo-locales", arguments: [
        (PseudoLocale.accented, "Sound", "Šöûñð"), (.long, "Sound effects", "[Sound effects ~~~]"), (.rightToLeft, "Sound", "\u{200F}\u{202B}Sound\u{202C}\u{200F}"),
    ])
    func pseudo(locale: PseudoLocale, text: String, expected: String) throws {
        #expect(locale.translate(text) == expected)
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n"])
        let rendered = try Resolver(bundle: bundle, catalog: catalog).resolve(locale.rawValue)
        #expect(rendered.pages[0].specifiers[0].title == locale.translate("Sound"))
        #expect(rendered.isRightToLeft == (locale == .rightToLeft))
    }

    @Test("InAppSettingsKit sample: the sorted list follows the en and de tables", .enabled(if: TestPaths.corpusExists, "../shared/corpus is absent"))
    func inAppSettingsKit() throws {
        let path = TestPaths.corpus.appendingPathComponent("futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle").path
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: path))
        // The sorted list is in Root.plist, which the Settings app does not read on a phone
        // (Root~iphone.plist wins there), and in the .inApp.plist files InAppSettingsKit reads.
        let resolver = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle), idiom: .phone, inApp: true)
        #expect(try resolver.resolve("en").pages[0].file == "Root~iphone.inApp.plist")
        func list(_ locale: String) throws -> [String] {
            let root = try resolver.resolve(locale).pages[0]
            return try #require(root.specifiers.first { $0.specifier.title == "MUL_VAL" }?.options).map(\.title)
        }
        // en.lproj: MUL_VAL_1...11 are Maybe, No, Yes, Sometimes, Occasionally, Often, Never, Once, Twice, Thrice, Who Knows.
        #expect(try list("en") == ["Maybe", "Never", "No", "Occasionally", "Often", "Once", "Sometimes", "Thrice", "Twice", "Who Knows", "Yes"])
        // de.lproj translates only the first three (Vielleicht, Ja, Nein); the others show their keys.
        #expect(try list("de") == ["Ja", "MUL_VAL_10", "MUL_VAL_11", "MUL_VAL_4", "MUL_VAL_5", "MUL_VAL_6", "MUL_VAL_7", "MUL_VAL_8", "MUL_VAL_9", "Nein", "Vielleicht"])
    }
}
