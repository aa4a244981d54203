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

    @Test("a UTF-32 table that is cut short is a strings-syntax error naming it")
    func truncated() throws {
        let copy = try Self.copy()
        let url = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        let bytes = try Data(contentsOf: url)
        try bytes.dropLast(1).write(to: url)
        let result = try Tool.run(["check", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(result == ToolResult(
            stdout: "Settings.bundle/de.lproj/Root.strings: error: the table is written as UTF-32 text, which the device reads, but it does not parse: the file is UTF-32 but its length (\(bytes.count - 1) bytes) is not a multiple of 4; it is truncated [strings-syntax]\n",
            stderr: "1 error, 0 warnings, 0 notes\n  1 error  strings-syntax\n", exitCode: 1))
    }
}
