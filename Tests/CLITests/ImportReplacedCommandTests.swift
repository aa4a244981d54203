import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 47, case 8: an older export imported after a newer one reverted translations, and the
/// only message was "wrote 1 translation".
@Suite("settings-l10n import: translations it replaces")
struct ImportReplacedCommandTests {
    /// The example bundle, with `de.xliff` exported from it (German "Password" is "Passwort")
    /// and `de-edited.xliff`, the same document after a translator changed it to "Kennwort".
    private static func exports() throws -> (copy: BundleCopy, old: URL, edited: URL) {
        let copy = try BundleCopy()
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path, "--locale", "de"]).exitCode == 0)
        let old = out.appendingPathComponent("de.xliff")
        let edited = copy.folder.appendingPathComponent("de-edited.xliff")
        let text = try String(contentsOf: old, encoding: .utf8)
        try ImportCommandTests.fill(text, ["Password": "Kennwort"]).write(to: edited, atomically: true, encoding: .utf8)
        return (copy, old, edited)
    }

    /// The line of the "Password" unit in an exported document.
    private static func line(ofPasswordUnitIn document: URL) throws -> Int {
        let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains("<trans-unit id=\"Password\"") }) + 1
    }

    @Test("importing the older export after the edit names the translation it replaces, old and new")
    func olderExportReported() throws {
        let (copy, old, edited) = try Self.exports()
        let first = try Tool.run(["import", copy.bundle.path, edited.path])
        let editedLine = try Self.line(ofPasswordUnitIn: edited)
        #expect(first == ToolResult(stdout: "", stderr: """
            \(edited.path):\(editedLine):7: warning: de.lproj/Root.strings has "Passwort" for "Password"; the document's "Kennwort" replaces it [import-replaced]
            de.lproj/Root.strings: wrote 1 translation

            """, exitCode: 0))

        let second = try Tool.run(["import", copy.bundle.path, old.path])
        let oldLine = try Self.line(ofPasswordUnitIn: old)
        #expect(second == ToolResult(stdout: "", stderr: """
            \(old.path):\(oldLine):7: warning: de.lproj/Root.strings has "Kennwort" for "Password"; the document's "Passwort" replaces it [import-replaced]
            de.lproj/Root.strings: wrote 1 translation

            """, exitCode: 0))
        #expect(try String(data: copy.bytes("de.lproj/Root.strings"), encoding: .utf8)!.contains("\"Password\" = \"Passwort\";"))
    }

    @Test("--dry-run lists every replacement before the diff, and writes nothing")
    func dryRunListsReplacements() throws {
        let (copy, _, edited) = try Self.exports()
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, edited.path, "--dry-run"])
        let line = try Self.line(ofPasswordUnitIn: edited)
        #expect(result.exitCode == 0)
        #expect(result.stderr == """
            \(edited.path):\(line):7: warning: de.lproj/Root.strings has "Passwort" for "Password"; the document's "Kennwort" replaces it [import-replaced]
            de.lproj/Root.strings: would write 1 translation

            """)
        #expect(result.stdout.contains("-\"Password\" = \"Passwort\";\n+\"Password\" = \"Kennwort\";\n"))
        #expect(try copy.snapshot() == before)
    }

    @Test("the same text again, or a translation where the table had none, is no replacement")
    func additionsAreNotReplacements() throws {
        let (copy, old, _) = try Self.exports()
        // The export again: every target is what the table holds.
        #expect(try Tool.run(["import", copy.bundle.path, old.path]) == ToolResult(
            stdout: "", stderr: "no table changes (57 translations already up to date)\n", exitCode: 0))
        // The table loses its "Password" entry: the import adds it back, replacing nothing.
        try replaceOnce(in: copy.bundle.appendingPathComponent("de.lproj/Root.strings"), "\"Password\" = \"Passwort\";\n", with: "")
        #expect(try Tool.run(["import", copy.bundle.path, old.path]) == ToolResult(
            stdout: "", stderr: "de.lproj/Root.strings: wrote 1 translation\n", exitCode: 0))
    }

    @Test("a document given twice, or by its path and in a folder given, is read once: its findings and translations not repeated", arguments: [
        ["Privacy.xcstrings", "Privacy.xcstrings"],
        ["Privacy.xcstrings", "./docs/../Privacy.xcstrings"],
        ["docs/Privacy.xcstrings", "docs"],
        ["docs", "links/Privacy.xcstrings"],
    ])
    func documentGivenTwice(arguments: [String]) throws {
        let copy = try BundleCopy()
        let catalog = AmbiguousImportCommandTests.catalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Auswertung" } }
            """).replacingOccurrences(of: "    \"Analytics\" : {", with: """
                "Nowhere" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Nirgends" } } } },
                "Analytics" : {
            """)
        let docs = copy.folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: copy.folder.appendingPathComponent("Privacy.xcstrings"))
        try Data(catalog.utf8).write(to: docs.appendingPathComponent("Privacy.xcstrings"))
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("links"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: copy.folder.appendingPathComponent("links/Privacy.xcstrings").path, withDestinationPath: "../docs/Privacy.xcstrings")
        let shown = arguments[0] == "Privacy.xcstrings" ? "Privacy.xcstrings" : "docs/Privacy.xcstrings"
        #expect(try Tool.run(["import", copy.bundle.path] + arguments, in: copy.folder) == ToolResult(stdout: "", stderr: """
            \(shown):5:5: warning: de.lproj/Privacy.strings has "Analyse" for "Analytics"; the document's "Auswertung" replaces it [import-replaced]
            \(shown):4:5: error: the string "Nowhere" is not used by any schema file of the table Privacy any more; its de translation was not imported [import-unknown-key]
            de.lproj/Privacy.strings: wrote 1 translation
            1 problem kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(String(decoding: try copy.bytes("de.lproj/Privacy.strings"), as: UTF8.self).hasPrefix("\"Analytics\" = \"Auswertung\";\n"))
    }
}
