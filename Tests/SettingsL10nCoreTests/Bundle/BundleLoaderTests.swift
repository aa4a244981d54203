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

    @Test("File values that leave the bundle, are absolute or malformed are refused, and hide keys as a file that did not load", arguments: [
        ("../Outside", "File \"../Outside\" leaves the bundle through '..'; the Settings app opens schema files inside the bundle only; it was not opened"),
        ("sub/../../Pane", "File \"sub/../../Pane\" leaves the bundle through '..'; the Settings app opens schema files inside the bundle only; it was not opened"),
        ("/etc/Pane", "File \"/etc/Pane\" is an absolute path; the Settings app opens schema files inside the bundle only; it was not opened"),
        ("..", "File \"..\" leaves the bundle through '..'; the Settings app opens schema files inside the bundle only; it was not opened"),
        // A combining mark after the '/': one character with it, but the system still climbs the '..'.
        ("../\u{301}Pane", "File \"../\u{301}Pane\" leaves the bundle through '..'; the Settings app opens schema files inside the bundle only; it was not opened"),
        ("sub//Pane", "File \"sub//Pane\" has an empty or '.' folder name; write the path from the bundle's folder, as Folder/Name; it was not opened"),
        ("./Pane", "File \"./Pane\" has an empty or '.' folder name; write the path from the bundle's folder, as Folder/Name; it was not opened"),
        (".git/Pane", "File \".git/Pane\" is in a hidden folder, which the app's bundle does not ship; it was not opened"),
        ("Pane.plist", "File \"Pane.plist\" has the .plist extension, which the Settings app adds itself (write \"Pane\"); it was not opened"),
        ("C:\\Pane", "File \"C:\\\\Pane\" contains a backslash; folders inside the bundle are separated by '/'; it was not opened"),
        ("Pa\tne", "File \"Pa\\tne\" contains a control character; it was not opened"),
    ])
    func refusedFileValues(file: String, message: String) throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "P", file: file)), "Pane.plist": xmlSchema("")])
        let expected = Diagnostic(.error, rule: .childPaneFileInvalid, message,
                                  at: SourceLocation(file: "Root.plist", line: 15, column: 4, keyPath: "PreferenceSpecifiers[0].File"))
        #expect(bundle.diagnostics == [expected])
        #expect(bundle.schemaFile(at: "Pane.plist")?.isReachable == false)
        #expect(bundle.unloadedSchemaFiles == [UnloadedSchemaFile(path: file, reason: expected)])
    }

    @Test("a child pane in a folder is read, with its device variants, and opens further panes")
    func subfolderPanes() throws {
        let bundle = try load([
            "Root.plist": xmlSchema(childPane(title: "Licenses", file: "com.example.Licenses")),
            "com.example.Licenses.plist": xmlSchema(childPane(title: "LibA", file: "com.example.Licenses/LibA")
                                                    + childPane(title: "Deep", file: "com.example.Licenses/sub/Deep")),
            "com.example.Licenses/LibA.plist": xmlSchema(childPane(title: "Back", file: "Root")),
            "com.example.Licenses/LibA~ipad.plist": xmlSchema(""),
            "com.example.Licenses/Unused.plist": xmlSchema("<oops"),
            "com.example.Licenses/sub/Deep.plist": xmlSchema(childPane(title: "LibA", file: "com.example.Licenses/LibA")),
        ])
        #expect(bundle.schemaFiles.map(\.path) == [
            "Root.plist", "com.example.Licenses.plist", "com.example.Licenses/LibA.plist", "com.example.Licenses/LibA~ipad.plist",
            "com.example.Licenses/sub/Deep.plist",
        ])
        #expect(bundle.schemaFiles.filter { !$0.isReachable }.map(\.path) == [])
        #expect(bundle.paneLinks.map(\.targets) == [
            ["com.example.Licenses.plist"], ["com.example.Licenses/LibA.plist", "com.example.Licenses/LibA~ipad.plist"],
            ["Root.plist"], ["com.example.Licenses/sub/Deep.plist"], ["com.example.Licenses/LibA.plist", "com.example.Licenses/LibA~ipad.plist"],
        ])
        #expect(bundle.diagnostics.map(\.message) == ["child panes form a cycle: Root.plist → com.example.Licenses.plist → com.example.Licenses/LibA.plist → Root.plist"])
        #expect(bundle.unloadedSchemaFiles == [])
    }

    @Test("a File naming a missing file in a folder, or a folder that is a file, hides keys; a folder that is not there is the pane's one finding (it was also said to lie outside the bundle)")
    func missingSubfolderPane() throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "A", file: "Licenses/Gone") + childPane(title: "B", file: "Root.plist/x"))])
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Licenses/Gone.plist", "Root.plist/x.plist"])
        #expect(bundle.diagnostics.map(\.rule) == [.fileUnreadable, .childPaneFileMissing, .childPaneFileMissing])
        #expect(bundle.diagnostics.first?.file == "Root.plist")
        let refusal = try #require(bundle.schemaWriteRefusal)
        #expect(refusal == "Licenses/Gone.plist (and 1 other schema file) is missing (Root.plist:15: File \"Licenses/Gone\" names Licenses/Gone.plist, which is not in the bundle; tapping the row opens an empty page), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again")
    }

    @Test("a chain of 7,000 child panes is walked without overflowing the stack")
    func longChain() throws {
        var files = ["Root.plist": xmlSchema(childPane(title: "Next", file: "P0"))]
        for index in 0..<7_000 { files["P\(index).plist"] = xmlSchema(childPane(title: "Next", file: "P\(index + 1)")) }
        files["P7000.plist"] = xmlSchema(childPane(title: "Home", file: "Root"))
        let bundle = try load(files)
        #expect(bundle.schemaFiles.count == 7_002)
        #expect(bundle.schemaFiles.filter { !$0.isReachable }.map(\.path) == [])
        #expect(bundle.diagnostics.map(\.message) == ["child panes form a cycle: Root.plist → P0.plist → P1.plist → P2.plist → P3.plist → … (6,993 more) → P6997.plist → P6998.plist → P6999.plist → P7000.plist → Root.plist"])
    }

    @Test("a chain of 7,000 panes, each with a row back to Root: each cycle is reported, named by its first and last files")
    func chainOfCycles() throws {
        var files = ["Root.plist": xmlSchema(childPane(title: "Next", file: "P0"))]
        for index in 0..<7_000 {
            files["P\(index).plist"] = xmlSchema(childPane(title: "Home", file: "Root") + childPane(title: "Next", file: "P\(index + 1)"))
        }
        let bundle = try load(files)
        #expect(bundle.schemaFiles.filter { !$0.isReachable }.map(\.path) == [])
        let cycles = bundle.diagnostics.filter { $0.rule == .childPaneCycle }
        #expect(cycles.count == 7_000)
        #expect(cycles.first?.message == "child panes form a cycle: Root.plist → P0.plist → Root.plist")
        #expect(cycles.dropFirst(9).first?.message == "child panes form a cycle: Root.plist → P0.plist → P1.plist → P2.plist → P3.plist → P4.plist → P5.plist → P6.plist → P7.plist → P8.plist → P9.plist → Root.plist")
        #expect(cycles.dropFirst(10).first?.message == "child panes form a cycle: Root.plist → P0.plist → P1.plist → P2.plist → P3.plist → … (3 more) → P7.plist → P8.plist → P9.plist → P10.plist → Root.plist")
        #expect(cycles.last?.message == "child panes form a cycle: Root.plist → P0.plist → P1.plist → P2.plist → P3.plist → … (6,992 more) → P6996.plist → P6997.plist → P6998.plist → P6999.plist → Root.plist")
    }

    @Test("a File naming a missing schema file is reported")
    func missingPane() throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "P", file: "Gone"))])
        #expect(bundle.diagnostics == [Diagnostic(
            .error, rule: .childPaneFileMissing,
            "File \"Gone\" names Gone.plist, which is not in the bundle; tapping the row opens an empty page",
            at: SourceLocation(file: "Root.plist", line: 15, column: 4, keyPath: "PreferenceSpecifiers[0].File"))])
    }

    @Test("a File naming a schema file that is there but does not parse is reported once, as not parsing (not as missing)")
    func brokenPane() throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "P", file: "Broken")), "Broken.plist": "<plist><broken"])
        #expect(bundle.diagnostics.map(\.rule) == [.plistSyntax])
        #expect(bundle.diagnostics.map(\.location.file) == ["Broken.plist"])
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Broken.plist"])
        #expect(bundle.paneLinks.map(\.targets) == [[]])
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
        // Root.plist is there: what is wrong is its syntax, not that it is missing.
        #expect(bundle.diagnostics == [
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
        ])
        #expect(bundle.schemaFile(at: "Root.plist")?.specifiers.map(\.keyPath.description) == ["PreferenceSpecifiers[1]"])
        #expect(bundle.schemaFiles.map(\.path).sorted() == ["Root.plist", "Root~ipad.plist", "Third.plist"])
        #expect(bundle.otherEntries.map(\.name).sorted() == ["Data.plist", "Other.plist"])
    }
}

