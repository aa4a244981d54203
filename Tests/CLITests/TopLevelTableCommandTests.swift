import Foundation
import Testing
import SettingsL10nTestSupport

/// A table at the bundle's top level, which the device reads before any `.lproj` folder's
/// (facts.md): what check, status and merge say of it, run as a user runs them. And a broken
/// development table, said once when several exports read it. Found by a review.
@Suite("a table at the bundle's top level, and export warnings said once")
struct TopLevelTableCommandTests {
    static func write(_ text: String, _ path: String, in copy: BundleCopy) throws {
        try Data(text.utf8).write(to: copy.bundle.appendingPathComponent(path))
    }

    @Test("check names a top-level table, its iPad variant and a top-level table that does not parse; status marks the folders' tables")
    func checkAndStatus() throws {
        let copy = try BundleCopy()
        try Self.write("\"Account\" = \"Konto!\";\n", "Privacy~ipad.strings", in: copy)
        let ipad = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(ipad.stdout == "Settings.bundle/Privacy~ipad.strings: error: Privacy~ipad.strings lies at the bundle's top level, where the device looks for a table before any .lproj folder: on iPad every language reads it, and the Privacy tables of 5 .lproj folders (ar, de, en, ja, sv) are never read there; move it into en.lproj [table-outside-lproj]\n")
        #expect(ipad.exitCode == 1)

        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("Privacy~ipad.strings"))
        try Self.write("\"Account\" = \"Account\";\n\"broken = \n", "Privacy.strings", in: copy)
        let broken = try Tool.run(["check", "Settings.bundle", "--format", "json"], in: copy.folder)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(broken.stdout.utf8)) as? [String: Any])["diagnostics"] as? [[String: Any]]
        // Whether it parses is said as for a folder's table: every language reads it.
        #expect(findings?.map { "\($0["file"]!):\($0["line"]!) \($0["rule"]!): \($0["message"]!)" } == [
            "Privacy.strings:<null> table-outside-lproj: Privacy.strings lies at the bundle's top level, where the device looks for a table before any .lproj folder: every language reads it, and the Privacy tables of 5 .lproj folders (ar, de, en, ja, sv) are never read; move what it holds into en.lproj/Privacy.strings, then delete it",
            "Privacy.strings:2 strings-syntax: the string starting here is not terminated",
        ])
        // An Xcode input file list names it: fixing or removing it must run the check again.
        #expect(try Tool.run(["check", "Settings.bundle", "--print-input-files"], in: copy.folder).stdout.contains("\nSettings.bundle/Privacy.strings\n"))
        // merge says that what it writes into the folders' Privacy tables is never shown.
        let merge = try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder)
        #expect(merge.stderr.hasPrefix("note: Privacy.strings lies at the bundle's top level, where the device reads it in every language: what merge would write into the .lproj folders' Privacy tables is never shown (settings-l10n check says what to do)\n"))
        let export = try Tool.run(["extract", "Settings.bundle", "--xliff", copy.folder.appendingPathComponent("xliff").path, "--locale", "de"], in: copy.folder)
        #expect(export.stderr.hasPrefix("note: Privacy.strings lies at the bundle's top level, where the device reads it in every language: what import writes from these exports into the .lproj folders' Privacy tables is never shown (settings-l10n check says what to do)\n"))

        // status: what the folders hold is counted as check counts it, and marked.
        let status = try Tool.run(["status", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(status == ToolResult(stdout: """
            locale  table    translated  fuzzy  missing  stale  percent
            de      Privacy         5/5      0        0      0   100.0% (not read: the top-level table comes first)
                    Root          52/52      0        0      0   100.0%
                    all           57/57      0        0      0   100.0%  ████████████████████
            ! Privacy.strings lies at the bundle's top level, which the device reads in every language instead of the .lproj folders' tables of that name: what those hold is counted, but never shown; settings-l10n check says what to do

            """, stderr: "", exitCode: 0))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Tool.run(["status", "Settings.bundle", "--format", "json"], in: copy.folder).stdout.utf8)) as? [String: Any])
        let files = (json["locales"] as? [[String: Any]])?.flatMap { ($0["tables"] as? [[String: Any]]) ?? [] }.map { "\($0["path"]!) \($0["file"]!)" }
        #expect(files?.filter { $0.contains("Privacy") } == ["ar.lproj/Privacy.strings shadowed", "de.lproj/Privacy.strings shadowed", "en.lproj/Privacy.strings shadowed",
                                                              "ja.lproj/Privacy.strings shadowed", "sv.lproj/Privacy.strings shadowed"])
    }

    @Test("with table-outside-lproj switched off in the configuration, status marks nothing, as check reports nothing")
    func switchedOff() throws {
        let copy = try BundleCopy()
        try Self.write("\"Account\" = \"Account\";\n", "Privacy.strings", in: copy)
        let configuration = copy.folder.appendingPathComponent("settings-l10n.json")
        try Data(#"{"rules": {"table-outside-lproj": "off"}}"#.utf8).write(to: configuration)
        #expect(try Tool.run(["check", "Settings.bundle", "--config", configuration.path], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        let status = try Tool.run(["status", "Settings.bundle", "--config", configuration.path, "--locale", "de"], in: copy.folder)
        #expect(status.stdout.hasPrefix("locale  table    translated  fuzzy  missing  stale  percent\nde      Privacy         5/5      0        0      0   100.0%\n"))
        #expect(!status.stdout.contains("top-level") && status.exitCode == 0)
    }

    @Test("an ignore entry for the file silences status's marks too, as check's finding; a development folder without the table gets none made")
    func ignoredAndNotMade() throws {
        let copy = try BundleCopy()
        try Self.write("\"Account\" = \"Account\";\n", "Privacy.strings", in: copy)
        let configuration = copy.folder.appendingPathComponent("settings-l10n.json")
        try Data(#"{"ignore": [{"rule": "table-outside-lproj", "file": "Privacy.strings"}]}"#.utf8).write(to: configuration)
        #expect(try Tool.run(["check", "Settings.bundle", "--config", configuration.path], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(!(try Tool.run(["status", "Settings.bundle", "--config", configuration.path], in: copy.folder).stdout.contains("top-level")))
        // en.lproj without Privacy.strings: check asks merge for none (the top level's comes first), and merge makes none.
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("en.lproj/Privacy.strings"))
        let json = try Tool.run(["check", "Settings.bundle", "--format", "json"], in: copy.folder).stdout
        #expect(!json.contains("development-entry-missing"))
        #expect(try Tool.run(["merge", "Settings.bundle", "--quiet"], in: copy.folder).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: copy.bundle.appendingPathComponent("en.lproj/Privacy.strings").path))
    }

    @Test("import of one document notes the hidden table; the notes follow the configuration; a top-level file no schema uses leaves a bundle without folders to merge")
    func notesAndScratch() throws {
        let copy = try BundleCopy()
        try Self.write("\"Account\" = \"Account\";\n", "Privacy.strings", in: copy)
        let xliff = copy.folder.appendingPathComponent("xliff")
        _ = try Tool.run(["extract", "Settings.bundle", "--xliff", xliff.path, "--locale", "de", "--quiet"], in: copy.folder)
        let note = { (writes: String) in "note: Privacy.strings lies at the bundle's top level, where the device reads it in every language: what \(writes) into the .lproj folders' Privacy tables is never shown (settings-l10n check says what to do)\n" }
        // One document (no two for a table): the note was printed only when documents shared a table.
        let imported = try Tool.run(["import", "Settings.bundle", xliff.appendingPathComponent("de.xliff").path, "--dry-run"], in: copy.folder)
        #expect(imported.stderr.hasPrefix(note("import would write")))
        let synced = try Tool.run(["sync", "Settings.bundle", "--catalog", copy.folder.appendingPathComponent("S.xcstrings").path, "--dry-run"], in: copy.folder)
        #expect(synced.stderr.hasPrefix(note("sync would write")))
        // Switched off: check says nothing, and neither do the writers.
        let configuration = copy.folder.appendingPathComponent("settings-l10n.json")
        try Data(#"{"rules": {"table-outside-lproj": "off"}}"#.utf8).write(to: configuration)
        for command in [["merge", "--check"], ["sync", "--catalog", copy.folder.appendingPathComponent("S.xcstrings").path, "--dry-run"]] {
            let run = try Tool.run([command[0], "Settings.bundle"] + command.dropFirst() + ["--config", configuration.path], in: copy.folder)
            #expect(!run.stderr.contains("top level"), "\(command)")
        }
        #expect(try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder).stderr.hasPrefix(note("merge would write")))

        // A bundle without folders whose only top-level .strings no schema file uses keeps no table there: merge makes en.lproj.
        let scratch = try BundleCopy()
        for folder in ["ar", "de", "en", "ja", "sv"] { try FileManager.default.removeItem(at: scratch.bundle.appendingPathComponent("\(folder).lproj")) }
        try Data("/* scratch */\n".utf8).write(to: scratch.bundle.appendingPathComponent("Scratch.strings"))
        let check = try Tool.run(["check", "Settings.bundle", "--format", "json"], in: scratch.folder)
        #expect(check.stdout.contains("\"development-entry-missing\""))
        #expect(try Tool.run(["merge", "Settings.bundle", "--quiet"], in: scratch.folder).exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.bundle.appendingPathComponent("en.lproj/Root.strings").path))
    }

    @Test("a bundle without .lproj folders: its top-level tables are its tables; check asks for no folder, and merge makes none")
    func unlocalized() throws {
        let copy = try BundleCopy()
        for folder in ["ar", "de", "en", "ja", "sv"] {
            if folder == "en" {
                for table in ["Root", "Privacy"] {
                    try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("en.lproj/\(table).strings"), to: copy.bundle.appendingPathComponent("\(table).strings"))
                }
            }
            try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("\(folder).lproj"))
        }
        let before = try copy.snapshot()
        #expect(try Tool.run(["check", "Settings.bundle"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        let merge = try Tool.run(["merge", "Settings.bundle"], in: copy.folder)
        #expect(merge == ToolResult(stdout: "", stderr: "note: Settings.bundle keeps its tables at its top level and has no .lproj folder, so it is not localized and merge changes nothing; to localize it, move its tables into en.lproj and run settings-l10n merge\n", exitCode: 0))
        #expect(try Tool.run(["merge", "Settings.bundle", "--check", "--quiet"], in: copy.folder) == ToolResult(stdout: "", stderr: "", exitCode: 0))
        // status and sync say the same of it (status showed an empty table, sync nothing).
        let status = try Tool.run(["status", "Settings.bundle"], in: copy.folder)
        #expect(status.stderr == "note: Settings.bundle keeps its tables at its top level and has no .lproj folder, so it is not localized and status has no language to count; to localize it, move its tables into en.lproj and run settings-l10n merge\n")
        let sync = try Tool.run(["sync", "Settings.bundle", "--catalog", "S.xcstrings", "--dry-run"], in: copy.folder)
        #expect(sync.stderr.hasPrefix("note: Settings.bundle keeps its tables at its top level and has no .lproj folder, so it is not localized and the catalog gets its strings but no translation, and no table is written; to localize it, move its tables into en.lproj and run settings-l10n merge\n"), "\(sync.stderr)")
        #expect(try copy.snapshot() == before)
        // One table at the top level and none of the other: still no folder is made (it made
        // en.lproj/Privacy.strings, after which the top level's Root.strings was an error).
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("Privacy.strings"))
        #expect(try Tool.run(["merge", "Settings.bundle", "--quiet"], in: copy.folder).exitCode == 0)
        #expect(try Tool.run(["check", "Settings.bundle"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(!FileManager.default.fileExists(atPath: copy.bundle.appendingPathComponent("en.lproj").path))
        // Its tables are read as a folder's are: one that does not parse is said.
        try Data("\"Account\" = \"x\"\n".utf8).write(to: copy.bundle.appendingPathComponent("Root.strings"))
        let broken = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(broken.stdout == "Settings.bundle/Root.strings:1:16: error: missing ';' after the value of \"Account\" [strings-syntax]\n")
        #expect(broken.exitCode == 1)
    }

    @Test("a development table that does not parse, read by three exports at once, is said once")
    func exportWarningOnce() throws {
        let copy = try BundleCopy()
        let handle = try FileHandle(forWritingTo: copy.bundle.appendingPathComponent("en.lproj/Privacy.strings"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\"broken = \n".utf8))
        try handle.close()
        let out = copy.folder.appendingPathComponent("out")
        let result = try Tool.run(["extract", "Settings.bundle", "--xliff", out.appendingPathComponent("xl").path, "--xcloc", out.appendingPathComponent("xc").path,
                                   "--xcstrings", out.appendingPathComponent("cs").path, "--quiet"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: "Settings.bundle/en.lproj/Privacy.strings:6:1: warning: en.lproj/Privacy.strings does not parse (the string starting here is not terminated), so the device shows the keys of Privacy.strings and they are the export's source texts; fix it and export again [strings-syntax]\n", exitCode: 0))
    }
}

