import Foundation
import Testing
import SettingsL10nTestSupport

/// Day two: the configuration is found where a project keeps it, and keys the app reads itself
/// survive `merge --prune`.
@Suite("The configuration: where it is found, and keys the app reads itself")
struct ConfigurationCommandTests {
    static let donate = "\"SETTINGS_DONATE\" = \"Spenden\";\n\"SETTINGS_DONATE_LONG\" = \"Bitte spenden\";\n"

    /// A copy of the example bundle whose German privacy table holds two keys no schema file uses.
    static func copyWithAppKeys() throws -> BundleCopy {
        let copy = try BundleCopy()
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try (String(contentsOf: german, encoding: .utf8) + donate).write(to: german, atomically: true, encoding: .utf8)
        return copy
    }

    static func write(_ text: String, to folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(".settings-l10n.json"), atomically: true, encoding: .utf8)
    }

    @Test("keep: never stale in check, live and never pruned in merge --prune")
    func keep() throws {
        let copy = try Self.copyWithAppKeys()
        let stale = try Tool.run(["check", copy.bundle.path, "--each", "--locale", "de"])
        #expect(stale.stdout.components(separatedBy: "[stale-key]").count == 3)

        try Self.write(#"{"keep": ["SETTINGS_DONATE*"]}"#, to: copy.folder)
        let check = try Tool.run(["check", copy.bundle.path, "--each", "--locale", "de"])
        #expect(!check.stdout.contains("[stale-key]"))
        let merge = try Tool.run(["merge", copy.bundle.path, "--prune", "--locale", "de"])
        #expect(merge.exitCode == 0)
        #expect(merge.stderr.contains("de.lproj/Privacy.strings: 7 kept; up to date\n"))
        let german = try String(contentsOf: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), encoding: .utf8)
        #expect(german.hasSuffix(Self.donate))
        #expect(!german.contains("obsolete"))
        #expect(try Tool.run(["merge", copy.bundle.path, "--prune", "--check"]).exitCode == 0)
    }

    @Test("merge --prune leaves an obsolete key whose stale-key finding the configuration silences, and says so")
    func ignoredStaleKeysAreNotPruned() throws {
        let copy = try Self.copyWithAppKeys()
        try Self.write(#"{"ignore": [{"rule": "stale-key", "key": "SETTINGS_DONATE*"}]}"#, to: copy.folder)
        let merge = try Tool.run(["merge", copy.bundle.path, "--prune", "--locale", "de"])
        #expect(merge.exitCode == 0)
        #expect(merge.stderr.contains("""
            de.lproj/Privacy.strings: 5 kept, 2 obsolete; written
              not pruned: "SETTINGS_DONATE", "SETTINGS_DONATE_LONG": the configuration's ignore silences their stale-key finding (list the keys the app reads itself in keep)

            """))
        let german = try String(contentsOf: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), encoding: .utf8)
        #expect(german.contains("\"SETTINGS_DONATE\" = \"Spenden\";"))
        #expect(german.contains("\"SETTINGS_DONATE_LONG\" = \"Bitte spenden\";"))
    }

    @Test("found in the bundle (used, and noted), beside it, or at the repository root; --config wins; --verbose and JSON name it")
    func discovery() throws {
        let copy = try Self.copyWithAppKeys()
        let project = copy.folder.appendingPathComponent("App/Sources")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: copy.bundle, to: project.appendingPathComponent("Settings.bundle"))
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let bundle = "App/Sources/Settings.bundle"
        let staleCount = { (result: ToolResult) in result.stdout.components(separatedBy: "[stale-key]").count - 1 }

        // None: every stale key is reported; --verbose says where it looked.
        let none = try Tool.run(["check", bundle, "--each", "--locale", "de", "--verbose"], in: copy.folder)
        #expect(staleCount(none) == 2)
        #expect(none.stderr.hasPrefix("settings-l10n: no configuration file (looked for App/Sources/Settings.bundle/.settings-l10n.json, App/Sources/.settings-l10n.json, App/.settings-l10n.json, .settings-l10n.json)\n"))

        // At the repository root, two folders up.
        try Self.write(#"{"keep": ["SETTINGS_DONATE*"]}"#, to: copy.folder)
        let root = try Tool.run(["check", bundle, "--each", "--locale", "de", "--verbose", "--format", "json"], in: copy.folder)
        #expect(root.stderr == "settings-l10n: the configuration is .settings-l10n.json\n")
        #expect(root.stdout.hasSuffix("\"configuration\": \"../../../.settings-l10n.json\",\n  \"strict\": false\n}\n"))
        #expect(!root.stdout.contains("stale-key"))

        // Nearer wins: beside the bundle.
        try Self.write(#"{"keep": ["SETTINGS_DONATE"]}"#, to: project)
        #expect(staleCount(try Tool.run(["check", bundle, "--each", "--locale", "de"], in: copy.folder)) == 1)

        // Inside the bundle: used, and noted.
        try Self.write("{}", to: project.appendingPathComponent("Settings.bundle"))
        let inside = try Tool.run(["check", bundle, "--each", "--locale", "de"], in: copy.folder)
        #expect(staleCount(inside) == 2)
        #expect(inside.stdout.contains("App/Sources/Settings.bundle/.settings-l10n.json: note: the configuration \".settings-l10n.json\" is inside the bundle, so it is copied into the app; it is used, but move it beside the bundle (../.settings-l10n.json) [configuration-in-bundle]\n"))

        // --config names another one.
        let explicit = try Tool.run(["check", bundle, "--each", "--locale", "de", "--config", ".settings-l10n.json", "--verbose"], in: copy.folder)
        #expect(explicit.stderr.hasPrefix("settings-l10n: the configuration is .settings-l10n.json\n"))
        #expect(staleCount(explicit) == 0)

        // Outside a repository, nothing above the bundle's folder is read.
        try FileManager.default.removeItem(at: copy.folder.appendingPathComponent(".git"))
        try FileManager.default.removeItem(at: project.appendingPathComponent("Settings.bundle/.settings-l10n.json"))
        try FileManager.default.removeItem(at: project.appendingPathComponent(".settings-l10n.json"))
        #expect(staleCount(try Tool.run(["check", bundle, "--each", "--locale", "de"], in: copy.folder)) == 2)
    }

    @Test("an unused entry is named at its line and column, in the configuration's path as the user would type it")
    func unusedEntryPlace() throws {
        let copy = try BundleCopy()
        try Self.write("""
            {
              "ignore": [
                {"rule": "stale-key", "file": "nothing/*"}
              ],
              "doNotTranslate": ["Nothing here"]
            }

            """, to: copy.folder)
        let result = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        // Before: "Settings.bundle/../.settings-l10n.json: note: …", no line.
        #expect(result.stdout == """
            .settings-l10n.json:3:5: note: ignore[0] {"rule": "stale-key", "file": "nothing/*"} matches no finding; remove it [configuration-unused]
            .settings-l10n.json:5:22: note: doNotTranslate "Nothing here" matches no key of the schema; remove it [configuration-unused]

            """)
        let folder = copy.folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let below = try Tool.run(["check", "../Settings.bundle"], in: folder)
        #expect(below.stdout.hasPrefix("../.settings-l10n.json:3:5: note: ignore[0] "))
        let absolute = try Tool.run(["check", copy.bundle.path], in: folder)
        #expect(absolute.stdout.hasPrefix("\(copy.folder.path)/.settings-l10n.json:3:5: note: ignore[0] "))
    }
}

/// A development language that narrows the language of a folder the bundle has (`en-US` with
/// `en.lproj`): merge made `en-US.lproj`, which devices set to en-US show instead of the source
/// folder, and check advised it. Every command refuses it, exit 2, nothing read or written.
@Suite("a development language narrower than the bundle's folder")
struct NarrowDevelopmentLanguageCommandTests {
    static let advice = "give the folder's language (--development-language en, or \"developmentLanguage\": \"en\" in the configuration); nothing was read"

    @Test("--development-language en-US or the configuration's: refused by check, merge, status and extract; en, en-GB for a bundle without en.lproj, and Base pass", arguments: [
        ["check"], ["merge"], ["status"], ["extract", "--xliff", "out"],
    ])
    func refused(command: [String]) throws {
        let copy = try BundleCopy()
        let before = try copy.snapshot()
        let arguments = [command[0], "Settings.bundle"] + command.dropFirst()
        #expect(try Tool.run(arguments + ["--development-language", "en-US"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            error: --development-language en-US names no .lproj folder of the bundle, which has en.lproj: merge would make en-US.lproj, which devices set to en-US show instead of it; \(Self.advice)

            """, exitCode: 2))
        try Data("{\"developmentLanguage\": \"en-US\"}".utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Tool.run(arguments, in: copy.folder).stderr.hasPrefix("error: the configuration's \"developmentLanguage\" en-US names no .lproj folder of the bundle, which has en.lproj:"))
        #expect(try copy.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out").path))
        try FileManager.default.removeItem(at: copy.folder.appendingPathComponent(".settings-l10n.json"))
        #expect(try Tool.run(["check", "Settings.bundle", "--development-language", "en", "--severity", "error"], in: copy.folder).exitCode == 0)
    }

    @Test("a folder naming the language in another spelling, or one on its parent chain by Apple's fallback, is hidden too: refused (merge made zh-Hant-TW.lproj beside zh_TW.lproj); zh-TW is that folder's own language", arguments: [
        ("zh_TW", "zh-Hant-TW", true), ("zh_TW", "zh-Hant", true), ("zh_TW", "zh-HK", true), ("zh-Hans", "zh-CN", true), ("pt", "pt-BR", true),
        ("zh_TW", "zh-TW", false), ("zh_TW", "zh", false), ("en-GB", "en-US", false),
    ])
    func aliases(folder: String, language: String, refused: Bool) throws {
        let copy = try BundleCopy()
        try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("en.lproj"), to: copy.bundle.appendingPathComponent(folder + ".lproj"))
        let result = try Tool.run(["check", "Settings.bundle", "--development-language", language, "--severity", "error"], in: copy.folder)
        #expect(result.exitCode == (refused ? 2 : 0), "\(result)")
        if refused {
            #expect(result.stderr.hasPrefix("error: --development-language \(language) names no .lproj folder of the bundle, which has \(folder).lproj: merge would make \(language).lproj"))
        }
    }

    @Test("a broader development language than the folders (en with only en-GB.lproj) is not refused: merge makes en.lproj, which hides nothing")
    func broaderPasses() throws {
        let copy = try BundleCopy()
        try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("en.lproj"), to: copy.bundle.appendingPathComponent("en-GB.lproj"))
        #expect(try Tool.run(["check", "Settings.bundle", "--severity", "error"], in: copy.folder).exitCode == 0)
    }
}

@Suite("--no-in-app: the command line wins over the configuration's inApp")
struct NoInAppCommandTests {
    @Test("the configuration's \"inApp\": true is undone by --no-in-app (there was no way to), and the summary's advice keeps it")
    func noInApp() throws {
        let copy = try BundleCopy()
        try replaceOnce(in: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), "\"Analytics\" = \"Analyse\";\n", with: "")
        try Data("{\"inApp\": true}".utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        let inApp = try Tool.run(["check", "Settings.bundle", "--each"], in: copy.folder)
        #expect(inApp.stdout.contains("warning: \"Analytics\" is not translated: InAppSettingsKit shows it as written"), "\(inApp)")
        let settingsApp = try Tool.run(["check", "Settings.bundle", "--each", "--no-in-app"], in: copy.folder)
        #expect(settingsApp.stdout.contains("warning: \"Analytics\" is not translated: the Settings app shows it as written"), "\(settingsApp)")
        #expect(try Tool.run(["check", "Settings.bundle", "--in-app", "--no-in-app"], in: copy.folder).exitCode == 0)
    }
}