extension BundleLoaderTests {
    @Test("a plist no pane opens, without PreferenceSpecifiers, is not also said to show an empty page")
    func dataPlist() throws {
        let bundle = try load([
            "Root.plist": xmlSchema(""),
            "Data.plist": "<plist><dict><key>StringsTable</key><string>Root</string><key>Servers</key><array/></dict></plist>",
            "Empty.plist": "<plist><dict><key>StringsTable</key><string>Root</string></dict></plist>",
            "Root~ipad.plist": "<plist><dict><key>StringsTable</key><string>Root</string></dict></plist>",
        ])
        #expect(bundle.diagnostics.map(\.rule) == [.preferenceSpecifiersMissing])
        #expect(bundle.diagnostics.map(\.location.file) == ["Root~ipad.plist"])
    }
}

extension BundleLoaderTests {
    @Test("a StringsTable that cannot be a file name is refused, names no table, and hides keys", arguments: [
        ("../../escaped", "contains a path separator; it must be a plain name such as Root"),
        ("a\\b", "contains a path separator; it must be a plain name such as Root"),
        ("a/\u{301}b", "contains a path separator; it must be a plain name such as Root"),
        (".notes", "starts with '.', which makes a hidden file or a path"),
        ("..", "starts with '.', which makes a hidden file or a path"),
        ("", "is empty"),
        ("Ro\u{7F}ot", "contains a control character"),
        ("Privacy\u{85}", "contains a control character"),
        ("Pri\u{80}vacy", "contains a control character"),
        ("Privacy\u{9F}", "contains a control character"),
        ("Privacy\u{2028}", "contains a line separator (U+2028)"),
        ("Privacy\u{2029}", "contains a paragraph separator (U+2029)"),
        (String(repeating: "x", count: 248), "is longer than a file name may be (248 bytes with .strings past 255)"),
    ])
    func invalidStringsTable(name: String, problem: String) throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "P", file: "Root"), stringsTable: name)])
        let file = try #require(bundle.schemaFile(at: "Root.plist"))
        #expect(file.stringsTableName == nil)
        #expect(file.hasInvalidStringsTable)
        #expect(bundle.unloadedSchemaFiles.map(\.reason.rule) == [.stringsTableInvalid])
        #expect(bundle.unloadedSchemaFiles.first?.reason.message == "StringsTable \(MessageText.quoted(name)) \(problem); the table is neither read, written nor exported")
        #expect(SchemaFile.problem(withTableName: String(repeating: "x", count: 247)) == nil)
        #expect(SchemaFile.problem(withTableName: "Root.v2") == nil)
        #expect(SchemaFile.problem(withTableName: "Réglages\u{A0}\u{A0}") == nil)
    }

    @Test("a child pane's File holding a C1 control or a line separator is not opened", arguments: [
        ("Pa\u{85}ne", "contains a control character"), ("Pa\u{2028}ne", "contains a line separator (U+2028)"),
        ("Pa\u{2029}ne", "contains a paragraph separator (U+2029)"),
    ])
    func lineEndingFileValues(file: String, problem: String) throws {
        let bundle = try load(["Root.plist": xmlSchema(childPane(title: "P", file: file)), "\(file).plist": xmlSchema("")])
        #expect(bundle.diagnostics.map(\.rule) == [.childPaneFileInvalid])
        #expect(bundle.diagnostics.first?.message == "File \(MessageText.quoted(file)) \(problem); it was not opened")
    }
}
