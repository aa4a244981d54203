import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nRender

/// `localizationStringData.plist`, the map of strings to screenshot frames Xcode keeps in an
/// `.xcloc`'s `Notes/Screenshots/<test>/<device>/` (its keys and layout as in a package Xcode
/// 12.4 exported; see docs/render.md).
@Suite("Xcode's screenshot notes")
struct XcodeScreenshotNotesTests {
    static func string(_ table: String, _ key: String, _ text: String = "") -> ScreenshotString {
        ScreenshotString(table: table, key: key, field: "Title", file: table + ".plist", keyPath: "PreferenceSpecifiers[0].Title", text: text)
    }

    static func map(_ name: String, scale: Int, _ strings: [(ScreenshotString, ScreenshotMap.Rectangle)]) -> ScreenshotMap {
        let page = ScreenshotPage(folder: "de", name: name, file: name + ".plist", html: "", strings: strings.map(\.0), isRightToLeft: false)
        var map = ScreenshotMap(page: page, measured: .init(width: 390, height: 100, boxes: []), idiom: "phone", scale: scale)
        map.strings = strings.map { ScreenshotMap.Placed(string: $0.0, rectangle: $0.1, isTruncated: false) }
        return map
    }

    static func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> ScreenshotMap.Rectangle {
        ScreenshotMap.Rectangle(x: x, y: y, width: width, height: height)
    }

    @Test("one entry per table and key in the order first drawn, a frame in points for each place on each image")
    func entries() throws {
        let maps = [
            Self.map("Root", scale: 2, [(Self.string("Root", "Account"), Self.rect(64, 152, 92, 30)),
                                        (Self.string("Root", "Privacy"), Self.rect(33, 300, 120, 41))]),
            Self.map("Privacy", scale: 2, [(Self.string("Root", "Privacy"), Self.rect(300, 20, 180, 46)),
                                           (Self.string("Privacy", "Privacy"), Self.rect(10, 100, 50, 20)),
                                           (Self.string("Root", "Privacy"), Self.rect(10, 10, 4, 4))]),
        ]
        let plist = String(decoding: XcodeScreenshotNotes.plist(maps, bundle: "Settings.bundle"), as: UTF8.self)
        func entry(_ key: String, _ table: String, _ frames: [(String, String)]) -> String {
            "\t<dict>\n\t\t<key>bundleID</key>\n\t\t<string>Settings.bundle</string>\n\t\t<key>bundlePath</key>\n\t\t<string>Settings.bundle</string>\n"
                + "\t\t<key>screenshots</key>\n\t\t<array>\n"
                + frames.map { "\t\t\t<dict>\n\t\t\t\t<key>frame</key>\n\t\t\t\t<string>\($0.1)</string>\n\t\t\t\t<key>name</key>\n\t\t\t\t<string>\($0.0)</string>\n\t\t\t</dict>\n" }.joined()
                + "\t\t</array>\n\t\t<key>stringKey</key>\n\t\t<string>\(key)</string>\n\t\t<key>tableName</key>\n\t\t<string>\(table)</string>\n\t</dict>\n"
        }
        let expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
            + "<plist version=\"1.0\">\n<array>\n"
            + entry("Account", "Root", [("Root.png", "{{32, 76}, {46, 15}}")])
            + entry("Privacy", "Root", [("Root.png", "{{16.5, 150}, {60, 20.5}}"), ("Privacy.png", "{{150, 10}, {90, 23}}"), ("Privacy.png", "{{5, 5}, {2, 2}}")])
            + entry("Privacy", "Privacy", [("Privacy.png", "{{5, 50}, {25, 10}}")])
            + "</array>\n</plist>\n"
        #expect(plist == expected)
        // Foundation's reader takes it, with the same values.
        let read = try #require(try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [[String: Any]])
        #expect(read.map { "\($0["tableName"]!) \($0["stringKey"]!) \(($0["screenshots"] as! [[String: String]]).count)" } == ["Root Account 1", "Root Privacy 3", "Privacy Privacy 1"])
    }

    @Test("frames at three pixels a point, as NSStringFromRect writes them: whole numbers bare, others to the last digit")
    func thirds() {
        #expect(XcodeScreenshotNotes.frame(Self.rect(64, 93, 1170, 61), scale: 3) == "{{21.333333333333332, 31}, {390, 20.333333333333332}}")
        #expect(XcodeScreenshotNotes.frame(Self.rect(0, 0, 1, 2), scale: 1) == "{{0, 0}, {1, 2}}")
    }

    @Test("keys are told apart as the device tells them (NFC and NFD are two strings); what XML cannot hold is left out, the rest escaped")
    func keys() {
        let nfc = "Caf\u{E9}", nfd = "Cafe\u{301}"
        let maps = [Self.map("Root", scale: 1, [(Self.string("Root", nfc), Self.rect(1, 1, 1, 1)), (Self.string("Root", nfd), Self.rect(2, 2, 1, 1)),
                                               (Self.string("Root", "bell\u{7}"), Self.rect(3, 3, 1, 1)), (Self.string("Root", "a < b & \"c\"\r"), Self.rect(4, 4, 1, 1))])]
        let plist = String(decoding: XcodeScreenshotNotes.plist(maps, bundle: "S&P.bundle"), as: UTF8.self)
        let keys = plist.components(separatedBy: "<key>stringKey</key>\n\t\t<string>").dropFirst().map { $0.components(separatedBy: "</string>")[0] }
        #expect(keys.map { Array($0.unicodeScalars) } == [Array(nfc.unicodeScalars), Array(nfd.unicodeScalars), Array("a &lt; b &amp; \"c\"&#13;".unicodeScalars)])
        #expect(plist.contains("<string>S&amp;P.bundle</string>") && !plist.contains("bell"))
    }

    @Test("no string drawn: an empty array; the folder names the bundle and the device")
    func empty() {
        let plist = String(decoding: XcodeScreenshotNotes.plist([Self.map("Root", scale: 2, [])], bundle: "Settings.bundle"), as: UTF8.self)
        #expect(plist.hasSuffix("<plist version=\"1.0\">\n<array/>\n</plist>\n"))
        #expect(XcodeScreenshotNotes.folder(bundle: "Settings.bundle", idiom: .phone) == "Notes/Screenshots/Settings.bundle/iPhone")
        #expect(XcodeScreenshotNotes.folder(bundle: "Settings.bundle", idiom: .pad) == "Notes/Screenshots/Settings.bundle/iPad")
    }
}
