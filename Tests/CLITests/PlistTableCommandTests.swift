import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 47, case 3: CFBundle reads a `.strings` file written as an old-style `{ … }`
/// dictionary, an XML property list or a binary one. The fixture (made up) has one of each:
/// de old-style (with a comment above and an unquoted word), ja XML, fr binary.
@Suite("Tables in property-list form")
struct PlistTableCommandTests {
    static let fixture = TestPaths.packageRoot.appendingPathComponent("Tests/CLITests/Fixtures/PlistTables/Settings.bundle")

    @Test("check reads all three forms: no strings-syntax (each was an error, the device reads them)")
    func check() throws {
        let result = try Tool.run(["check", Self.fixture.path, "--strict"])
        #expect(result == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
    }

    @Test("status counts their translations (each was unreadable, 0%)")
    func status() throws {
        let result = try Tool.run(["status", Self.fixture.path])
        #expect(result.exitCode == 0)
        for locale in ["de", "fr", "ja"] {
            #expect(result.stdout.contains("\(locale)      Root          3/3      0        0      0   100.0%"), "\(locale): \(result.stdout)")
        }
    }

    @Test("render shows what the device shows (it showed the keys)", arguments: [
        ("de", "Automatischer Zoom"), ("fr", "Zoom automatique"), ("ja", "マップオートズーム"),
    ])
    func render(locale: String, autoZoom: String) throws {
        let result = try Tool.run(["render", Self.fixture.path, "--locale", locale])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("  \(autoZoom) "), "\(result.stdout)")
    }

    @Test("merge leaves a complete table in its form as it is; one it would change is refused by its form and left untouched")
    func merge() throws {
        let copy = try BundleCopy(Self.fixture)
        let before = try copy.snapshot()
        let clean = try Tool.run(["merge", copy.bundle.path, "--check"])
        #expect(clean.exitCode == 0, "\(clean.stderr)")
        // A new string in the schema: every table would gain it.
        try replaceOnce(in: copy.bundle.appendingPathComponent("Root.plist"), "<string>Sound</string>", with: "<string>Sounds</string>")
        let result = try Tool.run(["merge", copy.bundle.path])
        #expect(result.exitCode == 1)
        for (locale, form) in [("de", "an old-style { … } dictionary"), ("fr", "a binary property list"), ("ja", "an XML property list")] {
            #expect(result.stderr.contains("\(locale).lproj/Root.strings: not merged: the table is written as \(form), which the device reads but settings-l10n does not write;"),
                    "\(result.stderr)")
        }
        let after = try copy.snapshot()
        for locale in ["de", "fr", "ja"] {
            #expect(after["\(locale).lproj/Root.strings"] == before["\(locale).lproj/Root.strings"])
        }
    }

    @Test("import of the same translations changes nothing; of a new one is refused by the table's form, nothing written")
    func importIntoPlistForm() throws {
        let copy = try BundleCopy(Self.fixture)
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path, "--locale", "ja"]).exitCode == 0)
        let document = out.appendingPathComponent("ja.xliff")
        #expect(try Tool.run(["import", copy.bundle.path, document.path]) == ToolResult(
            stdout: "", stderr: "no table changes (3 translations already up to date)\n", exitCode: 0))
        let before = try copy.snapshot()
        try ImportCommandTests.fill(try String(contentsOf: document, encoding: .utf8), ["Sound": "音"])
            .write(to: document, atomically: true, encoding: .utf8)
        let result = try Tool.run(["import", copy.bundle.path, document.path])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("1 translation was not imported into ja.lproj/Root.strings: the table is written as an XML property list, which the device reads but settings-l10n does not write;"),
                "\(result.stderr)")
        #expect(try copy.snapshot() == before)
    }

    @Test("sync takes their translations into the catalog and leaves them as they are (it could read none)")
    func sync() throws {
        let copy = try BundleCopy(Self.fixture)
        let before = try copy.snapshot()
        let catalog = copy.folder.appendingPathComponent("Settings.xcstrings").path
        let result = try Tool.run(["sync", copy.bundle.path, "--catalog", catalog])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("created (3 strings added, 9 translations taken from the tables): 3 strings, 9 string units"), "\(result.stderr)")
        #expect(try copy.snapshot() == before)
        #expect(try Tool.run(["sync", copy.bundle.path, "--catalog", catalog, "--check"]).exitCode == 0)
    }

    @Test("a catalog translation such a table cannot take: sync and --check say it is not carried, exit 1 (--check said in sync), the table untouched")
    func syncRefused() throws {
        let copy = try BundleCopy(Self.fixture)
        let catalog = copy.folder.appendingPathComponent("Settings.xcstrings")
        #expect(try Tool.run(["sync", copy.bundle.path, "--catalog", catalog.path]).exitCode == 0)
        let text = try String(contentsOf: catalog, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"value\" : \"Son\"", with: "\"value\" : \"Le son\"")
        #expect(edited != text)
        try Data(edited.utf8).write(to: catalog)
        let before = try copy.snapshot()
        let refusal = "Settings.xcstrings: error: 1 translation was not imported into fr.lproj/Root.strings: the table is written as a binary property list, "
            + "which the device reads but settings-l10n does not write; to change it with settings-l10n, convert it to \"key\" = \"value\"; lines first: "
            + "export its language (extract --xliff), move the file away, and import the export [import-table-refused]\n"
        #expect(try Tool.run(["sync", "Settings.bundle", "--catalog", "Settings.xcstrings", "--check"], in: copy.folder) == ToolResult(
            stdout: "", stderr: refusal + "the catalog and the tables are not in sync: sync cannot carry what the error above names; fix it and check again\n", exitCode: 1))
        #expect(try Tool.run(["sync", "Settings.bundle", "--catalog", "Settings.xcstrings"], in: copy.folder) == ToolResult(
            stdout: "", stderr: refusal + "Settings.xcstrings: unchanged; the error above names what sync could not carry\n", exitCode: 1))
        #expect(try copy.snapshot() == before)
        #expect(try String(contentsOf: catalog, encoding: .utf8) == edited)
    }

    @Test("the conversion the message gives: export, move the table away, import: the usual form, the same translations")
    func conversion() throws {
        let copy = try BundleCopy(Self.fixture)
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path, "--locale", "fr"]).exitCode == 0)
        try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("fr.lproj/Root.strings"), to: copy.folder.appendingPathComponent("fr-Root.strings"))
        #expect(try Tool.run(["import", copy.bundle.path, out.appendingPathComponent("fr.xliff").path]).exitCode == 0)
        let table = String(decoding: try copy.bytes("fr.lproj/Root.strings"), as: UTF8.self)
        #expect(table.contains("\"Map\" = \"Carte\";") && table.contains("\"Auto zoom\" = \"Zoom automatique\";") && table.contains("\"Sound\" = \"Son\";"))
        #expect(try Tool.run(["merge", copy.bundle.path, "--check", "--locale", "fr"]).exitCode == 0)
    }
}
