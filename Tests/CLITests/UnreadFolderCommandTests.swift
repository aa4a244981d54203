import Foundation
import Testing
import SettingsL10nTestSupport

/// A `.lproj` folder the tool does not read (a link out of the bundle, a dangling link) and a
/// table that links out of the bundle: every command says so, and none makes a String Catalog,
/// an export or a table as if the language held nothing. Found by a review: sync wrote the
/// catalog without Swedish (exit 0), merge and status left Swedish out, extract exported it empty.
@Suite("a language folder or a table the tool does not read")
struct UnreadFolderCommandTests {
    enum Kind: String, CaseIterable {
        case linkOut = "a link out of the bundle", dangling = "a dangling link"

        /// Why the loader does not read a folder of this kind.
        var reason: String {
            self == .linkOut ? "this symbolic link points outside the bundle; it was not followed" : "it is not a folder: a dangling link, a pipe, a socket or a device"
        }
    }

    /// Moves `path` of the copy's bundle beside the bundle (as `outside`) and puts a link of
    /// `kind` in its place: to it, or to nothing.
    static func linkOut(_ path: String, of copy: BundleCopy, as outside: String, _ kind: Kind) throws {
        let inside = copy.bundle.appendingPathComponent(path), moved = copy.folder.appendingPathComponent(outside)
        try FileManager.default.moveItem(at: inside, to: moved)
        try FileManager.default.createSymbolicLink(atPath: inside.path, withDestinationPath: kind == .linkOut ? moved.path : copy.folder.appendingPathComponent("gone").path)
    }

    /// The example bundle with sv.lproj made `kind`; the Swedish folder (when the link points to
    /// it) is beside the bundle.
    static func copy(_ kind: Kind) throws -> BundleCopy {
        let copy = try BundleCopy()
        try linkOut("sv.lproj", of: copy, as: "sv-outside.lproj", kind)
        return copy
    }

    static func problem(_ kind: Kind) -> String {
        switch kind {
        case .linkOut: "sv.lproj: error: this symbolic link points outside the bundle; it was not followed [link-outside-bundle]"
        case .dangling: "sv.lproj: error: it is not a folder: a dangling link, a pipe, a socket or a device; its tables are not read, and none is written [file-unreadable]"
        }
    }

