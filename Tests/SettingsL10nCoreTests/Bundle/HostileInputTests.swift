import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

/// Hostile and broken input that once lost translations or cost unbounded memory or time
/// (issue "Reliability: no command ever destroys what it could not read"). Each test failed
/// before its fix.
@Suite("Hostile input: reading and writing")
struct HostileInputTests {
    /// A binary property list whose root array references one ASCII string `count` times.
    static func sharedStringPlist(length: Int, references count: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        let arrayOffset = bytes.count
        bytes += [0xAF, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)] + [UInt8](repeating: 1, count: count)
        let stringOffset = bytes.count
        bytes += [0x5F, 0x12] + withUnsafeBytes(of: UInt32(length).bigEndian, Array.init)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: length)
        let tableOffset = bytes.count
        bytes += withUnsafeBytes(of: UInt32(arrayOffset).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt32(stringOffset).bigEndian, Array.init)
        bytes += [0, 0, 0, 0, 0, 0, 4, 1]
        bytes += withUnsafeBytes(of: UInt64(2).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(tableOffset).bigEndian, Array.init)
        return bytes
    }

    @Test("a binary property list naming one large string many times is refused by its expanded bytes")
    func sharedStringExpansion() throws {
        // 1 MB referenced 200 times: 200 MB once read. The value count (201) is far under its limit.
        let bytes = Self.sharedStringPlist(length: 1 << 20, references: 200)
        #expect(bytes.count < (1 << 20) + 300)
        #expect(throws: SyntaxError("the binary property list expands to more than 33554432 bytes of strings and data")) {
            try PropertyListReader.read(bytes)
        }
        // Sharing within the bound still reads.
        let (root, _) = try PropertyListReader.read(Self.sharedStringPlist(length: 1000, references: 30))
        #expect(root.value.arrayValue?.count == 30)
    }

    @Test("a schema file that does not load is named, with the reason no table may be written")
    func unloadedSchemaFile() throws {
        let german = "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n"
        let files = [
            "Root.plist": xmlSchema(childPane(title: "Sound", file: "Child")).replacingOccurrences(of: "</plist>", with: "</plst>"),
            "Child.plist": xmlSchema(""),
            "de.lproj/Root.strings": german,
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n",
        ]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Root.plist"])
        let refusal = try #require(bundle.schemaWriteRefusal)
        #expect(refusal == "Root.plist did not load (line 19: not a property list: </plst> does not close <plist> (opened at line 3)), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again")
    }

    @Test("messages quote the start of a long value, never all of it")
    func longValuesInMessages() {
        let long = String(repeating: "Ω", count: 100_000)
        #expect(MessageText.quoted(long) == "\"" + String(repeating: "Ω", count: 80) + "…\" (100000 characters)")
        #expect(MessageText.quoted("short \"one\"") == "\"short \\\"one\\\"\"")
        #expect(MessageText.excerpt(long) == String(repeating: "Ω", count: 80) + "…")
        #expect(MessageText.message("no schema file uses ", quoting: "Sound", " (stale)") == "no schema file uses \"Sound\" (stale)")
        #expect(MessageText.message("a ", quoting: "say \"hi\"\n", "!") == "a \"say \\\"hi\\\"\\n\"!")
        #expect(MessageText.message("<", quoting: long, ">") == "<" + MessageText.quoted(long) + ">")
        #expect(MessageText.message("", quoting: "", "") == "\"\"")
        #expect(MessageText.message("key ", quoting: "自動 e\u{301}", "") == "key \"自動 e\u{301}\"")
    }

    @Test("a schema root that is not a dictionary, or specifiers that are not an array, count as not loaded",
          arguments: ["<plist><array/></plist>", "<plist><dict><key>PreferenceSpecifiers</key><string>x</string></dict></plist>"])
    func unreadableStructure(root: String) throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": xmlSchema(""), "Child.plist": root]))
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Child.plist"])
    }

    @Test("names that are not UTF-8 are reported, and a schema file among them stops writes")
    func namesNotUTF8() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Account\" = \"Konto\";\n")
        let bundlePath = folder.path + "/Settings.bundle"
        // Latin-1 bytes: 0xFC (ü) and 0xE9 (é) are not UTF-8.
        folder.createFile(in: "Settings.bundle/de.lproj", rawName: Array("Gr".utf8) + [0xFC] + Array("n.strings".utf8))
        folder.createFile(in: "Settings.bundle", rawName: Array("Child".utf8) + [0xE9] + Array(".plist".utf8))
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: bundlePath))
        #expect(bundle.diagnostics.map { "\($0.rule) \($0.location.file)" } == [
            "file-name-encoding Child\u{FFFD}.plist", "file-name-encoding de.lproj/Gr\u{FFFD}n.strings",
        ])
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Child\u{FFFD}.plist"])
    }
}
