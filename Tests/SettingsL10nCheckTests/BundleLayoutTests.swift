import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// Issue 47, case 10: layouts real bundles use (a generated pane, another root page, a root
/// page only inside .lproj folders), read as the configuration says.
@Suite("Bundle layouts: generated panes, the root page, a localized Root.plist")
struct BundleLayoutTests {
    static let licenses = GeneratedPane(file: GlobPattern("com.mono0926.LicensePlist"))

    @Test("generated-pane-missing: a note where the File is, its keys unknown without refusing the bundle")
    func generatedPaneMissing() throws {
        let fixture = RuleFixture([
            "Root.plist": xmlSchema(RuleFixture.group + "\n\t\t<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Licenses</string><key>File</key>1️⃣<string>com.mono0926.LicensePlist</string></dict>"),
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"Licenses\" = \"Licenses\";\n",
        ])
        let layout = BundleLayout(generatedPanes: [Self.licenses])
        #expect(try fixture.diagnostics(.generatedPaneMissing, layout: layout) == [Diagnostic(
            .note, rule: .generatedPaneMissing,
            "File \"com.mono0926.LicensePlist\" names com.mono0926.LicensePlist.plist, which a build step generates (generatedPanes) and which is not in the bundle: its strings are unknown; the rest of the bundle is checked, exported and merged",
            at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[1].File"))])
        #expect(try fixture.diagnostics(.childPaneFileMissing, layout: layout) == [])
        #expect(try fixture.diagnostics(.childPaneFileMissing).count == 1)
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: fixture.files.mapValues(\.text)), layout: layout)
        #expect(bundle.unloadedSchemaFiles == [] && bundle.schemaWriteRefusal == nil)
        #expect(bundle.missingGeneratedPanes.map(\.file) == ["com.mono0926.LicensePlist"])
        // Without the entry, the pane hides keys: nothing may be written.
        let plain = try BundleLoader.load(from: InMemoryBundleSource(textFiles: fixture.files.mapValues(\.text)))
        #expect(plain.schemaWriteRefusal != nil)
    }

    @Test("a generated pane in a folder of its own, missing, and the tables named for it left alone while it is")
    func generatedTables() throws {
        let files = [
            "Root.plist": xmlSchema(childPane(title: "Credits", file: "Generated/Credits") + childPane(title: "More", file: "More")),
            "More.plist": xmlSchema(RuleFixture.group, stringsTable: "Shared"),
            "de.lproj/Root.strings": "\"Credits\" = \"Danksagungen\";\n\"Old\" = \"Alt\";\n",
            "de.lproj/Shared.strings": "\"Generated only\" = \"Nur generiert\";\n",
        ]
        let layout = BundleLayout(generatedPanes: [GeneratedPane(file: GlobPattern("Generated/*"), tables: ["Shared"])])
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files), layout: layout)
        #expect(bundle.diagnostics.map(\.rule) == [.generatedPaneMissing])
        #expect(bundle.diagnostics.first?.message.hasSuffix("its strings are unknown, and its table (Shared) is left alone; the rest of the bundle is checked, exported and merged") == true)
        #expect(bundle.tablesLeftAlone == ["Shared"])
        let catalog = Extractor.catalog(of: bundle)
        #expect(catalog.tables.map(\.name) == ["Root"])
        let stale = Checker.check(CheckContext(bundle: bundle, catalog: catalog)).filter { $0.rule == .staleKey }
        #expect(stale.map(\.location.key) == ["Old"])
    }

    @Test("another root page: the walk starts there, and its absence is Root's")
    func rootPage() throws {
        let files = ["Main.plist": xmlSchema(childPane(title: "More", file: "More")), "More.plist": xmlSchema(RuleFixture.group), "Lost.plist": xmlSchema(RuleFixture.group)]
        let plain = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        #expect(plain.diagnostics.filter { $0.rule == .rootPlistMissing }.map(\.message) == [
            "the bundle has no Root.plist, so the Settings app shows no settings for the app",
        ])
        let main = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files), layout: BundleLayout(rootPage: "Main"))
        #expect(main.diagnostics.map(\.rule) == [] && main.unloadedSchemaFiles == [])
        #expect(main.schemaFiles.map(\.path) == ["Main.plist", "More.plist", "Lost.plist"])
        #expect(main.schemaFiles.map(\.isReachable) == [true, true, false])
        let fixture = RuleFixture(files)
        #expect(try fixture.diagnostics(.schemaFileUnreachable, layout: BundleLayout(rootPage: "Main")).map(\.message) == [
            "no child pane reaches Lost.plist from Main.plist, so the Settings app never shows it",
        ])
        // One page no pane opens: named as the likely root page.
        let one = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Main.plist": xmlSchema(childPane(title: "More", file: "More")), "More.plist": xmlSchema("")]))
        #expect(one.diagnostics.first?.message == "the bundle has no Root.plist, so the Settings app shows no settings for the app; if the app hands InAppSettingsKit Main.plist as its root page, say so with --root-page Main (or \"rootPage\": \"Main\" in the configuration)")
    }

    @Test("a root page only inside .lproj folders: named as such, not read")
    func localizedRoot() throws {
        let files = ["en.lproj/Root.plist": xmlSchema(RuleFixture.group), "de.lproj/Root.plist": xmlSchema(RuleFixture.group),
                     "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n", "Other.plist": xmlSchema(RuleFixture.group)]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        #expect(bundle.localizedRootPages == ["de.lproj/Root.plist", "en.lproj/Root.plist"])
        #expect(bundle.diagnostics.first?.rule == .rootPlistMissing)
        #expect(bundle.diagnostics.first?.message.hasPrefix("the bundle has no Root.plist at its top level: Root.plist is only inside .lproj folders (de.lproj/Root.plist, en.lproj/Root.plist), a localized root page that settings-l10n does not read") == true)
        let alone = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files.filter { $0.key != "Other.plist" }))
        #expect(!alone.hasSchemaFile && alone.localizedRootMessage != nil)
        let normal = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": xmlSchema(RuleFixture.group)]))
        #expect(normal.localizedRootMessage == nil)
    }

    @Test("the configuration: rootPage and generatedPanes, and what is wrong with them")
    func configuration() throws {
        let configuration = try CheckConfiguration.parse(Array(#"""
        {"rootPage": "Main", "generatedPanes": ["com.mono0926.LicensePlist", {"file": "Credits/*", "tables": ["Credits"]}]}
        """#.utf8))
        #expect(configuration.rootPage == "Main")
        #expect(configuration.generatedPanes == [Self.licenses, GeneratedPane(file: GlobPattern("Credits/*"), tables: ["Credits"])])
        let errors: [(String, String)] = [
            (#"{"rootPage": "Main.plist"}"#, "\"rootPage\" \"Main.plist\" has the .plist extension, which the Settings app adds itself (write \"Main\")"),
            (#"{"rootPage": "Panes/Main"}"#, "\"rootPage\" \"Panes/Main\" is a path; name a schema file at the bundle's top level, without .plist (Main)"),
            (#"{"rootPage": 1}"#, "\"rootPage\" must be the root page's name without .plist, such as \"Main\""),
            (#"{"generatedPanes": "x"}"#, "\"generatedPanes\" must be an array of child panes' File values (or * patterns), such as [\"com.mono0926.LicensePlist\", {\"file\": \"Credits\", \"tables\": [\"Credits\"]}]"),
            (#"{"generatedPanes": [{"tables": []}]}"#, "generatedPanes[0] must be a File value or an object with \"file\" and \"tables\", such as [\"com.mono0926.LicensePlist\", {\"file\": \"Credits\", \"tables\": [\"Credits\"]}]"),
            (#"{"generatedPanes": [{"file": "a", "table": "b"}]}"#, "generatedPanes[0] has \"table\"; an entry has \"file\" and \"tables\" (an array of table names), such as [\"com.mono0926.LicensePlist\", {\"file\": \"Credits\", \"tables\": [\"Credits\"]}]"),
        ]
        for (text, message) in errors {
            #expect(throws: ConfigurationError(message)) { try CheckConfiguration.parse(Array(text.utf8)) }
        }
    }
}
