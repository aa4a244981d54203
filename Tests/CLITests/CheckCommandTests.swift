import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("settings-l10n check")
struct CheckCommandTests {
    /// A copy of the example bundle with one error (a Titles/Values mismatch) and one warning
    /// (a stale key).
    static func broken() throws -> BundleCopy {
        let copy = try BundleCopy()
        let root = copy.bundle.appendingPathComponent("OfflineMaps.plist")
        try replaceOnce(in: root, "\t\t\t\t<integer>365</integer>\n", with: "")
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try (String(contentsOf: german, encoding: .utf8) + "\"Old\" = \"Alt\";\n").write(to: german, atomically: true, encoding: .utf8)
        return copy
    }

    @Test("the example bundle is clean, even under --strict")
    func clean() throws {
        #expect(try Tool.run(["check", "Resources/Settings.bundle", "--strict"]) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
    }

    @Test("--stamp writes its file when the check passes, and only then (the build-tool plugin's output)")
    func stamp() throws {
        let copy = try Self.broken()
        let stamp = copy.folder.appendingPathComponent("check.swift")
        #expect(try Tool.run(["check", "Settings.bundle", "--stamp", stamp.path], in: copy.folder).exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
        let clean = try BundleCopy()
        let result = try Tool.run(["check", clean.bundle.path, "--stamp", stamp.path])
        #expect(result == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(String(decoding: try Data(contentsOf: stamp), as: UTF8.self) == "// settings-l10n check passed: Settings.bundle (0 warnings)\n")
    }

    @Test("text lines name the file relative to the working directory; errors exit 1")
    func text() throws {
        let copy = try Self.broken()
        let result = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(result == ToolResult(stdout: """
        Settings.bundle/OfflineMaps.plist:66:4: error: Titles has 3 entries, Values has 2 [titles-values-count]
        Settings.bundle/de.lproj/Privacy.strings:6:1: warning: no schema file uses "Old" (stale) [stale-key]

        """, stderr: "1 error, 1 warning, 0 notes\n  1 error    titles-values-count\n  1 warning  stale-key\n"
            + "1 stale key is removed by `settings-l10n merge Settings.bundle --prune`\n", exitCode: 1))
    }

    @Test("--strict fails on warnings; a configuration beside the bundle can switch a rule off")
    func strictAndConfiguration() throws {
        let copy = try BundleCopy()
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try (String(contentsOf: german, encoding: .utf8) + "\"Old\" = \"Alt\";\n").write(to: german, atomically: true, encoding: .utf8)
        #expect(try Tool.run(["check", copy.bundle.path]).exitCode == 0)
        #expect(try Tool.run(["check", copy.bundle.path, "--strict"]).exitCode == 1)
        try #"{"rules": {"stale-key": "off"}}"#.write(to: copy.folder.appendingPathComponent(".settings-l10n.json"), atomically: true, encoding: .utf8)
        #expect(try Tool.run(["check", copy.bundle.path, "--strict"]) == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        try #"{"rules": {"stale-key": "error"}}"#.write(to: copy.folder.appendingPathComponent(".settings-l10n.json"), atomically: true, encoding: .utf8)
        #expect(try Tool.run(["check", copy.bundle.path]).exitCode == 1)
    }

    @Test("a bad configuration is a usage error with a clear message")
    func badConfiguration() throws {
        let copy = try BundleCopy()
        let config = copy.folder.appendingPathComponent("custom.json")
        try #"{"rules": {"stale-keys": "off"}}"#.write(to: config, atomically: true, encoding: .utf8)
        let result = try Tool.run(["check", copy.bundle.path, "--config", config.path])
        #expect(result == ToolResult(stdout: "", stderr: "error: \(config.path): \"rules\" names \"stale-keys\", which is not a rule; did you mean \"stale-key\"? (settings-l10n rules lists them)\n", exitCode: 2))
    }

