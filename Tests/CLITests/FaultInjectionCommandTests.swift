import Foundation
import Testing
import SettingsL10nTestSupport

#if os(Linux)
/// Failed system calls, injected with strace into the built binary (issue 30): what
/// scripts/check-faults found, each a test that failed before its fix. Linux only: strace is.
@Suite("Failed system calls, injected", .requires(.strace))
struct FaultInjectionCommandTests {
    /// The example bundle with a stale key in the German table: `merge --prune` rewrites it.
    static func staleBundle() throws -> BundleCopy {
        let copy = try BundleCopy()
        let table = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        try (try Data(contentsOf: table) + Data("\"stale.key\" = \"x\";\n".utf8)).write(to: table)
        return copy
    }

    @Test("a folder whose flush fails after its tables were renamed is reported: exit 3, the table and the cause named")
    func folderFlush() throws {
        let copy = try Self.staleBundle()
        let result = try FaultInjection.run(["-e", "trace=fsync", "-e", "inject=fsync:error=EIO"], ["merge", copy.bundle.path, "--prune"])
        // Before: every table "written", exit 0.
        #expect(result.exitCode == 3)
        // Each table's line first (de's "written"), then what the flush leaves unsure.
        #expect(result.stderr.hasPrefix("ar.lproj/Privacy.strings: 5 kept; up to date\n"))
        #expect(result.stderr.hasSuffix("""
            de.lproj/Root.strings: 52 kept, 1 pruned; written
            en.lproj/Privacy.strings: 5 kept; up to date
            en.lproj/Root.strings: 52 kept; up to date
            ja.lproj/Privacy.strings: 5 kept; up to date
            ja.lproj/Root.strings: 52 kept; up to date
            sv.lproj/Privacy.strings: 5 kept; up to date
            sv.lproj/Root.strings: 52 kept; up to date
            error: de.lproj/Root.strings: was written, but its folder could not be flushed to disk (Input/output error): the new file may not survive a power cut; run again once the disk is sound

            """))
        #expect(!String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self).contains("stale.key"))
    }

    @Test("a table that cannot be read again before it is replaced is a failure of the disk, not a change: left as it was, exit 3")
    func unreadableBeforeReplace() throws {
        let copy = try Self.staleBundle()
        let table = copy.bundle.appendingPathComponent("de.lproj/Root.strings").path
        let before = try copy.snapshot()
        // The first read loads the table; the later ones (the check before the rename) fail.
        let result = try FaultInjection.run(["-P", table, "-e", "trace=read", "-e", "inject=read:error=EIO:when=2+"],
                                            ["merge", copy.bundle.path, "--prune"])
        // Before: "the file changed while settings-l10n was working (an editor saved it?)", exit 1.
        #expect(result.exitCode == 3)
        // Each table's line says what became of it, then the error what to do.
        #expect(result.stderr == """
            ar.lproj/Privacy.strings: 5 kept; up to date
            ar.lproj/Root.strings: 52 kept; up to date
            de.lproj/Privacy.strings: 5 kept; up to date
            de.lproj/Root.strings: not written: cannot read the file to check it is still the one read: Input/output error; the file was left as it was
            en.lproj/Privacy.strings: 5 kept; up to date
            en.lproj/Root.strings: 52 kept; up to date
            ja.lproj/Privacy.strings: 5 kept; up to date
            ja.lproj/Root.strings: 52 kept; up to date
            sv.lproj/Privacy.strings: 5 kept; up to date
            sv.lproj/Root.strings: 52 kept; up to date
            error: de.lproj/Root.strings: cannot read the file to check it is still the one read: Input/output error; the file was left as it was; no other file was written; fix the problem and run merge again

            """)
        #expect(try copy.snapshot() == before)
    }

    @Test("an export is not written when a table of the bundle cannot be read: exit 3, the file and the cause named; refused at its last language, it leaves nothing either")
    func exportWithUnreadableTable() throws {
        let copy = try BundleCopy()
        let exports = copy.folder.appendingPathComponent("exports")
        // sv is the last language exported: ar, de and ja are staged on disk by then, and the
        // folders made for them must go with them.
        for (option, table) in [("--xliff", "en.lproj/Root.strings"), ("--xcloc", "en.lproj/Root.strings"), ("--xcstrings", "de.lproj/Privacy.strings"),
                                ("--xliff", "sv.lproj/Root.strings"), ("--xcloc", "sv.lproj/Root.strings")] {
            let path = copy.bundle.appendingPathComponent(table).path
            let result = try FaultInjection.run(["-P", path, "-e", "trace=openat", "-e", "inject=openat:error=EIO"],
                                                ["extract", copy.bundle.path, option, exports.appendingPathComponent("new").path])
            // Before: the export was written without the table's text (the keys as source, or no
            // translations), exit 0.
            #expect(result.exitCode == 3, "\(option) \(table)")
            #expect(result.stderr == """
                \(path): error: \(table) cannot be read (cannot open the file: Input/output error), so no export is written; fix it and export again [file-unreadable]
                error: a file of the bundle could not be read (above); no export was written

                """, "\(option) \(table)")
            #expect(!FileManager.default.fileExists(atPath: exports.path), "\(option) \(table)")
        }
    }

    @Test("a rename that fails while an export is put in place says which files were placed; a rerun completes it")
    func exportRenameFails() throws {
        let copy = try BundleCopy()
        let output = copy.folder.appendingPathComponent("exports").path
        let result = try FaultInjection.run(["-e", "trace=rename,renameat,renameat2", "-e", "inject=rename,renameat,renameat2:error=EIO:when=3"],
                                            ["extract", copy.bundle.path, "--xliff", output])
        // Before: "E1/ja.xliff: Input/output error", not saying that ar and de were in place.
        #expect(result == ToolResult(stdout: "", stderr: "error: cannot put \(output)/ja.xliff in place: Input/output error; the 2 files before it were put in place, the rest not: export again once the disk is sound\n", exitCode: 3))
        #expect(filesBelow(output).keys.sorted() == ["ar.xliff", "de.xliff"])
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", output]).exitCode == 0)
        #expect(filesBelow(output).keys.sorted() == ["ar.xliff", "de.xliff", "ja.xliff", "sv.xliff"])
    }

    @Test("no baseline is written while a file cannot be read: it would accept the fault and miss the file's findings")
    func baselineWithUnreadableTable() throws {
        let copy = try BundleCopy()
        let baseline = copy.folder.appendingPathComponent("baseline.json")
        let table = copy.bundle.appendingPathComponent("de.lproj/Root.strings").path
        let result = try FaultInjection.run(["-P", table, "-e", "trace=openat", "-e", "inject=openat:error=EIO"],
                                            ["check", copy.bundle.path, "--write-baseline", baseline.path])
        // Before: "wrote …: 1 finding accepted", exit 0, the fault accepted as a finding.
        #expect(result.exitCode == 3)
        #expect(result.stderr == """
            \(table): error: cannot open the file: Input/output error [file-unreadable]
            error: no baseline was written: de.lproj/Root.strings could not be read (above); run again once they can be

            """)
        #expect(!FileManager.default.fileExists(atPath: baseline.path))
    }

    @Test("no preview page is written when an image or a table cannot be read (the pages looked right without them)")
    func previewWithUnreadableFiles() throws {
        let copy = try BundleCopy()
        let output = copy.folder.appendingPathComponent("preview")
        let image = copy.bundle.appendingPathComponent("VolumeHigh.png").path
        let imageResult = try FaultInjection.run(["-P", image, "-e", "trace=openat", "-e", "inject=openat:error=EIO"],
                                                 ["render", copy.bundle.path, "--locale", "all", "--format", "html", "--output", output.path])
        // Before: the pages without the image, exit 0.
        #expect(imageResult.exitCode == 3)
        #expect(imageResult.stderr == "error: VolumeHigh.png cannot be read (cannot open the file: Input/output error); no page was written\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let table = copy.bundle.appendingPathComponent("ja.lproj/Root.strings").path
        let tableResult = try FaultInjection.run(["-P", table, "-e", "trace=openat", "-e", "inject=openat:error=EIO"],
                                                 ["render", copy.bundle.path, "--locale", "all", "--format", "html", "--output", output.path])
        // Before: the Japanese pages with every key as written, exit 1.
        #expect(tableResult.exitCode == 3)
        #expect(tableResult.stderr == """
            \(table): error: cannot open the file: Input/output error [file-unreadable]
            error: a file of the bundle could not be read (above); no page was written

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("sync writes nothing when the disk does not give a table or a folder of the bundle: exit 3, the file and the cause named")
    func syncWithUnreadableFiles() throws {
        let cases = [
            ("sv.lproj/Privacy.strings", ["Settings.xcstrings"],
             "sv.lproj/Privacy.strings: error: sv.lproj/Privacy.strings cannot be read (cannot open the file: Input/output error), so sync cannot tell what the catalog and the tables should hold and writes neither; fix it and sync again [file-unreadable]\nerror: sv.lproj/Privacy.strings could not be read (above); nothing was written\n"),
            ("ja.lproj", ["Catalogs"],
             "ja.lproj: error: cannot list the folder: Input/output error; its tables are not read, and none is written [file-unreadable]\nerror: ja.lproj could not be read (above); nothing was written\n"),
        ]
        for (file, catalog, message) in cases {
            let copy = try BundleCopy()
            let before = try copy.snapshot()
            let path = copy.bundle.appendingPathComponent(file).path
            let result = try FaultInjection.run(["-P", path, "-e", "trace=openat", "-e", "inject=openat:error=EIO"],
                                                ["sync", copy.bundle.path, "--catalog", copy.folder.appendingPathComponent(catalog[0]).path])
            // Before: the catalog was made without the table's translations (exit 1, the cause
            // not named), or without every Japanese one (exit 0, nothing said).
            #expect(result == ToolResult(stdout: "", stderr: copy.bundle.path + "/" + message, exitCode: 3), "\(file)")
            #expect(try copy.snapshot() == before)
            #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent(catalog[0]).path))
        }
    }

    @Test("merge fills nothing from a development text the disk does not give: the tables that need it are left untouched, exit 1")
    func mergeWithUnreadableDevelopmentTable() throws {
        let copy = try BundleCopy()
        let development = copy.bundle.appendingPathComponent("en.lproj/Privacy.strings")
        try replaceOnce(in: development, "\"Analytics\" = \"Analytics\";", with: "\"Analytics\" = \"Usage analytics\";")
        try Data().write(to: copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings"))
        let before = try copy.snapshot()
        let result = try FaultInjection.run(["-P", development.path, "-e", "trace=openat", "-e", "inject=openat:error=EIO"],
                                            ["merge", copy.bundle.path, "--fill", "source", "--locale", "sv"])
        // Before: sv.lproj/Privacy.strings filled with the keys ("Analytics" = "Analytics"),
        // as if they were the development text, exit 0.
        #expect(result == ToolResult(stdout: "", stderr: """
            sv.lproj/Privacy.strings: not merged: en.lproj/Privacy.strings cannot be read (cannot open the file: Input/output error), and its text is what the comments and fills are made from; it was left untouched
            sv.lproj/Root.strings: 52 kept; up to date

            """, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("an .xcloc whose Localized Contents cannot be listed says so (it was called no package)")
    func unlistablePackage() throws {
        let copy = try BundleCopy()
        let exports = copy.folder.appendingPathComponent("exports")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xcloc", exports.path]).exitCode == 0)
        let contents = exports.appendingPathComponent("de.xcloc/Localized Contents").path
        let result = try FaultInjection.run(["-P", contents, "-e", "trace=openat", "-e", "inject=openat:error=EIO"],
                                            ["import", copy.bundle.path, exports.appendingPathComponent("de.xcloc").path])
        #expect(result.exitCode == 3)
        #expect(result.stderr == "error: cannot read the folder \(contents): Input/output error; nothing was imported\n")
    }

    @Test("a folder below the output that cannot be made is named: the locale's folder of the pages, a package of the exports")
    func unwritableFolderBelowOutput() throws {
        let copy = try BundleCopy()
        let output = copy.folder.appendingPathComponent("out").path
        for (arguments, folder, what) in [(["render", copy.bundle.path, "--locale", "de", "--format", "html", "--output", output], "\(output)/de", "the pages"),
                                          (["extract", copy.bundle.path, "--xcloc", output], "\(output)/de.xcloc", "the packages")] {
            let result = try FaultInjection.run(["-P", folder, "-e", "trace=mkdir,mkdirat", "-e", "inject=mkdir,mkdirat:error=EACCES"], arguments)
            // Before: "cannot write the pages into .../out: Permission denied", the folder not named.
            #expect(result == ToolResult(stdout: "", stderr: "error: cannot write \(what) into \(output): \(folder): Permission denied; choose a folder you can write to\n",
                                         exitCode: 3), "\(arguments[0])")
            #expect(!FileManager.default.fileExists(atPath: output), "\(arguments[0])")
        }
    }
}

/// Runs the built binary under strace, which fails or kills the system calls it is told to.
enum FaultInjection {
    static let strace = Requirement.executable(named: "strace")?.path

    static func run(_ straceOptions: [String], _ arguments: [String]) throws -> ToolResult {
        guard let strace else {
            Issue.record(Comment(rawValue: Requirement.strace.reason))
            return ToolResult(stdout: "", stderr: "", exitCode: -1)
        }
        return try Tool.run(["-f", "-qq", "-o", "/dev/null"] + straceOptions + ["--", Tool.binary.path] + arguments,
                            executable: URL(fileURLWithPath: strace))
    }
}
#endif
