import Foundation
import Testing
import SettingsL10nTestSupport

/// Bundle shapes real apps ship that nobody on the project chose (issue 26): each case failed
/// before its fix.
@Suite("settings-l10n on real-world bundle shapes")
struct FieldBundleCommandTests {
    /// LicensePlist's layout: `com.mono0926.LicensePlist.plist` opening one pane per library
    /// in the folder `com.mono0926.LicensePlist/`, with three tables.
    static let licensePlist = TestPaths.packageRoot.appendingPathComponent("Tests/CLITests/Fixtures/LicensePlist/Settings.bundle")

    @Test("LicensePlist's subfolder panes: merge --prune keeps every translation they use")
    func licensePlistPrune() throws {
        let copy = try BundleCopy(Self.licensePlist)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--prune"])
        #expect(result.exitCode == 0)
        #expect(result.stderr == """
        de.lproj/Acknowledgements.strings: 5 kept; up to date
        de.lproj/Licenses.strings: 2 kept; up to date
        de.lproj/Root.strings: 3 kept; up to date
        en.lproj/Acknowledgements.strings: 5 kept; up to date
        en.lproj/Licenses.strings: 2 kept; up to date
        en.lproj/Root.strings: 3 kept; up to date
        fr.lproj/Acknowledgements.strings: 2 kept, 3 missing; up to date
        fr.lproj/Licenses.strings: 2 missing; no file (merge --fill source creates it)
        fr.lproj/Root.strings: 3 kept; up to date

        """)
        #expect(try copy.snapshot() == before)
    }

    @Test("LicensePlist's subfolder panes are extracted, checked and rendered")
    func licensePlistRead() throws {
        let path = "Tests/CLITests/Fixtures/LicensePlist/Settings.bundle"
        let extract = try Tool.run(["extract", path])
        #expect(extract.exitCode == 0)
        #expect(extract.stdout == """
        Acknowledgements.strings: 5 strings from 2 schema files
          com.mono0926.LicensePlist.plist        3 strings
          com.mono0926.LicensePlist/Alpha.plist  2 strings
        Licenses.strings: 2 strings from 1 schema file
          com.mono0926.LicensePlist/Beta.plist  2 strings
        Root.strings: 3 strings from 1 schema file
          Root.plist  3 strings

        """)
        let check = try Tool.run(["check", path, "--locale", "de"])
        #expect(check.exitCode == 0)
        #expect(check.stderr == "no problems found\n")
        let render = try Tool.run(["render", path, "--locale", "de", "--format", "text"])
        #expect(render.exitCode == 0)
        #expect(render.stdout.hasSuffix("""
        com.mono0926.LicensePlist.plist: Danksagungen
          ── Bibliotheken ──
          Alpha (1.2.0)                     ›  (com.mono0926.LicensePlist/Alpha.plist)
          Beta (4.0.1)                      ›  (com.mono0926.LicensePlist/Beta.plist)

        com.mono0926.LicensePlist/Alpha.plist: Alpha (1.2.0)
          ── Open-Source-Lizenzen ──
            Alpha steht unter seiner eigenen Lizenz; siehe sein Repository.

        com.mono0926.LicensePlist/Beta.plist: Beta (4.0.1)
          ── Open-Source-Lizenzen ──
            Beta steht unter seiner eigenen Lizenz; siehe sein Repository.

        """))
        let output = try TemporaryFolder()
        let html = try Tool.run(["render", path, "--locale", "de", "--format", "html", "--output", output.path])
        #expect(html.exitCode == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: output.path + "/de").sorted()
        #expect(pages == ["com.mono0926.LicensePlist.html", "com.mono0926.LicensePlist_Alpha.html", "com.mono0926.LicensePlist_Beta.html", "index.html"])
        let list = try String(contentsOfFile: output.path + "/de/com.mono0926.LicensePlist.html", encoding: .utf8)
        #expect(list.contains("<a href=\"com.mono0926.LicensePlist_Alpha.html\""))
    }

    @Test("a child pane that leaves the bundle or names no file: merge --prune refuses, and nothing is written", arguments: [
        ("../Outside", "../Outside could not be opened (Root.plist:31: File \"../Outside\" leaves the bundle through '..'; the Settings app opens schema files inside the bundle only; it was not opened)"),
        ("/tmp/Pane", "/tmp/Pane could not be opened (Root.plist:31: File \"/tmp/Pane\" is an absolute path; the Settings app opens schema files inside the bundle only; it was not opened)"),
        ("Licenses/Gone", "Licenses/Gone.plist is missing (Root.plist:31: File \"Licenses/Gone\" names Licenses/Gone.plist, which is not in the bundle; tapping the row opens an empty page)"),
    ])
    func unopenedPaneRefusesPrune(file: String, reason: String) throws {
        let copy = try BundleCopy(Self.licensePlist)
        let root = copy.bundle.appendingPathComponent("Root.plist")
        let edited = try String(contentsOf: root, encoding: .utf8)
            .replacingOccurrences(of: "<string>com.mono0926.LicensePlist</string>", with: "<string>\(file)</string>")
        try edited.write(to: root, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--prune"])
        #expect(result.exitCode == 1)
        // Where the File is, as check reports it, then the refusal.
        #expect(result.stderr.hasPrefix("\(copy.bundle.path)/Root.plist:31:4: error: File \"\(file)\" "))
        #expect(result.stderr.hasSuffix("]\nerror: merge changed nothing: \(reason), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again\n"))
        #expect(result.stderr.split(separator: "\n").count == 2)
        #expect(try copy.snapshot() == before)
    }

    @Test("a Root.plist that does not parse: one finding, not also 'missing'; render exits 1 saying so; merge's JSON says why")
    func rootDoesNotParse() throws {
        let copy = try BundleCopy()
        try Data("<plist><dict><key>PreferenceSpecifiers</key><array><dict></array></dict></plist>\n".utf8)
            .write(to: copy.bundle.appendingPathComponent("Root.plist"))
        let check = try Tool.run(["check", copy.bundle.path, "--format", "json"])
        #expect(check.exitCode == 1)
        #expect(!check.stdout.contains("root-plist-missing"))
        #expect(check.stdout.contains("\"rule\": \"plist-syntax\""))
        // Which keys are used and which panes are reached is unknown: no stale or unreachable
        // finding buries the one error (there were 202).
        #expect(!check.stdout.contains("stale-key") && !check.stdout.contains("schema-file-unreachable"))
        let text = try Tool.run(["check", copy.bundle.path])
        #expect(text.stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.count == 1)
        // The HTML index lists the locale without a link to a page that was not written.
        let pages = try TemporaryFolder()
        let html = try Tool.run(["render", copy.bundle.path, "--locale", "de", "--format", "html", "--output", pages.path + "/p"])
        #expect(html.exitCode == 1)
        let index = try String(contentsOfFile: pages.path + "/p/index.html", encoding: .utf8)
        #expect(!index.contains("href=\"de/index.html\""))
        #expect(index.contains("de.lproj · no page: the Settings app shows nothing here"))
        #expect(!FileManager.default.fileExists(atPath: pages.path + "/p/de/index.html"))
        let render = try Tool.run(["render", copy.bundle.path, "--locale", "de", "--format", "text"])
        #expect(render.exitCode == 1)
        #expect(render.stderr == """
        \(copy.bundle.path)/Root.plist:1:58: error: not a property list: </array> does not close <dict> (opened at line 1) [plist-syntax]
        1 schema file did not load or is missing; its page is not in the rendering

        """)
        let merge = try Tool.run(["merge", copy.bundle.path, "--format", "json"])
        #expect(merge.exitCode == 1)
        #expect(merge.stdout == """
        {
          "changed": false,
          "outOfDate": false,
          "tables": [],
          "error": "Root.plist did not load (line 1: not a property list: </array> does not close <dict> (opened at line 1)), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again"
        }

        """)
    }

    @Test("only Root~iphone.plist and Root~ipad.plist: the locale's first page is its index.html, as the index links it")
    func deviceOnlyRoot() throws {
        let copy = try BundleCopy()
        let root = copy.bundle.appendingPathComponent("Root.plist")
        try FileManager.default.copyItem(at: root, to: copy.bundle.appendingPathComponent("Root~iphone.plist"))
        try FileManager.default.moveItem(at: root, to: copy.bundle.appendingPathComponent("Root~ipad.plist"))
        let output = try TemporaryFolder()
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "de", "--format", "html", "--output", output.path])
        #expect(result.exitCode == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: output.path + "/de")
        #expect(pages.contains("index.html"))
        #expect(!pages.contains("Root_iphone.html"))
        let index = try String(contentsOfFile: output.path + "/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"de/index.html\">"))
        let privacy = try String(contentsOfFile: output.path + "/de/Privacy.html", encoding: .utf8)
        #expect(privacy.contains("href=\"index.html\""))
    }
}

extension FieldBundleCommandTests {
    @Test("importing an XLIFF with no translation for a table that has no file creates no empty file")
    func importCreatesNoEmptyTable() throws {
        let copy = try BundleCopy()
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"))
        let exports = try TemporaryFolder()
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", exports.path, "--locale", "de"]).exitCode == 0)
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, exports.path + "/de.xliff"])
        #expect(result == ToolResult(stdout: "", stderr: "no table changes (52 translations already up to date; 5 units have no translation yet)\n", exitCode: 0))
        #expect(try copy.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings").path))
    }
}

extension FieldBundleCommandTests {
    /// A Base-internationalized bundle: no en.lproj, the source text in Base.lproj.
    static func baseOnly(base: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(
            "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>General</string></dict>\n"
            + "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sounds</string><key>Key</key><string>s</string><key>DefaultValue</key><true/></dict>"))
        try folder.write("Settings.bundle/Base.lproj/Root.strings", base)
        try folder.write("Settings.bundle/ru.lproj/Root.strings", "\"General\" = \"Основные\";\n\"Sounds\" = \"Звуки\";\n")
        return folder
    }

    @Test("Base.lproj without en.lproj holds the development table: check --strict and merge --check agree, render searches Base")
    func baseIsDevelopment() throws {
        let complete = try Self.baseOnly(base: "\"General\" = \"General\";\n\"Sounds\" = \"Sounds\";\n")
        let bundle = complete.path + "/Settings.bundle"
        #expect(try Tool.run(["check", bundle, "--strict"]) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try Tool.run(["merge", bundle, "--check"]) == ToolResult(stdout: "", stderr: """
            Base.lproj/Root.strings: 2 kept; up to date
            ru.lproj/Root.strings: 2 kept; up to date

            """, exitCode: 0))
        let render = try Tool.run(["render", bundle, "--locale", "ru", "--format", "json"])
        #expect(render.stdout.contains("\"searchList\": [\n        \"ru\",\n        \"Base\"\n      ]"))
        let status = try Tool.run(["status", bundle])
        #expect(status.stdout.hasPrefix("locale  table  translated  fuzzy  missing  stale  percent\nBase *  Root       source"))
        #expect(status.stdout.hasSuffix("* the development language (en, held by Base.lproj): its table holds the source text; missing counts the entries merge adds\n"))

        let lacking = try Self.baseOnly(base: "\"General\" = \"General\";\n")
        let second = lacking.path + "/Settings.bundle"
        let check = try Tool.run(["check", second, "--strict"])
        #expect(check.exitCode == 1)
        #expect(check.stdout.hasPrefix("\(second)/Base.lproj/Root.strings: error: the development table lacks \"Sounds\""))
        let merge = try Tool.run(["merge", second, "--check"])
        #expect(merge.exitCode == 1)
        #expect(merge.stderr.hasPrefix("Base.lproj/Root.strings: 1 kept, 1 added; would change\n"))
        #expect(!FileManager.default.fileExists(atPath: second + "/en.lproj"))
    }
}

extension FieldBundleCommandTests {
    @Test("only Root~iphone.plist rendered for iPad: an error saying the Settings app shows no page there (was an empty rendering, exit 0)")
    func noRootForIdiom() throws {
        let copy = try BundleCopy()
        try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("Root.plist"),
                                         to: copy.bundle.appendingPathComponent("Root~iphone.plist"))
        let pad = try Tool.run(["render", copy.bundle.path, "--locale", "de", "--idiom", "pad", "--format", "text"])
        #expect(pad.exitCode == 1)
        #expect(pad.stderr.hasSuffix("error: the bundle has no Root.plist or Root~ipad.plist, so the Settings app shows no page on iPad: add Root.plist (Root~iphone.plist serves the other idiom only)\n"))
        #expect(try Tool.run(["render", copy.bundle.path, "--locale", "de", "--format", "text"]).exitCode == 0)
    }
}
