import Foundation
import Testing
import SettingsL10nTestSupport
@testable import settings_l10n

/// The built binary on broken and hostile bundles and command lines: it refuses with a message
/// and a non-zero exit, and leaves every file as it was (issue "Reliability: no command ever
/// destroys what it could not read"). Each test failed before its fix.
@Suite("Hostile input, end to end")
struct HostileInputCommandTests {
    private static let notLoaded = "Root.plist did not load (line 279: not a property list: </plst> does not close <plist> (opened at line 3)), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again"

    /// Where the refusal's reason is, as check reports it, on the line before the refusal.
    private static func notLoadedFinding(_ copy: BundleCopy) -> String {
        "\(copy.bundle.path)/Root.plist:279:1: error: not a property list: </plst> does not close <plist> (opened at line 3) [plist-syntax]\n"
    }

    private static func breakRootPlist(_ copy: BundleCopy) throws {
        let root = copy.bundle.appendingPathComponent("Root.plist")
        try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "</plist>", with: "</plst>")
            .write(to: root, atomically: true, encoding: .utf8)
    }

    @Test("a schema file that does not parse: merge --prune refuses and deletes nothing", arguments: [["--prune"], []])
    func brokenSchemaMerge(options: [String]) throws {
        let copy = try BundleCopy()
        try Self.breakRootPlist(copy)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path] + options)
        #expect(result == ToolResult(stdout: "", stderr: Self.notLoadedFinding(copy) + "error: merge changed nothing: \(Self.notLoaded)\n", exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("a schema file that is a link out of the bundle: merge refuses")
    func schemaLinkedOutside() throws {
        let copy = try BundleCopy()
        let root = copy.bundle.appendingPathComponent("Root.plist")
        try FileManager.default.moveItem(at: root, to: copy.folder.appendingPathComponent("Root.plist"))
        try FileManager.default.createSymbolicLink(atPath: root.path, withDestinationPath: "../Root.plist")
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--prune"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "\(copy.bundle.path)/Root.plist: error: this symbolic link points outside the bundle; it was not followed [link-outside-bundle]\nerror: merge changed nothing: Root.plist did not load (this symbolic link points outside the bundle; it was not followed), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again\n")
        #expect(try copy.snapshot() == before)
    }

    @Test("a schema file that does not parse: import refuses and writes nothing")
    func brokenSchemaImport() throws {
        let copy = try BundleCopy()
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path, "--locale", "de"]).exitCode == 0)
        try Self.breakRootPlist(copy)
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, out.appendingPathComponent("de.xliff").path])
        #expect(result == ToolResult(stdout: "", stderr: Self.notLoadedFinding(copy) + "error: nothing was imported: \(Self.notLoaded)\n", exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("an .lproj that cannot be listed: its table is not replaced by a new file")
    func unlistedFolder() throws {
        let copy = try BundleCopy()
        let german = copy.bundle.appendingPathComponent("de.lproj")
        for index in 0..<10_050 { _ = FileManager.default.createFile(atPath: german.appendingPathComponent("x\(index).txt").path, contents: nil) }
        let before = try copy.bytes("de.lproj/Root.strings")
        let result = try Tool.run(["merge", copy.bundle.path, "--fill", "source", "--locale", "de"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == """
            de.lproj/Privacy.strings: not merged: de.lproj could not be listed (the folder holds more than 10000 entries; it was not read), so what it holds is unknown; nothing in it is written
            de.lproj/Root.strings: not merged: de.lproj could not be listed (the folder holds more than 10000 entries; it was not read), so what it holds is unknown; nothing in it is written

            """)
        #expect(try copy.bytes("de.lproj/Root.strings") == before)
    }

    @Test("an import folder of more than 10,000 entries is refused before it is read, and nothing is imported")
    func hugeImportFolder() throws {
        let copy = try BundleCopy()
        let exports = copy.folder.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        for index in 0..<10_050 { _ = FileManager.default.createFile(atPath: exports.appendingPathComponent("x\(index).txt").path, contents: nil) }
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, exports.path])
        #expect(result == ToolResult(stdout: "", stderr: "error: the folder \(exports.path) holds more than 10000 entries; it was not read; nothing was imported\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
    }

    @Test("a table linked out of the bundle stays a link, and the file it names is not touched")
    func tableLinkedOutside() throws {
        let copy = try BundleCopy()
        let table = copy.bundle.appendingPathComponent("en.lproj/Root.strings")
        let outside = copy.folder.appendingPathComponent("outside.strings")
        try FileManager.default.moveItem(at: table, to: outside)
        try FileManager.default.createSymbolicLink(atPath: table.path, withDestinationPath: "../../outside.strings")
        let before = try Data(contentsOf: outside)
        let result = try Tool.run(["merge", copy.bundle.path, "--locale", "en"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("en.lproj/Root.strings: cannot be read: this symbolic link points outside the bundle; it was not followed; it was left untouched\n"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: table.path) == "../../outside.strings")
        #expect(try Data(contentsOf: outside) == before)
    }

    @Test("a table that is a pipe stays a pipe: merge --fill source and import", arguments: ["merge", "import"])
    func pipeTable(command: String) throws {
        let copy = try BundleCopy()
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path, "--locale", "sv"]).exitCode == 0)
        let table = copy.bundle.appendingPathComponent("sv.lproj/Root.strings")
        try FileManager.default.removeItem(at: table)
        #expect(mkfifo(table.path, 0o644) == 0)
        let arguments = command == "merge" ? ["merge", copy.bundle.path, "--fill", "source", "--locale", "sv"]
            : ["import", copy.bundle.path, out.appendingPathComponent("sv.xliff").path]
        let result = try Tool.run(arguments)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("sv.lproj/Root.strings"))
        #expect(isPipe(table.path))
    }

    private func isPipe(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    @Test("past a file-size limit merge says so, exits 3, and leaves no temporary file")
    func fileSizeLimit() throws {
        let copy = try BundleCopy()
        let root = copy.bundle.appendingPathComponent("Root.plist")
        try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "<string>Sync over cellular</string>", with: "<string>Sync over Cellular</string>")
            .write(to: root, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        // The limit is set, and SIGXFSZ given its default action and unblocked (a test runner
        // may ignore or block it, and both survive exec), by a small Python wrapper.
        let wrapper = """
            import os, resource, signal, sys
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGXFSZ])
            resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))
            os.execv(sys.argv[1], sys.argv[1:])
            """
        let result = try Tool.run(["-c", wrapper, Tool.binary.path, "merge", copy.bundle.path, "--locale", "ar"],
                                  executable: try #require(Requirement.python3, "python3 is not on PATH"))
        #expect(result.exitCode == 3)
        #expect(result.stderr.hasPrefix("ar.lproj/Privacy.strings: 5 kept; up to date\nar.lproj/Root.strings: not written: cannot write: File too large; the file was left as it was\n"))
        #expect(result.stderr.hasSuffix("error: ar.lproj/Root.strings: cannot write: File too large; the file was left as it was; no other file was written; fix the problem and run merge again\n"))
        #expect(try copy.snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.bundle.appendingPathComponent("ar.lproj").path).sorted() == ["Privacy.strings", "Root.strings"])
    }

    @Test("a temporary file a killed merge left is removed by the next merge that writes there")
    func staleTemporaryFile() throws {
        let copy = try BundleCopy()
        let stale = copy.bundle.appendingPathComponent("de.lproj/.Root.strings.settings-l10n-99999999.tmp")
        try Data("half a table".utf8).write(to: stale)
        let root = copy.bundle.appendingPathComponent("Root.plist")
        try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "<string>Sync over cellular</string>", with: "<string>Sync over Cellular</string>")
            .write(to: root, atomically: true, encoding: .utf8)
        #expect(try Tool.run(["merge", copy.bundle.path, "--locale", "de"]).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test("import names an XLIFF document by the path it was given")
    func relativeDocumentPath() throws {
        let copy = try BundleCopy()
        try """
        <xliff version="1.2"><file original="en.lproj/Privacy.strings" source-language="en" target-language="de"><body>
        <trans-unit id="Referral code"><source>Referral Code</source><target>Werbecode</target></trans-unit>
        </body></file></xliff>
        """.write(to: copy.folder.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        let result = try Tool.run(["import", "Settings.bundle", "de.xliff"], in: copy.folder)
        #expect(result.exitCode == 1)
        #expect(result.stderr.hasPrefix("de.xliff:2:1: error: unit \"Referral code\": its source"))
    }

    @Test("a bundle path that starts with '-' is a usage error, never help with exit 0")
    func dashPath() throws {
        let copy = try BundleCopy()
        try FileManager.default.moveItem(at: copy.bundle, to: copy.folder.appendingPathComponent("-dash.bundle"))
        let result = try Tool.run(["check", "-dash.bundle"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            error: -dash.bundle is not an option; a path that starts with '-' must be written ./-dash.bundle (or after --)
            Usage: settings-l10n <command> <bundle> [options]; see settings-l10n --help

            """, exitCode: 2))
        #expect(try Tool.run(["check", "./-dash.bundle", "--strict"], in: copy.folder).exitCode == 0)
        #expect(try Tool.run(["check", "--strict", "--", "-dash.bundle"], in: copy.folder).exitCode == 0)
    }

    @Test("--development-language must be a language identifier", arguments: ["../x", ".hidden", "a b", "Base"])
    func developmentLanguage(language: String) throws {
        let copy = try BundleCopy()
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--development-language", language])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: --development-language must be a language identifier such as en, pt-BR or zh-Hans, not \"\(language)\"\n"))
        #expect(try copy.snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.path) == ["Settings.bundle"])
    }

    @Test("a configuration file over 1 MiB is refused without being read whole")
    func largeConfiguration() throws {
        let copy = try BundleCopy()
        let config = copy.folder.appendingPathComponent(".settings-l10n.json")
        try Data(("{\"rules\": {}, \"x\": \"" + String(repeating: "a", count: 2 << 20) + "\"}").utf8).write(to: config)
        let result = try Tool.run(["check", copy.bundle.path])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "error: the configuration file: \(config.path) is 2097174 bytes, more than the limit of 1048576\n")
    }
}

extension HostileInputCommandTests {
    /// Every surface of the registry (`Surfaces`) on a bundle whose Root.plist does not parse: no
    /// crash, no usage error, the bundle byte for byte as it was, and every surface that writes
    /// the bundle refuses (a non-zero exit). A surface added to the registry is tried here at once.
    @Test("every surface of the registry on a bundle whose Root.plist does not parse: the bundle untouched",
          arguments: Surfaces.all.map { $0.name })
    func everySurfaceOnABrokenBundle(name: String) throws {
        let surface = try #require(Surfaces.all.first { $0.name == name })
        let copy = try BundleCopy()
        let exports = copy.folder.appendingPathComponent("exports").path
        for option in ["--xliff", "--xcloc", "--xcstrings"] {
            _ = try Tool.run(["extract", copy.bundle.path, option, exports + option.dropFirst(1)])
        }
        _ = try Tool.run(["check", copy.bundle.path, "--write-baseline", copy.folder.path + "/baseline.json"])
        // {ref}: the bundle as it was before Root.plist broke, committed (check --new-since).
        try TestGit.commit(copy.folder, adding: ["Settings.bundle"])
        try Self.breakRootPlist(copy)
        let before = try copy.snapshot()
        let inputs = ["{bundle}": copy.bundle.path, "{out}": copy.folder.path + "/out", "{catalog}": copy.folder.path + "/Settings.xcstrings",
                      "{xliff}": exports + "-xliff/de.xliff", "{xcloc}": exports + "-xcloc/de.xcloc", "{xcstrings}": exports + "-xcstrings/Root.xcstrings",
                      "{exports}": exports + "-xliff", "{baseline}": copy.folder.path + "/baseline.json", "{app}": exports + "-xliff", "{locale}": "de",
                      "{ref}": "HEAD"]
        let arguments = surface.arguments.map { argument in inputs.reduce(argument) { $0.replacingOccurrences(of: $1.key, with: $1.value) } }
        let result = try Tool.run(arguments)
        #expect([0, 1, 3].contains(result.exitCode) && !result.stderr.contains("Fatal error"), "\(result)")
        #expect(try copy.snapshot() == before, "\(result)")
        if surface.writes.contains(.bundleTables) { #expect(result.exitCode != 0, "\(result)") }
    }
}
