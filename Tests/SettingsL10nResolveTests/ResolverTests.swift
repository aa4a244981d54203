import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nICU
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

    @Test("sv-SE uses sv.lproj and sorts in Swedish")
    func swedishRegion() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "sv.lproj/Root.strings": Self.swedish])
        let locale = Resolver(bundle: bundle, catalog: catalog).resolve("sv-SE")
        #expect(locale.localization == "sv")
        #expect(locale.collation == "sv")
        let picker = try #require(locale.pages.first?.specifiers[1])
        #expect(picker.title == "Land")
        #expect(picker.options?.map(\.title) == ["Danmark", "Sverige", "Österrike"])
        #expect(picker.options?.map(\.value) == [.string("dk"), .string("se"), .string("at")])
        #expect(picker.selectedOption?.title == "Sverige")
    }

    @Test("folder names in any spelling: pt-BR finds pt_BR.lproj, zh-Hant-HK zh-Hant.lproj, zh-Hans zh_CN.lproj, EN en.lproj", arguments: [
        ("pt-BR", "pt_BR"), ("zh-Hant-HK", "zh-Hant"), ("zh-Hans", "zh_CN"), ("en-AU", "en"), ("EN", "en"), ("pt-PT", "pt_BR"),
    ])
    func spellings(locale: String, folder: String) throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "pt_BR.lproj/Root.strings": "", "zh-Hant.lproj/Root.strings": "",
                                                 "zh_CN.lproj/Root.strings": "", "zh-TW.lproj/Root.strings": ""])
        #expect(Resolver(bundle: bundle, catalog: catalog).resolve(locale).localization == folder)
    }

    @Test("legacy folder names (english.lproj, German.lproj) are found for en and de")
    func legacyNames() throws {
        let (bundle, catalog) = try Self.bundle(["english.lproj/Root.strings": "\"Sound\" = \"Sound FX\";\n", "German.lproj/Root.strings": "\"Sound\" = \"Ton\";\n"])
        let resolver = Resolver(bundle: bundle, catalog: catalog)
        #expect(resolver.resolve("en-GB").localization == "english")
        #expect(resolver.resolve("de-AT").pages[0].specifiers[0].title == "Ton")
        #expect(resolver.resolve("fr").searchList == ["english"])
    }

    @Test("a language with no folder falls back to the development language; no folder at all shows keys")
    func fallback() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "\"Sound\" = \"Sound FX\";\n", "sv.lproj/Root.strings": Self.swedish])
        let french = Resolver(bundle: bundle, catalog: catalog).resolve("fr")
        #expect(french.localization == "en")
        #expect(french.pages[0].specifiers[0].title == "Sound FX")
        let (bare, bareCatalog) = try Self.bundle([:])
        let none = Resolver(bundle: bare, catalog: bareCatalog).resolve("fr")
        #expect(none.localization == nil)
        #expect(none.pages[0].specifiers[0].title == "Sound")
    }

    @Test("a table missing from the chosen folder is looked up along the search list; the list sorts in the user's language")
    func missingTable() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "\"Sound\" = \"Sound FX\";\n", "de.lproj/Other.strings": "\"x\" = \"y\";"])
        let german = Resolver(bundle: bundle, catalog: catalog).resolve("de")
        #expect(german.localization == "de")
        #expect(german.searchList == ["de", "en"])
        #expect(german.tables == [LocalizedLocale.TableSource(table: "Root", path: "en.lproj/Root.strings")])
        #expect(german.pages[0].specifiers.map(\.title) == ["Sound FX", "Country"])
        #expect(german.pages[0].specifiers[1].options?.map(\.title) == ["Austria", "Denmark", "Sweden"])
        #expect(german.problems == [])
    }

    @Test("search order: the top level, the chosen folder, Base.lproj, then the other fallbacks; the first file found is the only one read")
    func searchOrder() throws {
        let tables = ["en.lproj/Root.strings": "\"Sound\" = \"en\";\n", "Base.lproj/Root.strings": "\"Sound\" = \"Base\";\n",
                      "sv.lproj/Root.strings": "\"Country\" = \"Land\";\n"]
        let (bundle, catalog) = try Self.bundle(tables)
        let swedish = Resolver(bundle: bundle, catalog: catalog).resolve("sv")
        // sv.lproj has a Root.strings: it is the only one read, Sound shows as its key.
        #expect(swedish.pages[0].specifiers.map(\.title) == ["Sound", "Land"])
        let (noSwedish, noSwedishCatalog) = try Self.bundle(tables.filter { $0.key != "sv.lproj/Root.strings" }, extra: ["sv.lproj/Other.strings": ""])
        #expect(Resolver(bundle: noSwedish, catalog: noSwedishCatalog).resolve("sv").pages[0].specifiers[0].title == "Base")
        let (topLevel, topLevelCatalog) = try Self.bundle(tables, extra: ["Root.strings": "\"Sound\" = \"top\";\n"])
        let top = Resolver(bundle: topLevel, catalog: topLevelCatalog).resolve("sv")
        #expect(top.tables == [LocalizedLocale.TableSource(table: "Root", path: "Root.strings")])
        #expect(top.pages[0].specifiers[0].title == "top")
    }

    @Test("a device's own table (Root~ipad.strings) replaces Root.strings on that idiom only")
    func deviceTables() throws {
        let (bundle, catalog) = try Self.bundle(["sv.lproj/Root.strings": Self.swedish, "sv.lproj/Root~ipad.strings": "\"Sound\" = \"Ljud på iPad\";\n"])
        #expect(Resolver(bundle: bundle, catalog: catalog, idiom: .phone).resolve("sv").pages[0].specifiers[0].title == "Ljud")
        let pad = Resolver(bundle: bundle, catalog: catalog, idiom: .pad).resolve("sv")
        #expect(pad.pages[0].specifiers.map(\.title) == ["Ljud på iPad", "Country", "Pad only"])
        #expect(pad.tables == [LocalizedLocale.TableSource(table: "Root", path: "sv.lproj/Root~ipad.strings")])
    }

    @Test("preferred languages: Italian then French sees French when the bundle has no Italian")
    func preferredLanguages() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "fr.lproj/Root.strings": "\"Sound\" = \"Son\";\n"])
        let resolver = Resolver(bundle: bundle, catalog: catalog)
        let user = resolver.resolve(LocaleRequest(name: "it,fr", languages: ["it", "fr"]))
        #expect(user.localization == "fr")
        #expect(user.searchList == ["fr", "en"])
        #expect(user.pages[0].specifiers[0].title == "Son")
        // The list sorts in the user's own language, Italian.
        #expect(user.collation == "root")
        #expect(resolver.resolve(LocaleRequest(name: "it", languages: ["it"])).localization == "en")
    }

    @Test("no development-language folder: the development region of Info.plist, else en_US, else the first folder by name")
    func noDevelopmentFolder() throws {
        let (bundle, catalog) = try Self.bundle(["fr.lproj/Root.strings": "\"Sound\" = \"Son\";\n", "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n",
                                                 "Base.lproj/Other.strings": ""])
        let japanese = Resolver(bundle: bundle, catalog: catalog).resolve("ja")
        #expect(japanese.localization == "de")
        #expect(japanese.searchList == ["de", "Base"])
        #expect(japanese.pages[0].specifiers[0].title == "Ton")
        let info = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>fr</string></dict></plist>\n"
        let (withInfo, withInfoCatalog) = try Self.bundle(["fr.lproj/Root.strings": "\"Sound\" = \"Son\";\n", "de.lproj/Root.strings": ""],
                                                          extra: ["Info.plist": info])
        #expect(withInfo.schemaFiles.map(\.path) == ["Root.plist"])
        #expect(withInfo.developmentRegion == "fr")
        let resolved = Resolver(bundle: withInfo, catalog: withInfoCatalog).resolve("ja")
        #expect(resolved.searchList == ["fr"])
        #expect(resolved.pages[0].specifiers[0].title == "Son")
    }

    @Test("a table that does not parse shows its keys and is reported; the other tables still apply")
    func malformed() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "", "sv.lproj/Root.strings": "\"Sound\" = \"Ljud\";\n\"Country\" = \"Land\"\n"])
        let swedish = Resolver(bundle: bundle, catalog: catalog).resolve("sv")
        #expect(swedish.localization == "sv")
        #expect(swedish.pages[0].specifiers.map(\.title) == ["Sound", "Country"])
        #expect(swedish.problems == [Diagnostic(.error, rule: .stringsSyntax, "missing ';' after the value of \"Country\"",
                                                at: SourceLocation(file: "sv.lproj/Root.strings", line: 2, column: 19))])
    }

    @Test("idioms: SupportedUserInterfaceIdioms hides rows; device variants win on their idiom")
    func idioms() throws {
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": ""], extra: ["Root~ipad.plist": xmlSchema("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>iPad</string></dict>")])
        let phone = Resolver(bundle: bundle, catalog: catalog, idiom: .phone).resolve("en")
        #expect(phone.pages.map(\.file) == ["Root.plist"])
        #expect(phone.pages[0].specifiers.map(\.title) == ["Sound", "Country"])
        let pad = Resolver(bundle: bundle, catalog: catalog, idiom: .pad).resolve("en")
        #expect(pad.pages.map(\.file) == ["Root~ipad.plist"])
        let (plain, plainCatalog) = try Self.bundle(["en.lproj/Root.strings": ""])
        #expect(Resolver(bundle: plain, catalog: plainCatalog, idiom: .pad).resolve("en").pages[0].specifiers.map(\.title) == ["Sound", "Country", "Pad only"])
    }

    @Test("child pages are followed once each, titled by their pane")
    func childPages() throws {
        let files = [
            "Root.plist": xmlSchema(childPane(title: "More", file: "More") + "\n" + childPane(title: "Again", file: "More")),
            "More.plist": xmlSchema(childPane(title: "Back", file: "Root")),
            "de.lproj/Root.strings": "\"More\" = \"Mehr\";\n",
        ]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let locale = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle)).resolve("de")
        #expect(locale.pages.map(\.file) == ["Root.plist", "More.plist"])
        #expect(locale.pages.map(\.title) == [nil, "Mehr"])
        #expect(locale.pages[0].specifiers.map(\.file) == ["More.plist", "More.plist"])
    }

    @Test("a key that several rows and options use is looked up for each; keys the table lacks show as written; the written fields stay the specifier's")
    func sharedKeys() throws {
        let files = [
            "Root.plist": xmlSchema("""
            \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Shared</string><key>FooterText</key><string>Untranslated</string></dict>
            \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Shared</string><key>Key</key><string>t</string><key>DefaultValue</key><true/></dict>
            \t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Units</string><key>Key</key><string>u</string><key>DefaultValue</key><integer>2</integer>
            \t\t<key>Values</key><array><integer>1</integer><integer>2</integer></array>
            \t\t<key>Titles</key><array><string>Shared</string><string>Untranslated</string></array>
            \t\t<key>ShortTitles</key><array><string>Units</string><string>Shared</string></array></dict>
            \t\t<dict><key>Type</key><string>PSTitleValueSpecifier</string><key>Title</key><string>Units</string><key>Key</key><string>v</string><key>DefaultValue</key><string>km</string></dict>
            """),
            "sv.lproj/Root.strings": "\"Shared\" = \"Delad\";\n\"Units\" = \"Enheter\";\n",
        ]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let rows = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle)).resolve("sv").pages[0].specifiers
        #expect(rows.map(\.title) == ["Delad", "Delad", "Enheter", "Enheter"])
        #expect(rows.map(\.footerText) == ["Untranslated", nil, nil, nil])
        #expect(rows[2].options?.map(\.title) == ["Delad", "Untranslated"])
        #expect(rows[2].options?.map(\.shortTitle) == ["Enheter", "Delad"])
        #expect(rows[2].selectedOption?.title == "Untranslated")
        #expect(rows.map(\.typeName) == ["PSGroupSpecifier", "PSToggleSwitchSpecifier", "PSMultiValueSpecifier", "PSTitleValueSpecifier"])
        #expect(rows.map(\.type) == [.group, .toggleSwitch, .multiValue, .titleValue])
        #expect(rows.map(\.key) == [nil, "t", "u", "v"])
        #expect(rows.map(\.defaultValue) == [nil, .boolean(true), .integer(2), .string("km")])
        #expect(rows.map(\.specifier.index) == [0, 1, 2, 3])
        rows[2].withWrittenFields { typeName, key, defaultValue in
            #expect(typeName == "PSMultiValueSpecifier")
            #expect(key == "u")
            #expect(defaultValue == .integer(2))
        }
    }

    @Test("pseudo-locales", arguments: [
        (PseudoLocale.accented, "Sound", "Šöûñð"), (.long, "Sound effects", "[Sound effects ~~~]"), (.rightToLeft, "Sound", "\u{200F}\u{202B}Sound\u{202C}\u{200F}"),
    ])
    func pseudo(locale: PseudoLocale, text: String, expected: String) throws {
        #expect(locale.translate(text) == expected)
        let (bundle, catalog) = try Self.bundle(["en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n"])
        let rendered = Resolver(bundle: bundle, catalog: catalog).resolve(locale.rawValue)
        #expect(rendered.pages[0].specifiers[0].title == locale.translate("Sound"))
        #expect(rendered.isRightToLeft == (locale == .rightToLeft))
    }

    @Test("InAppSettingsKit sample: the sorted list follows the en and de tables")
    func inAppSettingsKit() throws {
        let path = TestPaths.corpus("futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle").path
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: path))
        // The sorted list is in Root.plist, which the Settings app does not read on a phone
        // (Root~iphone.plist wins there), and in the .inApp.plist files InAppSettingsKit reads.
        let resolver = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle, host: .inAppSettingsKit), idiom: .phone)
        #expect(resolver.resolve("en").pages[0].file == "Root~iphone.inApp.plist")
        func list(_ locale: String) throws -> [String] {
            let root = resolver.resolve(locale).pages[0]
            return try #require(root.specifiers.first { $0.specifier.title == "MUL_VAL" }?.options).map(\.title)
        }
        // en.lproj: MUL_VAL_1...11 are Maybe, No, Yes, Sometimes, Occasionally, Often, Never, Once, Twice, Thrice, Who Knows.
        #expect(try list("en") == ["Maybe", "Never", "No", "Occasionally", "Often", "Once", "Sometimes", "Thrice", "Twice", "Who Knows", "Yes"])
        // de.lproj translates only the first three (Vielleicht, Ja, Nein); the others show their keys.
        #expect(try list("de") == ["Ja", "MUL_VAL_10", "MUL_VAL_11", "MUL_VAL_4", "MUL_VAL_5", "MUL_VAL_6", "MUL_VAL_7", "MUL_VAL_8", "MUL_VAL_9", "Nein", "Vielleicht"])
    }
}

