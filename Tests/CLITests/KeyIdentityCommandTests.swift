import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 47, case 2, end to end: the schema's `Café` is precomposed (NFC); a German table holds
/// the NFC entry, then a decomposed (NFD) twin. The device keeps two keys; so does every command.
@Suite("Keys compared by code units, end to end")
struct KeyIdentityCommandTests {
    static let nfc = "Caf\u{E9}"
    static let nfd = "Cafe\u{301}"

    /// A bundle whose German table is `german`.
    static func bundle(german: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let specifiers = "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>\(nfc)</string></dict>\n"
            + "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Music</string><key>Key</key><string>music</string><key>DefaultValue</key><true/></dict>"
        try folder.write("Settings.bundle/Root.plist", xmlSchema(specifiers))
        try folder.write("Settings.bundle/en.lproj/Root.strings", "\"\(nfc)\" = \"\(nfc)\";\n\"Music\" = \"Music\";\n")
        try folder.write("Settings.bundle/de.lproj/Root.strings", german)
        return folder
    }

    static let twins = "\"\(nfc)\" = \"Kaffee\";\n\"\(nfd)\" = \"Kaffee (NFD)\";\n\"Music\" = \"Musik\";\n"

    @Test("check reports the look-alike pair and the NFD twin as stale (it called the NFC line the overridden duplicate)")
    func check() throws {
        let folder = try Self.bundle(german: Self.twins)
        let result = try Tool.run(["check", folder.path + "/Settings.bundle", "--strict", "--format", "json"])
        #expect(result.exitCode == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["key-look-alike", "stale-key"])
        #expect(findings.map { $0["line"] as? Int } == [2, 2])
        #expect(!result.stdout.contains("duplicate-key"))
    }

    @Test("merge keeps both: the NFC translation live, the NFD twin obsolete (it deleted the NFC translation)")
    func merge() throws {
        let folder = try Self.bundle(german: Self.twins)
        let result = try Tool.run(["merge", folder.path + "/Settings.bundle"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("de.lproj/Root.strings: 2 kept, 1 obsolete; written"))
        let table = try String(contentsOfFile: folder.path + "/Settings.bundle/de.lproj/Root.strings", encoding: .utf8)
        #expect(Array(table.utf8) == Array("""
            "\(Self.nfc)" = "Kaffee";
            "Music" = "Musik";
            /* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */
            "\(Self.nfd)" = "Kaffee (NFD)";

            """.utf8))
        #expect(try Tool.run(["merge", folder.path + "/Settings.bundle", "--check"]).exitCode == 0)
    }

    @Test("a table keyed only in NFD: status counts the key missing, render shows the key (both said translated)")
    func onlyTwin() throws {
        let folder = try Self.bundle(german: "\"\(Self.nfd)\" = \"Kaffee\";\n\"Music\" = \"Musik\";\n")
        let status = try Tool.run(["status", folder.path + "/Settings.bundle", "--locale", "de"])
        #expect(status.stdout.contains("de      Root          1/2      0        1      1    50.0%"))
        let render = try Tool.run(["render", folder.path + "/Settings.bundle", "--locale", "de"])
        #expect(render.exitCode == 0)
        #expect(render.stdout.contains("── \(Self.nfc) ──"))
        #expect(!render.stdout.contains("Kaffee"))
    }
}