    @Test("--format github prints workflow commands; --format json the contract's document")
    func formats() throws {
        let copy = try Self.broken()
        let github = try Tool.run(["check", "Settings.bundle", "--format", "github"], in: copy.folder)
        #expect(github.stdout == """
        ::error file=Settings.bundle/OfflineMaps.plist,line=66,col=4,title=settings-l10n titles-values-count::Titles has 3 entries, Values has 2
        ::warning file=Settings.bundle/de.lproj/Privacy.strings,line=6,col=1,title=settings-l10n stale-key::no schema file uses "Old" (stale)

        """)
        #expect(github.exitCode == 1)
        let json = try Tool.run(["check", "Settings.bundle", "--format", "json"], in: copy.folder)
        #expect(json.stderr == "")
        #expect(json.exitCode == 1)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(document["errorCount"] as? Int == 1)
        #expect(document["warningCount"] as? Int == 1)
        let first = (document["diagnostics"] as! [[String: Any]])[0]
        #expect(first["file"] as? String == "OfflineMaps.plist")
        #expect(first["keyPath"] as? String == "PreferenceSpecifiers[3].Titles")
        #expect(first["rule"] as? String == "titles-values-count")
    }

    @Test("--absolute-paths and --locale")
    func options() throws {
        let copy = try Self.broken()
        let result = try Tool.run(["check", "Settings.bundle", "--absolute-paths", "--locale", "sv"], in: copy.folder)
        let real = URL(fileURLWithPath: copy.bundle.path).resolvingSymlinksInPath().path
        #expect(result.stdout == "\(real)/OfflineMaps.plist:66:4: error: Titles has 3 entries, Values has 2 [titles-values-count]\n")
    }

    @Test("--output replaces the file whole and keeps its permissions; a folder that is not there is made")
    func outputFile() throws {
        let copy = try BundleCopy()
        let report = copy.folder.appendingPathComponent("report.txt")
        try Data("an old report\n".utf8).write(to: report)
        #expect(chmod(report.path, 0o600) == 0)
        let result = try Tool.run(["check", "Settings.bundle", "--output", "report.txt"], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try String(contentsOf: report, encoding: .utf8) == "")
        let mode = try FileManager.default.attributesOfItem(atPath: report.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.path).sorted() == ["Settings.bundle", "report.txt"])
        let missing = try Tool.run(["check", "Settings.bundle", "--output", "nowhere/report.txt"], in: copy.folder)
        #expect(missing == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.path).sorted() == ["Settings.bundle", "nowhere", "report.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.appendingPathComponent("nowhere").path) == ["report.txt"])
    }

    @Test("settings-l10n rules lists every rule with its severity")
    func rules() throws {
        let result = try Tool.run(["rules"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.split(separator: "\n").count == 59)
        #expect(result.stdout.contains("titles-values-count              error    Titles and Values have different numbers of entries.\n"))
    }

    @Test("docs/rules.md is the table settings-l10n rules --format markdown prints, under its heading")
    func rulesDocument() throws {
        let document = try DocsText.file("docs/rules.md")
        let table = try Tool.run(["rules", "--format", "markdown"])
        #expect(table.exitCode == 0 && table.stdout.hasPrefix("| rule | default | what it finds |\n"))
        let start = try #require(document.range(of: "\n| rule |"), "docs/rules.md holds no rule table")
        #expect(document.hasPrefix("# Rules\n"))
        #expect(String(document[document.index(after: start.lowerBound)...]) == table.stdout,
                "docs/rules.md differs from `settings-l10n rules --format markdown`: regenerate it with `scripts/check-docs --update` (after `swift build`)")
    }

    @Test("a SARIF report's helpUri of every rule is the rule's row in docs/rules.md, at this version's tag")
    func helpURIs() throws {
        let sarif = try Tool.run(["check", TestPaths.exampleBundle.path, "--format", "sarif"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let uris = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["helpUri"] as? String }
        let version = try #require(driver["version"] as? String)
        let prefix = "https://github.com/settings-l10n/settings-l10n/blob/v\(version)/docs/rules.md#"
        #expect(uris.count == 54)
        #expect(uris.first == prefix + "rule-plist-syntax")
        let table = try DocsText.file("docs/rules.md")
        #expect(uris.filter { !$0.hasPrefix(prefix) || !table.contains("<a id=\"\($0.dropFirst(prefix.count))\"></a>") } == [])
    }
}
