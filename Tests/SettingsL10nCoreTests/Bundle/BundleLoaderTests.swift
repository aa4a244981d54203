import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Reading a bundle")
struct BundleLoaderTests {
    private func load(_ files: [String: String]) throws -> SettingsBundle {
        try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
    }

    private func rules(_ bundle: SettingsBundle) -> [String] {
        bundle.diagnostics.map(\.rule.rawValue)
    }

    @Test("schema files come in walk order: Root and its variants, reachable panes, then the rest")
    func walkOrder() throws {
        let bundle = try load([
            "Root.plist": xmlSchema(childPane(title: "B", file: "B") + childPane(title: "A", file: "A")),
            "Root~ipad.plist": xmlSchema(""),
            "Root.inApp.plist": xmlSchema(childPane(title: "A", file: "A")),
            "A.plist": xmlSchema(childPane(title: "C", file: "C")),
            "A.inApp.plist": xmlSchema(""),
            "B.plist": xmlSchema(""),
            "C.plist": xmlSchema(""),
            "Orphan.plist": xmlSchema(""),
            "en.lproj/Root.strings": "\"A\" = \"A\";",
        ])
        #expect(bundle.schemaFiles.map(\.path) == [
            "Root.plist", "B.plist", "A.plist", "C.plist", "Root~ipad.plist", "Root.inApp.plist",
            "A.inApp.plist", "Orphan.plist",
        ])
        #expect(bundle.schemaFiles.filter { !$0.isReachable }.map(\.path) == ["Orphan.plist"])
        #expect(bundle.schemaFile(at: "Root.inApp.plist")?.name.isInApp == true)
        #expect(bundle.schemaFile(at: "Root~ipad.plist")?.name.idiom == .pad)
        #expect(bundle.paneLinks.map(\.targets) == [["B.plist"], ["A.plist"], ["C.plist"], ["A.inApp.plist"]])
        #expect(bundle.diagnostics.isEmpty)
        #expect(bundle.localizations.map(\.folder) == ["en.lproj"])
        #expect(bundle.localizations[0].tables.map(\.path) == ["en.lproj/Root.strings"])
    }

    @Test("File values with a path, '..' or .plist are refused with an error", arguments: [
        ("../Outside", "File \"../Outside\" contains a path separator; it must be a plain file name; it was not opened"),
        ("sub/Pane", "File \"sub/Pane\" contains a path separator; it must be a plain file name; it was not opened"),
        ("..", "File \"..\" contains '..'; it must be a plain file name; it was not opened"),
        ("Pane.plist", "File \"Pane.plist\" has the .plist extension, which the Settings app adds itself (write \"Pane\"); it was not opened"),
        ("C:\\Pane", "File \"C:\\\\Pane\" contains a path separator; it must be a plain file name; it was not opened"),
    ])
    func refusedFileValues(file: String, message: String) throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "P", file: file)), "Pane.plist": xmlSchema("")])
        #expect(bundle.diagnostics == [Diagnostic(
            .error, rule: .childPaneFileInvalid, message,
            at: SourceLocation(file: "Root.plist", line: 15, column: 4, keyPath: "PreferenceSpecifiers[0].File"))])
        #expect(bundle.schemaFile(at: "Pane.plist")?.isReachable == false)
    }

    @Test("a File naming a missing schema file is reported")
    func missingPane() throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "P", file: "Gone"))])
        #expect(bundle.diagnostics == [Diagnostic(
            .error, rule: .childPaneFileMissing,
            "File \"Gone\" names Gone.plist, which is not in the bundle; tapping the row opens an empty page",
            at: SourceLocation(file: "Root.plist", line: 15, column: 4, keyPath: "PreferenceSpecifiers[0].File"))])
    }

    @Test("a pane cycle is reported once and not followed forever")
    func cycle() throws {
        let bundle = try load([
            "Root.plist": xmlSchema(childPane(title: "A", file: "A")),
            "A.plist": xmlSchema(childPane(title: "B", file: "B")),
            "B.plist": xmlSchema(childPane(title: "A", file: "A") + childPane(title: "Root", file: "Root")),
        ])
        #expect(bundle.schemaFiles.map(\.path) == ["Root.plist", "A.plist", "B.plist"])
        #expect(bundle.diagnostics.map(\.message) == [
            "child panes form a cycle: A.plist → B.plist → A.plist",
            "child panes form a cycle: Root.plist → A.plist → B.plist → Root.plist",
        ])
        #expect(bundle.diagnostics.map(\.location.file) == ["B.plist", "B.plist"])
        #expect(Set(rules(bundle)) == ["child-pane-cycle"])
    }

    @Test("a bundle without Root.plist is reported")
    func noRoot() throws {
        let bundle = try load(["Other.plist": xmlSchema("")])
        #expect(rules(bundle) == ["root-plist-missing"])
    }

    @Test("malformed schema files are diagnostics with their position; tables are parsed when used")
    func malformedFiles() throws {
        let bundle = try load([
            "Root.plist": "<plist><dict><key>PreferenceSpecifiers</key>\n<array><dict></array></dict></plist>",
            "de.lproj/Root.strings": "\"a\" = \"b\";\n\"c\" = \"d\"",
            "de.lproj/Other.strings": "\"ok\" = \"fine\";",
        ])
        #expect(bundle.diagnostics == [
            Diagnostic(.error, rule: .rootPlistMissing,
                       "the bundle has no Root.plist, so the Settings app shows no settings for the app",
                       at: SourceLocation(file: "Root.plist")),
            Diagnostic(.error, rule: .plistSyntax, "not a property list: </array> does not close <dict> (opened at line 2)",
                       at: SourceLocation(file: "Root.plist", line: 2, column: 14)),
        ])
        let tables = bundle.localizations[0].tables
        #expect(tables.map(\.name) == ["Other", "Root"])
        #expect(tables[0].values() == ["ok": "fine"])
        #expect(throws: TableReadError.malformed(path: "de.lproj/Root.strings",
                                                 error: SyntaxError("missing ';' after the value of \"c\"", at: TextPosition(line: 2, column: 10)))) {
            try tables[1].parse()
        }
        #expect(tables[1].values() == nil)
    }

    @Test("structure problems of a schema file are reported with key paths")
    func structure() throws {
        let bundle = try load([
            "Root.plist": "<plist><dict><key>PreferenceSpecifiers</key><array><string>x</string><dict/></array></dict></plist>",
            "Root~ipad.plist": "<plist><array/></plist>",
            "Third.plist": "<plist><dict><key>StringsTable</key><integer>1</integer></dict></plist>",
            // Not pages: no pane opens them, and they have neither PreferenceSpecifiers nor StringsTable.
            "Other.plist": "<plist><array/></plist>",
            "Data.plist": "<plist><dict><key>Version</key><integer>2</integer></dict></plist>",
        ])
        #expect(bundle.diagnostics.map { "\($0.rule) \($0.location.file) \($0.location.keyPath ?? "-")" } == [
            "specifier-not-dictionary Root.plist PreferenceSpecifiers[0]",
            "schema-root-not-dictionary Root~ipad.plist -",
            "value-type Third.plist StringsTable",
            "preference-specifiers-missing Third.plist -",
        ])
        #expect(bundle.schemaFile(at: "Root.plist")?.specifiers.map(\.keyPath.description) == ["PreferenceSpecifiers[1]"])
        #expect(bundle.schemaFiles.map(\.path).sorted() == ["Root.plist", "Root~ipad.plist", "Third.plist"])
        #expect(bundle.otherEntries.map(\.name).sorted() == ["Data.plist", "Other.plist"])
    }
}
