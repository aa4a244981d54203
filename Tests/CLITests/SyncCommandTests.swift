import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("settings-l10n sync")
struct SyncCommandTests {
    /// Runs the tool in the copy's folder, so that paths read as a user types them.
    static func run(_ copy: BundleCopy, _ arguments: [String]) throws -> ToolResult {
        try Tool.run(arguments, in: copy.folder)
    }

    static func catalog(_ copy: BundleCopy) throws -> String {
        try String(contentsOf: copy.folder.appendingPathComponent("Settings.xcstrings"), encoding: .utf8)
    }

    static func writeCatalog(_ copy: BundleCopy, _ text: String) throws {
        try Data(text.utf8).write(to: copy.folder.appendingPathComponent("Settings.xcstrings"))
    }

    static let sync = ["sync", "Settings.bundle", "--catalog", "Settings.xcstrings"]

    @Test("adoption: the example bundle into a new catalog, the tables untouched; a second sync changes no byte")
    func adoption() throws {
        let copy = try BundleCopy()
        let before = try copy.snapshot()
        #expect(try Self.run(copy, Self.sync) == ToolResult(
            stdout: "", stderr: "Settings.xcstrings: created (57 strings added, 228 translations taken from the tables): 57 strings, 228 string units\n",
            exitCode: 0))
        #expect(try copy.snapshot() == before)
        let adopted = try Self.catalog(copy)
        #expect(try Self.run(copy, Self.sync) == ToolResult(stdout: "", stderr: "Settings.xcstrings: up to date\n", exitCode: 0))
        #expect(try Self.catalog(copy) == adopted)
        #expect(try copy.snapshot() == before)
        #expect(try Self.run(copy, Self.sync + ["--check"]) == ToolResult(stdout: "", stderr: "the catalog and the tables are in sync\n", exitCode: 0))
    }

    @Test("an app's catalog: the strings Xcode extracted from its code are never marked stale nor pruned, and a note says why (--prune removed them with their translations)")
    func appStringsLeftAlone() throws {
        let copy = try BundleCopy()
        let app = """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "Delete %lld routes?" : { "extractionState" : "extracted_with_value",
                "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Routen löschen?" } } } },
              "Old" : { "extractionState" : "manual" },
              "Welcome back, %@!" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen zurück, %@!" } } } } } }
            """
        try Self.writeCatalog(copy, app)
        let note = "Settings.xcstrings: note: the catalog holds 2 strings that Xcode extracted from the app's code and no schema file uses (\"Delete %lld routes?\", \"Welcome back, %@!\"): "
            + "sync leaves them alone, never stale, never pruned; give the bundle a catalog of its own (Settings.xcstrings) to keep the two apart [sync-app-strings]\n"
        let synced = try Self.run(copy, Self.sync)
        #expect(synced == ToolResult(stdout: "", stderr: note + "Settings.xcstrings: updated (57 strings added, 228 translations taken from the tables, 1 marked stale): 60 strings, 230 string units\n", exitCode: 0))
        let pruned = try Self.run(copy, Self.sync + ["--prune"])
        #expect(pruned == ToolResult(stdout: "", stderr: note + "Settings.xcstrings: updated (1 removed): 59 strings, 230 string units\n", exitCode: 0))
        let catalog = try Self.catalog(copy)
        #expect(catalog.contains("\"Willkommen zurück, %@!\"") && catalog.contains("\"%lld Routen löschen?\"") && !catalog.contains("\"Old\""))
    }

    @Test("an import into a bundle whose configuration names a catalog: the note says the next sync would undo it, and sync --prefer-tables carries it into the catalog (the next sync reverted it, exit 0)")
    func importThenPreferTables() throws {
        let copy = try BundleCopy()
        try Data(#"{"catalog": "Settings.xcstrings"}"#.utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Self.run(copy, ["sync", "Settings.bundle"]).exitCode == 0)
        #expect(try Self.run(copy, ["extract", "Settings.bundle", "--xliff", "out", "--locale", "de"]).exitCode == 0)
        let document = copy.folder.appendingPathComponent("out/de.xliff")
        let edited = try String(contentsOf: document, encoding: .utf8)
            .replacingOccurrences(of: "<target state=\"translated\">Konto</target>", with: "<target state=\"translated\">Benutzerkonto</target>")
        try edited.write(to: document, atomically: true, encoding: .utf8)
        let imported = try Self.run(copy, ["import", "Settings.bundle", "out/de.xliff"])
        #expect(imported.exitCode == 0)
        #expect(imported.stderr.hasSuffix("de.lproj/Root.strings: wrote 1 translation\n"
            + "note: this bundle's translations are kept in the configuration's catalog Settings.xcstrings, whose texts the next sync writes back over the 1 translation "
            + "import wrote where they differ; carry them into it with settings-l10n sync Settings.bundle --prefer-tables\n"), "\(imported.stderr)")
        // Without the flag sync would put "Konto" back; with it the catalog takes the table's text.
        #expect(try Self.run(copy, ["sync", "Settings.bundle", "--check"]).exitCode == 1)
        #expect(try Self.run(copy, ["sync", "Settings.bundle", "--prefer-tables"]) == ToolResult(
            stdout: "", stderr: "Settings.xcstrings: updated (1 translation replaced with the tables'): 57 strings, 228 string units\n", exitCode: 0))
        #expect(try Self.run(copy, ["sync", "Settings.bundle"]) == ToolResult(stdout: "", stderr: "Settings.xcstrings: up to date\n", exitCode: 0))
        let table = try String(contentsOf: copy.bundle.appendingPathComponent("de.lproj/Root.strings"), encoding: .utf8)
        #expect(table.contains("\"Account\" = \"Benutzerkonto\";"))
        #expect(try Self.catalog(copy).contains("\"value\" : \"Benutzerkonto\""))
    }

    @Test("a catalog unit in a state Xcode does not write (stale, a typo: Translated) goes into the table with a review mark, as XLIFF's do; only new is no translation (they were dropped, and sync said in sync)")
    func unknownUnitStates() throws {
        let copy = try BundleCopy()
        #expect(try Self.run(copy, Self.sync).exitCode == 0)
        var catalog = try Self.catalog(copy)
        for (key, state, value) in [("Map", "stale", "Landkarte"), ("Units", "Translated", "Maßeinheiten"), ("Account", "new", "Kontoo")] {
            let entry = try #require(catalog.range(of: "\"\(key)\" : {"))
            let german = try #require(catalog.range(of: "\"de\" : {", range: entry.upperBound..<catalog.endIndex))
            let unit = try #require(catalog.range(of: #"\{\s*"state" : "translated",\s*"value" : "[^"]*"\s*\}"#, options: .regularExpression, range: german.upperBound..<catalog.endIndex))
            catalog.replaceSubrange(unit, with: "{ \"state\" : \"\(state)\", \"value\" : \"\(value)\" }")
        }
        try Self.writeCatalog(copy, catalog)
        #expect(try Self.run(copy, Self.sync + ["--check"]).exitCode == 1)
        #expect(try Self.run(copy, Self.sync).exitCode == 0)
        let table = try String(contentsOf: copy.bundle.appendingPathComponent("de.lproj/Root.strings"), encoding: .utf8)
        #expect(table.contains("/* settings-l10n: needs review: needs_review in the String Catalog */\n\"Map\" = \"Landkarte\";"), "\(table)")
        #expect(table.contains("/* settings-l10n: needs review: needs_review in the String Catalog */\n\"Units\" = \"Maßeinheiten\";"), "\(table)")
        #expect(!table.contains("Kontoo"))
        #expect(try Self.run(copy, Self.sync + ["--check"]).exitCode == 0)
    }

    @Test("a translator's edit in the catalog reaches the table, said in its line and not a warning (an ordinary edit); then all is in sync")
    func catalogEdit() throws {
        let copy = try BundleCopy()
        _ = try Self.run(copy, Self.sync)
        try Self.writeCatalog(copy, try Self.catalog(copy).replacingOccurrences(of: "\"value\" : \"Analyse\"", with: "\"value\" : \"Auswertung\""))
        #expect(try Self.run(copy, Self.sync + ["--check"]) == ToolResult(
            stdout: "", stderr: "sync would change 1 table (de.lproj/Privacy.strings); run settings-l10n sync Settings.bundle --catalog Settings.xcstrings\n", exitCode: 1))
        #expect(try Self.run(copy, Self.sync) == ToolResult(stdout: "", stderr: """
            Settings.xcstrings: up to date
            de.lproj/Privacy.strings: wrote 1 translation from the catalog (1 replaced the table's text)
              "Analytics": the table's "Analyse" was replaced by the catalog's "Auswertung"

            """, exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Privacy.strings"), as: UTF8.self).hasPrefix("\"Analytics\" = \"Auswertung\";\n"))
        #expect(try Self.run(copy, Self.sync + ["--check"]).exitCode == 0)
    }

    @Test("a schema change reaches the catalog: --check fails, sync adds the new title and marks the old one stale")
    func schemaChange() throws {
        let copy = try BundleCopy()
        _ = try Self.run(copy, Self.sync)
        let adopted = try Self.catalog(copy)
        try replaceOnce(in: copy.bundle.appendingPathComponent("Privacy.plist"), "<string>Referral code</string>", with: "<string>Invitation code</string>")
        let tables = try copy.snapshot()
        #expect(try Self.run(copy, Self.sync + ["--check"]) == ToolResult(
            stdout: "", stderr: "sync would change Settings.xcstrings; run settings-l10n sync Settings.bundle --catalog Settings.xcstrings\n", exitCode: 1))
        #expect(try Self.run(copy, Self.sync) == ToolResult(
            stdout: "", stderr: "Settings.xcstrings: updated (1 string added, 1 marked stale): 58 strings, 228 string units\n", exitCode: 0))
        let updated = try Self.catalog(copy)
        #expect(updated == adopted
            .replacingOccurrences(of: "    \"Keep maps for\" : {", with: """
                    "Invitation code" : {
                      "comment" : "Privacy.plist › label of a text field",
                      "extractionState" : "manual"
                    },
                    "Keep maps for" : {
                """)
            .replacingOccurrences(of: "      \"comment\" : \"Privacy.plist › label of a text field\",\n      \"extractionState\" : \"manual\",\n      \"localizations\"",
                                  with: "      \"comment\" : \"Privacy.plist › label of a text field\",\n      \"extractionState\" : \"stale\",\n      \"localizations\""))
        #expect(try copy.snapshot() == tables)
        #expect(try Self.run(copy, Self.sync) == ToolResult(stdout: "", stderr: "Settings.xcstrings: up to date\n", exitCode: 0))
        #expect(try Self.catalog(copy) == updated)
    }

    @Test("check --catalog (and the configuration's catalog) reports a needs_review unit at the catalog's line")
    func checkReadsStates() throws {
        let copy = try BundleCopy()
        _ = try Self.run(copy, Self.sync)
        try Self.writeCatalog(copy, try Self.catalog(copy).replacingOccurrences(
            of: "            \"state\" : \"translated\",\n            \"value\" : \"Analyse\"",
            with: "            \"state\" : \"needs_review\",\n            \"value\" : \"Analyse\""))
        let finding = "Settings.xcstrings:124:5: warning: the de translation of \"Analytics\" needs review in the String Catalog; mark it reviewed in Xcode's catalog editor (or set its state to translated), then sync [needs-review]\n"
        let checked = try Self.run(copy, ["check", "Settings.bundle", "--catalog", "Settings.xcstrings"])
        #expect(checked.stdout == finding)
        #expect(checked.exitCode == 0)
        try Data(#"{"catalog": "Settings.xcstrings"}"#.utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Self.run(copy, ["check", "Settings.bundle"]).stdout == finding)
        // Synced, the table carries the review mark, and the finding is reported once, in the table.
        #expect(try Self.run(copy, ["sync", "Settings.bundle"]).exitCode == 0)
        #expect(String(decoding: try copy.bytes("de.lproj/Privacy.strings"), as: UTF8.self).hasPrefix(
            "/* settings-l10n: needs review: needs_review in the String Catalog */\n\"Analytics\" = \"Analyse\";\n"))
        #expect(try Self.run(copy, ["check", "Settings.bundle"]).stdout
            == "Settings.bundle/de.lproj/Privacy.strings:2:1: warning: the translation of \"Analytics\" needs review; remove the settings-l10n comment above it once checked [needs-review]\n")
    }

    @Test("check --catalog of a catalog or a folder of catalogs that does not exist: an error (a mistyped folder passed), whose advice names the bundle as given (it named it by its absolute path)", arguments: [
        ("Settings.xcstrings", "the String Catalog Settings.xcstrings"), ("Catalogs", "the folder of String Catalogs Catalogs"),
    ])
    func checkMissingCatalog(path: String, what: String) throws {
        let copy = try BundleCopy()
        #expect(try Self.run(copy, ["check", "Settings.bundle", "--catalog", path]) == ToolResult(stdout: "", stderr: """
            error: \(what) does not exist; create it with settings-l10n sync Settings.bundle --catalog \(path)

            """, exitCode: 3))
    }

    @Test("a catalog that is malformed, has a key twice, holds what a table cannot, or a character import refuses: exit 3, nothing written", arguments: [
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n",
         "error: Settings.xcstrings:4:1: not a valid String Catalog: expected a quoted key; fix it (or move it away to start a new catalog); nothing was written\n"),
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"A\" : {},\n    \"A\" : {}\n  }\n}",
         "error: Settings.xcstrings:5:5: not a valid String Catalog: the key \"A\" is in this object twice (first at line 4, column 5); keep one; fix it (or move it away to start a new catalog); nothing was written\n"),
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Analytics\" : { \"localizations\" : { \"de\" : { \"variations\" : {} } } }\n  }\n}",
         "error: Settings.xcstrings:4:5: the string \"Analytics\" varies by plural or device in \"de\", which a .strings table of a Settings bundle cannot hold (the Settings app reads one text per key); give it one text (Vary by… off in Xcode's editor); nothing was written\n"),
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Analytics\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"A\\u001bB\" } } } }\n  }\n}",
         "error: Settings.xcstrings:4:103: not a valid String Catalog: \\u001b stands for a control character (U+001B), which import refuses; remove it; fix it (or move it away to start a new catalog); nothing was written\n"),
        // A misspelled stringUnit was read by no one, and sync said the catalog was up to date.
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Analytics\" : { \"localizations\" : { \"de\" : { \"stringunit\" : { \"state\" : \"translated\", \"value\" : \"Neu\" } } } }\n  }\n}",
         "error: Settings.xcstrings:4:65: not a valid String Catalog: the string \"Analytics\" has \"stringunit\" for \"de\", which Xcode does not read (did you mean stringUnit?), so its text would not ship; fix it (or move it away to start a new catalog); nothing was written\n"),
    ])
    func hostileCatalog(text: String, message: String) throws {
        let copy = try BundleCopy()
        try Self.writeCatalog(copy, text)
        let before = try copy.snapshot()
        #expect(try Self.run(copy, Self.sync) == ToolResult(stdout: "", stderr: message, exitCode: 3))
        #expect(try Self.catalog(copy) == text)
        #expect(try copy.snapshot() == before)
    }

    @Test("a table that cannot be read is left alone, nothing taken from it, and the exit status is 1")
    func unreadableTable() throws {
        let copy = try BundleCopy()
        _ = try Self.run(copy, Self.sync)
        try Self.writeCatalog(copy, try Self.catalog(copy).replacingOccurrences(of: "\"value\" : \"Analyse\"", with: "\"value\" : \"Auswertung\""))
        let broken = Data("\"Analytics\" = \"Analyse;\n".utf8)
        try broken.write(to: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"))
        let catalog = try Self.catalog(copy)
        #expect(try Self.run(copy, Self.sync) == ToolResult(stdout: "", stderr: """
            Settings.bundle/de.lproj/Privacy.strings: error: the table cannot be read as the device reads it, so sync took no translation from it and wrote none into it; fix it and sync again [strings-syntax]
            Settings.xcstrings: unchanged; the error above names what sync could not carry

            """, exitCode: 1))
        #expect(try copy.bytes("de.lproj/Privacy.strings") == broken)
        #expect(try Self.catalog(copy) == catalog)
        // --check cannot say that a table it cannot read is in sync: it says what it knows.
        try Self.writeCatalog(copy, catalog.replacingOccurrences(of: "\"value\" : \"Auswertung\"", with: "\"value\" : \"Analyse\""))
        #expect(try Self.run(copy, Self.sync + ["--check"]) == ToolResult(stdout: "", stderr: """
            Settings.bundle/de.lproj/Privacy.strings: error: the table cannot be read as the device reads it, so sync took no translation from it and wrote none into it; fix it and sync again [strings-syntax]
            the catalog and the other tables are in sync; de.lproj/Privacy.strings cannot be read, so sync cannot tell whether it is; fix it and check again

            """, exitCode: 1))
    }

    @Test("a catalog larger than settings-l10n reads is refused before it is read; nothing is written")
    func hugeCatalog() throws {
        let copy = try BundleCopy()
        let path = copy.folder.appendingPathComponent("Settings.xcstrings")
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        let handle = try FileHandle(forWritingTo: path)
        try handle.truncate(atOffset: 300 << 20)  // sparse: no disk is used
        try handle.close()
        let before = try copy.snapshot()
        #expect(try Self.run(copy, Self.sync) == ToolResult(
            stdout: "", stderr: "error: Settings.xcstrings is 314572800 bytes, more than the limit of 268435456; nothing was written\n", exitCode: 3))
        #expect(try copy.snapshot() == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path.path)[.size] as? Int == 300 << 20)
    }

    @Test("a catalog inside the bundle, or none named at all, is a usage error")
    func usage() throws {
        let copy = try BundleCopy()
        #expect(try Self.run(copy, ["sync", "Settings.bundle", "--catalog", "Settings.bundle/Settings.xcstrings"]) == ToolResult(
            stdout: "", stderr: "error: --catalog Settings.bundle/Settings.xcstrings is inside the bundle, into which settings-l10n writes only the tables (merge, import and sync write them): give a path outside it\n", exitCode: 2))
        #expect(try Self.run(copy, ["sync", "Settings.bundle"]) == ToolResult(
            stdout: "", stderr: "error: sync needs the String Catalog: give --catalog Settings.xcstrings, or \"catalog\" in .settings-l10n.json\n", exitCode: 2))
        // Named by the configuration, not by a --catalog the user did not type: said so.
        try Data(#"{"catalog": "Settings.bundle/Settings.xcstrings"}"#.utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        let configured = try Self.run(copy, ["sync", "Settings.bundle"])
        #expect(configured.exitCode == 2)
        #expect(configured.stderr.hasPrefix("error: the configuration's \"catalog\" "))
        #expect(configured.stderr.hasSuffix("Settings.bundle/Settings.xcstrings is inside the bundle, into which settings-l10n writes only the tables (merge, import and sync write them): give a path outside it\n"))
    }

    /// The build-tool plugin's run, planned while a configuration at the repository's root named a
    /// catalog and run after the catalog was taken out of it (SwiftPM plans again only when a
    /// target's files come or go): the build failed on "sync needs the String Catalog".
    @Test("--check --stamp with no catalog named: nothing to check, the stamp written, exit 0; --check alone is still a usage error")
    func stampWithoutCatalog() throws {
        let copy = try BundleCopy()
        try Data(#"{"strict": true}"#.utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Self.run(copy, ["sync", "Settings.bundle", "--check", "--stamp", "out/sync.stamp"]) == ToolResult(stdout: "", stderr: "", exitCode: 0))
        #expect(try String(contentsOf: copy.folder.appendingPathComponent("out/sync.stamp"), encoding: .utf8) == "// settings-l10n sync --check passed: Settings.bundle\n")
        #expect(try Self.run(copy, ["sync", "Settings.bundle", "--check"]) == ToolResult(
            stdout: "", stderr: "error: sync needs the String Catalog: give --catalog Settings.xcstrings, or \"catalog\" in .settings-l10n.json\n", exitCode: 2))
    }

    @Test("one catalog per table: a folder of <Table>.xcstrings, byte for byte what extract --xcstrings writes")
    func perTable() throws {
        let copy = try BundleCopy()
        #expect(try Self.run(copy, ["sync", "Settings.bundle", "--catalog", "Catalogs"]) == ToolResult(stdout: "", stderr: """
            Catalogs/Privacy.xcstrings: created (5 strings added, 20 translations taken from the tables): 5 strings, 20 string units
            Catalogs/Root.xcstrings: created (52 strings added, 208 translations taken from the tables): 52 strings, 208 string units

            """, exitCode: 0))
        #expect(try Self.run(copy, ["extract", "Settings.bundle", "--xcstrings", "Exported"]).exitCode == 0)
        for table in ["Privacy", "Root"] {
            #expect(try Data(contentsOf: copy.folder.appendingPathComponent("Catalogs/\(table).xcstrings"))
                == Data(contentsOf: copy.folder.appendingPathComponent("Exported/\(table).xcstrings")))
        }
    }

    @Test("a folder's catalog named with its extension in upper case is the table's catalog: read by check, updated by sync and extract --xcstrings, none made beside it")
    func perTableUpperCase() throws {
        let copy = try BundleCopy()
        #expect(try Self.run(copy, ["extract", "Settings.bundle", "--xcstrings", "Catalogs"]).exitCode == 0)
        let lower = copy.folder.appendingPathComponent("Catalogs/Privacy.xcstrings"), upper = copy.folder.appendingPathComponent("Catalogs/Privacy.XCSTRINGS")
        let text = try String(contentsOf: lower, encoding: .utf8)
        try FileManager.default.removeItem(at: lower)
        try Data(text.replacingOccurrences(of: "\"state\" : \"translated\",\n            \"value\" : \"Analyse\"",
                                           with: "\"state\" : \"needs_review\",\n            \"value\" : \"Analyse\"").utf8).write(to: upper)
        #expect(try Self.run(copy, ["check", "Settings.bundle", "--catalog", "Catalogs", "--format", "github"]).stdout
            == "::warning file=Catalogs/Privacy.XCSTRINGS,line=4,col=5,title=settings-l10n needs-review::the de translation of \"Analytics\" needs review in the String Catalog; mark it reviewed in Xcode's catalog editor (or set its state to translated), then sync\n")
        let sync = try Self.run(copy, ["sync", "Settings.bundle", "--catalog", "Catalogs"])
        #expect(sync == ToolResult(stdout: "", stderr: """
            Catalogs/Privacy.XCSTRINGS: up to date
            de.lproj/Privacy.strings: wrote 1 translation from the catalog
            Catalogs/Root.xcstrings: up to date

            """, exitCode: 0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.appendingPathComponent("Catalogs").path).sorted() == ["Privacy.XCSTRINGS", "Root.xcstrings"])
        // An export into the folder replaces that catalog (it wrote Privacy.xcstrings beside it).
        #expect(try Self.run(copy, ["extract", "Settings.bundle", "--xcstrings", "Catalogs", "--force", "--quiet"]) == ToolResult(stdout: "", stderr: "", exitCode: 0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.appendingPathComponent("Catalogs").path).sorted() == ["Privacy.XCSTRINGS", "Root.xcstrings"])
    }

    @Test("a catalog folder whose files leave the table's catalog unclear is refused by sync, sync --check, check and extract --xcstrings, nothing written: two that could each be Root's (Root.xcstrings and Root.XCSTRINGS, neither chosen), or one named after Root in another case (root.xcstrings: sync made a second one beside it; a Mac's disk takes it for Root's)", arguments: [
        (false, "Root.XCSTRINGS", ["Privacy.xcstrings", "Root.XCSTRINGS", "Root.xcstrings"],
         "Catalogs holds Root.XCSTRINGS and Root.xcstrings: which is the catalog of the table Root is unclear; keep one; "),
        (true, "root.xcstrings", ["Privacy.xcstrings", "root.xcstrings"],
         "Catalogs holds root.xcstrings, named after the table Root in another case, which a Mac's disk takes for Root.xcstrings and this one does not; rename it Root.xcstrings; "),
    ] as [(Bool, String, [String], String)])
    func perTableUnclear(moved: Bool, name: String, files: [String], message: String) throws {
        let copy = try BundleCopy()
        #expect(try Self.run(copy, ["extract", "Settings.bundle", "--xcstrings", "Catalogs"]).exitCode == 0)
        let (root, other) = (copy.folder.appendingPathComponent("Catalogs/Root.xcstrings"), copy.folder.appendingPathComponent("Catalogs/" + name))
        if moved { try FileManager.default.moveItem(at: root, to: other) } else { try FileManager.default.copyItem(at: root, to: other) }
        let before = try copy.snapshot()
        // extract wrote Root.xcstrings beside root.xcstrings (on a Mac, over it).
        for (arguments, option, outcome) in [(["sync", "Settings.bundle", "--catalog", "Catalogs"], "--catalog", "nothing was written"),
                                             (["sync", "Settings.bundle", "--catalog", "Catalogs", "--check"], "--catalog", "nothing was written"),
                                             (["check", "Settings.bundle", "--catalog", "Catalogs"], "--catalog", "nothing was checked"),
                                             (["extract", "Settings.bundle", "--xcstrings", "Catalogs", "--force"], "--xcstrings", "nothing was written")] {
            #expect(try Self.run(copy, arguments) == ToolResult(stdout: "", stderr: "error: \(option) \(message)\(outcome)\n", exitCode: 2))
        }
        #expect(try copy.snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.appendingPathComponent("Catalogs").path).sorted() == files)
    }

    @Test("a folder where a table's catalog would be is no catalog: check and sync say so (check passed it over as missing)")
    func folderForCatalog() throws {
        let copy = try BundleCopy()
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("Catalogs/Root.xcstrings"), withIntermediateDirectories: true)
        #expect(try Self.run(copy, ["check", "Settings.bundle", "--catalog", "Catalogs"])
            == ToolResult(stdout: "", stderr: "error: Catalogs/Root.xcstrings is a folder, not a String Catalog; nothing was checked\n", exitCode: 2))
        #expect(try Self.run(copy, ["sync", "Settings.bundle", "--catalog", "Catalogs"])
            == ToolResult(stdout: "", stderr: "error: Catalogs/Root.xcstrings is a folder, not a String Catalog; nothing was written\n", exitCode: 2))
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.appendingPathComponent("Catalogs").path) == ["Root.xcstrings"])
    }
}
