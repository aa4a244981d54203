import Foundation
import Testing
import SettingsL10nTestSupport

extension CheckCommandTests {
    @Test("--severity error prints only errors, and only they decide the exit status, even under --strict")
    func severity() throws {
        let copy = try Self.broken()
        let errors = try Tool.run(["check", "Settings.bundle", "--severity", "error", "--strict"], in: copy.folder)
        #expect(errors == ToolResult(stdout: """
            Settings.bundle/OfflineMaps.plist:66:4: error: Titles has 3 entries, Values has 2 [titles-values-count]

            """, stderr: "1 error, 0 warnings, 0 notes\n  1 error  titles-values-count\n1 warning not shown (--severity error)\n", exitCode: 1))
        // JSON lists the same findings.
        let json = try Tool.run(["check", "Settings.bundle", "--severity", "error", "--format", "json"], in: copy.folder)
        #expect(json.stdout.contains("\"errorCount\": 1,\n  \"warningCount\": 0,"))

        // Warnings only: --strict fails on them, unless --severity error leaves them out.
        let warnings = try BundleCopy()
        let german = warnings.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try (String(contentsOf: german, encoding: .utf8) + "\"Old\" = \"Alt\";\n").write(to: german, atomically: true, encoding: .utf8)
        #expect(try Tool.run(["check", "Settings.bundle", "--strict", "--severity", "warning"], in: warnings.folder).exitCode == 1)
        #expect(try Tool.run(["check", "Settings.bundle", "--strict", "--severity", "error"], in: warnings.folder) == ToolResult(
            stdout: "", stderr: "no problems found\n1 warning not shown (--severity error)\n", exitCode: 0))
        let bad = try Tool.run(["check", "Settings.bundle", "--severity", "fatal"], in: warnings.folder)
        #expect(bad.exitCode == 2)
        #expect(bad.stderr.hasPrefix("error: The value 'fatal' is invalid for '--severity <severity>'. Please provide one of 'note', 'warning' or 'error'."))
    }

    @Test("the summary names the command that fixes what a command can fix")
    func fixSummary() throws {
        let copy = try Self.broken()
        let result = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(result.stderr == """
            1 error, 1 warning, 0 notes
              1 error    titles-values-count
              1 warning  stale-key
            1 stale key is removed by `settings-l10n merge Settings.bundle --prune`

            """)
    }
}
