import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 47, case 4: InAppSettingsKit's strings, judged as InAppSettingsKit shows them, and one
/// verdict between check and merge --prune.
@Suite("settings-l10n and InAppSettingsKit's strings")
struct InAppSettingsKitCommandTests {
    static let sample = "Tests/Corpus/bundles/futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle"

    /// A Settings.bundle with a switch and InAppSettingsKit's mail row, translated in en and de.
    static func mailBundle() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema("""
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>sound</string><key>DefaultValue</key><true/></dict>
        \t\t<dict><key>Type</key><string>IASKMailComposeSpecifier</string><key>Title</key><string>Send Mail</string><key>IASKMailComposeSubject</key><string>Feedback</string></dict>
        """))
        try folder.write("Settings.bundle/en.lproj/Root.strings", "\"Sound\" = \"Sound\";\n\"Send Mail\" = \"Send Mail\";\n\"Feedback\" = \"Feedback\";\n")
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Sound\" = \"Ton\";\n\"Send Mail\" = \"Mail senden\";\n\"Feedback\" = \"Rückmeldung\";\n")
        try folder.write(".settings-l10n.json", "{\"rules\": {\"specifier-type-third-party\": \"off\"}}\n")
        return folder
    }

    @Test("without --in-app, check does not call stale what merge --prune keeps (InAppSettingsKit's mail row), so --strict passes")
    func settingsAppAgreesWithPrune() throws {
        let folder = try Self.mailBundle()
        #expect(try Tool.run(["check", "Settings.bundle", "--strict"], in: folder.url) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        let merge = try Tool.run(["merge", "Settings.bundle", "--prune", "--check"], in: folder.url)
        #expect(merge == ToolResult(stdout: "", stderr: """
            de.lproj/Root.strings: 3 kept; up to date
            en.lproj/Root.strings: 3 kept; up to date

            """, exitCode: 0))
    }

    @Test("--in-app: the sample's subtitles, web page title and localized URL are neither stale nor pruned; DecimalPad is a keyboard")
    func sampleInApp() throws {
        let check = try Tool.run(["check", Self.sample, "--in-app", "--format", "json"])
        #expect(!check.stdout.contains("\"stale-key\""))
        #expect(!check.stdout.contains("KeyboardType \\\"DecimalPad\\\""))
        #expect(check.stdout.contains("AutocorrectionType \\\"no\\\" is not one of Default, No, Yes"))
        let copy = try BundleCopy(TestPaths.packageRoot.appendingPathComponent(Self.sample))
        let merge = try Tool.run(["merge", copy.bundle.path, "--in-app", "--prune"])
        #expect(merge.exitCode == 0)
        #expect(!merge.stderr.contains("pruned"), "\(merge)")
        let german = try String(contentsOf: copy.bundle.appendingPathComponent("de.lproj/Root.strings"), encoding: .utf8)
        for key in ["TOGGLE_SWITCH_SUBTITLE_YES", "TOGGLE_SWITCH_SUBTITLE_NO", "ABOUT_TITLE", "LOCALIZED_URL", "Yellow fruit"] {
            #expect(german.contains("\"\(key)\""), "\(key) was pruned")
        }
    }
}