@Suite("the HTML previews' index says what its percentages leave unsaid")
struct IndexCaveatCommandTests {
    @Test("a table the device never reads, and a folder that could not be read: said beside the share")
    func caveats() throws {
        let copy = try BundleCopy()
        try Data("\"Account\" = \"Account\";\n".utf8).write(to: copy.bundle.appendingPathComponent("Privacy.strings"))
        let moved = copy.folder.appendingPathComponent("sv-outside.lproj")
        try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("sv.lproj"), to: moved)
        try FileManager.default.createSymbolicLink(atPath: copy.bundle.appendingPathComponent("sv.lproj").path, withDestinationPath: moved.path)
        let output = copy.folder.appendingPathComponent("previews")
        let render = try Tool.run(["render", "Settings.bundle", "--locale", "all", "--format", "html", "--output", output.path], in: copy.folder)
        #expect(render.exitCode == 1)
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let details = index.components(separatedBy: "<span class=\"detail\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(details == [
            "ar.lproj · 100.0% translated (1 table is never read: the top-level one comes first)",
            "de.lproj · 100.0% translated (1 table is never read: the top-level one comes first)",
            "en.lproj · 100.0% translated (1 table is never read: the top-level one comes first)",
            "ja.lproj · 100.0% translated (1 table is never read: the top-level one comes first)",
            "sv.lproj · 0.0% translated (2 tables could not be read)",
        ])
    }
}
