import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("settings-l10n render")
struct RenderCommandTests {
    static let golden = TestPaths.packageRoot.appendingPathComponent("Tests/SettingsL10nRenderTests/Golden")

    @Test("--format json for one locale is the golden document")
    func json() throws {
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "sv", "--format", "json"])
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("render-example-sv.json"), encoding: .utf8)
        #expect(result == ToolResult(stdout: expected, stderr: "", exitCode: 0))
    }

    @Test("--locale all renders every .lproj; the text tree is the default")
    func all() throws {
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "all"])
        #expect(result.exitCode == 0)
        let headings = result.stdout.split(separator: "\n").filter { $0.contains(".lproj, collation") }
        #expect(headings == ["ar: ar.lproj, collation ar (ICU 72.1), right to left", "de: de.lproj, collation root (ICU 72.1)",
                             "en: en.lproj, collation root (ICU 72.1)", "ja: ja.lproj, collation ja (ICU 72.1)", "sv: sv.lproj, collation sv (ICU 72.1)"])
    }

    @Test("--format html writes the pages and says where")
    func html() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "sv", "--locale", "pseudo-rtl", "--format", "html", "--output", folder.path])
        #expect(result == ToolResult(stdout: "", stderr: "wrote 13 pages for 2 locales into \(folder.path); open \(folder.path)/index.html\n", exitCode: 0))
        let rtl = try String(contentsOf: folder.appendingPathComponent("pseudo-rtl/index.html"), encoding: .utf8)
        #expect(rtl.contains("<html lang=\"en\" dir=\"rtl\">"))
    }

    @Test("a malformed table stops the render with its file and line")
    func malformed() throws {
        let copy = try BundleCopy()
        try Data("\"Analytics\" = \"Analys\"\n".utf8).write(to: copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings"))
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "sv-SE"])
        #expect(result == ToolResult(stdout: "", stderr: "error: sv.lproj/Privacy.strings:1:23: the table does not parse: missing ';' after the value of \"Analytics\"; fix it to render this locale (the device would show every key of it as written)\n", exitCode: 3))
    }

    @Test("a malformed table in the last of many locales stops the JSON document with an error")
    func malformedLate() throws {
        let copy = try BundleCopy()
        try Data("\"Analytics\" = \"Analys\"\n".utf8).write(to: copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings"))
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "all", "--format", "json"])
        // Locales stream out in chunks of 64 KiB: this small document had not reached one.
        #expect(result == ToolResult(stdout: "", stderr: "error: sv.lproj/Privacy.strings:1:23: the table does not parse: missing ';' after the value of \"Analytics\"; fix it to render this locale (the device would show every key of it as written)\n", exitCode: 3))
    }

    @Test("usage errors", arguments: [
        (["render", "Resources/Settings.bundle"], "Error: give at least one --locale (a language, all, or a pseudo-locale)"),
        (["render", "Resources/Settings.bundle", "--locale", "sv", "--format", "html"], "Error: --format html writes pages: give --output <dir>"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try Tool.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix(message))
    }
}
