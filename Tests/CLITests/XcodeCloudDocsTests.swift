import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 48, items 6 and 8: what the docs tell a build machine to run. The Run Script phase's
/// hint when settings-l10n is missing, and Xcode Cloud's `ci_post_clone.sh`, run under `/bin/sh`
/// with stand-ins for the Mac's `defaults` and `brew` that log their arguments.
@Suite("the Run Script hint and Xcode Cloud's ci_post_clone.sh, as documented")
struct XcodeCloudDocsTests {
    /// The tap release.yml commits the formula to (its default), as `brew install` names it:
    /// `settings-l10n/homebrew-tap` is `settings-l10n/tap`, and the formula file is settings-l10n.rb.
    static func tapFormula() throws -> String {
        let workflow = try DocsText.file(".github/workflows/release.yml")
        let match = try #require(workflow.firstMatch(of: /vars\.HOMEBREW_TAP \|\| '([^'\/]+)\/homebrew-([^']+)'/),
                                 "release.yml names no default tap")
        return "\(match.1)/\(match.2)/settings-l10n"
    }

    @Test("with settings-l10n missing, the Run Script phase passes with a hint that installs the formula from the tap the release updates")
    func runScriptHint() throws {
        for folder in ["/opt/homebrew/bin", "/usr/local/bin"] {
            try #require(!FileManager.default.fileExists(atPath: folder + "/settings-l10n"),
                         "settings-l10n is installed in \(folder), which the phase puts on PATH: the hint cannot be tried here")
        }
        let project = try TemporaryFolder()
        let result = try Tool.run(["-c", try XcodePhaseCommandTests.script()], in: project.url, environment: [
            "PATH": "/usr/bin:/bin", "HOME": project.path, "SRCROOT": project.path, "DERIVED_FILE_DIR": project.path,
        ], executable: URL(fileURLWithPath: "/bin/sh"))
        let formula = try Self.tapFormula()
        #expect(result == ToolResult(
            stdout: "warning: settings-l10n is not installed (brew install \(formula)); the Settings.bundle was not checked\n",
            stderr: "", exitCode: 0))
        // The README's Homebrew line names the same formula.
        #expect(try DocsText.file("README.md").contains("\nbrew install \(formula) "))
    }

    /// Runs the documented `ci_post_clone.sh` with logging stand-ins for `defaults` and `brew`.
    static func postClone() throws -> (result: ToolResult, calls: String) {
        let folder = try TemporaryFolder()
        let log = folder.url.appendingPathComponent("calls").path
        for tool in ["defaults", "brew"] {
            try folder.write("bin/\(tool)", "#!/bin/sh\necho \"\(tool) $*\" >>'\(log)'\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("bin/\(tool)").path)
        }
        let script = try DocsText.markedBlock("ci-post-clone", in: "docs/xcode-and-ci.md")
        try folder.write("ci_post_clone.sh", script)
        let result = try Tool.run([folder.url.appendingPathComponent("ci_post_clone.sh").path], in: folder.url,
                                  environment: ["PATH": folder.url.appendingPathComponent("bin").path + ":/usr/bin:/bin"],
                                  executable: URL(fileURLWithPath: "/bin/sh"))
        return (result, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test("ci_post_clone.sh trusts the packages' plugins by the default Xcode reads, spelled as Apple spells it, and installs the formula")
    func postCloneScript() throws {
        let (result, calls) = try Self.postClone()
        #expect(result == ToolResult(stdout: "", stderr: "", exitCode: 0))
        #expect(calls == """
            defaults write com.apple.dt.Xcode IDESkipPackagePluginFingerprintValidatation -bool YES
            brew install \(try Self.tapFormula())

            """)
        let script = try DocsText.markedBlock("ci-post-clone", in: "docs/xcode-and-ci.md")
        #expect(script.hasPrefix("#!/bin/sh\n") && script.contains("\nset -e\n"))
        // "Validatation" is what Xcode reads; the dictionary spelling is a default nothing reads.
        #expect(!(try DocsText.file("docs/xcode-and-ci.md")).contains("IDESkipPackagePluginFingerprintValidation"))
    }
}
