import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 28, case 2: a mistyped path or locale in CI must fail, never pass on an empty report.
@Suite("a folder that is not a bundle, and a locale with no folder, are refused by every command")
struct NotABundleCommandTests {
    /// Every command that reads a bundle, with what it needs besides the bundle path.
    static let commands: [[String]] = [
        ["status"], ["extract"], ["merge", "--check"], ["merge"], ["render", "--locale", "de"], ["check"], ["import", "none.xliff"],
    ]

    static func run(_ command: [String], bundle: String, in folder: URL) throws -> ToolResult {
        try Tool.run([command[0], bundle] + command.dropFirst(), in: folder)
    }

    static let noSchema = "is not a Settings bundle: it holds no Root.plist, nor any other schema file (a .plist with PreferenceSpecifiers)"

    @Test("a folder with no schema file and no bundle near: exit 3, the path as typed, no hint", arguments: commands)
    func nothingNear(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write("notes/readme.txt", "not a bundle\n")
        try folder.write("notes/de.lproj/Root.strings", "\"A\" = \"B\";\n")
        #expect(try Self.run(command, bundle: "notes/", in: folder.url)
            == ToolResult(stdout: "", stderr: "error: notes/ \(Self.noSchema)\n", exitCode: 3))
    }

    @Test("a folder holding one bundle: did you mean it", arguments: commands)
    func bundleInside(_ command: [String]) throws {
        #expect(try Self.run(command, bundle: "Resources", in: TestPaths.packageRoot) == ToolResult(
            stdout: "", stderr: "error: Resources \(Self.noSchema); did you mean Resources/Settings.bundle?\n", exitCode: 3))
    }

    @Test("a folder inside a bundle (<bundle>/en.lproj): did you mean the bundle", arguments: commands)
    func insideBundle(_ command: [String]) throws {
        let copy = try BundleCopy()
        #expect(try Self.run(command, bundle: "Settings.bundle/en.lproj", in: copy.folder) == ToolResult(
            stdout: "", stderr: "error: Settings.bundle/en.lproj \(Self.noSchema); did you mean Settings.bundle?\n", exitCode: 3))
    }

    @Test("a folder beside a bundle, and a misspelled bundle name: did you mean the bundle beside it")
    func besideBundle() throws {
        let copy = try BundleCopy()
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("Settings"), withIntermediateDirectories: true)
        #expect(try Tool.run(["status", "Settings"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "error: Settings \(Self.noSchema); did you mean Settings.bundle?\n", exitCode: 3))
        let typo = try Tool.run(["check", copy.folder.path + "/Setings.bundle"])
        #expect(typo.exitCode == 3)
        #expect(typo.stderr.hasSuffix("; did you mean \(copy.folder.path)/Settings.bundle?\n"))
    }

    /// Not render's: its --locale is a user's language (RenderLanguageCommandTests).
    @Test("--locale with no folder: the same error, exit 3, in every command that works on folders", arguments: [
        ["status"], ["check"], ["merge"], ["merge", "--check"], ["extract", "--xliff", "out"],
    ])
    func unknownLocale(_ command: [String]) throws {
        let copy = try BundleCopy()
        let before = try copy.snapshot()
        let result = try Tool.run([command[0], "Settings.bundle"] + command.dropFirst() + ["--locale", "zh-Hans"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            error: the bundle has no .lproj folder for zh-Hans (it has ar, de, en, ja, sv); to add the language, create zh-Hans.lproj and run settings-l10n merge

            """, exitCode: 3))
        #expect(try copy.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out").path))
    }

    @Test("render accepts a --locale a folder matches by the device's rules (en-GB takes en), and the pseudo-locales")
    func matchedLocale() throws {
        #expect(try Tool.run(["render", "Resources/Settings.bundle", "--locale", "en-GB", "--locale", "pseudo-long", "--format", "json"]).exitCode == 0)
    }
}
