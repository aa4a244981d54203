import Foundation
import Testing
import SettingsL10nTestSupport

/// A development text changed in the tables: the catalog's translations were made from the old
/// one, so sync marks them `needs_review` (as Xcode does when a source text changes) and writes
/// them into the tables with the review mark.
@Suite("sync: a changed development text")
struct SyncSourceChangeCommandTests {
    static let sync = ["sync", "Settings.bundle", "--catalog", "Settings.xcstrings"]

    /// The example bundle adopted into a catalog, then en.lproj's text of "Analytics" changed.
    static func changed() throws -> BundleCopy {
        let copy = try BundleCopy()
        #expect(try Tool.run(sync, in: copy.folder).exitCode == 0)
        let english = copy.bundle.appendingPathComponent("en.lproj/Privacy.strings")
        let text = try String(contentsOf: english, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"Analytics\" = \"Analytics\";", with: "\"Analytics\" = \"Usage data\";")
        #expect(edited != text)
        try Data(edited.utf8).write(to: english)
        return copy
    }

    static func states(_ copy: BundleCopy, _ key: String) throws -> [String: String] {
        let data = try Data(contentsOf: copy.folder.appendingPathComponent("Settings.xcstrings"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let string = try #require((catalog["strings"] as? [String: Any])?[key] as? [String: Any])
        let localizations = try #require(string["localizations"] as? [String: [String: [String: String]]])
        return localizations.mapValues { $0["stringUnit"]?["state"] ?? "" }
    }

    @Test("the catalog takes the new text and its translations wait for review, in the catalog and in the tables; they were left translated")
    func marked() throws {
        let copy = try Self.changed()
        #expect(try Tool.run(Self.sync, in: copy.folder) == ToolResult(stdout: "", stderr: """
            Settings.xcstrings: updated (1 translation taken from the tables, 4 translations of "Analytics" marked needs_review: the development text changed): 57 strings, 229 string units
            ar.lproj/Privacy.strings: wrote 1 translation from the catalog
            de.lproj/Privacy.strings: wrote 1 translation from the catalog
            ja.lproj/Privacy.strings: wrote 1 translation from the catalog
            sv.lproj/Privacy.strings: wrote 1 translation from the catalog

            """, exitCode: 0))
        #expect(try Self.states(copy, "Analytics") == ["ar": "needs_review", "de": "needs_review", "en": "translated", "ja": "needs_review", "sv": "needs_review"])
        #expect(try Self.states(copy, "Privacy policy") == ["ar": "translated", "de": "translated", "ja": "translated", "sv": "translated"])
        let german = try String(decoding: copy.bytes("de.lproj/Privacy.strings"), as: UTF8.self)
        #expect(german.hasPrefix("/* settings-l10n: needs review: needs_review in the String Catalog */\n\"Analytics\" = \"Analyse\";\n"))
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(stdout: "", stderr: "the catalog and the tables are in sync\n", exitCode: 0))
        #expect(try Tool.run(["check", "Settings.bundle", "--catalog", "Settings.xcstrings"], in: copy.folder) == ToolResult(
            stdout: "Settings.bundle/ar.lproj/Privacy.strings:2:1: warning: the translation of \"Analytics\" needs review; remove the settings-l10n comment above it once checked — in 4 languages (ar, de, ja, sv) [needs-review]\n",
            stderr: "0 errors, 4 warnings, 0 notes\n  4 warnings  needs-review\n", exitCode: 0))
    }

    @Test("a text the catalog already holds changes nothing; with --prefer-tables, a development text the tables change marks the translations too")
    func preferTables() throws {
        let copy = try Self.changed()
        #expect(try Tool.run(Self.sync, in: copy.folder).exitCode == 0)
        #expect(try Tool.run(Self.sync, in: copy.folder) == ToolResult(stdout: "", stderr: "Settings.xcstrings: up to date\n", exitCode: 0))
        // Reviewed in Xcode (the catalog's units translated again), and sync clears the tables' marks.
        let url = copy.folder.appendingPathComponent("Settings.xcstrings")
        let catalog = try String(contentsOf: url, encoding: .utf8)
        try Data(catalog.replacingOccurrences(of: "\"needs_review\"", with: "\"translated\"").utf8).write(to: url)
        #expect(try Tool.run(Self.sync, in: copy.folder).exitCode == 0)
        #expect(try Tool.run(["check", "Settings.bundle"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try Tool.run(Self.sync + ["--prefer-tables"], in: copy.folder).exitCode == 0)
        #expect(try Self.states(copy, "Analytics") == ["ar": "translated", "de": "translated", "en": "translated", "ja": "translated", "sv": "translated"])
        let english = copy.bundle.appendingPathComponent("en.lproj/Privacy.strings")
        let text = try String(contentsOf: english, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"Analytics\" = \"Usage data\";", with: "\"Analytics\" = \"Usage statistics\";").utf8).write(to: english)
        let result = try Tool.run(Self.sync + ["--prefer-tables"], in: copy.folder)
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasPrefix("Settings.xcstrings: updated (1 translation replaced with the tables', 4 translations of \"Analytics\" marked needs_review: the development text changed): 57 strings, 229 string units\n"))
        #expect(try Self.states(copy, "Analytics") == ["ar": "needs_review", "de": "needs_review", "en": "translated", "ja": "needs_review", "sv": "needs_review"])
    }
}
