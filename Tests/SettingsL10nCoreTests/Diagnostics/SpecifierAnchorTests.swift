import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Specifier anchors: findings named by what a row is, not where it is")
struct SpecifierAnchorTests {
    static func specifier(_ fields: [(String, String)]) -> String {
        "\t\t<dict>\n" + fields.map { "\t\t\t<key>\($0.0)</key>\n\t\t\t<string>\($0.1)</string>\n" }.joined() + "\t\t</dict>\n"
    }

    static func schema(_ rows: [String]) throws -> SchemaFile {
        try #require(try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": xmlSchema(rows.joined())])).schemaFiles.first)
    }

    static let rows = [
        groupSpecifier("Video"),
        specifier([("Type", "PSToggleSwitchSpecifier"), ("Title", "Deblocking"), ("Key", "deblocking")]),
        specifier([("Type", "PSGroupSpecifier")]),
        specifier([("Type", "PSTitleValueSpecifier")]),
        specifier([("Type", "PSTitleValueSpecifier")]),
        specifier([("Title", "No type")]),
        groupSpecifier("Video"),
    ]

    @Test("Key, else Title, else type in the nearest group with a Key or Title; an ordinal only among identical names")
    func names() throws {
        let specifiers = try Self.schema(Self.rows).specifiers
        #expect(SpecifierAnchor.names(of: specifiers) == [
            0: "Title=Video",
            1: "Key=deblocking",
            2: "Type=PSGroupSpecifier in Title=Video",
            3: "Type=PSTitleValueSpecifier in Title=Video",
            4: "Type=PSTitleValueSpecifier #2 in Title=Video",
            5: "Title=No type",
            6: "Title=Video #2",
        ])
        // Version 2's names, which its baselines are compared by.
        #expect(SpecifierAnchor.names(of: specifiers, version: 2) == [
            0: "Title=Video",
            1: "Key=deblocking",
            2: "Type=PSGroupSpecifier in Title=Video",
            3: "Type=PSTitleValueSpecifier in Type=PSGroupSpecifier in Title=Video",
            4: "Type=PSTitleValueSpecifier in Type=PSGroupSpecifier in Title=Video #2",
            5: "Title=No type",
            6: "Title=Video #2",
        ])
    }

    static func row(key: String? = nil, title: String? = nil, type: String = "PSTitleValueSpecifier") -> String {
        specifier([("Type", type)] + (key.map { [("Key", $0)] } ?? []) + (title.map { [("Title", $0)] } ?? []))
    }

    @Test("what the file holds is escaped: no two specifiers share a name (in version 2, the second sound and a row keyed sound #2 did)")
    func escapedNames() throws {
        let rows = [
            Self.row(key: "sound"), Self.row(key: "sound"), Self.row(key: "sound #2"), Self.row(key: "a]b"), Self.row(key: "a\\]b"),
            Self.row(title: "A"), Self.row(type: "X"), Self.row(type: "X"), Self.row(title: "A", type: "PSGroupSpecifier"), Self.row(type: "X"),
            Self.row(type: "PSGroupSpecifier"), Self.row(type: "X in Title=A"), Self.row(title: "A #2"),
        ]
        let specifiers = try Self.schema(rows).specifiers
        #expect(SpecifierAnchor.names(of: specifiers) == [
            0: "Key=sound", 1: "Key=sound #2", 2: "Key=sound \\#2", 3: "Key=a\\]b", 4: "Key=a\\\\\\]b",
            5: "Title=A", 6: "Type=X", 7: "Type=X #2", 8: "Title=A #2", 9: "Type=X in Title=A #2",
            10: "Type=PSGroupSpecifier in Title=A #2", 11: "Type=X\\ in\\ Title=A in Title=A #2", 12: "Title=A \\#2",
        ])
        let old = SpecifierAnchor.names(of: specifiers, version: 2)
        #expect(old[1] == "Key=sound #2" && old[2] == "Key=sound #2")
        // Version 2: the third row of type X (in the first group A) and the row of type X in the
        // second group A were one name too.
        let grouped = SpecifierAnchor.names(of: try Self.schema([groupSpecifier("A"), Self.row(type: "X"), Self.row(type: "X"), groupSpecifier("A"),
                                                                 Self.row(type: "X")]).specifiers, version: 2)
        #expect(grouped[2] == "Type=X in Title=A #2" && grouped[4] == "Type=X in Title=A #2")
    }

    @Test("rows drawn from names that look like ordinals, groups and brackets never share a name", arguments: 0..<20)
    func uniqueNames(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let texts = ["s", "s #2", "s #3", "s\\", "s\\#2", "a]b", "a[1]", "t in Title=s", "Title=s", "s in", "#2"]
        let rows = (0..<60).map { _ in
            switch Int.random(in: 0..<4, using: &random) {
            case 0: Self.row(key: texts.randomElement(using: &random)!)
            case 1: Self.row(title: texts.randomElement(using: &random)!)
            case 2: Self.row(title: texts.randomElement(using: &random)!, type: "PSGroupSpecifier")
            default: Self.row(type: ["PSGroupSpecifier", "X", "X #2", "X in Title=s"].randomElement(using: &random)!)
            }
        }
        let names = SpecifierAnchor.names(of: try Self.schema(rows).specifiers)
        #expect(Set(names.values).count == 60)
    }

    @Test("a name is as long as the texts it quotes, however many groups without a title come before it (version 2 named each in all of them)")
    func boundedNames() throws {
        let rows = [groupSpecifier("Video")] + Array(repeating: Self.row(type: "PSGroupSpecifier"), count: 2_000)
        let names = SpecifierAnchor.names(of: try Self.schema(rows).specifiers)
        #expect(names[2_000] == "Type=PSGroupSpecifier #2000 in Title=Video")
        #expect(names.values.map(\.utf8.count).max() == "Type=PSGroupSpecifier #2000 in Title=Video".utf8.count)
    }

    @Test("a key path's specifier index becomes its name; other paths have no anchor")
    func anchors() {
        let names = [3: "Key=sound", 4: "Title=A]B"]
        #expect(SpecifierAnchor.anchor(of: "PreferenceSpecifiers[3].Titles[1]", names: names) == "PreferenceSpecifiers[Key=sound].Titles[1]")
        #expect(SpecifierAnchor.anchor(of: "PreferenceSpecifiers[4]", names: names) == "PreferenceSpecifiers[Title=A]B]")
        #expect(SpecifierAnchor.anchor(of: "PreferenceSpecifiers[5]", names: names) == nil)
        #expect(SpecifierAnchor.anchor(of: "PreferenceSpecifiers", names: names) == nil)
        #expect(SpecifierAnchor.anchor(of: "StringsTable", names: names) == nil)
        #expect(SpecifierAnchor.anchor(of: "PreferenceSpecifiers[x]", names: names) == nil)
    }

    @Test("a finding keeps its fingerprint when rows are inserted above, removed around or reordered")
    func fingerprintsSurviveEdits() throws {
        func finding(_ index: Int, in rows: [String]) throws -> String {
            let file = try Self.schema(rows)
            let diagnostic = Diagnostic(.error, rule: .specifierTypeMissing, "no Type",
                                        at: SourceLocation(file: "Root.plist", keyPath: "PreferenceSpecifiers[\(index)]"))
            return SpecifierAnchor.annotate([diagnostic], schemaFiles: [file])[0].fingerprint
        }
        let before = try finding(5, in: Self.rows)
        #expect(before == "specifier-type-missing|Root.plist|PreferenceSpecifiers[Title=No type]")
        #expect(try finding(6, in: [groupSpecifier("New")] + Self.rows) == before)
        #expect(try finding(4, in: Array(Self.rows[1...])) == before)
        #expect(try finding(0, in: [Self.rows[5]] + Self.rows[0..<5] + Self.rows[6...]) == before)
        // A table finding and a finding outside the specifiers keep theirs.
        let table = Diagnostic(.warning, rule: .staleKey, "stale", at: SourceLocation(file: "de.lproj/Root.strings", keyPath: "PreferenceSpecifiers[1]", key: "Old"))
        #expect(SpecifierAnchor.annotate([table], schemaFiles: [try Self.schema(Self.rows)]) == [table])
    }

    @Test("a version 2 baseline's accepted findings stay accepted: compared by the anchors version 2 gave; --write-baseline writes version 3")
    func versionTwoBaseline() throws {
        let file = try Self.schema(Self.rows)
        let findings = [3, 4, 6].map { index in
            Diagnostic(.warning, rule: .keyIgnored, "ignored", at: SourceLocation(file: "Root.plist", keyPath: "PreferenceSpecifiers[\(index)].Title"))
        }
        let annotated = SpecifierAnchor.annotate(findings, schemaFiles: [file])
        let old = try Baseline.parse(Array("""
            {"version": 2, "findings": [
              { "rule": "key-ignored", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[Title=Video #2].Title" },
              { "rule": "key-ignored", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[Type=PSTitleValueSpecifier in Type=PSGroupSpecifier in Title=Video #2].Title" },
              { "rule": "key-ignored", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[Type=PSTitleValueSpecifier in Type=PSGroupSpecifier in Title=Video].Title" }
            ]}
            """.utf8))
        #expect(old.compare(annotated, schemaFiles: [file]) == ([], 0))
        let current = Baseline(annotated)
        #expect(current.version == 3)
        #expect(current.entries.map { $0.keyPath ?? "" } == [
            "PreferenceSpecifiers[Title=Video #2].Title",
            "PreferenceSpecifiers[Type=PSTitleValueSpecifier #2 in Title=Video].Title",
            "PreferenceSpecifiers[Type=PSTitleValueSpecifier in Title=Video].Title",
        ])
        #expect(try Baseline.parse(Array(current.json.utf8)).compare(annotated) == ([], 0))
    }
}
