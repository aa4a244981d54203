import Foundation
import Testing
@testable import settings_l10n
import SettingsL10nTestSupport

/// A bundle whose pages are a chain of 10,000 (Root, then 9,999 child panes, each opening the
/// next, the last opening Root again), as many schema files as a bundle may have: every command
/// walks it to the end. `render` overflowed the stack at 6,000 (exit 139). A long suite (its name
/// ends in LongTests): `scripts/test integration` runs it, the default tests do not (some
/// minutes of a debug build).
@Suite("A chain of 10,000 child panes, end to end")
struct LongChainLongTests {
    static let panes = 9_999

    /// `Panes<n / 1,000>/P<n>`: ten folders, since a folder holds at most 10,000 entries.
    static func name(_ index: Int) -> String { "Panes\(index / 1_000)/P\(index)" }

    static func schema(title: String, file: String) -> String {
        xmlSchema(childPane(title: title, file: file))
    }

    static func makeBundle(in folder: TemporaryFolder, panes: Int = Self.panes) throws -> String {
        try folder.write("Settings.bundle/Root.plist", schema(title: "Next 0", file: name(0)))
        for index in 0..<panes {
            try folder.write("Settings.bundle/\(name(index)).plist",
                             index + 1 < panes ? schema(title: "Next \(index + 1)", file: name(index + 1)) : schema(title: "Home", file: "Root"))
        }
        let keys = (0..<panes).map { "Next \($0)" } + ["Home"]
        try folder.write("Settings.bundle/en.lproj/Root.strings", keys.map { "\"\($0)\" = \"\($0)\";\n" }.joined())
        try folder.write("Settings.bundle/de.lproj/Root.strings", keys.map { "\"\($0)\" = \"\($0) (de)\";\n" }.joined())
        return folder.url.appendingPathComponent("Settings.bundle").path
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    // One run of each command (in debug builds, each reads the 10,000 files for some seconds).
    @Test("check, status, merge, extract in every format, render in every format, sync and import walk the whole chain")
    func everyCommand() throws {
        let folder = try TemporaryFolder()
        let bundle = try Self.makeBundle(in: folder)
        let out = folder.url.appendingPathComponent("out").path
        let cycle = "child panes form a cycle: Root.plist → Panes0/P0.plist → Panes0/P1.plist → Panes0/P2.plist → Panes0/P3.plist → … (9,991 more) → Panes9/P9995.plist → Panes9/P9996.plist → Panes9/P9997.plist → Panes9/P9998.plist → Root.plist"

        #expect(try Tool.run(["check", bundle]) == ToolResult(
            stdout: "\(bundle)/Panes9/P9998.plist:15:4: warning: \(cycle) [child-pane-cycle]\n",
            stderr: "0 errors, 1 warning, 0 notes\n  1 warning  child-pane-cycle\n", exitCode: 0))
        let status = try Tool.run(["status", bundle, "--format", "json"])
        #expect(status.exitCode == 0)
        #expect(status.stdout.contains("\"translated\": 10000"))

        let extract = try Tool.run(["extract", bundle, "--format", "json", "--xliff", out + "/xliff", "--xcloc", out + "/xcloc", "--xcstrings", out + "/xcstrings"])
        #expect(extract.exitCode == 0)
        #expect(Self.count("\"key\": \"Next ", in: extract.stdout) == Self.panes)
        let xliff = try String(contentsOfFile: out + "/xliff/de.xliff", encoding: .utf8)
        #expect(Self.count("<trans-unit ", in: xliff) == 10_000)
        #expect(FileManager.default.fileExists(atPath: out + "/xcloc/de.xcloc/Localized Contents/de.xliff"))
        #expect(Self.count("\n    \"Next ", in: try String(contentsOfFile: out + "/xcstrings/Root.xcstrings", encoding: .utf8)) == Self.panes)

        #expect(try Tool.run(["merge", bundle, "--prune"]) == ToolResult(
            stdout: "", stderr: "de.lproj/Root.strings: 10,000 kept; up to date\nen.lproj/Root.strings: 10,000 kept; up to date\n", exitCode: 0))

        let text = try Tool.run(["render", bundle, "--locale", "de"])
        #expect(text.exitCode == 0)
        #expect(text.stdout.contains("Next 9998 (de)"))
        #expect(text.stdout.contains("\n\nRoot.plist\n"))
        #expect(Self.count("\nPanes", in: text.stdout) == Self.panes)
        #expect(text.stdout.contains("\n\nPanes9/P9998.plist: Next 9998 (de)\n  Home (de) "))
        #expect(text.stdout.hasSuffix("›  (Root.plist)\n"))
        let json = try Tool.run(["render", bundle, "--locale", "de", "--format", "json"])
        #expect(json.exitCode == 0)
        // Each page, and the row that opens it.
        #expect(Self.count("\"file\": \"Panes", in: json.stdout) == 2 * Self.panes)
        let html = try Tool.run(["render", bundle, "--locale", "de", "--format", "html", "--output", out + "/html"])
        #expect(html.exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/html/de").count == 10_000)

        let catalog = out + "/Settings.xcstrings"
        let sync = try Tool.run(["sync", bundle, "--catalog", catalog])
        #expect(sync.exitCode == 0)
        #expect(sync.stderr.hasSuffix("\(catalog): created (10,000 strings added, 10,000 translations taken from the tables): 10,000 strings, 10,000 string units\n"))
        #expect(try Tool.run(["import", bundle, out + "/xliff/de.xliff"]).exitCode == 0)
    }

    @Test("every surface of the registry on the chain: no crash, no usage error; those that write nothing leave it as it was")
    func everySurface() throws {
        let folder = try TemporaryFolder()
        let bundle = try Self.makeBundle(in: folder)
        try CorpusSurfaceTests.expectEverySurface(source: URL(fileURLWithPath: bundle), name: "a chain of 10,000 pages") { !$0.drawsPages }
    }

    /// The surfaces that draw each page in the browser, on a chain of 200 (10,000 screenshots
    /// would take some twenty minutes of CI; the walk of the pages is the one render's JSON and
    /// HTML take to the end above): every page drawn, each with its map.
    @Test("the surfaces that draw pages, on a chain of 200: no crash, every page drawn")
    func drawingSurfaces() throws {
        let folder = try TemporaryFolder()
        let bundle = try Self.makeBundle(in: folder, panes: 199)
        try CorpusSurfaceTests.expectEverySurface(source: URL(fileURLWithPath: bundle), name: "a chain of 200 pages") { $0.drawsPages }
        let out = folder.url.appendingPathComponent("png").path
        let result = try Tool.run(["render", bundle, "--locale", "de", "--format", "png", "--output", out])
        #expect(result.exitCode == 0)
        #expect(result.stderr == "wrote 200 screenshots with their string maps for 1 locale into \(out)\n")
        let names = try FileManager.default.subpathsOfDirectory(atPath: out + "/de")
        #expect(names.filter { $0.hasSuffix(".png") }.count == 200)
        #expect(names.filter { $0.hasSuffix(".json") }.count == 200)
    }
}
