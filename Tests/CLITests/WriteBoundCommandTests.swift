import Foundation
import Testing
import SettingsL10nTestSupport

/// What the tool writes, it reads back: a table the write would make larger than the 16 MiB a
/// file of the bundle is read up to is not written (merge made one of 16,981,790 bytes, and every
/// later command refused it, the tool unable to fix it).
@Suite("writes stay within what the tool reads")
struct WriteBoundCommandTests {
    /// A bundle whose German table holds one value of 16,700,000 bytes, and 2,000 keys it lacks.
    static func growing() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let groups = (0..<2000).map { "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>New key \($0)</string></dict>" }
        try folder.write("Settings.bundle/Root.plist", xmlSchema(
            (["\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>A</string></dict>"] + groups).joined(separator: "\n")))
        try folder.write("Settings.bundle/en.lproj/Root.strings", "\"A\" = \"A\";\n")
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"A\" = \"" + String(repeating: "x", count: 16_700_000) + "\";\n")
        return folder
    }

    @Test("merge --fill source that would make a table larger than 16 MiB leaves it as it was, exit 1; the next merge reads it")
    func mergePastTheLimit() throws {
        let folder = try Self.growing()
        let german = folder.url.appendingPathComponent("Settings.bundle/de.lproj/Root.strings")
        let before = try Data(contentsOf: german)
        let merge = try Tool.run(["merge", "Settings.bundle", "--fill", "source", "--locale", "de"], in: folder.url)
        #expect(merge == ToolResult(stdout: "", stderr: """
            de.lproj/Root.strings: not written: it would be 16,981,790 bytes, more than the 16 MiB settings-l10n reads a file of the bundle up to

            """, exitCode: 1))
        // --dry-run and --check say so before (the dry run called it a change, exit 0).
        #expect(try Tool.run(["merge", "Settings.bundle", "--fill", "source", "--locale", "de", "--dry-run"], in: folder.url) == merge)
        #expect(try Data(contentsOf: german) == before)
        // The table is still one the tool reads: the same refusal again, not "cannot be read".
        #expect(try Tool.run(["merge", "Settings.bundle", "--fill", "source", "--locale", "de"], in: folder.url) == merge)
    }

    @Test("import of a translation that would make the table larger than 16 MiB leaves it as it was, exit 1")
    func importPastTheLimit() throws {
        let copy = try BundleCopy()
        let export = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", export.path, "--locale", "de"]).exitCode == 0)
        let document = export.appendingPathComponent("de.xliff")
        let text = try String(contentsOf: document, encoding: .utf8)
        let unit = try #require(text.range(of: "<trans-unit id=\"Analytics\""))
        let target = try #require(text.range(of: "<target state=\"translated\">", range: unit.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "</target>", range: target.upperBound..<text.endIndex))
        try Data(text.replacingCharacters(in: target.upperBound..<close.lowerBound, with: String(repeating: "T", count: 17_000_000)).utf8).write(to: document)
        let before = try copy.snapshot()
        let result = try Tool.run(["import", "Settings.bundle", "xliff/de.xliff"], in: copy.folder)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("\nSettings.bundle/de.lproj/Privacy.strings: error: 1 translation was not imported: it would be 17,000,239 bytes, "
            + "more than the 16 MiB settings-l10n reads a file of the bundle up to [import-table-refused]\n"), "\(result.stderr.suffix(1000))")
        #expect(try copy.snapshot() == before)
    }
}

/// merge's text report names a table's duplicate entries one by one up to a bound: a table of a
/// million repeats of one key made a million lines (68 MB) where check folds them into one.
@Suite("merge's report of duplicate entries stays readable")
struct DuplicateReportCommandTests {
    @Test("25 repeats of a key: 20 named with their lines, then how many more; the JSON report lists each")
    func folded() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>A</string></dict>"))
        try folder.write("Settings.bundle/en.lproj/Root.strings", "\"A\" = \"A\";\n")
        try folder.write("Settings.bundle/de.lproj/Root.strings", String(repeating: "\"A\" = \"B\";\n", count: 26))
        let result = try Tool.run(["merge", "Settings.bundle", "--locale", "de", "--dry-run"], in: folder.url)
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  duplicate: ") }
        #expect(lines.count == 21)
        #expect(lines.first == "  duplicate: \"A\" at line 1 was overridden by a later entry")
        #expect(lines[19] == "  duplicate: \"A\" at line 20 was overridden by a later entry")
        #expect(lines.last == "  duplicate: 5 more entries were overridden by later ones (merge --format json lists each)")
        let json = try Tool.run(["merge", "Settings.bundle", "--locale", "de", "--check", "--format", "json"], in: folder.url)
        #expect(json.stdout.components(separatedBy: "\"value\": \"B\"").count - 1 == 25, "\(json.stdout.prefix(3000))")
    }
}

@Suite("import: a conflict's places on one line are told apart")
struct OneLineConflictCommandTests {
    @Test("two units of a key on one line with different targets: the conflict names each place's column (line 8:7, line 8:…; it said line 8, line 8)")
    func columns() throws {
        let copy = try BundleCopy()
        #expect(try Tool.run(["extract", "Settings.bundle", "--xliff", "xliff", "--locale", "de"], in: copy.folder).exitCode == 0)
        let document = copy.folder.appendingPathComponent("xliff/de.xliff")
        let text = try String(contentsOf: document, encoding: .utf8)
        let start = try #require(text.range(of: "<trans-unit id=\"Analytics\""))
        let end = try #require(text.range(of: "</trans-unit>", range: start.upperBound..<text.endIndex))
        let unit = String(text[start.lowerBound..<end.upperBound]).replacingOccurrences(of: "\n", with: " ")
        let other = unit.replacingOccurrences(of: ">Analyse<", with: ">Auswertung<")
        try Data(text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: unit + other).utf8).write(to: document)
        let result = try Tool.run(["import", "Settings.bundle", "xliff/de.xliff"], in: copy.folder)
        #expect(result.exitCode == 1)
        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains("[import-conflict]") })
        #expect(line.contains("is in the document 2 times with different translations (line 8:7, line 8:"), "\(line)")
    }
}
