import Foundation
import Testing
import SettingsL10nTestSupport

/// What a new user met (issue 48, item 9): --quiet, extract --xcstrings --locale, rules --format
/// json, the manual page's sections.
@Suite("Papercuts: --quiet, extract --xcstrings --locale, rules --format json, the manual page")
struct PapercutCommandTests {
    @Test("--quiet: an export prints no string listing and no wrote lines; its refusals still print")
    func quietExport() throws {
        let copy = try BundleCopy()
        let loud = try Tool.run(["extract", "Settings.bundle", "--xliff", "loud"], in: copy.folder)
        #expect(loud.stdout.hasPrefix("Privacy.strings: 5 strings from 1 schema file\n"))
        #expect(loud.stderr.contains("wrote loud/de.xliff: "))
        let quiet = try Tool.run(["extract", "Settings.bundle", "--xliff", "quiet", "--xcstrings", "catalogs", "--quiet"], in: copy.folder)
        #expect(quiet == ToolResult(stdout: "", stderr: "", exitCode: 0))
        #expect(FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("quiet/de.xliff").path))
        #expect(FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("catalogs/Root.xcstrings").path))
        // A refusal is what needs attention: printed.
        try Data("changed by a translator".utf8).write(to: copy.folder.appendingPathComponent("quiet/de.xliff"))
        let refused = try Tool.run(["extract", "Settings.bundle", "--xliff", "quiet", "--quiet"], in: copy.folder)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.hasPrefix("error: "))
        // Without an export, the listing is the document asked for: printed.
        #expect(try Tool.run(["extract", "Settings.bundle", "--quiet"], in: copy.folder).stdout == loud.stdout)
    }

    @Test("--quiet: merge --check prints nothing when every table is up to date, and only what is out of date otherwise")
    func quietMergeCheck() throws {
        let copy = try BundleCopy()
        let loud = try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder)
        #expect(loud.exitCode == 0)
        #expect(loud.stderr.split(separator: "\n").count == 10)
        #expect(try Tool.run(["merge", "Settings.bundle", "--check", "--quiet"], in: copy.folder) == ToolResult(stdout: "", stderr: "", exitCode: 0))
        try replaceOnce(in: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), "\"Analytics\" = \"Analyse\";\n",
                        with: "\"Analytics\" = \"Analyse\";\n\"Old\" = \"Alt\";\n")
        let stale = try Tool.run(["merge", "Settings.bundle", "--check", "--quiet"], in: copy.folder)
        #expect(stale.exitCode == 1)
        // The table out of date, no footer (the contract's --quiet; the footer was printed).
        #expect(stale.stderr == "de.lproj/Privacy.strings: 5 kept, 1 obsolete; would change\n")
        // Without --quiet, the obsolete key check reports as stale-key is said, with the command that removes it.
        let hinted = try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder)
        #expect(hinted.stderr.hasSuffix("""
            de.lproj/Privacy.strings: 5 kept, 1 obsolete; would change
            de.lproj/Root.strings: 52 kept; up to date
            en.lproj/Privacy.strings: 5 kept; up to date
            en.lproj/Root.strings: 52 kept; up to date
            ja.lproj/Privacy.strings: 5 kept; up to date
            ja.lproj/Root.strings: 52 kept; up to date
            sv.lproj/Privacy.strings: 5 kept; up to date
            sv.lproj/Root.strings: 52 kept; up to date
            1 obsolete key kept in 1 table (check reports it as stale-key); `settings-l10n merge Settings.bundle --prune` removes it
            1 table is out of date; run settings-l10n merge Settings.bundle

            """))
        // A table that cannot be read is a problem: said under --quiet too.
        try Data([0xFF, 0xFE, 0x41]).write(to: copy.bundle.appendingPathComponent("sv.lproj/Root.strings"))
        let broken = try Tool.run(["merge", "Settings.bundle", "--check", "--quiet"], in: copy.folder)
        #expect(broken.stderr.contains("sv.lproj/Root.strings"))
        // check --quiet: the findings, no summary.
        let check = try Tool.run(["check", "Settings.bundle", "--quiet"], in: copy.folder)
        #expect(check.stdout.contains("[stale-key]"))
        #expect(check.stderr == "")
        // merge and sync write quietly.
        #expect(try Tool.run(["merge", "Settings.bundle", "--quiet"], in: copy.folder).stderr.contains("sv.lproj/Root.strings"))
        let catalog = copy.folder.appendingPathComponent("Settings.xcstrings").path
        #expect(try Tool.run(["sync", "Settings.bundle", "--catalog", catalog, "--quiet"], in: copy.folder).stderr.contains("created") == false)
    }

    @Test("extract --xcstrings --locale: the catalogs hold the development language and those locales only")
    func stringCatalogLocales() throws {
        let copy = try BundleCopy()
        let result = try Tool.run(["extract", "Settings.bundle", "--xcstrings", "out", "--locale", "de", "--locale", "ja"], in: copy.folder)
        #expect(result.exitCode == 0, "\(result)")
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: copy.folder.appendingPathComponent("out/Privacy.xcstrings"))) as? [String: Any])
        let strings = try #require(catalog["strings"] as? [String: [String: Any]])
        let languages = Set(strings.values.flatMap { ($0["localizations"] as? [String: Any])?.keys.map { $0 } ?? [] })
        #expect(languages == ["de", "ja"])
        #expect(catalog["sourceLanguage"] as? String == "en")
        let every = try Tool.run(["extract", "Settings.bundle", "--xcstrings", "all"], in: copy.folder)
        #expect(every.exitCode == 0)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: copy.folder.appendingPathComponent("all/Privacy.xcstrings"))) as? [String: Any])
        let allLanguages = Set(((all["strings"] as? [String: [String: Any]]) ?? [:]).values.flatMap { ($0["localizations"] as? [String: Any])?.keys.map { $0 } ?? [] })
        #expect(allLanguages == ["ar", "de", "ja", "sv"])
        let unknown = try Tool.run(["extract", "Settings.bundle", "--xcstrings", "none", "--locale", "fr"], in: copy.folder)
        #expect(unknown.exitCode == 3)
        #expect(unknown.stderr.hasPrefix("error: the bundle has no .lproj folder for fr"))
        let alone = try Tool.run(["extract", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(alone.exitCode == 2)
        #expect(alone.stderr.hasPrefix("error: --locale chooses the locales of --xliff, --xcloc or --xcstrings; give one of them too"))
    }

    @Test("rules --format json: every rule of the text listing, with its severity, summary, fix and documentation")
    func rulesJSON() throws {
        let json = try Tool.run(["rules", "--format", "json"])
        #expect(json.exitCode == 0)
        let rules = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["rules"] as? [[String: Any]])
        let text = try Tool.run(["rules"]).stdout.split(separator: "\n")
        #expect(rules.map { $0["id"] as? String } == text.map { String($0.split(separator: " ")[0]) })
        #expect(rules.map { $0["defaultSeverity"] as? String } == text.map { String($0.split(separator: " ", omittingEmptySubsequences: true)[1]) })
        let stale = try #require(rules.first { $0["id"] as? String == "stale-key" })
        #expect(stale["fix"] as? String == "settings-l10n merge <bundle> --prune")
        #expect(stale["helpUri"] as? String == "https://github.com/settings-l10n/settings-l10n/blob/v1.0.0/docs/rules.md#rule-stale-key")
        #expect(rules.first { $0["id"] as? String == "plist-syntax" }?["fix"] is NSNull)
    }

    @Test("the manual page gains ENVIRONMENT and FILES before EXIT STATUS and EXAMPLES after it (scripts/finish-manual)")
    func manualSections() throws {
        let folder = try TemporaryFolder()
        // What argument-parser's generate-manual writes around its sections.
        let page = try folder.write("settings-l10n.1", """
            .Dd November 27, 2026
            .Dt SETTINGS-L10N 1
            .Os
            .Sh NAME
            .Nm settings-l10n
            .Nd "Keeps the localization of iOS Settings bundles right."
            .Sh DESCRIPTION
            Text.
            .Sh "EXIT STATUS"
            .Ex -std
            """ + "\n")
        let result = try Tool.run([TestPaths.packageRoot.appendingPathComponent("scripts/finish-manual").path, page.path],
                                  executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result == ToolResult(stdout: "", stderr: "", exitCode: 0))
        let text = try String(contentsOf: page, encoding: .utf8)
        let sections = text.split(separator: "\n").filter { $0.hasPrefix(".Sh ") }
        #expect(sections == [".Sh NAME", ".Sh DESCRIPTION", ".Sh ENVIRONMENT", ".Sh FILES", ".Sh \"EXIT STATUS\"", ".Sh EXAMPLES"])
        #expect(!text.contains(".Ex -std"))
        #expect(text.contains(".It 3\nAny other failure"))
        if let groff = Requirement.executable(named: "groff") {
            let warnings = try Tool.run(["-mandoc", "-ww", "-z", page.path], executable: groff)
            #expect(warnings == ToolResult(stdout: "", stderr: "", exitCode: 0))
        }
        // Every variable the tool reads is in ENVIRONMENT.
        let read = try Self.environmentVariablesRead()
        #expect(read.isSuperset(of: ["NO_COLOR", "CI", "GITHUB_ACTIONS"]))
        for variable in read {
            #expect(text.contains("Ev \(variable)"), "\(variable) is read by the tool but not in the manual's ENVIRONMENT (docs/manual-environment.mdoc)")
        }
        // Every option EXAMPLES uses is one its command has.
        for line in text.split(separator: "\n") where line.hasPrefix(".Dl settings-l10n ") {
            let words = line.split(separator: " ").dropFirst(2)
            let help = try Tool.run([String(words.first!), "--help"]).stdout
            for option in words where option.hasPrefix("--") {
                #expect([" ", "\n", "/"].contains { help.contains(String(option) + $0) }, "\(line): \(option)")
            }
        }
    }

    /// The environment variables the sources read (`environment["NAME"]`, `getenv("NAME")`).
    static func environmentVariablesRead() throws -> Set<String> {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: #"(?:environment\["|getenv\(")([A-Z_][A-Z0-9_]*)""#)
        var names: Set<String> = []
        for case let file as String in FileManager.default.enumerator(atPath: sources.path)! where file.hasSuffix(".swift") || file.hasSuffix(".c") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }
}
