import Foundation
import Testing
import SettingsL10nTestSupport

/// `--dry-run` of a UTF-16 table, printed to a file or a pipe: the diff of the file's own bytes
/// (lines end at each line-feed byte, as `diff -u --text` makes them), which `git apply` applies.
@Suite("settings-l10n --dry-run: the diff of a UTF-16 table applies to it; standard output that fails fails the run", .requires(.git))
struct UTF16DiffCommandTests {
    /// The example bundle with de's Root.strings in UTF-16 little-endian and sv's in big-endian
    /// (each with its byte-order mark), "Account" taken out of both for merge to fill.
    static func bundle() throws -> BundleCopy {
        let copy = try BundleCopy()
        for (folder, bigEndian) in [("de", false), ("sv", true)] {
            let url = copy.bundle.appendingPathComponent("\(folder).lproj/Root.strings")
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let shorter = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("\"Account\"") }.joined(separator: "\n")
            #expect(shorter != text)
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in shorter.utf16 { bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            try Data(bytes).write(to: url)
        }
        return copy
    }

    /// Runs the tool with its standard output into `file` (a file, not a terminal).
    static func run(_ arguments: [String], into file: String, in folder: URL) throws -> ToolResult {
        try Tool.run(["-c", "exec \"$0\" \"$@\" > \(file)", Tool.binary.path] + arguments, in: folder,
                     executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test("merge --fill source --dry-run > d.patch; git apply d.patch gives the bytes merge writes, UTF-16 kept")
    func appliesToTheFile() throws {
        let copy = try Self.bundle()
        let merged = try Self.bundle()
        #expect(try Tool.run(["merge", merged.bundle.path, "--fill", "source"]).exitCode == 0)
        let dryRun = try Self.run(["merge", "Settings.bundle", "--fill", "source", "--dry-run"], into: "d.patch", in: copy.folder)
        #expect(dryRun.exitCode == 0)
        let patch = [UInt8](try Data(contentsOf: copy.folder.appendingPathComponent("d.patch")))
        // The table's bytes: its byte-order marks and UTF-16 text, not the text made UTF-8.
        let utf16Account = Array("\"\0A\0c\0c\0o\0u\0n\0t\0\"\0".utf8)
        #expect(patch.starts(with: Array("--- a/de.lproj/Root.strings\n+++ b/de.lproj/Root.strings\n@@ ".utf8)))
        #expect(Self.contains(patch, [0x2D, 0xFF, 0xFE]))  // "-" then de's byte-order mark, on its first line
        #expect(Self.contains(patch, [0x2B] + utf16Account) || Self.contains(patch, [0x2B, 0x00] + utf16Account.dropLast()))
        #expect(!Self.contains(patch, Array("\"Account\"".utf8)))
        try TestGit.commit(copy.folder, adding: ["Settings.bundle"])
        let git = try #require(Requirement.executable(named: "git"))
        let applied = try Tool.run(["apply", "--directory=Settings.bundle", "d.patch"], in: copy.folder, executable: git)
        #expect(applied == ToolResult(stdout: "", stderr: "", exitCode: 0))
        for folder in ["de", "sv"] {
            let path = "\(folder).lproj/Root.strings"
            #expect(try copy.bytes(path) == merged.bytes(path), "\(path)")
        }
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty, bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    @Test("standard output that cannot be written (a full disk: /dev/full) fails the run, exit 3, with a message; a closed pipe does not")
    func fullDisk() throws {
        let copy = try Self.bundle()
        let before = try copy.snapshot()
        let result = try Self.run(["merge", "Settings.bundle", "--fill", "source", "--dry-run"], into: "/dev/full", in: copy.folder)
        #expect(result.exitCode == 3)
        #expect(result.stderr.hasSuffix("sv.lproj/Root.strings: 51 kept, 1 added; would change\nerror: standard output could not be written (No space left on device): what it holds is incomplete\n"))
        #expect(try copy.snapshot() == before)
        let json = try Self.run(["check", "Settings.bundle", "--format", "json"], into: "/dev/full", in: copy.folder)
        #expect(json == ToolResult(stdout: "", stderr: "error: standard output could not be written (No space left on device): what it holds is incomplete\n", exitCode: 3))
        // A reader that stops early (head) is no failure of the disk: the run ends as it would
        // (0), or by SIGPIPE (141) when it still writes after the reader left, never with the message.
        let piped = try Tool.run(["-c", "\"$0\" check Settings.bundle --format json 2> err | head -c 1 > /dev/null; echo ${PIPESTATUS[0]}; cat err", Tool.binary.path],
                                 in: copy.folder, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(["0\n", "141\n"].contains(piped.stdout), "\(piped)")
    }
}
