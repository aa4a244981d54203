import Foundation
import Testing
import SettingsL10nTestSupport

/// `render --format png` with the real browser: the screenshots and maps of the example bundle,
/// checked against the images themselves (in the browser: each rectangle holds ink, and none
/// beside it), right to left mirrored, no glyph drawn as a box, the same bytes twice, and the
/// failures a user meets (no Chromium, a browser that hangs, a file that holds other work).
@Suite("render --format png", .serialized)
struct ScreenshotCommandTests {
    /// The example bundle in German, Arabic, Japanese and pseudo-RTL, drawn once, then checked.
    @Test("the example bundle in German, Arabic, Japanese and pseudo-RTL", .requires(.chromium))
    func example() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url.appendingPathComponent("shots")
        let result = try Tool.run(["render", TestPaths.exampleBundle.path, "--locale", "de", "--locale", "ar", "--locale", "ja",
                                   "--locale", "pseudo-rtl", "--format", "png", "--output", folder.path])
        #expect(result.exitCode == 0 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "wrote 24 screenshots with their string maps for 4 locales into \(folder.path)\n")
        let drawn = Drawn(folder: folder)
        try pages(drawn)
        try germanRoot(drawn)
        try rightToLeftMirrors(drawn)
        try ScreenshotInk.check(drawn, pages: ["de/Root", "ar/Root", "ja/Root", "de/options-Root-6", "ar/Privacy"])
    }

    struct Drawn {
        let folder: URL

        func map(_ page: String) throws -> [String: Any] {
            let data = try Data(contentsOf: folder.appendingPathComponent(page + ".json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
    }

    static func strings(_ map: [String: Any]) -> [[String: Any]] {
        map["strings"] as? [[String: Any]] ?? []
    }

    /// Every page of each locale, a map beside each: the image's size, each string's rectangle inside it.
    func pages(_ drawn: Drawn) throws {
        let names = ["OfflineMaps", "Privacy", "Root", "options-OfflineMaps-2", "options-Root-5", "options-Root-6"]
        for locale in ["ar", "de", "ja", "pseudo-rtl"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: drawn.folder.appendingPathComponent(locale).path).sorted()
            #expect(files == names.flatMap { [$0 + ".json", $0 + ".png"] }.sorted(), "\(locale)")
            for name in names {
                let map = try drawn.map("\(locale)/\(name)")
                let png = try Data(contentsOf: drawn.folder.appendingPathComponent("\(locale)/\(name).png"))
                let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect(map["width"] as? Int == width && width == 780 && map["height"] as? Int == height && height > 400, "\(locale)/\(name)")
                #expect(map["image"] as? String == name + ".png" && map["scale"] as? Int == 2 && map["idiom"] as? String == "phone")
                #expect(map["direction"] as? String == (["ar", "pseudo-rtl"].contains(locale) ? "rtl" : "ltr"))
                let strings = Self.strings(map)
                #expect(!strings.isEmpty)
                for string in strings {
                    let x = string["x"] as! Int, y = string["y"] as! Int, w = string["width"] as! Int, h = string["height"] as! Int
                    #expect(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= width && y + h <= height, "\(locale)/\(name): \(string)")
                }
            }
        }
    }

    /// The German root page's map holds every localized string once per place it is drawn, in the order drawn.
    func germanRoot(_ drawn: Drawn) throws {
        let strings = Self.strings(try drawn.map("de/Root"))
        let drawn = strings.map { "\($0["field"]!) \($0["keyPath"]!) \($0["text"]!)" }
        #expect(drawn == [
            "Title PreferenceSpecifiers[0].Title Konto",
            "Title PreferenceSpecifiers[1].Title Benutzername",
            "Title PreferenceSpecifiers[2].Title Passwort",
            "Title PreferenceSpecifiers[3].Title Über Mobilfunk synchronisieren",
            "FooterText PreferenceSpecifiers[0].FooterText Dein Konto hält deine Routen auf all deinen Geräten synchron.",
            "Title PreferenceSpecifiers[4].Title Karte",
            "Title PreferenceSpecifiers[5].Title Einheiten",
            "ShortTitles[0] PreferenceSpecifiers[5].ShortTitles[0] km",
            "Title PreferenceSpecifiers[6].Title Land",
            "Titles[9] PreferenceSpecifiers[6].Titles[9] Schweden",
            "Title PreferenceSpecifiers[7].Title Bildschirm eingeschaltet lassen",
            "Title PreferenceSpecifiers[9].Title Lautstärke der Sprachansagen",
            "Title PreferenceSpecifiers[11].Title Startbildschirm",
            "Titles[0] PreferenceSpecifiers[11].Titles[0] Karte",
            "Titles[1] PreferenceSpecifiers[11].Titles[1] Routen",
            "Titles[2] PreferenceSpecifiers[11].Titles[2] Aktivität",
            "FooterText PreferenceSpecifiers[11].FooterText Wird bei jedem Öffnen der App angezeigt.",
            "Title PreferenceSpecifiers[12].Title Info",
            "Title PreferenceSpecifiers[13].Title Version",
            "Title PreferenceSpecifiers[14].Title Kartendaten",
            "Titles[0] PreferenceSpecifiers[14].Titles[0] Aktuell",
            "Title PreferenceSpecifiers[15].Title Offline-Karten",
            "Title PreferenceSpecifiers[16].Title Datenschutz",
        ])
        #expect(strings.allSatisfy { $0["table"] as? String == "Root" && $0["file"] as? String == "Root.plist" && $0["truncated"] as? Bool == false })
        #expect(strings.first?["key"] as? String == "Account")
    }

    /// A right-to-left page mirrors: each row's title ends where the German one starts, from the other edge.
    func rightToLeftMirrors(_ drawn: Drawn) throws {
        for locale in ["ar", "pseudo-rtl"] {
            let german = Dictionary(Self.strings(try drawn.map("de/Root")).map { ($0["keyPath"] as! String, $0) }, uniquingKeysWith: { first, _ in first })
            let mirrored = try drawn.map("\(locale)/Root")
            let width = mirrored["width"] as! Int
            var compared = 0
            for string in Self.strings(mirrored) {
                guard let ltr = german[string["keyPath"] as! String], (ltr["x"] as! Int) < width / 2 else { continue }
                let right = (string["x"] as! Int) + (string["width"] as! Int)
                #expect(abs((width - right) - (ltr["x"] as! Int)) <= 2, "\(locale): \(string) against \(ltr)")
                compared += 1
            }
            #expect(compared >= 15, "\(locale)")
        }
    }

    @Test("the same input gives the same bytes; a file that holds other work is refused without --force, and nothing is written", .requires(.chromium))
    func sameBytesAndOverwrites() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("shots").path
        let arguments = ["render", TestPaths.exampleBundle.path, "--locale", "sv", "--format", "png", "--output", out]
        #expect(try Tool.run(arguments).exitCode == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: out + "/sv/Root.png"))
        let again = try Tool.run(arguments)
        #expect(again.exitCode == 0, "\(again)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/sv/Root.png")) == first)
        try Data("a translator's picture".utf8).write(to: URL(fileURLWithPath: out + "/sv/Privacy.png"))
        let refused = try Tool.run(arguments)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.hasSuffix("error: \(out)/sv/Privacy.png exists and differs from this export, perhaps a translator's returned work: import it first, or give --force to replace it; nothing was written\n"), "\(refused)")
        #expect(try String(contentsOfFile: out + "/sv/Privacy.png", encoding: .utf8) == "a translator's picture")
        let forced = try Tool.run(arguments + ["--force"])
        #expect(forced.exitCode == 0, "\(forced)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/sv/Privacy.png")).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("--idiom pad --scale 3: an iPad's width at three pixels a point; the browser's profile is removed", .requires(.chromium))
    func padAtScale3() throws {
        let folder = try TemporaryFolder()
        let scratch = try ShortFolder()
        let out = folder.url.appendingPathComponent("shots").path
        let result = try Tool.run(["render", TestPaths.exampleBundle.path, "--locale", "en", "--idiom", "pad", "--scale", "3",
                                   "--format", "png", "--output", out], environment: ["TMPDIR": scratch.path])
        #expect(result.exitCode == 0, "\(result)")
        let map = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/en/Root.json"))) as? [String: Any])
        #expect(map["width"] as? Int == 2460 && map["scale"] as? Int == 3 && map["idiom"] as? String == "pad")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }

    @Test("the box check finds a character no font has (so it can fail), and the Japanese pages have none", .requires(.chromium), .requires(.japaneseFont))
    func boxCheckCanFail() throws {
        let problems = try ScreenshotInk.run(maps: [], extraCharacters: "設定\u{E000}")
        #expect(problems == ["drawn as a box: \u{E000} (U+E000) in \"設定\u{E000}\""])
    }

    @Test("no Chromium: exit 3, what to install, nothing written")
    func noBrowser() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("shots").path
        let arguments = ["render", TestPaths.exampleBundle.path, "--locale", "de", "--format", "png", "--output", out]
        let hint = "install Chromium (Debian, Ubuntu: apt-get install chromium fonts-noto-cjk; macOS: Google Chrome), or name it with --browser <path> or SETTINGS_L10N_BROWSER"
        let none = try Tool.run(arguments, environment: ["PATH": folder.url.path])
        #expect(none.exitCode == 3 && none.stdout.isEmpty)
        #expect(none.stderr == "error: render --format png draws the pages with Chromium, and none was found (chromium, chromium-browser, google-chrome, google-chrome-stable on PATH): \(hint)\n", "\(none)")
        let named = try Tool.run(arguments + ["--browser", "/nonexistent/chromium"])
        #expect(named.exitCode == 3)
        #expect(named.stderr == "error: --browser names /nonexistent/chromium, which is not a program here: \(hint)\n", "\(named)")
        let environment = try Tool.run(arguments, environment: ["SETTINGS_L10N_BROWSER": "/nonexistent/chromium"])
        #expect(environment.exitCode == 3)
        #expect(environment.stderr == "error: SETTINGS_L10N_BROWSER names /nonexistent/chromium, which is not a program here: \(hint)\n", "\(environment)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a browser that never answers is stopped at --timeout with its processes; exit 3, nothing written, no profile left")
    func hungBrowser() throws {
        let folder = try TemporaryFolder()
        let scratch = try ShortFolder()
        let browser = folder.url.appendingPathComponent("browser")
        try Data("#!/bin/sh\necho starting >&2\nsleep 600 &\nwait\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let out = folder.url.appendingPathComponent("shots").path
        let started = Date()
        let result = try Tool.run(["render", TestPaths.exampleBundle.path, "--locale", "de", "--format", "png", "--output", out,
                                   "--browser", browser.path, "--timeout", "1"], environment: ["TMPDIR": scratch.path])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(result.exitCode == 3)
        #expect(result.stderr == "error: the browser (\(browser.path)) did not answer Target.createTarget within 1 seconds and was stopped; give a larger --timeout for a page this long; it said: starting\n", "\(result)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }

    @Test("usage: --format png needs --output; --scale is 1, 2 or 3; the browser's options are for png only", arguments: [
        (["--format", "png"], "error: --format png writes screenshots: give --output <dir>"),
        (["--format", "png", "--output", "x", "--scale", "4"], "error: --scale 4: give 1, 2 or 3 pixels per point"),
        (["--format", "png", "--output", "x", "--timeout", "0"], "error: --timeout: give seconds, more than 0 and at most 3600"),
        (["--scale", "2"], "error: --scale is for --format png"),
        (["--format", "html", "--output", "x", "--browser", "chromium"], "error: --browser is for --format png"),
        (["--force"], "error: --force is for --format png"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try Tool.run(["render", TestPaths.exampleBundle.path, "--locale", "de"] + arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result)")
    }
}

/// A folder with a short path for `TMPDIR` (`/tmp/sl10n-1a2b3c4d`): the browser's socket lives
/// there, and a socket's path has at most 104 to 108 bytes.
final class ShortFolder {
    let path: String

    init() throws {
        path = "/tmp/sl10n-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
