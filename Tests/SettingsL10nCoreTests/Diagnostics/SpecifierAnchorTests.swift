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

    @Test("Key, else Title, else type in its group; an ordinal only among identical names")
    func names() throws {
        #expect(SpecifierAnchor.names(of: try Self.schema(Self.rows).specifiers) == [
            0: "Title=Video",
            1: "Key=deblocking",
            2: "Type=PSGroupSpecifier in Title=Video",
            3: "Type=PSTitleValueSpecifier in Type=PSGroupSpecifier in Title=Video",
            4: "Type=PSTitleValueSpecifier in Type=PSGroupSpecifier in Title=Video #2",
            5: "Title=No type",
            6: "Title=Video #2",
        ])
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
}
