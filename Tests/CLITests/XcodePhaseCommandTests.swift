import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 28, case 3: the documented Run Script phase (`docs/xcode-and-ci.md`, and the README's
/// copy), run as Xcode runs it (`/bin/sh`, no `-e`).
@Suite("the documented Xcode Run Script phase and its input file list")
struct XcodePhaseCommandTests {
    /// The phase's script, exactly as `docs/xcode-and-ci.md` shows it (between its markers).
    static func script() throws -> String {
        try DocsText.markedBlock("xcode-run-script", in: "docs/xcode-and-ci.md")
    }

    @Test("the README shows the phase exactly as docs/xcode-and-ci.md does")
    func readmeCopy() throws {
        #expect(try DocsText.markedBlock("xcode-run-script", in: "README.md") == Self.script(),
                "the README's Run Script phase differs from docs/xcode-and-ci.md's: copy one over the other")
    }

    /// A project folder (`SRCROOT`) with the example bundle at `MyApp/Settings.bundle`.
    static func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("MyApp"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: folder.url.appendingPathComponent("MyApp/Settings.bundle"))
        return folder
    }

    /// Runs the phase as Xcode would: `/bin/sh -c`, with `SRCROOT`, `DERIVED_FILE_DIR` and the tool on `PATH`.
    static func phase(in project: TemporaryFolder) throws -> ToolResult {
        try Tool.run(["-c", try script()], in: project.url, environment: [
            "PATH": Tool.binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
            "SRCROOT": project.path, "DERIVED_FILE_DIR": project.url.appendingPathComponent("DerivedSources").path,
        ], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test("under /bin/sh, a check that fails under --strict fails the phase and writes no stamp; a passing one writes it")
    func stampOnlyOnSuccess() throws {
        let project = try Self.project()
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("DerivedSources"), withIntermediateDirectories: true)
        let stamp = project.url.appendingPathComponent("DerivedSources/settings-l10n.stamp")
        // A stale key: a warning, which --strict makes a failure, and so prints as an error (a red
        // issue in Xcode beside the failed phase, not a yellow one).
        let german = project.url.appendingPathComponent("MyApp/Settings.bundle/de.lproj/Privacy.strings")
        let original = try Data(contentsOf: german)
        try (original + Data("\"Old\" = \"Alt\";\n".utf8)).write(to: german)
        let failing = try Self.phase(in: project)
        #expect(failing.exitCode != 0, "\(failing)")
        #expect(failing.stdout.contains(": error: no schema file uses \"Old\" (stale) [stale-key]"), "\(failing)")
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
        try original.write(to: german)
        let passing = try Self.phase(in: project)
        #expect(passing == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(FileManager.default.fileExists(atPath: stamp.path))
    }

    @Test("--print-input-files lists the configuration file in use and the --baseline, after the bundle's files")
    func inputFiles() throws {
        let project = try Self.project()
        let bundleFiles = try FileManager.default.subpathsOfDirectory(atPath: project.url.appendingPathComponent("MyApp/Settings.bundle").path)
            .filter { $0.hasSuffix(".plist") || $0.hasSuffix(".strings") }.map { "MyApp/Settings.bundle/" + $0 }.sorted()
        let plain = try Tool.run(["check", "MyApp/Settings.bundle", "--print-input-files"], in: project.url)
        #expect(plain == ToolResult(stdout: bundleFiles.map { $0 + "\n" }.joined(), stderr: "", exitCode: 0))
        // The repository's root holds the configuration, found by the usual discovery.
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try project.write(".settings-l10n.json", #"{"rules": {"stale-key": "off"}}"#)
        let result = try Tool.run(["check", "MyApp/Settings.bundle", "--print-input-files", "--baseline", "settings-l10n-baseline.json"], in: project.url)
        #expect(result == ToolResult(
            stdout: (bundleFiles + [".settings-l10n.json", "settings-l10n-baseline.json"]).map { $0 + "\n" }.joined(), stderr: "", exitCode: 0))
        let config = try Tool.run(["check", "MyApp/Settings.bundle", "--print-input-files", "--config", ".settings-l10n.json"], in: project.url)
        #expect(config.stdout.hasSuffix("MyApp/Settings.bundle/sv.lproj/Root.strings\n.settings-l10n.json\n"))
    }
}
