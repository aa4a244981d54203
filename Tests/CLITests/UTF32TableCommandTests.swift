import Foundation
import Testing
import SettingsL10nTestSupport

/// A `.strings` table saved as UTF-32 with a byte-order mark, which CoreFoundation reads
/// (measured with PropertyListSerialization: `FF FE 00 00` and `00 00 FE FF` both read, no mark
/// refused). Every command reads it; none writes it (it keeps its encoding, as a table in
/// property-list form keeps its form).
@Suite("Tables in UTF-32")
struct UTF32TableCommandTests {
    /// The example bundle with de.lproj/Root.strings in UTF-32 (`bigEndian`: `00 00 FE FF`).
    static func copy(bigEndian: Bool = false) throws -> BundleCopy {
        let copy = try BundleCopy()
        let url = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        let text = try String(contentsOf: url, encoding: .utf8)
        var bytes: [UInt8] = bigEndian ? [0x00, 0x00, 0xFE, 0xFF] : [0xFF, 0xFE, 0x00, 0x00]
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let units = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            bytes += bigEndian ? units.reversed() : units
        }
        try Data(bytes).write(to: url)
        return copy
    }

    @Test("check, status and render read it, either byte order (it was a strings-syntax error, 0%, and the keys)", arguments: [false, true])
    func read(bigEndian: Bool) throws {
        let copy = try Self.copy(bigEndian: bigEndian)
        #expect(try Tool.run(["check", copy.bundle.path, "--locale", "de"]) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        let status = try Tool.run(["status", copy.bundle.path, "--locale", "de", "--format", "json"])
        #expect(status.exitCode == 0)
        #expect(!status.stdout.contains("unreadable"), "\(status.stdout)")
        let render = try Tool.run(["render", copy.bundle.path, "--locale", "de"])
        #expect(render.exitCode == 0)
        #expect(render.stdout.contains("  Benutzername "), "\(render.stdout)")
    }

    @Test("merge leaves it alone when it is whole, refuses to rewrite it when it would change, and says how to convert it")
    func merge() throws {
        let copy = try Self.copy()
        let before = try copy.snapshot()
        #expect(try Tool.run(["merge", copy.bundle.path, "--check", "--locale", "de"]).exitCode == 0)
        try replaceOnce(in: copy.bundle.appendingPathComponent("Root.plist"), "<string>User name</string>", with: "<string>User</string>")
        // --prune would remove the key no schema file uses any more.
        let result = try Tool.run(["merge", copy.bundle.path, "--locale", "de", "--prune"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("de.lproj/Root.strings: not merged: the table is written as UTF-32 text, which the device reads but settings-l10n does not write; "
            + "to change it with settings-l10n, save it as UTF-8 (or UTF-16) first: iconv -f UTF-32 -t UTF-8; it was left untouched\n"), "\(result.stderr)")
        #expect(try copy.snapshot()["de.lproj/Root.strings"] == before["de.lproj/Root.strings"])
    }

    @Test("read as the device reads it: a byte or two cut off the end ignored; a mark alone, or two marks, a strings-syntax error naming it")
    func damaged() throws {
        let copy = try Self.copy()
        let url = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        let bytes = try Data(contentsOf: url)
        try bytes.dropLast(2).write(to: url)
        #expect(try Tool.run(["check", "Settings.bundle", "--locale", "de"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        let prefix = "Settings.bundle/de.lproj/Root.strings: error: the table is written as UTF-32 text, which the device reads, but it does not parse: "
        let summary = "1 error, 0 warnings, 0 notes\n  1 error  strings-syntax\n"
        try Data(bytes.prefix(4)).write(to: url)
        #expect(try Tool.run(["check", "Settings.bundle", "--locale", "de"], in: copy.folder) == ToolResult(
            stdout: prefix + "the file is a UTF-32 byte-order mark and nothing else, which the device cannot read; remove the file or give it the table's entries [strings-syntax]\n",
            stderr: summary, exitCode: 1))
        try (bytes.prefix(4) + bytes).write(to: url)
        #expect(try Tool.run(["check", "Settings.bundle", "--locale", "de"], in: copy.folder) == ToolResult(
            stdout: "Settings.bundle/de.lproj/Root.strings:1:1: error: the table is written as UTF-32 text, which the device reads, but it does not parse: "
                + "the file starts with two UTF-32 byte-order marks (iconv's conversion of a file that had one), and the device stops at the second: it cannot read the table; remove one [strings-syntax]\n",
            stderr: summary, exitCode: 1))
    }

    @Test("a property list in UTF-32 (XML, or an old-style dictionary), which the device reads, is read too (it was called unparseable)")
    func propertyListInUTF32() throws {
        let copy = try BundleCopy()
        let url = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-32\"?>\n<plist version=\"1.0\"><dict><key>User name</key><string>Benutzer</string></dict></plist>\n"
        for text in [xml, "{ \"User name\" = \"Benutzer\"; }\n"] {
            var bytes: [UInt8] = [0xFF, 0xFE, 0x00, 0x00]
            for scalar in text.unicodeScalars { bytes += [UInt8(scalar.value & 0xFF), UInt8(scalar.value >> 8 & 0xFF), UInt8(scalar.value >> 16 & 0xFF), 0] }
            try Data(bytes).write(to: url)
            let render = try Tool.run(["render", copy.bundle.path, "--locale", "de"])
            #expect(render.exitCode == 0)
            #expect(render.stdout.contains("  Benutzer "), "\(render.stdout)")
        }
    }
}
