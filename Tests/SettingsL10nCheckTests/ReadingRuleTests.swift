import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

@Suite("check: reading rules")
struct ReadingRuleTests {
    @Test("the clean fixture has no diagnostic at all")
    func clean() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: RuleFixture.clean.files.mapValues(\.text)))
        #expect(Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))) == [])
    }

    @Test("plist-syntax")
    func plistSyntax() throws {
        let fixture = RuleFixture(["Root.plist": "<plist><dict>\n  1️⃣<string>x</string></dict></plist>"])
        #expect(try fixture.diagnostics(.plistSyntax) == [Diagnostic(
            .error, rule: .plistSyntax, "not a property list: expected <key> in <dict>, found <string>",
            at: fixture.location("Root.plist", "1️⃣"))])
        #expect(try RuleFixture.clean.diagnostics(.plistSyntax) == [])
    }

    @Test("file-unreadable")
    func fileUnreadable() throws {
        let files = RuleFixture.clean.files.mapValues { Array($0.text.utf8) }
        let small = try BundleLoader.load(from: InMemoryBundleSource(files: files), limits: ReadLimits(maximumFileSize: 40))
        let diagnostics = Checker.check(CheckContext(bundle: small, catalog: Extractor.catalog(of: small))).filter { $0.rule == .fileUnreadable }
        #expect(diagnostics.map(\.location.file) == ["Root.plist"]) // the tables are under 40 bytes
        #expect(diagnostics.first?.message == "the file is larger than 40 bytes; it was not read")
        #expect(try RuleFixture.clean.diagnostics(.fileUnreadable) == [])
    }

    @Test("link-outside-bundle")
    func linkOutside() throws {
        let folder = try TemporaryFolder()
        try folder.write("elsewhere.strings", "\"Sound\" = \"Ton\";")
        for (path, text) in RuleFixture.clean.files where path != "de.lproj/Root.strings" { try folder.write("Settings.bundle/" + path, text.text) }
        try folder.symlink("Settings.bundle/de.lproj/Root.strings", to: folder.path + "/elsewhere.strings")
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))).filter { $0.rule == .linkOutsideBundle }
        #expect(diagnostics == [Diagnostic(.error, rule: .linkOutsideBundle, "this symbolic link points outside the bundle; it was not followed",
                                           at: SourceLocation(file: "de.lproj/Root.strings"))])
        #expect(try RuleFixture.clean.diagnostics(.linkOutsideBundle) == [])
    }

    @Test("file-name-encoding")
    func fileNameEncoding() throws {
        let folder = try TemporaryFolder()
        for (path, text) in RuleFixture.clean.files { try folder.write("Settings.bundle/" + path, text.text) }
        folder.createFile(in: "Settings.bundle/de.lproj", rawName: Array("Einstellungen f".utf8) + [0xFC, UInt8(ascii: "r")])
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))).filter { $0.rule == .fileNameEncoding }
        #expect(diagnostics == [Diagnostic(
            .warning, rule: .fileNameEncoding,
            "this name is not valid UTF-8 (shown with U+FFFD where its bytes are invalid); iOS cannot hold such a file, so it was skipped: rename it",
            at: SourceLocation(file: "de.lproj/Einstellungen f\u{FFFD}r"))])
        #expect(try RuleFixture.clean.diagnostics(.fileNameEncoding) == [])
    }

    @Test("root-plist-missing")
    func rootMissing() throws {
        let fixture = RuleFixture(["Other.plist": xmlSchema(RuleFixture.group)])
        #expect(try fixture.diagnostics(.rootPlistMissing) == [Diagnostic(
            .error, rule: .rootPlistMissing,
            "the bundle has no Root.plist, so the Settings app shows no settings for the app; if the app hands InAppSettingsKit Other.plist as its root page, say so with --root-page Other (or \"rootPage\": \"Other\" in the configuration)",
            at: SourceLocation(file: "Root.plist"))])
        #expect(try RuleFixture.clean.diagnostics(.rootPlistMissing) == [])
    }

    @Test("schema-root-not-dictionary, preference-specifiers-missing, preference-specifiers-not-array, specifier-not-dictionary")
    func structure() throws {
        let fixture = RuleFixture([
            "Root.plist": "<plist>\n1️⃣<array/></plist>",
            "Root~ipad.plist": "<plist>\n2️⃣<dict/></plist>",
            // Not pages: no pane opens them and they have no PreferenceSpecifiers.
            "Info.plist": "<plist><dict><key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>",
            "Data.plist": "<plist><dict><key>Version</key><integer>2</integer></dict></plist>",
            "B.plist": "<plist><dict><key>PreferenceSpecifiers</key>\n3️⃣<string>x</string></dict></plist>",
            "C.plist": "<plist><dict><key>PreferenceSpecifiers</key><array>\n4️⃣<string>x</string><dict><key>Type</key><string>PSGroupSpecifier</string></dict></array></dict></plist>",
        ])
        #expect(try fixture.diagnostics(.schemaRootNotDictionary) == [Diagnostic(
            .error, rule: .schemaRootNotDictionary, "the root of a schema file must be a dictionary, but this one is an array",
            at: fixture.location("Root.plist", "1️⃣"))])
        #expect(try fixture.diagnostics(.preferenceSpecifiersMissing) == [Diagnostic(
            .error, rule: .preferenceSpecifiersMissing, "the schema file has no PreferenceSpecifiers array, so the Settings app shows an empty page",
            at: fixture.location("Root~ipad.plist", "2️⃣"))])
        #expect(try fixture.diagnostics(.preferenceSpecifiersNotArray) == [Diagnostic(
            .error, rule: .preferenceSpecifiersNotArray, "PreferenceSpecifiers must be an array of dictionaries, not a string",
            at: fixture.location("B.plist", "3️⃣", keyPath: "PreferenceSpecifiers"))])
        #expect(try fixture.diagnostics(.specifierNotDictionary) == [Diagnostic(
            .error, rule: .specifierNotDictionary, "each entry of PreferenceSpecifiers must be a dictionary, not a string; the Settings app skips it",
            at: fixture.location("C.plist", "4️⃣", keyPath: "PreferenceSpecifiers[0]"))])
        for rule: RuleID in [.schemaRootNotDictionary, .preferenceSpecifiersMissing, .preferenceSpecifiersNotArray, .specifierNotDictionary] {
            #expect(try RuleFixture.clean.diagnostics(rule) == [])
        }
    }

    static func pane(_ file: String) -> String {
        "\t\t<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>More</string><key>File</key>1️⃣<string>\(file)</string></dict>"
    }

    @Test("child-pane-file-invalid, child-pane-file-missing, child-pane-cycle")
    func childPanes() throws {
        let invalid = RuleFixture.bundle(Self.pane("More.plist"), extra: ["More.plist": xmlSchema("")])
        #expect(try invalid.diagnostics(.childPaneFileInvalid) == [Diagnostic(
            .error, rule: .childPaneFileInvalid,
            "File \"More.plist\" has the .plist extension, which the Settings app adds itself (write \"More\"); it was not opened",
            at: invalid.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].File"))])
        let missing = RuleFixture.bundle(Self.pane("More"))
        #expect(try missing.diagnostics(.childPaneFileMissing) == [Diagnostic(
            .error, rule: .childPaneFileMissing,
            "File \"More\" names More.plist, which is not in the bundle; tapping the row opens an empty page",
            at: missing.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].File"))])
        let cycle = RuleFixture.bundle(Self.pane("More"), extra: ["More.plist": xmlSchema(Self.pane("Root"))])
        #expect(try cycle.diagnostics(.childPaneCycle) == [Diagnostic(
            .warning, rule: .childPaneCycle, "child panes form a cycle: Root.plist → More.plist → Root.plist",
            at: cycle.location("More.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].File"))])
        let fine = RuleFixture.bundle(Self.pane("More"), extra: ["More.plist": xmlSchema(RuleFixture.group)])
        for rule: RuleID in [.childPaneFileInvalid, .childPaneFileMissing, .childPaneCycle] {
            #expect(try fine.diagnostics(rule) == [])
        }
    }

    @Test("strings-table-invalid")
    func stringsTableInvalid() throws {
        let fixture = RuleFixture.bundle(RuleFixture.group, stringsTable: "../Root", english: RuleFixture.english, german: RuleFixture.german)
        #expect(try fixture.diagnostics(.stringsTableInvalid) == [Diagnostic(
            .error, rule: .stringsTableInvalid,
            "StringsTable \"../Root\" contains a path separator; it must be a plain name such as Root; the table is neither read, written nor exported",
            at: SourceLocation(file: "Root.plist", line: 6, column: 2, keyPath: "StringsTable"))])
        #expect(try RuleFixture.clean.diagnostics(.stringsTableInvalid) == [])
    }

    @Test("strings-syntax")
    func stringsSyntax() throws {
        let fixture = RuleFixture.bundle(RuleFixture.group, german: "\"Sound\" = \"Ton\"1️⃣\n")
        #expect(try fixture.diagnostics(.stringsSyntax) == [Diagnostic(
            .error, rule: .stringsSyntax, "missing ';' after the value of \"Sound\"", at: fixture.location("de.lproj/Root.strings", "1️⃣"))])
        #expect(try fixture.diagnostics(.stringsSyntax, locales: ["en"]) == [])
        #expect(try RuleFixture.clean.diagnostics(.stringsSyntax) == [])
    }

    @Test("localizable-not-string")
    func localizableNotString() throws {
        let fixture = RuleFixture.bundle("\t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Level</string><key>Key</key><string>l</string><key>DefaultValue</key><integer>1</integer><key>Values</key><array><integer>1</integer></array><key>Titles</key><array>1️⃣<integer>1</integer></array></dict>")
        #expect(try fixture.diagnostics(.localizableNotString) == [Diagnostic(
            .warning, rule: .localizableNotString,
            "PreferenceSpecifiers[0].Titles[0] is a number (1), not a string: the Settings app cannot look it up in a table, so it cannot be translated",
            at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].Titles[0]"))])
        #expect(try RuleFixture.clean.diagnostics(.localizableNotString) == [])
    }
}
