import Foundation
import Testing
import SettingsL10nTestSupport

/// `extract --xcloc --screenshots` with the real browser: each package's `Notes/Screenshots/`
/// in Xcode's layout (the pages, `localizationStringData.plist`, a JSON map beside each PNG),
/// the rest of the package as without the option, and the failures a user meets.
@Suite("extract --xcloc --screenshots", .serialized)
struct XclocScreenshotCommandTests {
    static let pages = ["OfflineMaps", "Privacy", "Root", "options-OfflineMaps-2", "options-Root-5", "options-Root-6"]
    static let notes = "Notes/Screenshots/Settings.bundle/iPhone"

    /// Every file below `folder`, by path, with its bytes.
    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? FileManager.DirectoryEnumerator() {
            let url = folder.appendingPathComponent(path)
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true { files[path] = try Data(contentsOf: url) }
        }
        return files
    }

    @Test("German and Arabic: the pages and Xcode's map in each package's Notes, the rest as without --screenshots", .requires(.chromium))
    func example() throws {
        let temporary = try TemporaryFolder()
        let plain = temporary.url.appendingPathComponent("plain"), drawn = temporary.url.appendingPathComponent("drawn")
        let locales = ["--locale", "de", "--locale", "ar"]
        let without = try Tool.run(["extract", TestPaths.exampleBundle.path, "--xcloc", plain.path] + locales)
        let result = try Tool.run(["extract", TestPaths.exampleBundle.path, "--xcloc", drawn.path, "--screenshots"] + locales)
        #expect(result.exitCode == 0 && result.stdout == without.stdout, "\(result)")
        #expect(result.stderr == "wrote \(drawn.path)/de.xcloc: 57 units, 57 with a translation, 6 screenshots\n"
            + "wrote \(drawn.path)/ar.xcloc: 57 units, 57 with a translation, 6 screenshots\n", "\(result)")
        let before = try Self.files(plain), after = try Self.files(drawn)
        let screenshots = ["ar", "de"].flatMap { language in
            (Self.pages.flatMap { [$0 + ".json", $0 + ".png"] } + ["localizationStringData.plist"]).map { "\(language).xcloc/\(Self.notes)/\($0)" }
        }
        // Without --screenshots, Notes/ is an empty folder; with it, the screenshots are all that is added.
        #expect(Set(after.keys) == Set(before.keys).union(screenshots))
        for (path, bytes) in before { #expect(after[path] == bytes, "\(path)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: plain.path + "/de.xcloc/Notes") == [])
        for language in ["de", "ar"] {
            try Self.checkMap(drawn.appendingPathComponent("\(language).xcloc/\(Self.notes)"), language: language)
        }
        let german = try Self.entries(drawn.appendingPathComponent("de.xcloc/\(Self.notes)"))
        #expect(german.map { "\($0.table) \($0.key): \($0.frames.map(\.image).joined(separator: " "))" } == Self.germanEntries)
    }

    /// `localizationStringData.plist`'s entries: table, key, and each frame's image and rectangle.
    static func entries(_ folder: URL) throws -> [(table: String, key: String, frames: [(image: String, frame: String)])] {
        let data = try Data(contentsOf: folder.appendingPathComponent("localizationStringData.plist"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]])
        return try plist.map { entry in
            #expect(Set(entry.keys) == ["bundleID", "bundlePath", "screenshots", "stringKey", "tableName"])
            #expect(entry["bundleID"] as? String == "Settings.bundle" && entry["bundlePath"] as? String == "Settings.bundle")
            let shots = try #require(entry["screenshots"] as? [[String: String]])
            return (try #require(entry["tableName"] as? String), try #require(entry["stringKey"] as? String),
                    shots.map { ($0["name"] ?? "", $0["frame"] ?? "") })
        }
    }

    /// The plist holds what the JSON maps beside the PNGs hold: each string once per place drawn,
    /// its rectangle in points (two pixels a point), grouped by table and key in the order first drawn.
    static func checkMap(_ folder: URL, language: String) throws {
        var expected: [(key: String, frames: [(image: String, frame: String)])] = []
        for page in pages {
            let map = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(page + ".json"))) as? [String: Any])
            let png = try Data(contentsOf: folder.appendingPathComponent(page + ".png"))
            #expect(map["image"] as? String == page + ".png" && map["locale"] as? String == language && map["scale"] as? Int == 2)
            #expect(map["width"] as? Int == png[16..<20].reduce(0) { $0 << 8 | Int($1) } && map["width"] as? Int == 780)
            for string in map["strings"] as? [[String: Any]] ?? [] {
                let points = ["x", "y", "width", "height"].map { name -> String in
                    let value = Double(string[name] as! Int) / 2
                    return value == value.rounded() ? String(Int(value)) : String(value)
                }
                let id = "\(string["table"]!) \(string["key"]!)"
                let frame = (page + ".png", "{{\(points[0]), \(points[1])}, {\(points[2]), \(points[3])}}")
                if let index = expected.firstIndex(where: { $0.key == id }) { expected[index].frames.append(frame) } else { expected.append((id, [frame])) }
            }
        }
        let read = try entries(folder)
        #expect(read.map { "\($0.table) \($0.key)" } == expected.map(\.key), "\(language)")
        #expect(read.map { $0.frames.map { "\($0.image) \($0.frame)" } } == expected.map { $0.frames.map { "\($0.image) \($0.frame)" } }, "\(language)")
    }

    static let germanEntries = [
        "Root Offline Maps: OfflineMaps.png Root.png options-OfflineMaps-2.png",
        "Root Downloads: OfflineMaps.png",
        "Root Download over Wi-Fi only: OfflineMaps.png",
        "Root Map detail: OfflineMaps.png options-OfflineMaps-2.png",
        "Root Medium: OfflineMaps.png options-OfflineMaps-2.png",
        "Root Maps are stored on this device and work without a connection.: OfflineMaps.png",
        "Root Keep maps for: OfflineMaps.png",
        "Root One week: OfflineMaps.png",
        "Root One month: OfflineMaps.png",
        "Root One year: OfflineMaps.png",
        "Root Older maps are removed automatically.: OfflineMaps.png",
        "Root Privacy: Privacy.png Root.png",
        "Privacy Analytics: Privacy.png",
        "Privacy Share anonymous statistics: Privacy.png",
        "Privacy Referral code: Privacy.png",
        "Privacy We never share your location.: Privacy.png",
        "Privacy Privacy policy: Privacy.png",
        "Root Account: Root.png",
        "Root User name: Root.png",
        "Root Password: Root.png",
        "Root Sync over cellular: Root.png",
        "Root Your account keeps your routes in sync between your devices.: Root.png",
        "Root Map: Root.png Root.png",
        "Root Units: Root.png options-Root-5.png",
        "Root km: Root.png",
        "Root Country: Root.png options-Root-6.png",
        "Root Sweden: Root.png options-Root-6.png",
        "Root Keep screen on: Root.png",
        "Root Voice guidance volume: Root.png",
        "Root Start screen: Root.png",
        "Root Routes: Root.png",
        "Root Activity: Root.png",
        "Root Shown each time the app opens.: Root.png",
        "Root About: Root.png",
        "Root Version: Root.png",
        "Root Map data: Root.png",
        "Root Up to date: Root.png",
        "Root Low: options-OfflineMaps-2.png",
        "Root High: options-OfflineMaps-2.png",
        "Root Kilometres: options-Root-5.png",
        "Root Miles: options-Root-5.png",
        "Root Nautical miles: options-Root-5.png",
        "Root Åland Islands: options-Root-6.png",
        "Root Denmark: options-Root-6.png",
        "Root Germany: options-Root-6.png",
        "Root Estonia: options-Root-6.png",
        "Root Finland: options-Root-6.png",
        "Root Iceland: options-Root-6.png",
        "Root Norway: options-Root-6.png",
        "Root Austria: options-Root-6.png",
        "Root Switzerland: options-Root-6.png",
    ]

    @Test("a screenshot someone changed is refused (exit 2, nothing written) unless --force; the same bytes twice", .requires(.chromium))
    func refusesChangedScreenshot() throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("packages").path
        let arguments = ["extract", TestPaths.exampleBundle.path, "--xcloc", out, "--locale", "sv", "--screenshots"]
        #expect(try Tool.run(arguments).exitCode == 0)
        let root = URL(fileURLWithPath: out + "/sv.xcloc/\(Self.notes)/Root.png")
        let first = try Self.files(URL(fileURLWithPath: out))
        #expect(try Tool.run(arguments).exitCode == 0)
        #expect(try Self.files(URL(fileURLWithPath: out)) == first)
        try Data("a reviewer's circles".utf8).write(to: root)
        let refused = try Tool.run(arguments)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.hasSuffix("error: \(root.path) exists and differs from this export, perhaps a translator's returned work: import it first, or give --force to replace it; nothing was written\n"), "\(refused)")
        #expect(try String(contentsOf: root, encoding: .utf8) == "a reviewer's circles")
        #expect(try Tool.run(arguments + ["--force"]).exitCode == 0)
        #expect(try Self.files(URL(fileURLWithPath: out)) == first)
    }

    @Test("a package that cannot be written is told, not the browser: none is started for a refused export, nothing written")
    func refusedBeforeDrawing() throws {
        let folder = try TemporaryFolder()
        let scratch = try ShortFolder()
        let browser = folder.url.appendingPathComponent("browser")
        try Data("#!/bin/sh\necho starting >&2\nsleep 600 &\nwait\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let out = folder.url.appendingPathComponent("packages")
        // A file where the package's folder of XLIFF goes: that file cannot be written.
        try FileManager.default.createDirectory(at: out.appendingPathComponent("de.xcloc"), withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: out.appendingPathComponent("de.xcloc/Localized Contents"))
        let result = try Tool.run(["extract", TestPaths.exampleBundle.path, "--xcloc", out.path, "--locale", "de", "--screenshots",
                                   "--browser", browser.path, "--timeout", "1"], environment: ["TMPDIR": scratch.path])
        #expect(result.exitCode == 3 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("error: cannot write the packages into \(out.path): ") && !result.stderr.contains("browser"), "\(result)")
        #expect(try Self.files(out) == ["de.xcloc/Localized Contents": Data("in the way".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }

    @Test("no Chromium: exit 3, what to install, nothing written")
    func noBrowser() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("packages").path
        let none = try Tool.run(["extract", TestPaths.exampleBundle.path, "--xcloc", out, "--screenshots"], environment: ["PATH": folder.url.path])
        #expect(none.exitCode == 3 && none.stdout.isEmpty)
        #expect(none.stderr == "error: extract --screenshots draws the pages with Chromium, and none was found (chromium, chromium-browser, google-chrome, google-chrome-stable on PATH): install Chromium (Debian, Ubuntu: apt-get install chromium fonts-noto-cjk; macOS: Google Chrome), or name it with --browser <path> or SETTINGS_L10N_BROWSER\n", "\(none)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("usage: --screenshots needs --xcloc; --scale, --browser and --timeout are for --screenshots", arguments: [
        (["--screenshots"], "error: --screenshots draws the pages into each .xcloc package: give --xcloc <dir> too"),
        (["--xliff", "x", "--screenshots"], "error: --screenshots draws the pages into each .xcloc package: give --xcloc <dir> too"),
        (["--xcloc", "x", "--scale", "2"], "error: --scale is for --screenshots"),
        (["--xcloc", "x", "--browser", "chromium"], "error: --browser is for --screenshots"),
        (["--xcloc", "x", "--screenshots", "--scale", "4"], "error: --scale 4: give 1, 2 or 3 pixels per point"),
        (["--xcloc", "x", "--screenshots", "--timeout", "0"], "error: --timeout: give seconds, more than 0 and at most 3600"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try Tool.run(["extract", TestPaths.exampleBundle.path] + arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result)")
    }
}
