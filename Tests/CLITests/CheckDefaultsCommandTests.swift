import Foundation
import Testing
import SettingsL10nTestSupport

/// check's defaults in `.settings-l10n.json` (`strict`, `severity`, `baseline`,
/// `failOnFixedBaseline`), which a build-tool plugin relies on since it passes no flags; a flag
/// wins over the file. And the file's `requiredVersion` and `$schema`.
@Suite("check: its defaults in the configuration, a flag winning")
struct CheckDefaultsCommandTests {
    /// A repository (`.git`) holding the example bundle with one stale key in German (a warning).
    final class Project {
        let copy: BundleCopy

        init() throws {
            copy = try BundleCopy()
            try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
            try replaceOnce(in: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), "\"Analytics\" = \"Analyse\";\n",
                            with: "\"Analytics\" = \"Analyse\";\n\"Old\" = \"Alt\";\n")
        }

        func configure(_ text: String) throws {
            try Data(text.utf8).write(to: copy.folder.appendingPathComponent(".settings-l10n.json"))
        }

        func check(_ arguments: String...) throws -> ToolResult {
            try Tool.run(["check", "Settings.bundle"] + arguments, in: copy.folder)
        }
    }

    static let stale = "Settings.bundle/de.lproj/Privacy.strings:2:1: warning: no schema file uses \"Old\" (stale) [stale-key]\n"

    @Test("\"strict\": a warning fails the run, printed as an error; --no-strict and --strict win over the file")
    func strict() throws {
        let project = try Project()
        #expect(try project.check().exitCode == 0)
        try project.configure(#"{"strict": true}"#)
        let strict = try project.check()
        #expect(strict.exitCode == 1)
        #expect(strict.stdout == Self.stale.replacingOccurrences(of: "warning:", with: "error:"))
        let overridden = try project.check("--no-strict")
        #expect(overridden.exitCode == 0)
        #expect(overridden.stdout == Self.stale)
        try project.configure(#"{"strict": false}"#)
        #expect(try project.check("--strict").exitCode == 1)
        #expect(try project.check("--strict", "--no-strict").exitCode == 0)
    }

    @Test("\"severity\": only findings that serious are reported and decide the exit status; --severity wins")
    func severity() throws {
        let project = try Project()
        try project.configure(#"{"severity": "error", "strict": true}"#)
        let result = try project.check()
        #expect(result == ToolResult(stdout: "", stderr: "no problems found\n1 warning not shown (the configuration's \"severity\": \"error\")\n", exitCode: 0))
        let warnings = try project.check("--severity", "warning")
        #expect(warnings.exitCode == 1)
        #expect(warnings.stdout.contains("[stale-key]"))
    }

    @Test("\"baseline\": read relative to the file, through the path policy; --baseline and --no-baseline win")
    func baseline() throws {
        let project = try Project()
        let folder = project.copy.folder
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ci"), withIntermediateDirectories: true)
        #expect(try project.check("--write-baseline", "ci/baseline.json").exitCode == 0)
        try project.configure(#"{"baseline": "ci/baseline.json", "strict": true}"#)
        let accepted = try project.check()
        #expect(accepted == ToolResult(stdout: "", stderr: "no problems found\n1 finding is in the baseline ci/baseline.json\n", exitCode: 0))
        let none = try project.check("--no-baseline")
        #expect(none.exitCode == 1)
        #expect(none.stdout.contains("[stale-key]"))
        // The file names itself in --print-input-files: editing it runs the check again.
        #expect(try project.check("--print-input-files").stdout.hasSuffix(".settings-l10n.json\nci/baseline.json\n"))
        // A baseline outside the repository is refused where it is written, and not read.
        try project.configure(#"{"baseline": "../baseline.json"}"#)
        let refused = try project.check()
        #expect(refused.exitCode == 1)
        #expect(refused.stdout.contains(".settings-l10n.json:1:14: error: \"baseline\" is \"../baseline.json\", which leads out of the repository"))
        #expect(refused.stdout.contains("[stale-key]"))
        // One that is not there yet: say how to write it (exit 3).
        try project.configure(#"{"baseline": "missing.json"}"#)
        let missing = try project.check()
        #expect(missing.exitCode == 3)
        #expect(missing.stderr.hasSuffix("write a baseline first with settings-l10n check Settings.bundle --write-baseline missing.json\n"))
        // Written where the configuration names it: no --baseline to give from now on.
        try project.configure(#"{"baseline": "ci/baseline.json"}"#)
        #expect(try project.check("--write-baseline", "ci/baseline.json").stderr
            == "wrote ci/baseline.json: 1 finding accepted; the configuration's \"baseline\" names it, so check compares with it from now on\n")
        #expect(try project.check("--baseline", "ci/baseline.json").exitCode == 0)
        #expect(try project.check("--baseline", "x.json", "--no-baseline").exitCode == 2)
    }

    @Test("\"failOnFixedBaseline\" and --fail-on-fixed-baseline: an entry that no longer occurs fails the run")
    func fixedBaseline() throws {
        let project = try Project()
        #expect(try project.check("--write-baseline", "baseline.json").exitCode == 0)
        try replaceOnce(in: project.copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"), "\"Old\" = \"Alt\";\n", with: "")
        // Without it, a fixed entry is said and passes.
        let said = try project.check("--baseline", "baseline.json")
        #expect(said.exitCode == 0)
        #expect(said.stderr.hasSuffix("0 findings are in the baseline baseline.json; 1 baseline entry is fixed: rewrite the baseline (settings-l10n check Settings.bundle --write-baseline baseline.json)\n"))
        let flag = try project.check("--baseline", "baseline.json", "--fail-on-fixed-baseline")
        #expect(flag.exitCode == 1)
        #expect(flag.stderr.hasSuffix("error: entries of the baseline baseline.json no longer occur, and --fail-on-fixed-baseline asks for a baseline that only shrinks: write it again (settings-l10n check Settings.bundle --write-baseline baseline.json) so that what was fixed cannot come back unnoticed\n"))
        try project.configure(#"{"baseline": "baseline.json", "failOnFixedBaseline": true}"#)
        let configured = try project.check()
        #expect(configured.exitCode == 1)
        #expect(configured.stderr.contains("and the configuration's \"failOnFixedBaseline\" asks for a baseline that only shrinks"))
        #expect(try project.check("--no-fail-on-fixed-baseline").exitCode == 0)
        // Rewritten, the baseline passes again.
        #expect(try project.check("--write-baseline", "baseline.json").exitCode == 0)
        #expect(try project.check().exitCode == 0)
        // The flag without any baseline is a usage error.
        try project.configure("{}")
        let alone = try project.check("--fail-on-fixed-baseline")
        #expect(alone.exitCode == 2)
        #expect(alone.stderr == "error: --fail-on-fixed-baseline needs a baseline: give --baseline <file>, or \"baseline\" in .settings-l10n.json\n")
    }

    @Test("\"requiredVersion\": every command refuses a file written for another version (exit 2); $schema is accepted")
    func requiredVersion() throws {
        let project = try Project()
        try project.configure(#"{"$schema": "https://raw.githubusercontent.com/settings-l10n/settings-l10n/main/schemas/settings-l10n.schema.json", "requiredVersion": ">=1.0, <2"}"#)
        #expect(try project.check().exitCode == 0)
        try project.configure(#"{"requiredVersion": ">=99.0", "aSettingOfVersion99": true}"#)
        for command in ["check", "status", "merge", "extract"] {
            let result = try Tool.run([command, "Settings.bundle"], in: project.copy.folder)
            #expect(result.exitCode == 2, "\(command)")
            #expect(result.stderr == "error: .settings-l10n.json: this configuration requires settings-l10n >=99.0 (its \"requiredVersion\"), and this is settings-l10n 1.0.0: install a version that satisfies it, or change \"requiredVersion\"\n", "\(command)")
        }
    }
}
