import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

/// A tar archive as `git archive` writes one: ustar headers, pax records for long names.
struct TarBuilder {
    var bytes: [UInt8] = []

    mutating func add(_ path: String, type: Character = "0", contents: [UInt8] = [], link: String = "") {
        if path.utf8.count > 100 {
            let record = " path=\(path)\n"
            // The record's length counts its own digits.
            var length = record.utf8.count + 2
            if String(length).count + record.utf8.count != length { length += 1 }
            header("pax", type: "x", size: length)
            pad(Array("\(length)\(record)".utf8))
            header(String(path.suffix(90)), type: type, size: contents.count, link: link)
        } else {
            header(path, type: type, size: contents.count, link: link)
        }
        pad(contents)
    }

    private mutating func header(_ name: String, type: Character, size: Int, link: String = "") {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int) { for (index, byte) in text.utf8.enumerated() { block[offset + index] = byte } }
        put(name, at: 0)
        put("0000644", at: 100)
        let octal = String(size, radix: 8)
        put(String(repeating: "0", count: 11 - octal.count) + octal, at: 124)
        put(String(type), at: 156)
        put(link, at: 157)
        put("ustar", at: 257)
        put("00", at: 263)
        bytes += block
    }

    private mutating func pad(_ data: [UInt8]) {
        bytes += data
        bytes += [UInt8](repeating: 0, count: (512 - data.count % 512) % 512)
    }

    var archive: [UInt8] { bytes + [UInt8](repeating: 0, count: 1024) }
}

@Suite("A bundle as an archive held it (check --new-since)")
struct SnapshotBundleSourceTests {
    static func example() throws -> SnapshotBundleSource {
        var tar = TarBuilder()
        tar.add("Root.plist", contents: Array("root".utf8))
        tar.add("de.lproj/", type: "5")
        tar.add("de.lproj/Root.strings", contents: Array("\"a\" = \"b\";".utf8))
        tar.add("en.lproj/Root.strings", contents: Array("en".utf8))
        tar.add(".hidden", contents: [1])
        tar.add("Alias.strings", type: "2", link: "de.lproj/Root.strings")
        tar.add("fr.lproj", type: "2", link: "de.lproj")
        tar.add("Outside.plist", type: "2", link: "../../etc/passwd")
        tar.add("Absolute.plist", type: "2", link: "/etc/passwd")
        tar.add("Dangling.plist", type: "2", link: "nothing")
        tar.add("Loop", type: "2", link: "Loop")
        tar.add("fifo", type: "6")
        tar.add("Licenses/" + String(repeating: "Long", count: 30) + ".plist", contents: Array("long".utf8))
        return try SnapshotBundleSource(tar: tar.archive)
    }

    @Test("folders list as the disk source lists them: hidden names out, links by where they lead")
    func listing() throws {
        let source = try Self.example()
        let entries = try source.entries(inFolder: "", limit: 100)
        #expect(entries.map(\.name) == ["Absolute.plist", "Alias.strings", "Dangling.plist", "Licenses", "Loop", "Outside.plist", "Root.plist",
                                        "de.lproj", "en.lproj", "fifo", "fr.lproj"])
        let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, ($0.kind, $0.isLink)) })
        #expect(kinds["Alias.strings"]! == (.file, true))
        #expect(kinds["fr.lproj"]! == (.folder, true))
        #expect(kinds["Outside.plist"]! == (.linkOutsideBundle, true))
        #expect(kinds["Absolute.plist"]! == (.linkOutsideBundle, true))
        #expect(kinds["Dangling.plist"]! == (.other, true))
        #expect(kinds["Loop"]! == (.other, true))
        #expect(kinds["fifo"]! == (.other, false))
        #expect(kinds["en.lproj"]! == (.folder, false))
        #expect(try source.entries(inFolder: "fr.lproj", limit: 100).map(\.name) == ["Root.strings"])
        #expect(try source.entries(inFolder: "Licenses", limit: 100).map(\.name) == [String(repeating: "Long", count: 30) + ".plist"])
        #expect(throws: BundleReadError.self) { try source.entries(inFolder: "de.lproj", limit: 0) }
        #expect(throws: BundleReadError.self) { try source.entries(inFolder: "Root.plist", limit: 10) }
    }

    @Test("files read through links inside the bundle, never out of it")
    func contents() throws {
        let source = try Self.example()
        #expect(try source.contents(of: "Root.plist", limit: 100) == Array("root".utf8))
        #expect(try source.contents(of: "fr.lproj/Root.strings", limit: 100) == Array("\"a\" = \"b\";".utf8))
        #expect(try source.contents(of: "Alias.strings", limit: 100) == Array("\"a\" = \"b\";".utf8))
        #expect(try source.contents(of: "Licenses/" + String(repeating: "Long", count: 30) + ".plist", limit: 100) == Array("long".utf8))
        for path in ["Outside.plist", "Absolute.plist", "Dangling.plist", "Loop", "../x", "de.lproj", "missing"] {
            #expect(throws: BundleReadError.self, "\(path)") { try source.contents(of: path, limit: 100) }
        }
        let large = try #require(throws: BundleReadError.self) { try source.contents(of: "Root.plist", limit: 3) }
        #expect(large.isTooLarge)
    }

    @Test("an archive cut short, or a header without a size, is an error")
    func damaged() {
        var tar = TarBuilder()
        tar.add("Root.plist", contents: Array(repeating: 65, count: 600))
        #expect(throws: SyntaxError.self) { try SnapshotBundleSource(tar: Array(tar.bytes.prefix(700))) }
        var bad = tar.archive
        bad[124] = UInt8(ascii: "x")
        #expect(throws: SyntaxError.self) { try SnapshotBundleSource(tar: bad) }
        #expect(throws: Never.self) { try SnapshotBundleSource(tar: []) }
    }

    @Test("a bundle read from a snapshot is the bundle read from disk")
    func loads() throws {
        var tar = TarBuilder()
        tar.add("Root.plist", contents: Array(xmlSchema("""
            <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string>\
            <key>Key</key><string>sound</string><key>DefaultValue</key><true/></dict>
            """).utf8))
        tar.add("en.lproj/Root.strings", contents: Array("\"Sound\" = \"Sound\";\n".utf8))
        tar.add("de.lproj/Root.strings", contents: Array("\"Sound\" = \"Ton\";\n".utf8))
        let bundle = try BundleLoader.load(from: try SnapshotBundleSource(tar: tar.archive))
        #expect(bundle.schemaFiles.map(\.path) == ["Root.plist"])
        #expect(bundle.localizations.map(\.name).sorted() == ["de", "en"])
        #expect(bundle.diagnostics.isEmpty)
    }
}
