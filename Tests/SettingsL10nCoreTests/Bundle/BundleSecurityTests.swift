import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

/// Hostile bundles on disk: nothing outside the bundle folder is ever opened.
@Suite("Bundle security")
struct BundleSecurityTests {
    private func load(_ folder: TemporaryFolder, limits: ReadLimits = .standard) throws -> SettingsBundle {
        try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"), limits: limits)
    }

    @Test("a child pane's folder that is not there is the pane's one finding, on disk too (it was also said to lie outside the bundle); one linked out of the bundle is said to be, once")
    func missingPaneFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(childPane(title: "Licenses", file: "Licenses/Acknowledgements") + childPane(title: "Out", file: "Out/Pane")))
        try folder.write("elsewhere/Pane.plist", xmlSchema(""))
        try folder.symlink("Settings.bundle/Out", to: folder.path + "/elsewhere")
        let bundle = try load(folder)
        #expect(bundle.diagnostics.map { "\($0.rule) \($0.location.file): \($0.message.prefix(40))" } == [
            "link-outside-bundle Out: this symbolic link points outside the bu",
            "child-pane-file-missing Root.plist: File \"Licenses/Acknowledgements\" names L",
            "child-pane-file-missing Root.plist: File \"Out/Pane\" names Out/Pane.plist, wh",
        ])
    }

    @Test("symbolic links to files outside the bundle are not followed")
    func linksOutside() throws {
        let folder = try TemporaryFolder()
        try folder.write("secret.plist", xmlSchema("", stringsTable: "Leaked"))
        try folder.write("secret.strings", "\"Leaked\" = \"secret\";")
        try folder.write("Settings.bundle/Root.plist", xmlSchema(childPane(title: "S", file: "Secret")))
        try folder.symlink("Settings.bundle/Secret.plist", to: folder.path + "/secret.plist")
        try folder.symlink("Settings.bundle/en.lproj/Root.strings", to: "../../secret.strings")
        try folder.symlink("Settings.bundle/fr.lproj", to: folder.path)
        let bundle = try load(folder)
        #expect(bundle.schemaFiles.map(\.path) == ["Root.plist"])
        #expect(bundle.localizations.map(\.folder) == ["en.lproj", "fr.lproj"])
        // The link is a table that cannot be read: reported, never read, never written over.
        #expect(bundle.localizations[0].tables == [StringsTableFile(name: "Root", path: "en.lproj/Root.strings", content: .linkOutsideBundle, isLink: true)])
        // The folder linked out is a language whose tables are unknown: never listed.
        #expect(bundle.localizations[1].tables.isEmpty)
        #expect(bundle.localizations[1].listingProblem == "this symbolic link points outside the bundle; it was not followed")
        #expect(bundle.localizations[1].isLink)
        // The pane naming Secret is not also said to name a missing file: the link is there, and
        // its own finding says why it is not opened (one problem, counted once).
        #expect(bundle.diagnostics.map { "\($0.rule) \($0.location.file)" } == [
            "link-outside-bundle Secret.plist",
            "link-outside-bundle en.lproj/Root.strings",
            "link-outside-bundle fr.lproj",
        ])
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Secret.plist"])
    }

    @Test("symbolic links inside the bundle are followed")
    func linksInside() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(childPane(title: "A", file: "Alias")))
        try folder.write("Settings.bundle/Real.plist", xmlSchema(""))
        try folder.symlink("Settings.bundle/Alias.plist", to: "Real.plist")
        try folder.write("Settings.bundle/en.lproj/Root.strings", "\"A\" = \"A\";")
        try folder.symlink("Settings.bundle/en-GB.lproj", to: "en.lproj")
        let bundle = try load(folder)
        #expect(bundle.diagnostics.isEmpty)
        #expect(bundle.schemaFiles.map(\.path) == ["Root.plist", "Alias.plist", "Real.plist"])
        #expect(bundle.localizations.map { $0.tables.map(\.path) } == [["en-GB.lproj/Root.strings"], ["en.lproj/Root.strings"]])
    }

    @Test("a file read through a link is read only when the link leads inside the bundle, at the file or a folder on the way")
    func contentsThroughLinks() throws {
        let folder = try TemporaryFolder()
        try folder.write("outside/Root.strings", "outside")
        try folder.write("Settings.bundle/Root.plist", "root")
        try folder.write("Settings.bundle/en.lproj/Root.strings", "inside")
        try folder.symlink("Settings.bundle/Alias.plist", to: "Root.plist")
        try folder.symlink("Settings.bundle/en-GB.lproj", to: "en.lproj")
        try folder.symlink("Settings.bundle/en.lproj/Out.strings", to: folder.path + "/outside/Root.strings")
        try folder.symlink("Settings.bundle/fr.lproj", to: folder.path + "/outside")
        try folder.symlink("Settings.bundle/en.lproj/Dangling.strings", to: "Nowhere.strings")
        let source = try DiskBundleSource(path: folder.path + "/Settings.bundle")
        func read(_ path: String) -> String {
            do {
                return String(decoding: try source.contents(of: path, limit: 1 << 20), as: UTF8.self)
            } catch {
                return error.message
            }
        }
        #expect(read("Alias.plist") == "root")
        #expect(read("en-GB.lproj/Root.strings") == "inside")
        let refused = "the file does not exist or lies outside the bundle; it was not read"
        #expect(read("en.lproj/Out.strings") == refused)
        #expect(read("fr.lproj/Root.strings") == refused)
        #expect(read("en.lproj/Dangling.strings") == refused)
        #expect(read("en.lproj/Missing.strings") == refused)
        #expect(read("Root.plist/Root.strings") == refused)
        #expect(read("en.lproj") == "not a regular file; it was not read")
    }

    @Test("the source refuses paths that climb out of the bundle")
    func sourceRefusesClimbing() throws {
        let folder = try TemporaryFolder()
        try folder.write("outside.strings", "\"a\" = \"b\";")
        // A name starting with a combining mark: "/" and the mark are one character, so a path
        // split into characters hides the ".." before it, which the system still climbs.
        try folder.write("\u{301}outside.strings", "\"a\" = \"b\";")
        try folder.write("Settings.bundle/Root.plist", xmlSchema(""))
        let source = try DiskBundleSource(path: folder.path + "/Settings.bundle")
        for path in ["../outside.strings", "en.lproj/../../outside.strings", "/etc/passwd", "./Root.plist", "", "../\u{301}outside.strings",
                     "en.lproj/", "en.lproj//Root.strings"] {
            #expect(throws: BundleReadError.self, "\(path.debugDescription)") { try source.contents(of: path, limit: 1 << 20) }
        }
        #expect(throws: BundleReadError.self) { try source.entries(inFolder: "..", limit: 100) }
        #expect(throws: BundleReadError.self) { try source.entries(inFolder: "../\u{301}x", limit: 100) }
        #expect(try source.contents(of: "Root.plist", limit: 1 << 20).count > 0)
    }

    @Test("paths are split at their / bytes, as the system splits them")
    func pathComponents() {
        #expect(BundlePath.components("x/\u{301}y", omittingEmpty: true) == ["x", "\u{301}y"])
        #expect(BundlePath.components("en.lproj/Root.strings", omittingEmpty: true) == ["en.lproj", "Root.strings"])
        #expect(BundlePath.components("a//b/", omittingEmpty: true) == ["a", "b"])
        #expect(BundlePath.components("a//b/", omittingEmpty: false) == ["a", "", "b", ""])
        #expect(BundlePath.components("", omittingEmpty: false) == [""])
        #expect(BundlePath.components("../\u{301}x", omittingEmpty: false).map(BundlePath.isParent) == [true, false])
        #expect(BundlePath.isPlain("en.lproj/Root.strings"))
        #expect(BundlePath.isPlain("..a/.b/\u{301}"))
        for path in ["", "/", "a/", "/a", "a//b", ".", "..", "a/./b", "a/../b", "../\u{301}x", "x/\u{301}/.."] {
            #expect(!BundlePath.isPlain(path), "\(path.debugDescription)")
        }
        #expect(BundlePath.relative("/b/\u{301}x", below: "/b") == "\u{301}x")
        #expect(BundlePath.relative("/b/\u{301}x", below: "/b/") == "\u{301}x")
        #expect(BundlePath.relative("/b/x/y", below: "/b") == "x/y")
        #expect(BundlePath.relative("/a", below: "/") == "a")
        #expect(BundlePath.relative("/b", below: "/b") == nil)
        #expect(BundlePath.relative("/bc/x", below: "/b") == nil)
        // Compared in bytes: é precomposed is not e and a combining acute.
        #expect(BundlePath.relative("/caf\u{E9}/x", below: "/cafe\u{301}") == nil)
        #expect(BundlePath.isSameOrBelow("/b", "/b"))
        #expect(BundlePath.isSameOrBelow("/b/\u{301}", "/b"))
        #expect(!BundlePath.isSameOrBelow("/b\u{301}", "/b"))
        #expect(BundlePath.splitLast("a/b/\u{301}c").folder == "a/b" && BundlePath.splitLast("a/b/\u{301}c").name == "\u{301}c")
        #expect(BundlePath.splitLast("/x").folder == "" && BundlePath.splitLast("x").folder == nil)
        #expect(BundlePath.isAbsolute("/\u{301}") && !BundlePath.isAbsolute("\u{301}/"))
        #expect(PaneWalk.folder(ofFileName: "Licenses/\u{301}Pane")?.folder == "Licenses")
        #expect(PaneWalk.folder(ofFileName: "Licenses/\u{301}Pane")?.base == "\u{301}Pane")
        #expect(PaneWalk.folder(ofFileName: "Pane") == nil)
    }

    @Test("a billion-laughs schema file fails fast with an error")
    func billionLaughs() throws {
        let folder = try TemporaryFolder()
        var entities = "<!ENTITY a \"aaaaaaaaaa\">"
        for level in 1...12 {
            entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level == 1 ? "" : String(level - 1));", count: 10) + "\">"
        }
        try folder.write("Settings.bundle/Root.plist", "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\(entities)]>\n<plist><dict><key>PreferenceSpecifiers</key><array><dict><key>Title</key><string>&a12;</string></dict></array></dict></plist>")
        let start = ContinuousClock.now
        let bundle = try load(folder)
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(bundle.diagnostics.map(\.rule.rawValue) == ["plist-syntax"])
        #expect(bundle.diagnostics[0].location.line == 2)
    }

    @Test("an external entity in a schema file is never read")
    func externalEntity() throws {
        let folder = try TemporaryFolder()
        try folder.write("passwords.txt", "hunter2")
        try folder.write("Settings.bundle/Root.plist", "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY x SYSTEM \"file://\(folder.path)/passwords.txt\">]>\n<plist><dict><key>PreferenceSpecifiers</key><array><dict><key>Title</key><string>&x;</string></dict></array></dict></plist>")
        let bundle = try load(folder)
        #expect(bundle.diagnostics.map(\.rule.rawValue) == ["plist-syntax"])
        #expect(!bundle.diagnostics.contains { $0.message.contains("hunter2") })
    }

    @Test("files over the size limit are not read")
    func sizeLimit() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(""))
        try folder.write("Settings.bundle/de.lproj/Root.strings", String(repeating: "\"k\" = \"v\";\n", count: 1000))
        let bundle = try load(folder, limits: ReadLimits(maximumFileSize: 2000))
        // Tables are read when a command needs them: the limit applies then.
        #expect(bundle.diagnostics == [])
        let message = "the file is 11000 bytes, more than the limit of 2000; it was not read"
        #expect(bundle.localizations[0].tables[0].read() == .failure(.unreadable(path: "de.lproj/Root.strings", message: message)))
    }

    @Test("folders with too many entries are refused")
    func folderLimit() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(""))
        for index in 0..<20 { try folder.write("Settings.bundle/x\(index).png", [0]) }
        #expect(throws: BundleReadError(path: "", message: "the folder holds more than 10 entries; it was not read")) {
            try load(folder, limits: ReadLimits(maximumFolderEntries: 10))
        }
    }

    @Test("deeply nested and hostile files give errors, not crashes", arguments: [
        ("deep XML", "<plist>" + String(repeating: "<array>", count: 100_000) + "</plist>"),
        ("deep OpenStep", String(repeating: "(", count: 100_000)),
        // Int named: left to infer, Swift picks Int128 here, which macOS has from 15 only.
        ("random bytes", String(decoding: (0..<4096).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }, as: UTF8.self)),
    ])
    func hostile(name: String, contents: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", contents)
        let bundle = try load(folder)
        #expect(bundle.diagnostics.map(\.rule.rawValue).contains("plist-syntax"))
    }

    @Test("a path that is not a folder is an error")
    func notAFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("file.txt", "x")
        #expect(throws: BundleReadError.self) { try DiskBundleSource(path: folder.path + "/file.txt") }
        #expect(throws: BundleReadError.self) { try DiskBundleSource(path: folder.path + "/missing") }
    }
}
