import Foundation
import Testing
import SettingsL10nICU
import SettingsL10nTestSupport

@Suite("settings-l10n render")
struct RenderCommandTests {
    static let golden = TestPaths.packageRoot.appendingPathComponent("Tests/SettingsL10nRenderTests/Golden")

    @Test("--format json for one locale is the golden document")
    func json() throws {
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "sv", "--format", "json"])
        // The golden file names the ICU the goldens were recorded with (the toolchain's on
        // Linux); on Apple platforms the system's libicucore sorts and says its own version.
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("render-example-sv.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"icuVersion\": \"76.1\"", with: "\"icuVersion\": \"\(Collator.icuVersion)\"")
            .replacingOccurrences(of: "\"cldrVersion\": \"46.0\"", with: "\"cldrVersion\": \"\(LocaleData.cldrVersion)\"")
        #expect(result == ToolResult(stdout: expected, stderr: "", exitCode: 0))
    }

    @Test("--locale all renders every .lproj; the text tree is the default")
    func all() throws {
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "all"])
        #expect(result.exitCode == 0)
        let headings = result.stdout.split(separator: "\n").filter { $0.contains(".lproj, collation") }.map(String.init)
        #expect(headings == ["ar", "de", "en", "ja", "sv"].map { "\($0): \($0).lproj, collation \($0 == "de" || $0 == "en" ? "root" : $0) (ICU \(Collator.icuVersion))" + ($0 == "ar" ? ", right to left" : "") })
    }

    #if os(Linux)
    /// Every library the loader opens, as glibc's loader names them under `LD_DEBUG=files`.
    static func librariesOpened(_ arguments: [String], in folder: URL) throws -> (ToolResult, [String]) {
        let result = try Tool.run(arguments, in: folder, environment: ["LD_DEBUG": "files"])
        let opened = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " && $0 != ";" })
        }
        return (result, opened)
    }

    @Test("render, sync and extract --xcstrings open no system ICU: the toolchain's ICU is linked in")
    func noSystemICU() throws {
        let copy = try BundleCopy()
        for arguments in [["render", "Settings.bundle", "--locale", "sv"], ["sync", "Settings.bundle", "--catalog", "Settings.xcstrings"],
                          ["extract", "Settings.bundle", "--xcstrings", "Catalogs"]] {
            let (result, opened) = try Self.librariesOpened(arguments, in: copy.folder)
            #expect(result.exitCode == 0, "\(arguments)")
            #expect(opened.contains { $0.hasPrefix("libc.so") }, "the loader named what it opened: \(opened)")
            #expect(opened.filter { $0.contains("libicu") } == [], "\(arguments)")
        }
    }
    #endif

    @Test("--format html writes the pages and says where")
    func html() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "sv", "--locale", "pseudo-rtl", "--format", "html", "--output", folder.path])
        #expect(result == ToolResult(stdout: "", stderr: "wrote 13 pages for 2 locales into \(folder.path); open \(folder.path)/index.html\n", exitCode: 0))
        let rtl = try String(contentsOf: folder.appendingPathComponent("pseudo-rtl/index.html"), encoding: .utf8)
        #expect(rtl.contains("<html lang=\"en\" dir=\"rtl\">"))
    }

    @Test("--format html: a folder where a page goes stops the preview before any page is put in place (exit 3); the pages there are replaced")
    func htmlIntoFolderInTheWay() throws {
        let folder = try TemporaryFolder()
        let pages = folder.path + "/preview"
        try FileManager.default.createDirectory(atPath: pages + "/sv/Privacy.html", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: pages + "/index.html"))
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "all", "--format", "html", "--output", pages])
        #expect(result == ToolResult(stdout: "", stderr: "error: cannot write the pages into \(pages): \(pages)/sv/Privacy.html is a folder; choose a folder you can write to\n", exitCode: 3))
        // Nothing was put in place, nor left behind: the old index, the folder in the way.
        #expect(try String(contentsOfFile: pages + "/index.html", encoding: .utf8) == "old")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: pages).sorted() == ["index.html", "sv", "sv/Privacy.html"])
        try FileManager.default.removeItem(atPath: pages + "/sv/Privacy.html")
        let again = try Tool.run(["render", "Resources/Settings.bundle", "--locale", "all", "--format", "html", "--output", pages])
        #expect(again == ToolResult(stdout: "", stderr: "wrote 31 pages for 5 locales into \(pages); open \(pages)/index.html\n", exitCode: 0))
        #expect(try String(contentsOfFile: pages + "/index.html", encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test("--format html: locales whose names make one folder get a folder each, which the index links; a table several locales read is told once")
    func htmlFolderPerLocale() throws {
        let copy = try BundleCopy()
        try Data("\"Analytics\" = \"Analys\"\n".utf8).write(to: copy.bundle.appendingPathComponent("en.lproj/Privacy.strings"))
        let pages = copy.folder.appendingPathComponent("preview").path
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "xx_de", "--locale", "index.html", "--locale", "yy", "--languages", "xx,de",
                                   "--format", "html", "--output", pages])
        // Before: xx,de's pages went over xx_de's (the index linked both rows to one folder), and
        // a locale named index.html made a folder where the index goes.
        #expect(result.exitCode == 1)
        let notes = ["xx_de", "index.html", "yy"].map {
            "note: no .lproj folder matches \($0) (the bundle has ar, de, en, ja, sv): a user whose language is \($0) sees en.lproj, and that is what is rendered\n"
        }
        #expect(result.stderr == notes.joined() + """
            \(copy.bundle.path)/en.lproj/Privacy.strings:1:23: error: missing ';' after the value of "Analytics" [strings-syntax]
            1 table could not be read; its keys are shown as written, as on a device
            wrote 25 pages for 4 locales into \(pages); open \(pages)/index.html

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pages).sorted() == ["index.html", "index.html-2", "xx_de", "xx_de-2", "yy"])
        let index = try String(contentsOfFile: pages + "/index.html", encoding: .utf8)
        let links = index.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(links == ["xx_de/index.html", "index.html-2/index.html", "yy/index.html", "xx_de-2/index.html"])
        #expect(try String(contentsOfFile: pages + "/xx_de/index.html", encoding: .utf8).contains("<html lang=\"en\""))
        #expect(try String(contentsOfFile: pages + "/xx_de-2/index.html", encoding: .utf8).contains("<html lang=\"de\""))
    }

    @Test("a malformed table shows its keys, as on a device, and is reported with its file and line (exit 1)")
    func malformed() throws {
        let copy = try BundleCopy()
        try Data("\"Analytics\" = \"Analys\"\n".utf8).write(to: copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings"))
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "sv-SE"])
        #expect(result.stderr == """
            \(copy.bundle.path)/sv.lproj/Privacy.strings:1:23: error: missing ';' after the value of "Analytics" [strings-syntax]
            1 table could not be read; its keys are shown as written, as on a device

            """)
        #expect(result.exitCode == 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "sv-SE: sv.lproj, collation sv (ICU \(Collator.icuVersion))")
        // Root.strings still applies; Privacy.strings does not, so its page shows keys.
        #expect(lines.contains("  Integritet                        ›  (Privacy.plist)"))
        #expect(lines.contains("Privacy.plist: Integritet"))
        #expect(lines.contains("  ── Analytics ──"))
    }

    @Test("a child pane whose File opens nothing is reported where File is written, its row shows (no page), exit 1")
    func unopenedChildPane() throws {
        let copy = try BundleCopy()
        let root = copy.bundle.appendingPathComponent("Root.plist")
        let text = try String(contentsOf: root, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "<string>OfflineMaps</string>", with: "<string>NoSuchPane</string>").utf8).write(to: root)
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "sv"])
        #expect(result.stderr == """
            \(copy.bundle.path)/Root.plist:267:4: error: File "NoSuchPane" names NoSuchPane.plist, which is not in the bundle; tapping the row opens an empty page [child-pane-file-missing]
            1 child pane opens no page; its row shows (no page), and the device opens an empty page

            """)
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("\n  Offlinekartor                     ›  (no page)\n"))
    }

    @Test("a line break or tab in a translated title or option is written \\n or \\t, keeping the tree and its columns")
    func lineBreaksInTitles() throws {
        let copy = try BundleCopy()
        let table = copy.bundle.appendingPathComponent("sv.lproj/Root.strings")
        var text = try String(contentsOf: table, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"User name\" = \"Användarnamn\";", with: "\"User name\" = \"Användar\\nnamn\";")
            .replacingOccurrences(of: "\"Miles\" = \"Engelska mil\";", with: "\"Miles\" = \"Engelska\\tmil\";")
            .replacingOccurrences(of: "\"Account\" = \"Konto\";", with: "\"Account\" = \"Kon\\nto\";")
        try Data(text.utf8).write(to: table)
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "sv"])
        #expect(result.exitCode == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines[3...10]) == [
            "  ── Kon\\nto ──",
            "  Användar\\nnamn                    [text field]",
            "  Lösenord                          [secure text field]",
            "  Synka via mobildata               [switch: off]",
            "    Ditt konto håller dina rutter synkade mellan dina enheter.",
            "  ── Karta ──",
            "  Enheter                           km ›",
            "      ✓ Kilometer (km)",
        ])
        #expect(lines[11] == "        Engelska\\tmil (mi)")
    }

    @Test("a malformed table in one of many locales: every locale renders, the JSON document is whole")
    func malformedLate() throws {
        let copy = try BundleCopy()
        try Data("\"Analytics\" = \"Analys\"\n".utf8).write(to: copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings"))
        let result = try Tool.run(["render", copy.bundle.path, "--locale", "all", "--format", "json"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.hasSuffix("1 table could not be read; its keys are shown as written, as on a device\n"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let locales = try #require(document["locales"] as? [[String: Any]])
        #expect(locales.map { $0["locale"] as? String } == ["ar", "de", "en", "ja", "sv"])
        let swedish = locales[4]
        #expect((swedish["tables"] as? [[String: String]])?.map { $0["path"] } == ["sv.lproj/Privacy.strings", "sv.lproj/Root.strings"])
    }

    @Test("--languages renders what a user with that list sees: the first language the bundle has")
    func languages() throws {
        // A list's languages lose the white space around them, a no-break space included.
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--languages", "it,sv", "--languages", "fi, nb", "--languages", "\u{00A0}sv\u{2009}", "--format", "json"])
        #expect(result.exitCode == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let locales = try #require(document["locales"] as? [[String: Any]])
        #expect(locales.map { $0["locale"] as? String } == ["it,sv", "fi,nb", "sv"])
        #expect(locales.map { $0["languages"] as? [String] } == [["it", "sv"], ["fi", "nb"], ["sv"]])
        #expect(locales.map { $0["localization"] as? String } == ["sv", "en", "sv"])
        #expect(locales.map { $0["searchList"] as? [String] } == [["sv", "en"], ["en"], ["sv", "en"]])
        #expect(document["cldrVersion"] as? String == LocaleData.cldrVersion)
    }

    @Test("usage errors", arguments: [
        (["render", "Resources/Settings.bundle"], "error: give at least one --locale (a language, all, or a pseudo-locale) or --languages list (it,fr)"),
        (["render", "Resources/Settings.bundle", "--languages", ","], "error: --languages ,: give languages separated by commas, most preferred first: it,fr"),
        (["render", "Resources/Settings.bundle", "--locale", "sv", "--format", "html"], "error: --format html writes pages: give --output <dir>"),
    ])
    func usage(arguments: [String], message: String) throws {
        let result = try Tool.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix(message))
    }

    @Test("--format html: a table of a language not rendered that cannot be read stops nothing; one the locale reads stops every page (exit 3)")
    func htmlWithAnotherLanguageUnreadable() throws {
        let copy = try BundleCopy()
        let table = copy.bundle.appendingPathComponent("sv.lproj/Privacy.strings")
        try FileManager.default.removeItem(at: table)
        #expect(mkfifo(table.path, 0o644) == 0)
        let out = copy.folder.appendingPathComponent("out")
        // Before: "sv.lproj/Privacy.strings cannot be read (…); no page was written", exit 3.
        let german = try Tool.run(["render", copy.bundle.path, "--locale", "de", "--format", "html", "--output", out.path, "--quiet"])
        #expect(german == ToolResult(stdout: "", stderr: "", exitCode: 0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["de", "index.html"])
        let swedish = try Tool.run(["render", "Settings.bundle", "--locale", "sv", "--format", "html", "--output", "out-sv"], in: copy.folder)
        #expect(swedish == ToolResult(stdout: "", stderr: """
            Settings.bundle/sv.lproj/Privacy.strings: error: not a regular file (a pipe, socket, device or dangling link); it was not read [file-unreadable]
            error: a file of the bundle could not be read (above); no page was written

            """, exitCode: 3))
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out-sv").path))
    }

    @Test("an empty --locale names no language: every command refuses it, and render writes nothing into the output (it wrote a locale's pages over the files there)",
          arguments: ["render", "check", "status", "merge", "extract"])
    func emptyLocale(command: String) throws {
        let out = try TemporaryFolder()
        let mine = out.url.appendingPathComponent("Privacy.html")
        try Data("mine".utf8).write(to: mine)
        var arguments = [command, "Resources/Settings.bundle", "--locale", "de", "--locale", ""]
        if command == "render" { arguments += ["--format", "html", "--output", out.url.path] }
        if command == "extract" { arguments += ["--xliff", out.url.appendingPathComponent("x").path] }
        let result = try Tool.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: The value '' is invalid for '--locale <lang>': an empty --locale names no language: give a language tag (de, pt-BR)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.url.path) == ["Privacy.html"])
        #expect(try Data(contentsOf: mine) == Data("mine".utf8))
        let spaces = try Tool.run([command, "Resources/Settings.bundle", "--locale", "  "])
        #expect(spaces.exitCode == 2)
        #expect(spaces.stderr.hasPrefix("error: The value '  ' is invalid for '--locale <lang>': a --locale of only white space names no language"))
    }
}
