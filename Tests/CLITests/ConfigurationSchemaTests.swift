import Foundation
import Testing
import SettingsL10nTestSupport

/// The JSON Schemas of `.settings-l10n.json` and the baseline (`schemas/`), which editors validate
/// and complete the files with: each agrees with what the tool reads, every example
/// configuration in the documentation and every baseline the tool writes validates.
@Suite("The JSON Schemas of the configuration and the baseline", .requires(.jsonSchema))
struct ConfigurationSchemaTests {
    /// A fenced JSON block of the documentation, and the marker line above it.
    struct Block {
        var file: String
        var line: Int
        var marker: String
        var text: String
    }

    static let documents = ["README.md", "Development.md"] + (try! FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot.appendingPathComponent("docs").path))
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// Every ```json block of the documentation.
    static func jsonBlocks() throws -> [Block] {
        var blocks: [Block] = []
        for file in documents {
            let lines = try DocsText.file(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < lines.count {
                let trimmed = lines[index].drop { $0 == " " }
                guard trimmed == "```json" else { index += 1; continue }
                let indent = lines[index].count - trimmed.count
                let marker = lines[..<index].last { !$0.allSatisfy { $0 == " " } }?.trimmingCharacters(in: .whitespaces) ?? ""
                var body: [String] = []
                index += 1
                while index < lines.count, lines[index].drop(while: { $0 == " " }) != "```" {
                    body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                    index += 1
                }
                blocks.append(Block(file: file, line: index - body.count, marker: marker, text: body.joined(separator: "\n")))
                index += 1
            }
        }
        return blocks
    }

    /// The settings the tool reads, as its message about an unknown one lists them.
    static func settings() throws -> [String] {
        let folder = try TemporaryFolder()
        let configuration = try folder.write("c.json", #"{"not-a-setting": 1}"#)
        let result = try Tool.run(["check", TestPaths.exampleBundle.path, "--config", configuration.path])
        let list = try #require(result.stderr.components(separatedBy: "the settings are ").last)
        return list.trimmingCharacters(in: .newlines).components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    static func schema(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("the configuration's schema has exactly the tool's settings, and its rules are the tool's rules")
    func agrees() throws {
        let schema = try Self.schema(TestPaths.configurationSchema)
        #expect(schema["additionalProperties"] as? Bool == false)
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(try Self.settings()), "schemas/settings-l10n.schema.json and CheckConfiguration.settings differ")
        let rules = try Tool.run(["rules"]).stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        let enumerated = ((schema["definitions"] as? [String: Any])?["rule"] as? [String: Any])?["enum"] as? [String]
        #expect(enumerated == rules, "the rule list of schemas/settings-l10n.schema.json (definitions.rule) is not settings-l10n rules's")
        // The baseline's versions are those the tool reads.
        let baseline = try Self.schema(TestPaths.baselineSchema)
        let versions = ((baseline["properties"] as? [String: Any])?["version"] as? [String: Any])?["enum"] as? [Int]
        let folder = try TemporaryFolder()
        for version in 0...4 {
            let file = try folder.write("v\(version).json", "{\"version\": \(version), \"findings\": []}")
            let read = try Tool.run(["check", TestPaths.exampleBundle.path, "--baseline", file.path])
            #expect((read.exitCode == 0) == (versions ?? []).contains(version), "a version \(version) baseline: \(read)")
        }
    }

    @Test("every configuration in the documentation is marked, valid against the schema, and read by the tool")
    func documentedConfigurations() throws {
        let configurationOnly: Set<String> = ["rules", "ignore", "doNotTranslate", "keep", "tableFallback", "inApp", "rootPage", "generatedPanes",
                                              "catalog", "strict", "severity", "baseline", "failOnFixedBaseline", "requiredVersion", "$schema"]
        let folder = try TemporaryFolder()
        var validated = 0
        for block in try Self.jsonBlocks() {
            let value = try? JSONSerialization.jsonObject(with: Data(block.text.utf8))
            let keys = Set((value as? [String: Any])?.keys.map { $0 } ?? [])
            let place = "\(block.file):\(block.line)"
            switch block.marker {
            case "<!-- settings-l10n.json -->":
                #expect(try SchemaValidation.jsonProblems(block.text, schema: TestPaths.configurationSchema) == [], "\(place)")
                let file = try folder.write("\(validated).json", block.text)
                let read = try Tool.run(["check", TestPaths.exampleBundle.path, "--config", file.path, "--print-input-files"])
                #expect(read.exitCode == 0, "\(place): \(read.stderr)")
                validated += 1
            case "<!-- baseline.json -->":
                #expect(try SchemaValidation.jsonProblems(block.text, schema: TestPaths.baselineSchema) == [], "\(place)")
                validated += 1
            default:
                #expect(keys.isDisjoint(with: configurationOnly) && !keys.contains("findings"),
                        "\(place) looks like a configuration or a baseline: mark it <!-- settings-l10n.json --> or <!-- baseline.json -->")
            }
        }
        #expect(validated >= 4)
    }

    @Test("every baseline the tool writes is valid against the schema: every corpus bundle, clean and with findings of each kind")
    func writtenBaselines() throws {
        let folder = try TemporaryFolder()
        let broken = try ReportFormatCommandTests.brokenCopy()
        let bundles = [TestPaths.exampleBundle, broken.bundle] + TestPaths.corpusBundles().map(TestPaths.corpus)
        for (index, bundle) in bundles.enumerated() {
            let file = folder.url.appendingPathComponent("\(index).json")
            let written = try Tool.run(["check", bundle.path, "--write-baseline", file.path])
            #expect(written.exitCode == 0, "\(bundle.path): \(written)")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(try SchemaValidation.jsonProblems(text, schema: TestPaths.baselineSchema) == [], "\(bundle.lastPathComponent)")
        }
        // The schema refuses what the tool refuses.
        for bad in [#"{"version": 2}"#, #"{"version": 2, "findings": [{"rule": "stale-key"}]}"#, #"{"version": 2, "findings": [{"rule": "a", "file": "b", "count": 0}]}"#] {
            #expect(try SchemaValidation.jsonProblems(bad, schema: TestPaths.baselineSchema) != [], "\(bad)")
            let file = try folder.write("bad.json", bad)
            #expect(try Tool.run(["check", TestPaths.exampleBundle.path, "--baseline", file.path]).exitCode == 3, "\(bad)")
        }
        // $schema is accepted in a baseline.
        let withSchema = try folder.write("schema.json", #"{"$schema": "https://raw.githubusercontent.com/settings-l10n/settings-l10n/main/schemas/baseline.schema.json", "version": 2, "findings": []}"#)
        #expect(try SchemaValidation.jsonProblems(String(contentsOf: withSchema, encoding: .utf8), schema: TestPaths.baselineSchema) == [])
        #expect(try Tool.run(["check", TestPaths.exampleBundle.path, "--baseline", withSchema.path]).exitCode == 0)
    }

    @Test("what the tool refuses in a configuration, the schema refuses", arguments: [
        #"{"rules": {"stale-keys": "off"}}"#, #"{"rules": {"stale-key": "loud"}}"#, #"{"strict": "yes"}"#, #"{"severity": "warnings"}"#,
        #"{"baseline": "/tmp/b.json"}"#, #"{"requiredVersion": "latest"}"#, #"{"ignore": [{}]}"#, #"{"ignore": [{"rule": "stale-keys"}]}"#,
        #"{"developmentLanguage": "Base"}"#, #"{"tableFallback": "name"}"#, #"{"bundle": "../Settings.bundle"}"#, #"{"keep": [""]}"#,
        #"{"generatedPanes": [{"tables": ["x"]}]}"#, #"{"unknown": 1}"#, #"{"$schema": 1}"#,
    ])
    func refusals(text: String) throws {
        #expect(try SchemaValidation.jsonProblems(text, schema: TestPaths.configurationSchema) != [])
        let folder = try TemporaryFolder()
        let file = try folder.write("c.json", text)
        #expect(try Tool.run(["check", TestPaths.exampleBundle.path, "--config", file.path]).exitCode == 2)
    }
}
