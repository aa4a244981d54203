import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nICU
@testable import SettingsL10nResolve
@testable import SettingsL10nRender
import SettingsL10nTestSupport

@Suite("render output matches the golden files")
struct RenderGoldenTests {
    static func example() throws -> Resolver {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.exampleBundle.path))
        return Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle))
    }

    @Test("JSON, one golden file per locale of the example bundle", arguments: ["ar", "de", "en", "ja", "sv"])
    func json(locale: String) throws {
        let resolver = try Self.example()
        #expect(resolver.allLocales == ["ar", "de", "en", "ja", "sv"])
        Golden.check(RenderJSON.document([resolver.resolve(locale)], icuVersion: "76.1", cldrVersion: "46.0"), against: "render-example-\(locale).json")
    }

    @Test("streaming every locale gives the same documents as rendering them all at once")
    func streaming() throws {
        let resolver = try Self.example()
        let names = resolver.allLocales + PseudoLocale.allCases.map(\.rawValue)
        let locales = names.map { resolver.resolve($0) }
        var json = "", text = "", heard: [String] = []
        RenderJSON.render(names.map(LocaleRequest.init), with: resolver, icuVersion: "76.1", cldrVersion: "46.0", progress: { heard.append("\($0)/\($1) \($2)") }) { json += $0 }
        RenderText.render(names.map(LocaleRequest.init), with: resolver, icuVersion: "76.1") { text += $0 }
        #expect(json == RenderJSON.document(locales, icuVersion: "76.1", cldrVersion: "46.0"))
        #expect(text == RenderText.render(locales, icuVersion: "76.1"))
        #expect(heard == names.enumerated().map { "\($0 + 1)/\(names.count) \($1)" })
    }

    @Test("the text tree of every locale, and of the pseudo-locales")
    func text() throws {
        let resolver = try Self.example()
        let locales = (resolver.allLocales + PseudoLocale.allCases.map(\.rawValue)).map { resolver.resolve($0) }
        Golden.check(RenderText.render(locales, icuVersion: "76.1"), against: "render-example.txt")
    }

    @Test("HTML: a slider's icon is embedded with its image type, JPEG or PNG")
    func iconTypes() throws {
        let schema = "<plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>"
            + "<dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>v</string><key>DefaultValue</key><real>0.5</real>"
            + "<key>MinimumValue</key><real>0</real><key>MaximumValue</key><real>1</real>"
            + "<key>MinimumValueImage</key><string>Low.jpeg</string><key>MaximumValueImage</key><string>High.png</string></dict>"
            + "</array></dict></plist>"
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": schema, "en.lproj/Root.strings": ""]))
        let locale = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle)).resolve("en")
        let page = try #require(RenderHTML(images: ["Low.jpeg": [1, 2, 3], "High.png": [4, 5, 6]], icuVersion: "76.1").pages(for: [locale])["en/index.html"])
        #expect(page.contains(".image-0{background:url(\"data:image/png;base64,BAUG\") center/contain no-repeat}.image-1{background:url(\"data:image/jpeg;base64,AQID\") center/contain no-repeat}</style>"))
        #expect(page.contains("<li class=\"row slider\"><span class=\"icon image-1\" role=\"presentation\"></span><span class=\"track\""))
    }

    @Test("HTML: an image shown by 100 sliders is embedded once per page (was once per slider: 280 MB for a 1 MiB image)")
    func imageEmbeddedOnce() throws {
        let slider = "<dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>v</string><key>DefaultValue</key><real>0.5</real>"
            + "<key>MinimumValue</key><real>0</real><key>MaximumValue</key><real>1</real><key>MinimumValueImage</key><string>Big.png</string></dict>"
        let schema = "<plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>" + String(repeating: slider, count: 100) + "</array></dict></plist>"
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": schema, "en.lproj/Root.strings": ""]))
        let locale = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle)).resolve("en")
        let image = [UInt8](repeating: 7, count: 30_000)
        let page = try #require(RenderHTML(images: ["Big.png": image], icuVersion: "76.1").pages(for: [locale])["en/index.html"])
        let encoded = Base64.encode(image)
        #expect(page.components(separatedBy: encoded).count == 2)
        #expect(page.components(separatedBy: "<span class=\"icon image-0\" role=\"presentation\"></span>").count == 101)
        #expect(page.utf8.count < encoded.utf8.count + 40_000)
    }

    @Test("schema files whose safe names are one (é and ü, A and a) make a page each, and every link opens its own")
    func collidingPageNames() throws {
        func pane(_ title: String, _ file: String) -> String {
            "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>\(title)</string><key>File</key><string>\(file)</string></dict>"
        }
        func schema(_ rows: String) -> String { "<plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>\(rows)</array></dict></plist>" }
        let options = "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Pick</string><key>Key</key><string>k</string>"
            + "<key>DefaultValue</key><string>1</string><key>Titles</key><array><string>One</string><string>Two</string></array>"
            + "<key>Values</key><array><string>1</string><string>2</string></array></dict>"
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": schema(pane("E", "é") + pane("U", "ü") + pane("Upper", "A") + pane("Lower", "a")),
            "é.plist": schema(options), "ü.plist": schema(options), "A.plist": schema(""), "a.plist": schema(""),
            "en.lproj/Root.strings": "",
        ]))
        let locale = Resolver(bundle: bundle, catalog: Extractor.catalog(of: bundle)).resolve("en")
        let pages = RenderHTML(icuVersion: "76.1").pages(for: [locale])
        // Before: "_.html" and "options-_-0.html" once each, the second pane's over the first's.
        #expect(pages.keys.sorted() == ["en/A.html", "en/_-2.html", "en/_.html", "en/a-2.html", "en/index.html",
                                        "en/options-_-0-2.html", "en/options-_-0.html", "index.html"])
        let root = try #require(pages["en/index.html"])
        let links = root.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links == ["../index.html", "_.html", "_-2.html", "A.html", "a-2.html"])
        #expect(pages["en/_-2.html"]?.contains("href=\"options-_-0-2.html\"") == true)
    }

    @Test("HTML: self-contained pages with lang and dir, links that resolve, Swedish order on the country page")
    func html() throws {
        let resolver = try Self.example()
        let locales = ["en", "sv", "ar"].map { resolver.resolve($0) }
        let images = ["VolumeLow.png": [UInt8](try Data(contentsOf: TestPaths.exampleBundle.appendingPathComponent("VolumeLow.png")))]
        let pages = RenderHTML(images: images, icuVersion: "76.1", completeness: ["en": 100, "sv": 100, "ar": 97.5]).pages(for: locales)
        #expect(pages.keys.sorted() == [
            "ar/OfflineMaps.html", "ar/Privacy.html", "ar/index.html", "ar/options-OfflineMaps-2.html", "ar/options-Root-5.html", "ar/options-Root-6.html",
            "en/OfflineMaps.html", "en/Privacy.html", "en/index.html", "en/options-OfflineMaps-2.html", "en/options-Root-5.html", "en/options-Root-6.html",
            "index.html",
            "sv/OfflineMaps.html", "sv/Privacy.html", "sv/index.html", "sv/options-OfflineMaps-2.html", "sv/options-Root-5.html", "sv/options-Root-6.html",
        ])
        for (path, html) in pages {
            #expect(!html.contains("<script"), "\(path) has a script")
            #expect(!html.contains("http://") && !html.contains("https://"), "\(path) reaches the network")
            // Every link leads to a page that exists.
            let folder = path.contains("/") ? String(path.split(separator: "/")[0]) + "/" : ""
            for link in html.components(separatedBy: "href=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
                let target = link.hasPrefix("../") ? String(link.dropFirst(3)) : folder + link
                #expect(pages[target] != nil, "\(path) links to \(link), which is not written")
            }
        }
        #expect(pages["ar/index.html"]?.contains("<html lang=\"ar\" dir=\"rtl\">") == true)
        #expect(pages["sv/index.html"]?.contains("<html lang=\"sv\" dir=\"ltr\">") == true)
        #expect(pages["en/index.html"]?.contains(".image-0{background:url(\"data:image/png;base64,") == true)
        let countries = try #require(pages["sv/options-Root-6.html"])
        let titles = countries.components(separatedBy: "<span class=\"label\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(titles == ["Danmark", "Estland", "Finland", "Island", "Norge", "Schweiz", "Sverige", "Tyskland", "Åland", "Österrike"])
        Golden.check(pages["sv/index.html"]!, against: "render-example-sv-index.html")
        Golden.check(pages["index.html"]!, against: "render-example-index.html")
    }

    @Test("a folder for each locale: names made safe, one taken already (whatever its case) or the index's given -2, -3")
    func folders() {
        #expect(RenderHTML.folders(for: ["xx_de", "xx,de", "DE", "de", "index.html", "a/b", "a_b", "a?b", "xx_de-2"])
                == ["xx_de", "xx_de-2", "DE", "de-2", "index.html-2", "a_b", "a_b-2", "a_b-3", "xx_de-2-2"])
        // Never the output folder itself.
        #expect(RenderHTML.folders(for: ["", "_"]) == ["_", "_-2"])
    }

    @Test("a page named after a schema file of 248 bytes is no longer than a name in a folder may be, and two such pages stay two")
    func longPageNames() {
        let long = String(repeating: "Q", count: 248) + ".plist", other = String(repeating: "Q", count: 247) + "R.plist"
        let names = [RenderHTML.pageName(long, root: nil), RenderHTML.pageName(other, root: nil),
                     RenderHTML.optionsPageName(page: long, index: 2), RenderHTML.optionsPageName(page: other, index: 2)]
        #expect(names.map(\.utf8.count) == [253, 253, 255, 255])
        #expect(Set(names).count == 4)
        #expect(names[2].hasPrefix("options-QQQQ") && names[2].hasSuffix("-2.html"))
        // Short names are whole.
        #expect(RenderHTML.optionsPageName(page: "Root.plist", index: 5) == "options-Root-5.html")
    }
}
