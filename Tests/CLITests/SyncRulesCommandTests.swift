import Foundation
import Testing
import SettingsL10nTestSupport

/// sync's findings are rules like check's: listed, levelled and silenced by the configuration.
@Suite("sync's rules")
struct SyncRulesCommandTests {
    static let sync = ["sync", "Settings.bundle", "--catalog", "Settings.xcstrings"]

    /// The example bundle adopted into a catalog that also holds a French translation, which no
    /// folder ships: one `sync-language-missing` finding.
    static func frenchCatalog() throws -> BundleCopy {
        let copy = try BundleCopy()
        #expect(try Tool.run(sync, in: copy.folder).exitCode == 0)
        let url = copy.folder.appendingPathComponent("Settings.xcstrings")
        let adopted = try String(contentsOf: url, encoding: .utf8)
        let french = adopted.replacingOccurrences(of: "        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Analyse\"",
                                                  with: "        \"fr\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Analyse\"\n          }\n        },\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Analyse\"")
        #expect(french != adopted)
        try Data(french.utf8).write(to: url)
        return copy
    }

    static let languageMissing = "Settings.xcstrings: warning: the catalog has translations into fr, which has no .lproj folder in the bundle, so they do not ship; create fr.lproj to ship them [sync-language-missing]\n"

    @Test("rules lists sync's rules after check's, each with its default severity")
    func listed() throws {
        let result = try Tool.run(["rules"])
        #expect(result.exitCode == 0)
        let ids = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(Array(ids.suffix(5)) == ["sync-conflict", "sync-tables-disagree", "sync-table-missing", "sync-language-missing", "sync-app-strings"])
    }

    @Test("the configuration switches a sync rule off, re-levels it, and ignore silences it; check does not call such an entry unused")
    func configured() throws {
        let copy = try Self.frenchCatalog()
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(
            stdout: "", stderr: Self.languageMissing + "the catalog and the tables are in sync\n", exitCode: 0))
        let configuration = copy.folder.appendingPathComponent(".settings-l10n.json")
        try Data(#"{"rules": {"sync-language-missing": "off"}}"#.utf8).write(to: configuration)
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "the catalog and the tables are in sync\n", exitCode: 0))
        try Data(#"{"rules": {"sync-language-missing": "error"}}"#.utf8).write(to: configuration)
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(
            stdout: "", stderr: Self.languageMissing.replacingOccurrences(of: ": warning: ", with: ": error: ")
                + "the catalog and the tables are not in sync: sync cannot carry what the error above names; fix it and check again\n", exitCode: 1))
        try Data(#"{"ignore": [{"rule": "sync-language-missing", "file": "../Settings.xcstrings"}]}"#.utf8).write(to: configuration)
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "the catalog and the tables are in sync\n", exitCode: 0))
        #expect(try Tool.run(["check", "Settings.bundle"], in: copy.folder) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
    }

    @Test("sync-language-missing says which: another spelling of a language the catalog has (DE beside de), a name that is no language (\"../x\", \"\"), a language without a folder")
    func languageMissingKinds() throws {
        let copy = try Self.frenchCatalog()
        let url = copy.folder.appendingPathComponent("Settings.xcstrings")
        let french = try String(contentsOf: url, encoding: .utf8)
        var odd = french
        for tag in ["DE", "../x", ""] {
            odd = odd.replacingOccurrences(of: "        \"fr\" : {\n", with: "        \"\(tag)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Analyse\" } },\n        \"fr\" : {\n")
        }
        #expect(odd != french)
        try Data(odd.utf8).write(to: url)
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(stdout: "", stderr: """
            Settings.xcstrings: warning: the catalog has translations into "DE" as well as into "de", which both name de.lproj; sync takes "de"'s and leaves "DE"'s alone, so they do not ship: move them to "de" [sync-language-missing]
            Settings.xcstrings: warning: the catalog has translations into "../x", which is not a language identifier, so they do not ship; give them a language's tag (de, pt-BR) [sync-language-missing]
            Settings.xcstrings: warning: the catalog has translations into "", which is not a language identifier, so they do not ship; give them a language's tag (de, pt-BR) [sync-language-missing]

            """ + Self.languageMissing + "the catalog and the tables are in sync\n", exitCode: 0))
    }

    @Test("an Xcode catalog's zh-Hans ships in zh_CN.lproj, the folder that spells it otherwise (it was sync-language-missing, and the folder got nothing)")
    func otherSpelling() throws {
        let copy = try Self.frenchCatalog()
        let url = copy.folder.appendingPathComponent("Settings.xcstrings")
        let french = try String(contentsOf: url, encoding: .utf8)
        let chinese = french.replacingOccurrences(of: "        \"fr\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Analyse\"",
                                                  with: "        \"zh-Hans\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"分析\"")
        #expect(chinese != french)
        try Data(chinese.utf8).write(to: url)
        try FileManager.default.createDirectory(at: copy.bundle.appendingPathComponent("zh_CN.lproj"), withIntermediateDirectories: false)
        #expect(try Tool.run(Self.sync + ["--check"], in: copy.folder) == ToolResult(
            stdout: "", stderr: "sync would change 1 table (zh_CN.lproj/Privacy.strings); run settings-l10n sync Settings.bundle --catalog Settings.xcstrings\n", exitCode: 1))
        #expect(try Tool.run(Self.sync, in: copy.folder) == ToolResult(
            stdout: "", stderr: "Settings.xcstrings: up to date\nzh_CN.lproj/Privacy.strings: wrote 1 translation from the catalog (new file)\n", exitCode: 0))
        #expect(try String(decoding: copy.bytes("zh_CN.lproj/Privacy.strings"), as: UTF8.self) == "/* Privacy.plist › group heading */\n\"Analytics\" = \"分析\";\n")
        #expect(try String(contentsOf: url, encoding: .utf8) == chinese)
    }
}