    @Test("sync writes no catalog and no table, exit 3; --check cannot tell, exit 1", arguments: Kind.allCases)
    func sync(kind: Kind) throws {
        let copy = try Self.copy(kind)
        let catalog = copy.folder.appendingPathComponent("Settings.xcstrings").path
        let result = try Tool.run(["sync", "Settings.bundle", "--catalog", catalog], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: "Settings.bundle/\(Self.problem(kind))\nerror: sv.lproj could not be read (above); nothing was written\n", exitCode: 3))
        #expect(!FileManager.default.fileExists(atPath: catalog))
        let check = try Tool.run(["sync", copy.bundle.path, "--catalog", catalog, "--check"], in: copy.folder)
        #expect(check.exitCode == 1)
        #expect(check.stderr.hasSuffix("sync cannot tell whether the catalog and the tables are in sync: sv.lproj could not be read (above); fix it and check again\n"))
    }

    @Test("merge leaves the folder's tables alone with the reason, exit 1", arguments: Kind.allCases)
    func merge(kind: Kind) throws {
        let copy = try Self.copy(kind)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--fill", "source", "--locale", "sv"])
        let line = { (table: String) in "sv.lproj/\(table).strings: not merged: sv.lproj could not be listed (\(kind.reason)), so what it holds is unknown; nothing in it is written" }
        #expect(result == ToolResult(stdout: "", stderr: line("Privacy") + "\n" + line("Root") + "\n", exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("check reports the folder, and no table missing from it", arguments: Kind.allCases)
    func check(kind: Kind) throws {
        let copy = try Self.copy(kind)
        let result = try Tool.run(["check", copy.bundle.path, "--format", "json"])
        #expect(result.exitCode == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(findings.map { "\($0["file"] as? String ?? ""): \($0["rule"] as? String ?? "")" } == [
            "sv.lproj: \(kind == .linkOut ? "link-outside-bundle" : "file-unreadable")",
        ])
    }

    @Test("extract writes no export, exit 3", arguments: Kind.allCases)
    func extract(kind: Kind) throws {
        let copy = try Self.copy(kind)
        let out = copy.folder.appendingPathComponent("exports")
        let result = try Tool.run(["extract", copy.bundle.path, "--xliff", out.path], in: copy.folder)
        #expect(result.exitCode == 3)
        #expect(result.stderr.hasSuffix("error: a file of the bundle could not be read (above); no export was written\n"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("render names the folder a locale would read first, exit 1; status shows its tables unread", arguments: Kind.allCases)
    func renderAndStatus(kind: Kind) throws {
        let copy = try Self.copy(kind)
        let render = try Tool.run(["render", "Settings.bundle", "--locale", "sv"], in: copy.folder)
        #expect(render.exitCode == 1)
        #expect(render.stderr == "Settings.bundle/\(Self.problem(kind))\n1 .lproj folder could not be read; the tables it may hold are not shown, the next folders of the search list are\n")
        // A folder linked out: the pages are written, and said last, after what they lack
        // (before, the `wrote` line came first). A dangling one: no page is written.
        let html = try Tool.run(["render", "Settings.bundle", "--locale", "sv", "--format", "html", "--output", "pages"], in: copy.folder)
        #expect(html == ToolResult(stdout: "", stderr: kind == .linkOut ? """
            Settings.bundle/\(Self.problem(kind))
            1 .lproj folder could not be read; the tables it may hold are not shown, the next folders of the search list are
            wrote 7 pages for 1 locale into pages; open pages/index.html

            """ : """
            Settings.bundle/\(Self.problem(kind))
            error: a file of the bundle could not be read (above); no page was written

            """, exitCode: kind == .linkOut ? 1 : 3))
        let status = try Tool.run(["status", copy.bundle.path, "--locale", "sv"])
        #expect(status.stdout.contains("sv      Privacy         0/5      0        5      0     0.0% (unreadable)"))
    }

    @Test("sync with a table that links out of the bundle: named once as such, nothing written, exit 3")
    func syncWithLinkedTable() throws {
        let copy = try BundleCopy()
        try Self.linkOut("ja.lproj/Privacy.strings", of: copy, as: "Privacy.strings", .linkOut)
        let catalog = copy.folder.appendingPathComponent("Settings.xcstrings").path
        let result = try Tool.run(["sync", "Settings.bundle", "--catalog", catalog], in: copy.folder)
        // Before: "the table cannot be read as the device reads it … [strings-syntax]", and the
        // catalog written without its translations.
        #expect(result == ToolResult(stdout: "", stderr: """
            Settings.bundle/ja.lproj/Privacy.strings: error: this symbolic link points outside the bundle; it was not followed [link-outside-bundle]
            error: ja.lproj/Privacy.strings could not be read (above); nothing was written

            """, exitCode: 3))
        #expect(!FileManager.default.fileExists(atPath: catalog))
    }

    @Test("a table of every language (at the bundle's top level) that cannot be read, a pipe or a link out: check reports it, render names it, exit 1", arguments: Kind.allCases)
    func topLevelTable(kind: Kind) throws {
        let copy = try BundleCopy()
        let table = copy.bundle.appendingPathComponent("Privacy.strings")
        if kind == .linkOut {
            let outside = copy.folder.appendingPathComponent("outside.strings")
            try Data("\"Analytics\" = \"OUT\";\n".utf8).write(to: outside)
            try FileManager.default.createSymbolicLink(atPath: table.path, withDestinationPath: outside.path)
        } else {
            #expect(mkfifo(table.path, 0o644) == 0)
        }
        let problem = kind == .linkOut ? "Settings.bundle/Privacy.strings: error: this symbolic link points outside the bundle; it was not followed [link-outside-bundle]"
            : "Settings.bundle/Privacy.strings: error: not a regular file (a pipe, socket, device or dangling link); it was not read [file-unreadable]"
        // Before: render exited 0 in silence (it came first on every search list), and check
        // said "no problems found" of the pipe.
        let check = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(check.exitCode == 1)
        #expect(check.stdout.hasPrefix(problem + "\n"))
        let render = try Tool.run(["render", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(render.exitCode == 1)
        #expect(render.stderr == problem + "\n1 table could not be read; its keys are shown as written, as on a device\n")
    }

    @Test("the development language's folder not read: no table of another language is filled or given comments from keys, exit 1", arguments: Kind.allCases)
    func developmentFolder(kind: Kind) throws {
        let copy = try BundleCopy()
        let german = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        let lines = String(decoding: try Data(contentsOf: german), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        try Data(lines.filter { !$0.hasPrefix("\"Miles\"") }.joined(separator: "\n").utf8).write(to: german)
        try Self.linkOut("en.lproj", of: copy, as: "en-outside.lproj", kind)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--fill", "source", "--locale", "de"])
        let line = { (table: String) in "de.lproj/\(table).strings: not merged: en.lproj could not be listed (\(kind.reason)), and its text is what the comments and fills are made from; it was left untouched" }
        // Before: de.lproj/Root.strings written with "Miles" = "Miles", the key as the text.
        #expect(result == ToolResult(stdout: "", stderr: line("Privacy") + "\n" + line("Root") + "\n", exitCode: 1))
        #expect(try copy.snapshot() == before)
    }
}

extension UnreadFolderCommandTests {
    @Test("a folder named like a table is a table that cannot be read: check reports it, status marks it, merge leaves it (it was no file, and merge --fill source failed on it run after run)")
    func folderForTable() throws {
        let copy = try BundleCopy()
        let table = copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings")
        try FileManager.default.removeItem(at: table)
        try FileManager.default.createDirectory(at: table, withIntermediateDirectories: false)
        let reason = "a folder, not a file: no table can be read from it; it was not read"
        let check = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("Settings.bundle/sv.lproj/Privacy.strings: error: \(reason) [file-unreadable]\n"))
        #expect(!check.stdout.contains("table-missing"))
        #expect(try Tool.run(["status", "Settings.bundle", "--locale", "sv"], in: copy.folder).stdout.contains("Privacy         0/5      0        5      0     0.0% (unreadable)"))
        let before = try copy.snapshot()
        let merge = try Tool.run(["merge", "Settings.bundle", "--fill", "source", "--locale", "sv"], in: copy.folder)
        #expect(merge.exitCode == 1)
        #expect(merge.stderr.contains("sv.lproj/Privacy.strings: cannot be read: \(reason); it was left untouched\n"))
        #expect(try copy.snapshot() == before)
    }
}
