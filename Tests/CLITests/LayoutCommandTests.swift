import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 47, case 10: layouts real bundles use, end to end.
@Suite("settings-l10n on generated panes, another root page, a Root.plist inside .lproj folders")
struct LayoutCommandTests {
    /// LicensePlist's layout as a checkout has it: the generated pane and its folder are
    /// ignored by version control, so they are not there.
    static func licensePlistCheckout() throws -> BundleCopy {
        let copy = try BundleCopy(FieldBundleCommandTests.licensePlist)
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("com.mono0926.LicensePlist.plist"))
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("com.mono0926.LicensePlist"))
        return copy
    }

    static let note = "Settings.bundle/Root.plist:31:4: note: File \"com.mono0926.LicensePlist\" names com.mono0926.LicensePlist.plist, which a build step generates (generatedPanes) and which is not in the bundle: its strings are unknown; the rest of the bundle is checked, exported and merged [generated-pane-missing]\n"

    @Test("a generated pane that is not there: without the entry every write and export is refused; with it, the rest is checked, merged and exported")
    func generatedPane() throws {
        let copy = try Self.licensePlistCheckout()
        let before = try copy.snapshot()
        #expect(try Tool.run(["merge", "Settings.bundle"], in: copy.folder).exitCode == 1)
        #expect(try Tool.run(["extract", "Settings.bundle", "--xliff", "out"], in: copy.folder).exitCode == 1)
        try Data("{\"generatedPanes\": [\"com.mono0926.LicensePlist\"]}\n".utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Tool.run(["check", "Settings.bundle", "--strict"], in: copy.folder) == ToolResult(stdout: Self.note, stderr: """
            0 errors, 0 warnings, 1 note
              1 note  generated-pane-missing

            """, exitCode: 0))
        #expect(try Tool.run(["merge", "Settings.bundle", "--prune"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            de.lproj/Root.strings: 3 kept; up to date
            en.lproj/Root.strings: 3 kept; up to date
            fr.lproj/Root.strings: 3 kept; up to date

            """, exitCode: 0))
        // The generated pane's tables (Acknowledgements, Licenses) are left as they were.
        #expect(try copy.snapshot() == before)
        let export = try Tool.run(["extract", "Settings.bundle", "--xliff", "out"], in: copy.folder)
        #expect(export.exitCode == 0)
        #expect(export.stderr == "wrote out/de.xliff: 3 units, 3 with a translation\nwrote out/fr.xliff: 3 units, 3 with a translation\n")
        let render = try Tool.run(["render", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(render.exitCode == 0 && render.stderr == Self.note && render.stdout.contains("Danksagungen                      ›  (no page)"))
        #expect(try Tool.run(["status", "Settings.bundle"], in: copy.folder).exitCode == 0)
    }

    @Test("a generatedPanes entry no child pane's File matches (a typo) is a configuration-unused note beside the missing pane (it said nothing)")
    func misspelledGeneratedPane() throws {
        let copy = try Self.licensePlistCheckout()
        try Data("{\"generatedPanes\": [\"com.mono0926.LicensePlst\", \"com.mono0926.*\"]}\n".utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        let result = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(result.stdout == ".settings-l10n.json:1:21: note: generatedPanes[0] \"com.mono0926.LicensePlst\" is the File of no child pane; fix it (a child pane's File, without .plist), or remove it [configuration-unused]\n" + Self.note, "\(result)")
    }

    @Test("another root page (Main.plist): --root-page and the configuration's rootPage")
    func rootPage() throws {
        let copy = try BundleCopy()
        try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("Root.plist"), to: copy.bundle.appendingPathComponent("Main.plist"))
        let plain = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(plain.exitCode == 1)
        #expect(plain.stdout.hasPrefix("Settings.bundle/Root.plist: error: the bundle has no Root.plist, so the Settings app shows no settings for the app; if the app hands InAppSettingsKit Main.plist as its root page, say so with --root-page Main (or \"rootPage\": \"Main\" in the configuration) [root-plist-missing]\n"))
        #expect(try Tool.run(["check", "Settings.bundle", "--root-page", "Main"], in: copy.folder)
            == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try Tool.run(["merge", "Settings.bundle", "--check", "--root-page", "Main"], in: copy.folder).exitCode == 0)
        let render = try Tool.run(["render", "Settings.bundle", "--root-page", "Main", "--locale", "de"], in: copy.folder)
        #expect(render.exitCode == 0 && render.stdout.contains("\n\nMain.plist\n  ── Konto ──\n"))
        try Data("{\"rootPage\": \"Main\"}\n".utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Tool.run(["check", "Settings.bundle"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try Tool.run(["check", "Settings.bundle", "--root-page", "Main.plist"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            error: --root-page "Main.plist" has the .plist extension, which the Settings app adds itself (write "Main")
            Usage: settings-l10n check [<options>] <bundle>
              See 'settings-l10n check --help' for more information.

            """, exitCode: 2))
    }

    @Test("Root.plist only inside .lproj folders: refused with a message that names the layout")
    func localizedRoot() throws {
        let copy = try BundleCopy()
        for language in ["en", "de"] {
            try FileManager.default.copyItem(at: copy.bundle.appendingPathComponent("Root.plist"), to: copy.bundle.appendingPathComponent("\(language).lproj/Root.plist"))
        }
        for file in ["Root.plist", "Privacy.plist", "OfflineMaps.plist"] { try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent(file)) }
        let layout = "Root.plist is only inside .lproj folders (de.lproj/Root.plist, en.lproj/Root.plist), a localized root page that settings-l10n does not read: Apple's Settings Application Schema Reference has schema files at the bundle's top level, and whether the Settings app looks for Root.plist in .lproj folders (as CFBundle's resource lookup would, the user's language's first) is not documented; move one Root.plist to the bundle's top level, with its strings in each .lproj's Root.strings"
        for command in [["check"], ["merge"], ["render", "--locale", "de"], ["status"], ["extract"]] {
            #expect(try Tool.run([command[0], "Settings.bundle"] + command.dropFirst(), in: copy.folder)
                == ToolResult(stdout: "", stderr: "error: Settings.bundle is not read: \(layout)\n", exitCode: 3))
        }
    }
}
