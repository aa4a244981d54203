import Foundation
import Testing
import SettingsL10nTestSupport

/// merge --check and check give one verdict: merge --check fails only where merge would change
/// what a table holds (or create one), and each such change is a finding of check that names
/// merge; an order or a final line break of its own is said, and is no failure.
@Suite("merge --check and check --strict: one verdict")
struct MergeCheckVerdictCommandTests {
    static func bundle(_ files: [String: String]) throws -> (BundleCopy, TemporaryFolder) {
        let source = try TemporaryFolder()
        for (path, text) in files { try source.write("Settings.bundle/" + path, text) }
        return (try BundleCopy(source.url.appendingPathComponent("Settings.bundle")), source)
    }

    static let toggle = "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>sound</string><key>DefaultValue</key><true/></dict>"

    @Test("the vendored Articles bundle, its development table merged: de and fr differ from merge's only in order and the final line break; merge --check passes and says so, check --strict passes, merge --check --strict fails")
    func articles() throws {
        let copy = try BundleCopy(TestPaths.corpus("Sophiestication__Articles/Settings.bundle"))
        #expect(try Tool.run(["merge", "Settings.bundle", "--locale", "en"], in: copy.folder).exitCode == 0)
        #expect(try Tool.run(["check", "Settings.bundle", "--strict"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        let before = try copy.snapshot()
        #expect(try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            de.lproj/Acknowledgements.strings: 3 kept; up to date
            de.lproj/Root.strings: 3 kept; would change (order or line breaks only)
            en.lproj/Acknowledgements.strings: 3 kept; up to date
            en.lproj/Root.strings: 4 kept; up to date
            fr.lproj/Acknowledgements.strings: 3 kept; up to date
            fr.lproj/Root.strings: 3 kept; would change (order or line breaks only)
            2 tables differ from what merge writes only in the order of their entries or their line breaks: not out of date (--strict fails on them too)

            """, exitCode: 0))
        let strict = try Tool.run(["merge", "Settings.bundle", "--check", "--strict"], in: copy.folder)
        #expect(strict.exitCode == 1)
        #expect(strict.stderr.hasSuffix("2 tables are out of date; run settings-l10n merge Settings.bundle\n"))
        #expect(try copy.snapshot() == before)
        #expect(try Tool.run(["merge", "Settings.bundle", "--strict"], in: copy.folder).exitCode == 2)
    }

    @Test("a table back from a translation platform in its own order passes merge --check and check --strict")
    func platformOrder() throws {
        let copy = try BundleCopy()
        let url = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        try Data((lines.reversed().joined(separator: "\n")).utf8).write(to: url)
        #expect(try Tool.run(["check", "Settings.bundle", "--strict"], in: copy.folder).exitCode == 0)
        let result = try Tool.run(["merge", "Settings.bundle", "--check", "--locale", "de"], in: copy.folder)
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("de.lproj/Privacy.strings: 5 kept; would change (order or line breaks only)\n"))
    }

    @Test("a bundle with no .lproj at all: merge would create the development table, and check says so, naming merge")
    func noFolders() throws {
        let (copy, _) = try Self.bundle(["Root.plist": xmlSchema(Self.toggle)])
        let check = try Tool.run(["check", "Settings.bundle", "--strict"], in: copy.folder)
        #expect(check.stdout == "Settings.bundle/en.lproj/Root.strings: error: the development language has no en.lproj/Root.strings; settings-l10n merge creates it with the 1 key the schema uses [development-entry-missing]\n")
        #expect(check.stderr.hasSuffix("1 error is fixed by `settings-l10n merge Settings.bundle`\n"))
        #expect(check.exitCode == 1)
        #expect(try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder).exitCode == 1)
    }

    @Test("a location comment that no longer says where the string is, and a used key below the obsolete marker: merge --check fails, and check says why, naming merge")
    func generatedComments() throws {
        let (copy, _) = try Self.bundle([
            "Root.plist": xmlSchema(Self.toggle),
            "en.lproj/Root.strings": "/* Root.plist › label of a list of choices */\n\"Sound\" = \"Sound\";\n",
            "de.lproj/Root.strings": "/* settings-l10n: obsolete: no schema file uses the keys below; they stay live until merge --prune */\n\"Sound\" = \"Ton\";\n",
        ])
        let check = try Tool.run(["check", "Settings.bundle", "--strict"], in: copy.folder)
        #expect(check.stdout == """
            Settings.bundle/de.lproj/Root.strings:2:1: error: the schema uses "Sound", but it is below the settings-l10n obsolete-section marker; settings-l10n merge moves it back [generated-comment-outdated]
            Settings.bundle/en.lproj/Root.strings:2:1: error: the settings-l10n comment above "Sound" no longer says where it is shown (Root.plist › label of an on/off switch); settings-l10n merge rewrites it [generated-comment-outdated]

            """)
        #expect(check.exitCode == 1)
        #expect(check.stderr.hasSuffix("2 errors are fixed by `settings-l10n merge Settings.bundle`\n"))
        #expect(try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder).exitCode == 1)
        #expect(try Tool.run(["merge", "Settings.bundle"], in: copy.folder).exitCode == 0)
        #expect(try Tool.run(["check", "Settings.bundle", "--strict"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder).exitCode == 0)
    }
}