extension ResolverTests {
    /// Root → Panes0/P0 → Panes0/P1 → … → Panes9/P<count - 1> → Root: 10,000 pages for 9,999
    /// panes, as many schema files as a bundle may have (and ten folders: a folder of the bundle
    /// holds at most 10,000 entries).
    static func chain(_ count: Int) throws -> (SettingsBundle, Catalog) {
        func name(_ index: Int) -> String { "Panes\(index / 1_000)/P\(index)" }
        var files = ["Root.plist": xmlSchema(childPane(title: "Next 0", file: name(0)))]
        for index in 0..<count {
            files[name(index) + ".plist"] = xmlSchema(index + 1 < count ? childPane(title: "Next \(index + 1)", file: name(index + 1))
                                                                         : childPane(title: "Home", file: "Root"))
        }
        files["en.lproj/Root.strings"] = ""
        files["de.lproj/Root.strings"] = "\"Next \(count - 1)\" = \"Weiter\";\n\"Home\" = \"Start\";\n"
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        return (bundle, Extractor.catalog(of: bundle))
    }

    @Test("a chain of 10,000 pages resolves, each page once, in the order the rows lead to them (the walk overflowed the stack at 6,000)")
    func longChain() throws {
        let (bundle, catalog) = try Self.chain(9_999)
        #expect(bundle.unloadedSchemaFiles.isEmpty)
        let german = Resolver(bundle: bundle, catalog: catalog).resolve("de")
        let files = ["Root.plist"] + (0..<9_999).map { "Panes\($0 / 1_000)/P\($0).plist" }
        let titles: [String?] = [nil] + (0..<9_999).map { $0 == 9_998 ? "Weiter" : "Next \($0)" }
        // Compared whole, but not printed whole when they differ.
        #expect(german.pages.count == 10_000)
        let sameFiles = german.pages.map(\.file) == files, sameTitles = german.pages.map(\.title) == titles
        #expect(sameFiles, "pages: \(german.pages.prefix(3).map(\.file)) … \(german.pages.suffix(3).map(\.file))")
        #expect(sameTitles, "titles: \(german.pages.suffix(3).map(\.title))")
        #expect(german.pages.last?.specifiers.map(\.title) == ["Start"])
        #expect(german.pages.last?.specifiers.map(\.file) == ["Root.plist"])
    }
}
