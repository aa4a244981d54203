import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 28, the smaller things a new user hit.
@Suite("what a new user reads: one spelling of error, grouped counts, the host's name, language order, the manual, git diff")
struct NewUserCommandTests {
    @Test("argument-parser's usage errors are spelled error: as every other message")
    func errorSpelling() throws {
        let result = try Tool.run(["check", "Resources/Settings.bundle", "--format", "yaml"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: The value 'yaml' is invalid for '--format <format>'"), "\(result)")
        #expect(!result.stderr.contains("Error:"))
    }

    /// A bundle with `count` group titles in Root and an empty German table.
    static func largeBundle(_ count: Int) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let groups = (1...count).map { "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Group \($0)</string></dict>" }
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groups.joined(separator: "\n")))
        try folder.write("Settings.bundle/en.lproj/Root.strings", (1...count).map { "\"Group \($0)\" = \"Group \($0)\";\n" }.joined())
        try folder.write("Settings.bundle/de.lproj/Root.strings", "")
        return folder
    }

    @Test("counts of a thousand and more are grouped in text output: extract, status, merge")
    func thousands() throws {
        let folder = try Self.largeBundle(1_200)
        let extract = try Tool.run(["extract", "Settings.bundle"], in: folder.url)
        #expect(extract.stdout.hasPrefix("Root.strings: 1,200 strings from 1 schema file\n"), "\(extract)")
        let status = try Tool.run(["status", "Settings.bundle", "--locale", "de"], in: folder.url)
        #expect(status.stdout.contains("de      Root      0/1,200      0    1,200      0     0.0%"), "\(status)")
        let markdown = try Tool.run(["status", "Settings.bundle", "--format", "markdown"], in: folder.url)
        #expect(markdown.stdout.contains("| de | 0 / 1,200 | 0 | 1,200 | 0 |"), "\(markdown)")
        let merge = try Tool.run(["merge", "Settings.bundle", "--dry-run", "--fill", "source"], in: folder.url)
        #expect(merge.stderr.hasPrefix("de.lproj/Root.strings: 1,200 added; would change\nen.lproj/Root.strings: 1,200 kept; up to date\n"), "\(merge)")
    }

    @Test("under --in-app, findings speak of InAppSettingsKit, not the Settings app")
    func inAppWording() throws {
        let copy = try BundleCopy()
        try replaceOnce(in: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), "\"Referral code\" = \"Empfehlungscode\";", with: "\"Referral code\" = \"\";")
        let settingsApp = try Tool.run(["check", "Settings.bundle", "--each", "--locale", "de"], in: copy.folder)
        #expect(settingsApp.stdout.contains("is empty: the Settings app shows nothing there [empty-value]"), "\(settingsApp)")
        let inApp = try Tool.run(["check", "Settings.bundle", "--each", "--locale", "de", "--in-app"], in: copy.folder)
        #expect(inApp.stdout.contains("is empty: InAppSettingsKit shows nothing there [empty-value]"), "\(inApp)")
        #expect(!inApp.stdout.contains("Settings app"), "\(inApp)")
        // Grouped on one line (two empty values of one table), too.
        try replaceOnce(in: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), "\"Analytics\" = \"Analyse\";", with: "\"Analytics\" = \"\";")
        let grouped = try Tool.run(["check", "Settings.bundle", "--locale", "de", "--in-app"], in: copy.folder)
        #expect(grouped.stdout.contains("values are empty, so InAppSettingsKit shows nothing there"), "\(grouped)")
        #expect(!grouped.stdout.contains("Settings app"), "\(grouped)")
    }

    @Test("status lists a language before its regional variants: en, en-GB; de, de_CH")
    func languageOrder() throws {
        let copy = try BundleCopy()
        for (from, to) in [("en", "en-GB"), ("de", "de_CH")] {
            try FileManager.default.copyItem(at: copy.bundle.appendingPathComponent("\(from).lproj"), to: copy.bundle.appendingPathComponent("\(to).lproj"))
        }
        let result = try Tool.run(["status", "Settings.bundle", "--format", "json"], in: copy.folder)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let locales = try #require(document["locales"] as? [[String: Any]]).map { $0["locale"] as? String }
        #expect(locales == ["ar", "de", "de_CH", "en", "en-GB", "ja", "sv"])
    }

    @Test("the manual page (argument-parser's, from the help) names every option's allowed values and the contract's exit statuses")
    func manual() throws {
        let dump = try Tool.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        // Exit statuses, as the contract states them (its two places, backticks aside).
        let contract = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/cli-contract.md"), encoding: .utf8)
            .replacingOccurrences(of: "`", with: "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let statuses = ["0 success", "1 the command ran and found problems (check errors, merge --check or sync --check out of date, import rejects, a table sync had to leave alone, a schema file that does not load)", "2 bad usage"]
        let other = "(unreadable bundle, malformed XLIFF or String Catalog, a table or language the bundle lacks on import, an I/O error)"
        for phrase in statuses + [other] { #expect(contract.contains(phrase), "the contract no longer says \(phrase)") }
        // The page's EXIT STATUS section, which the Makefile puts in place of argument-parser's generic one.
        let section = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/exit-status.mdoc"), encoding: .utf8)
        #expect(section == """
            .Bl -tag -width 3n
            .It 0
            Success.
            .It 1
            The command ran and found problems \(statuses[1].dropFirst(37)).
            .It 2
            Bad usage.
            .It 3
            Any other failure \(other), always with a message on standard error.
            .El

            """)
        let discussion = (command["discussion"] as? String ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(discussion.contains("Exit codes: " + statuses.joined(separator: "; ") + "; 3 any other failure " + other + ", always with a message on standard error."),
                "\(discussion)")
        // Each option with a fixed set of values names them in its help, which the page prints.
        var unnamed: [String] = []
        func visit(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let values = argument["allValueStrings"] as? [String] ?? argument["allValues"] as? [String] ?? []
                let text = (argument["abstract"] as? String ?? "") + " " + (argument["discussion"] as? String ?? "")
                for value in values where !text.contains(value) {
                    unnamed.append("\(command["commandName"] ?? "") --\(argument["valueName"] ?? ""): \(value)")
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub) }
        }
        visit(command)
        #expect(unnamed == [])
    }

    @Test("the git diff tip of docs/xcode-and-ci.md makes a UTF-16 table's diff readable")
    func gitDiffUTF16() throws {
        let tip = try DocsText.markedBlock("git-diff-utf16", in: "docs/xcode-and-ci.md")
        let repository = try TemporaryFolder()
        let environment = ["HOME": repository.path, "GIT_CONFIG_NOSYSTEM": "1"]
        func git(_ arguments: String...) throws -> ToolResult {
            try Tool.run(["-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, in: repository.url, environment: environment,
                         executable: URL(fileURLWithPath: "/usr/bin/git"))
        }
        func utf16(_ text: String) -> [UInt8] {
            [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        #expect(try git("init", "-q").exitCode == 0)
        try repository.write("ja.lproj/Root.strings", utf16("\"Sound\" = \"サウンド\";\n"))
        #expect(try git("add", ".").exitCode == 0)
        #expect(try git("commit", "-q", "-m", "table").exitCode == 0)
        try repository.write("ja.lproj/Root.strings", utf16("\"Sound\" = \"音\";\n"))
        #expect(try git("diff").stdout.contains("Binary files"))
        let setup = try Tool.run(["-c", tip], in: repository.url, environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(setup.exitCode == 0, "\(setup)")
        let diff = try git("diff")
        #expect(diff.stdout.contains("-\"Sound\" = \"サウンド\";\n+\"Sound\" = \"音\";\n"), "\(diff)")
    }
}
