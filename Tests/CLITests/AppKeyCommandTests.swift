import Foundation
import Testing
import SettingsL10nTestSupport

/// A key the schema names under a member of the app's own (VLC's `infobuttonvalue`: the key of
/// the text its info button shows) is read by the app itself: check does not call it stale,
/// merge --prune keeps its translations, sync does not mark it stale. (check advised merge
/// --prune, which removed 435 of VLC's translations.)
@Suite("A key the app reads itself, named under a member of its own: live, never pruned")
struct AppKeyCommandTests {
    static let toggle = "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Decode</string><key>Key</key><string>hw</string><key>DefaultValue</key><true/><key>infobuttonvalue</key><string>DECODE_INFO</string></dict>"

    static func bundle() throws -> (BundleCopy, TemporaryFolder) {
        let source = try TemporaryFolder()
        try source.write("Settings.bundle/Root.plist", xmlSchema(toggle))
        try source.write("Settings.bundle/en.lproj/Root.strings", "\"Decode\" = \"Decode in hardware\";\n\"DECODE_INFO\" = \"Saves battery.\";\n")
        try source.write("Settings.bundle/de.lproj/Root.strings", "\"Decode\" = \"Hardware-Dekodierung\";\n\"DECODE_INFO\" = \"Spart Akku.\";\n\"Old\" = \"Alt\";\n")
        return (try BundleCopy(source.url.appendingPathComponent("Settings.bundle")), source)
    }

    @Test("check: only the key nothing names is stale")
    func check() throws {
        let (copy, _) = try Self.bundle()
        #expect(try Tool.run(["check", "Settings.bundle", "--each"], in: copy.folder) == ToolResult(
            stdout: "Settings.bundle/de.lproj/Root.strings:3:1: warning: no schema file uses \"Old\" (stale) [stale-key]\n",
            stderr: "0 errors, 1 warning, 0 notes\n  1 warning  stale-key\n1 stale key is removed by `settings-l10n merge Settings.bundle --prune`\n",
            exitCode: 0))
    }

    @Test("merge --prune keeps the app's key and its translations, after the schema's keys")
    func prune() throws {
        let (copy, _) = try Self.bundle()
        #expect(try Tool.run(["merge", "Settings.bundle", "--prune"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "de.lproj/Root.strings: 2 kept, 1 pruned; written\nen.lproj/Root.strings: 2 kept; up to date\n", exitCode: 0))
        #expect(String(decoding: try copy.bytes("de.lproj/Root.strings"), as: UTF8.self)
                == "\"Decode\" = \"Hardware-Dekodierung\";\n\"DECODE_INFO\" = \"Spart Akku.\";\n")
    }

    @Test("sync leaves a catalog string of the app's key as it is, --prune too")
    func sync() throws {
        let (copy, folder) = try Self.bundle()
        let catalog = folder.url.appendingPathComponent("Settings.xcstrings").path
        try Data(#"{"sourceLanguage" : "en", "strings" : {"DECODE_INFO" : {"extractionState" : "manual"}}, "version" : "1.0"}"#.utf8)
            .write(to: URL(fileURLWithPath: catalog))
        let result = try Tool.run(["sync", "Settings.bundle", "--catalog", catalog, "--prune"], in: copy.folder)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(text.contains("\"DECODE_INFO\" : {\n      \"extractionState\" : \"manual\"\n    }"))
        // Marked stale by an earlier sync, which did not know the key is the app's: manual again.
        try Data(text.replacingOccurrences(of: "\"DECODE_INFO\" : {\n      \"extractionState\" : \"manual\"",
                                           with: "\"DECODE_INFO\" : {\n      \"extractionState\" : \"stale\"").utf8).write(to: URL(fileURLWithPath: catalog))
        let revived = try Tool.run(["sync", "Settings.bundle", "--catalog", catalog], in: copy.folder)
        #expect(revived.stderr.hasPrefix("\(catalog): updated (1 used again)"), "\(revived.stderr)")
        #expect(try String(contentsOfFile: catalog, encoding: .utf8) == text)
    }
}
