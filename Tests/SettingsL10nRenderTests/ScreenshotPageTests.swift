import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nResolve
@testable import SettingsL10nRender
import SettingsL10nTestSupport

/// The pages `render --format png` draws, and the maps written beside them (no browser: what
/// the browser measures is given here; `CLITests/ScreenshotCommandTests` draws with Chromium).
@Suite("Screenshot pages and their string maps")
struct ScreenshotPageTests {
    static func example(_ locale: String) throws -> [ScreenshotPage] {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.exampleBundle.path))
        let catalog = Extractor.catalog(of: bundle)
        let resolved = Resolver(bundle: bundle, catalog: catalog).resolve(locale)
        return RenderHTML(icuVersion: "76.1").screenshotPages(for: resolved, tables: catalog.tableOfFile)
    }

    /// Each marked string as `field keyPath = text`, in the order marked.
    static func described(_ page: ScreenshotPage) -> [String] {
        page.strings.map { "\($0.table) \($0.field) \($0.keyPath) \($0.key) = \($0.text)" }
    }

    @Test("the root's screenshot is named after its schema file, never as another page is, whatever the case")
    func rootNameOfItsOwn() throws {
        func schema(_ rows: String) -> String { "<plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>\(rows)</array></dict></plist>" }
        func pane(_ file: String) -> String {
            "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>\(file)</string><key>File</key><string>\(file)</string></dict>"
        }
        for (files, root, rootName, expected) in [
            // Root~iphone.plist is Root_iphone made safe, as is the child's name.
            (["Root~iphone.plist": schema(pane("Root_iphone")), "Root_iphone.plist": schema("")], "Root~iphone.plist", "Root_iphone-2", ["Root_iphone", "Root_iphone-2"]),
            (["Root.plist": schema(pane("root")), "root.plist": schema("")], "Root.plist", "Root-2", ["Root-2", "root"]),
        ] {
            var textFiles = files
            textFiles["en.lproj/Root.strings"] = ""
            let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: textFiles))
            let catalog = Extractor.catalog(of: bundle)
            let pages = RenderHTML(icuVersion: "76.1").screenshotPages(for: Resolver(bundle: bundle, catalog: catalog).resolve("en"), tables: catalog.tableOfFile)
            // Before: one name for the two (the root's screenshot written over by the child's).
            #expect(pages.map(\.name).sorted() == expected)
            #expect(pages.first { $0.file == root }?.name == rootName)
        }
    }

    @Test("every localized string of the German root page is marked once per place it is drawn, with its table, key and field")
    func germanRoot() throws {
        let pages = try Self.example("de")
        #expect(pages.map(\.name) == ["OfflineMaps", "Privacy", "Root", "options-OfflineMaps-2", "options-Root-5", "options-Root-6"])
        let root = try #require(pages.first { $0.name == "Root" })
        #expect(root.folder == "de" && root.file == "Root.plist" && !root.isRightToLeft)
        // In the order drawn (a group's footer after its rows), as the map lists them.
        #expect(Self.described(root) == [
            "Root Title PreferenceSpecifiers[0].Title Account = Konto",
            "Root Title PreferenceSpecifiers[1].Title User name = Benutzername",
            "Root Title PreferenceSpecifiers[2].Title Password = Passwort",
            "Root Title PreferenceSpecifiers[3].Title Sync over cellular = Über Mobilfunk synchronisieren",
            "Root FooterText PreferenceSpecifiers[0].FooterText Your account keeps your routes in sync between your devices. = Dein Konto hält deine Routen auf all deinen Geräten synchron.",
            "Root Title PreferenceSpecifiers[4].Title Map = Karte",
            "Root Title PreferenceSpecifiers[5].Title Units = Einheiten",
            "Root ShortTitles[0] PreferenceSpecifiers[5].ShortTitles[0] km = km",
            "Root Title PreferenceSpecifiers[6].Title Country = Land",
            "Root Titles[9] PreferenceSpecifiers[6].Titles[9] Sweden = Schweden",
            "Root Title PreferenceSpecifiers[7].Title Keep screen on = Bildschirm eingeschaltet lassen",
            "Root Title PreferenceSpecifiers[9].Title Voice guidance volume = Lautstärke der Sprachansagen",
            "Root Title PreferenceSpecifiers[11].Title Start screen = Startbildschirm",
            "Root Titles[0] PreferenceSpecifiers[11].Titles[0] Map = Karte",
            "Root Titles[1] PreferenceSpecifiers[11].Titles[1] Routes = Routen",
            "Root Titles[2] PreferenceSpecifiers[11].Titles[2] Activity = Aktivität",
            "Root FooterText PreferenceSpecifiers[11].FooterText Shown each time the app opens. = Wird bei jedem Öffnen der App angezeigt.",
            "Root Title PreferenceSpecifiers[12].Title About = Info",
            "Root Title PreferenceSpecifiers[13].Title Version = Version",
            "Root Title PreferenceSpecifiers[14].Title Map data = Kartendaten",
            "Root Titles[0] PreferenceSpecifiers[14].Titles[0] Up to date = Aktuell",
            "Root Title PreferenceSpecifiers[15].Title Offline Maps = Offline-Karten",
            "Root Title PreferenceSpecifiers[16].Title Privacy = Datenschutz",
        ])
        // The marks' numbers follow one another through the page.
        let numbers = root.html.components(separatedBy: "data-l10n=\"").dropFirst().map { Int($0.prefix { $0 != "\"" })! }
        #expect(numbers == Array(root.strings.indices))
        // Each mark in the HTML once, wrapping its text.
        for (index, string) in root.strings.enumerated() {
            let mark = "<span data-l10n=\"\(index)\">\(RenderHTML.escaped(string.text))</span>"
            #expect(root.html.components(separatedBy: mark).count == 2, "\(mark)")
        }
        #expect(root.html.components(separatedBy: "data-l10n=").count == root.strings.count + 1)
    }

    @Test("a child page's title and an option page's back link are the strings of the row that opens them, in its table")
    func titlesFromTheOpeningRow() throws {
        let pages = try Self.example("de")
        let privacy = try #require(pages.first { $0.name == "Privacy" })
        #expect(Self.described(privacy).first == "Root Title PreferenceSpecifiers[16].Title Privacy = Datenschutz")
        #expect(privacy.strings.dropFirst().allSatisfy { $0.table == "Privacy" && $0.file == "Privacy.plist" })
        let detail = try #require(pages.first { $0.name == "options-OfflineMaps-2" })
        #expect(Self.described(detail) == [
            "Root Title PreferenceSpecifiers[15].Title Offline Maps = Offline-Karten",
            "Root Title PreferenceSpecifiers[2].Title Map detail = Kartendetails",
            "Root Titles[0] PreferenceSpecifiers[2].Titles[0] Low = Niedrig",
            "Root Titles[1] PreferenceSpecifiers[2].Titles[1] Medium = Mittel",
            "Root Titles[2] PreferenceSpecifiers[2].Titles[2] High = Hoch",
        ])
    }

    @Test("the HTML previews carry no marks")
    func previewsUnmarked() throws {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.exampleBundle.path))
        let locale = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle)).resolve("de")
        let pages = RenderHTML(icuVersion: "76.1").pages(for: [locale])
        #expect(pages.count == 7)
        #expect(pages.values.allSatisfy { !$0.contains("data-l10n") })
    }

    @Test("an option shown without a title (its value) is not a localized string; the Arabic and pseudo-RTL pages are right to left")
    func untitledOptionAndDirection() throws {
        let schema = "<plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>"
            + "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Key</key><string>k</string><key>Title</key><string>Size</string>"
            + "<key>DefaultValue</key><integer>2</integer><key>Values</key><array><integer>1</integer><integer>2</integer></array>"
            + "<key>Titles</key><array><string>Small</string></array></dict>"
            + "</array></dict></plist>"
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": schema, "en.lproj/Root.strings": "\"Size\" = \"Size\";\n",
                                                                                  "ar.lproj/Root.strings": "\"Size\" = \"الحجم\";\n"]))
        let catalog = Extractor.catalog(of: bundle)
        let resolver = Resolver(bundle: bundle, catalog: catalog)
        let english = RenderHTML(icuVersion: "76.1").screenshotPages(for: resolver.resolve("en"), tables: catalog.tableOfFile)
        #expect(english.map { Self.described($0) } == [
            ["Root Title PreferenceSpecifiers[0].Title Size = Size"],
            ["Root Title PreferenceSpecifiers[0].Title Size = Size", "Root Titles[0] PreferenceSpecifiers[0].Titles[0] Small = Small"],
        ])
        #expect(english.allSatisfy { !$0.isRightToLeft })
        for locale in ["ar", "pseudo-rtl"] {
            let pages = RenderHTML(icuVersion: "76.1").screenshotPages(for: resolver.resolve(locale), tables: catalog.tableOfFile)
            #expect(pages.count == 2 && pages.allSatisfy { $0.isRightToLeft && $0.html.contains("dir=\"rtl\"") }, "\(locale)")
        }
    }

    @Test("a map rounds each box outwards to whole pixels inside the image, and leaves out empty boxes and unknown marks")
    func map() throws {
        let page = try #require(try Self.example("de").first { $0.name == "options-OfflineMaps-2" })
        let measured = try #require(ScreenshotMap.Measured(json: try JSONReader.read(Array("""
        {"width":390,"height":300.4,"strings":[[0,10.2,20.7,100.1,40,false],[1,380,290,395,310,true],[2,5,5,5,30,false],[9,0,0,10,10,false]]}
        """.utf8))))
        let map = ScreenshotMap(page: page, measured: measured, idiom: "phone", scale: 3)
        #expect(map.width == 1170 && map.height == 901)
        #expect(map.strings.map(\.rectangle) == [
            .init(x: 30, y: 62, width: 271, height: 58),
            .init(x: 1140, y: 870, width: 30, height: 31),
        ])
        #expect(map.strings.map(\.isTruncated) == [false, true])
        #expect(map.json == """
        {
          "image": "options-OfflineMaps-2.png",
          "locale": "de",
          "page": "OfflineMaps.plist",
          "idiom": "phone",
          "scale": 3,
          "direction": "ltr",
          "width": 1170,
          "height": 901,
          "strings": [
            {
              "table": "Root",
              "key": "Offline Maps",
              "field": "Title",
              "file": "Root.plist",
              "keyPath": "PreferenceSpecifiers[15].Title",
              "text": "Offline-Karten",
              "x": 30,
              "y": 62,
              "width": 271,
              "height": 58,
              "truncated": false
            },
            {
              "table": "Root",
              "key": "Map detail",
              "field": "Title",
              "file": "OfflineMaps.plist",
              "keyPath": "PreferenceSpecifiers[2].Title",
              "text": "Kartendetails",
              "x": 1140,
              "y": 870,
              "width": 30,
              "height": 31,
              "truncated": true
            }
          ]
        }

        """)
        #expect(ScreenshotMap.Measured(json: try JSONReader.read(Array("{\"width\":1,\"height\":1,\"strings\":[[0,1]]}".utf8))) == nil)
    }

    @Test("a PNG's size is read from its header; other bytes are no PNG")
    func pngHeader() {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 3, 12, 0, 0, 0x07, 0xD0]
        #expect(PNGHeader.size(of: header).map { [$0.width, $0.height] } == [780, 2000])
        #expect(PNGHeader.size(of: Array(header.prefix(20))) == nil)
        #expect(PNGHeader.size(of: Array("GIF89a".utf8) + header.dropFirst(6)) == nil)
    }
}
