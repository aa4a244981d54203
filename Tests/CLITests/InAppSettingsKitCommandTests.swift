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

    @Test("a string only a .inApp.plist file uses is said to be shown by InAppSettingsKit, which alone reads it, with or without --in-app")
    func inAppOnlyShower() throws {
        let folder = try TemporaryFolder()
        let toggle = { (title: String) in "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>\(title)</string><key>Key</key><string>k</string><key>DefaultValue</key><true/></dict>" }
        try folder.write("Settings.bundle/Root.plist", xmlSchema(toggle("Sound")))
        try folder.write("Settings.bundle/Root.inApp.plist", xmlSchema(toggle("Sound") + "\n" + toggle("Privacy")))
        try folder.write("Settings.bundle/en.lproj/Root.strings", "\"Sound\" = \"Sound\";\n\"Privacy\" = \"Privacy\";\n")
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Other\" = \"Andere\";\n")
        for host in [[], ["--in-app"]] {
            let check = try Tool.run(["check", "Settings.bundle", "--each"] + host, in: folder.url)
            #expect(check.stdout.split(separator: "\n").filter { $0.hasSuffix("[missing-translation]") }.joined(separator: "\n") + "\n" == """
                Settings.bundle/de.lproj/Root.strings: warning: "Sound" is not translated: \(host.isEmpty ? "the Settings app" : "InAppSettingsKit") shows it as written (used at Root.plist:9) [missing-translation]
                Settings.bundle/de.lproj/Root.strings: warning: "Privacy" is not translated: InAppSettingsKit shows it as written (used at Root.inApp.plist:10) [missing-translation]

                """, "\(host)")
        }
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
