import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("settings-l10n merge --fill-from")
struct FillFromCommandTests {
    /// An app's resources folder beside the bundle copy, holding `files` (path to text).
    static func app(in copy: BundleCopy, _ files: [String: String]) throws -> URL {
        let app = copy.folder.appendingPathComponent("App")
        for (path, text) in files {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return app
    }

    /// Takes "Password" and "Units" out of the copy's German table, for the app to fill.
    static func dropGermanPasswordAndUnits(in copy: BundleCopy) throws {
        let root = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        let german = String(decoding: try Data(contentsOf: root), as: UTF8.self)
        try Data(german.replacingOccurrences(of: "\"Password\" = \"Passwort\";\n", with: "").replacingOccurrences(of: "\"Units\" = \"Einheiten\";\n", with: "").utf8).write(to: root)
    }

    @Test("from the real String Catalog: new languages get the words the app already translates")
    func realCatalog() throws {
        let copy = try BundleCopy()
        try FileManager.default.createDirectory(at: copy.bundle.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", TestPaths.realCatalog.path, "--locale", "fr"])
        #expect(result == ToolResult(stdout: "", stderr: """
            fr.lproj/Privacy.strings: 1 from the app's fr (to review), 4 missing; written (new file)
            fr.lproj/Root.strings: 2 from the app's fr (to review), 50 missing; written (new file)
            filled from the app's languages: fr.lproj from fr
            3 missing translations taken from the app, marked for review: 3 from Localizable.xcstrings

            """, exitCode: 0))
        #expect(String(decoding: try copy.bytes("fr.lproj/Root.strings"), as: UTF8.self) == """
            /* Root.plist › group heading */
            /* settings-l10n: needs review: from the app's Localizable.xcstrings */
            "About" = "À propos";

            /* Root.plist › label of a read-only value */
            /* settings-l10n: needs review: from the app's Localizable.xcstrings */
            "Version" = "Version";

            """)
    }

    @Test("from an app's resources folder: <lang>.lproj tables, by the development language's values")
    func folder() throws {
        let copy = try BundleCopy()
        let app = try Self.app(in: copy, ["en.lproj/Main.strings": "\"login.password\" = \"Password\";\n\"units\" = \"Units:\";\n",
                                          "de.lproj/Main.strings": "\"login.password\" = \"Kennwort\";\n\"units\" = \"Maßeinheiten:\";\n"])
        try Self.dropGermanPasswordAndUnits(in: copy)
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", app.path, "--locale", "de", "--dry-run"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasSuffix("2 missing translations taken from the app, marked for review: 2 from de.lproj/Main.strings\n"))
        #expect(result.stdout.contains("+/* settings-l10n: needs review: from the app's de.lproj/Main.strings */\n+\"Password\" = \"Kennwort\";"))
        #expect(result.stdout.contains("+/* settings-l10n: needs review: from the app's de.lproj/Main.strings, for a text that differs in case, final punctuation or Unicode normalization */\n+\"Units\" = \"Maßeinheiten\";"))
    }

    @Test("a path without translations, or not a catalog, is an error; nothing is merged")
    func bad() throws {
        let copy = try BundleCopy()
        let before = try copy.snapshot()
        let missing = try Tool.run(["merge", copy.bundle.path, "--fill-from", copy.folder.appendingPathComponent("nothing").path])
        #expect(missing.exitCode == 3)
        #expect(missing.stderr == "error: --fill-from \(copy.folder.path)/nothing: no such file or folder; nothing was merged\n")
        let broken = copy.folder.appendingPathComponent("Broken.xcstrings")
        try Data("{\"sourceLanguage\" : \"en\", \"strings\" : {".utf8).write(to: broken)
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", broken.path])
        #expect(result == ToolResult(stdout: "", stderr: "error: --fill-from \(broken.path):1:40: not a valid String Catalog: expected a quoted key; nothing was merged\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
    }
}

extension FillFromCommandTests {
    @Test("an app's table that does not parse is an error naming its file and line; nothing is merged (it was left out without a word)")
    func brokenAppTable() throws {
        let copy = try BundleCopy()
        let app = try Self.app(in: copy, ["en.lproj/Main.strings": "\"login.password\" = \"Password\";\n",
                                          "de.lproj/Main.strings": "\"login.password\" = \"Kennwort\"\n\"units\" = \"Einheiten\";\n"])
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", app.path])
        #expect(result == ToolResult(stdout: "", stderr: "error: --fill-from \(app.path)/de.lproj/Main.strings:1:30: not a valid strings table: missing ';' after the value of \"login.password\"; nothing was merged\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
    }

    @Test("an app's language folder that is a link out of the folder is an error naming it; nothing is merged (it was left out without a word)")
    func linkedAppFolder() throws {
        let copy = try BundleCopy()
        let app = try Self.app(in: copy, ["en.lproj/Main.strings": "\"login.password\" = \"Password\";\n",
                                          "de.lproj/Main.strings": "\"login.password\" = \"Kennwort\";\n",
                                          "../Elsewhere/fr.lproj/Main.strings": "\"login.password\" = \"Mot de passe\";\n"])
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("fr.lproj").path, withDestinationPath: "../Elsewhere/fr.lproj")
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", app.path])
        #expect(result == ToolResult(stdout: "", stderr: "error: --fill-from \(app.path)/fr.lproj: this symbolic link points outside the folder; it was not followed; give --fill-from the folder that holds its tables, or copy them in; nothing was merged\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
    }

    @Test("a folder's catalogs are read on worker threads but added in order: translations from each, and the first that does not parse named")
    func severalCatalogs() throws {
        let copy = try BundleCopy()
        func catalog(_ source: String, _ german: String) -> String {
            "{\"sourceLanguage\" : \"en\", \"strings\" : {\"\(source)\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"\(german)\"}}}}}, \"version\" : \"1.0\"}"
        }
        let app = try Self.app(in: copy, ["A.xcstrings": catalog("Password", "Kennwort"), "B.xcstrings": catalog("Units", "Maßeinheiten")])
        try Self.dropGermanPasswordAndUnits(in: copy)
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", app.path, "--locale", "de", "--dry-run"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasSuffix("2 missing translations taken from the app, marked for review: 1 from A.xcstrings, 1 from B.xcstrings\n"))
        let before = try copy.snapshot()
        for name in ["B.xcstrings", "C.xcstrings"] { try Data("{".utf8).write(to: app.appendingPathComponent(name)) }
        let broken = try Tool.run(["merge", copy.bundle.path, "--fill-from", app.path])
        #expect(broken == ToolResult(stdout: "", stderr: "error: --fill-from \(app.path)/B.xcstrings:1:2: not a valid String Catalog: expected a quoted key; nothing was merged\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
    }

    @Test("a valid catalog with no translation yet merges with nothing to fill, and says so; a folder with no catalog or table is an error")
    func nothingToFill() throws {
        let copy = try BundleCopy()
        let catalog = copy.folder.appendingPathComponent("Localizable.xcstrings")
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Version\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}".utf8).write(to: catalog)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", catalog.path, "--check", "--locale", "de"])
        #expect(result == ToolResult(stdout: "", stderr: """
            --fill-from \(catalog.path): no translation besides en yet; nothing to fill from it
            de.lproj/Privacy.strings: 5 kept; up to date
            de.lproj/Root.strings: 52 kept; up to date

            """, exitCode: 0))
        let empty = copy.folder.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let folder = try Tool.run(["merge", copy.bundle.path, "--fill-from", empty.path])
        #expect(folder == ToolResult(stdout: "", stderr: "error: --fill-from \(empty.path): no String Catalog and no <lang>.lproj/*.strings in this folder; give the app's .xcstrings or the folder holding its .lproj folders; nothing was merged\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
    }
}

/// A development table that does not parse holds the author's texts in a file to mend: no fill
/// takes its keys for them (the helper's review found `--fill source` writing `"Analytics" =
/// "Analytics"` and `--fill-from` the app's translation of the key, exit 1 for the broken table
/// alone).
@Suite("merge with a development table that does not parse")
struct MalformedDevelopmentTableCommandTests {
    /// The copy with the English text of "Analytics" made "Usage analytics", German's entry
    /// taken out, and English's table broken at its end.
    static func prepare(_ copy: BundleCopy) throws {
        let english = copy.bundle.appendingPathComponent("en.lproj/Privacy.strings")
        let text = String(decoding: try Data(contentsOf: english), as: UTF8.self)
        try Data((text.replacingOccurrences(of: "\"Analytics\" = \"Analytics\";", with: "\"Analytics\" = \"Usage analytics\";") + "\n\"broken").utf8).write(to: english)
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        let lines = String(decoding: try Data(contentsOf: german), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        try Data(lines.filter { !$0.contains("\"Analytics\"") }.joined(separator: "\n").utf8).write(to: german)
    }

    static let expected = """
        de.lproj/Privacy.strings: not merged: en.lproj/Privacy.strings does not parse (7:1: the string starting here is not terminated), and its text is what the fills need; it was left untouched
        de.lproj/Root.strings: 52 kept; up to date

        """

    @Test("--fill source leaves the tables that need the text untouched, with the reason, exit 1")
    func fillSource() throws {
        let copy = try BundleCopy()
        try Self.prepare(copy)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--fill", "source", "--locale", "de"])
        #expect(result == ToolResult(stdout: "", stderr: Self.expected, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("without a fill, the other languages are merged as the device shows the table (its keys): only the broken table is left alone, and merging again changes nothing")
    func plainMerge() throws {
        let copy = try BundleCopy()
        try Self.prepare(copy)
        let result = try Tool.run(["merge", copy.bundle.path, "--locale", "de", "--locale", "sv"])
        #expect(result == ToolResult(stdout: "", stderr: """
            de.lproj/Privacy.strings: 4 kept, 1 missing; up to date
            de.lproj/Root.strings: 52 kept; up to date
            sv.lproj/Privacy.strings: 5 kept; up to date
            sv.lproj/Root.strings: 52 kept; up to date

            """, exitCode: 0))
        let again = try Tool.run(["merge", copy.bundle.path, "--locale", "de", "--locale", "sv", "--check"])
        #expect(again.exitCode == 0)
    }

    @Test("--fill-from takes no app translation of a key for the text")
    func fillFrom() throws {
        let copy = try BundleCopy()
        try Self.prepare(copy)
        let app = try FillFromCommandTests.app(in: copy, ["en.lproj/Main.strings": "\"a\" = \"Analytics\";\n\"b\" = \"Usage analytics\";\n",
                                                          "de.lproj/Main.strings": "\"a\" = \"Analytik (falsch)\";\n\"b\" = \"Nutzungsanalyse\";\n"])
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", app.path, "--locale", "de"])
        #expect(result == ToolResult(stdout: "", stderr: Self.expected, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }
}
