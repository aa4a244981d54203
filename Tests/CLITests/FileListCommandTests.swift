import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 46, case 9: lists of files one name a line (the Xcode input file list of
/// `check --print-input-files`, the pre-commit hook's bundles) are never split by a name that
/// holds a line break: such a name is refused, with a message that names it on one line.
@Suite("file lists and names with line breaks")
struct FileListCommandTests {
    /// A project (`SRCROOT`) holding the example bundle at `MyApp/Settings.bundle` and a copy of
    /// it at `Clean/Settings.bundle`.
    static func project() throws -> TemporaryFolder {
        let folder = try XcodePhaseCommandTests.project()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Clean"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: folder.url.appendingPathComponent("Clean/Settings.bundle"))
        return folder
    }

    @Test("--print-input-files refuses a name with a line break, a control character or a workflow command, listing nothing")
    func inputFileListRefusesSplittingNames() throws {
        let project = try Self.project()
        let bundle = project.url.appendingPathComponent("MyApp/Settings.bundle")
        for folder in ["de\nforged", "x\u{1B}[2J", "fr ##[error]x"] {
            try FileManager.default.createDirectory(at: bundle.appendingPathComponent(folder + ".lproj"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: bundle.appendingPathComponent("de.lproj/Root.strings"), to: bundle.appendingPathComponent(folder + ".lproj/Root.strings"))
        }
        let result = try Tool.run(["check", "MyApp/Settings.bundle", "--print-input-files"], in: project.url)
        #expect(result == ToolResult(stdout: "", stderr: """
            error: cannot list MyApp/Settings.bundle/de\\nforged.lproj/Root.strings, MyApp/Settings.bundle/fr ##\\U005Berror]x.lproj/Root.strings, \
            MyApp/Settings.bundle/x\\U001B[2J.lproj/Root.strings: a file name that holds a line break or a control character, or that GitHub's runner \
            would run as a workflow command, cannot be one line of an input file list, which names each file as it is; rename them

            """, exitCode: 1))
        // Names that are only unusual (spaces, other scripts, colons) are listed as they are.
        for folder in ["de\nforged", "x\u{1B}[2J", "fr ##[error]x"] {
            try FileManager.default.removeItem(at: bundle.appendingPathComponent(folder + ".lproj"))
        }
        try FileManager.default.copyItem(at: bundle.appendingPathComponent("de.lproj"), to: bundle.appendingPathComponent("zh Hans: ::1 ##.lproj"))
        let listed = try Tool.run(["check", "MyApp/Settings.bundle", "--print-input-files"], in: project.url)
        #expect(listed.exitCode == 0 && listed.stdout.contains("\nMyApp/Settings.bundle/zh Hans: ::1 ##.lproj/Root.strings\n"), "\(listed)")
    }

    /// Runs `scripts/pre-commit-hook` as pre-commit does: with the files of a commit as arguments,
    /// in the repository, settings-l10n on `PATH`.
    static func hook(_ arguments: [String], in project: TemporaryFolder) throws -> ToolResult {
        try Tool.run([TestPaths.packageRoot.appendingPathComponent("scripts/pre-commit-hook").path] + arguments, in: project.url, environment: [
            "PATH": Tool.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
        ], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test("the pre-commit hook refuses a name with a line break: the crafted one that made it check two other bundles and pass now fails the commit")
    func hookRefusesSplittingNames() throws {
        let project = try Self.project()
        // The changed bundle is the folder `MyApp/Settings.bundle<LF>Clean/Settings.bundle`, with an
        // error: split at its line break, its name is those of the two clean bundles.
        let crafted = "MyApp/Settings.bundle\nClean/Settings.bundle"
        let broken = project.url.appendingPathComponent(crafted)
        try FileManager.default.createDirectory(at: broken.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: broken)
        try replaceOnce(in: broken.appendingPathComponent("OfflineMaps.plist"), "<integer>365</integer>", with: "")
        let result = try Self.hook(["check", crafted + "/OfflineMaps.plist"], in: project)
        #expect(result == ToolResult(stdout: "", stderr: """
            error: MyApp/Settings.bundle\\nClean/Settings.bundle/OfflineMaps.plist: a file name or option holding a line break cannot be checked by the hook, \
            which lists one name a line; rename it

            """, exitCode: 1))
        // An option holding one is refused too; names without one are checked as before.
        #expect(try Self.hook(["check", "--baseline", "a\nb.json", "Clean/Settings.bundle/Root.plist"], in: project).exitCode == 1)
        #expect(try Self.hook(["check", "Clean/Settings.bundle/Root.plist", "MyApp/Settings.bundle/de.lproj/Root.strings"], in: project).exitCode == 0)
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("Broken"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: broken, to: project.url.appendingPathComponent("Broken/Settings.bundle"))
        let failing = try Self.hook(["check", "Broken/Settings.bundle/OfflineMaps.plist"], in: project)
        #expect(failing.exitCode == 1 && failing.stdout.contains("Broken/Settings.bundle/OfflineMaps.plist:") && failing.stdout.contains("[titles-values-count]"), "\(failing)")
    }
}
