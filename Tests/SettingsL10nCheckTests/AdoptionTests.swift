import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// What a project adopting check on an existing bundle relies on: strings that need no
/// translation, suppressions, and the configuration's own findings.
@Suite("check: no-letter strings, doNotTranslate, ignore")
struct AdoptionTests {
    static let options = """
    \t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Speed</string><key>Key</key><string>speed</string>
    \t\t<key>DefaultValue</key><integer>1</integer><key>Values</key><array><integer>1</integer><integer>2</integer><integer>3</integer></array>
    \t\t<key>Titles</key><array><string>1.5</string><string>100 %</string><string>Acme Turbo</string></array></dict>
    """

    static func check(german: String, configuration: String = "{}", locales: [String] = []) throws -> (Catalog, [Diagnostic], CheckContext) {
        let configuration = try CheckConfiguration.parse(Array(configuration.utf8))
        let files = RuleFixture.bundle(options, english: "\"Speed\" = \"Speed\";\n", german: german).files.mapValues(\.text)
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let catalog = Extractor.catalog(of: bundle, doNotTranslate: configuration.doNotTranslate)
        let context = CheckContext(bundle: bundle, catalog: catalog, locales: locales)
        return (catalog, Checker.check(context, configuration: configuration), context)
    }

    @Test("a title without a letter is never missing, and counts as done")
    func noLetters() throws {
        let (catalog, diagnostics, context) = try Self.check(german: "\"Speed\" = \"Tempo\";\n")
        #expect(catalog.tables[0].strings.map { "\($0.key): \($0.needsTranslation)" } == [
            "Speed: true", "1.5: false", "100 %: false", "Acme Turbo: true",
        ])
        #expect(diagnostics.filter { $0.rule == .missingTranslation }.map(\.location.key) == ["Acme Turbo"])
        let german = try #require(context.coverage.first { $0.locale == "de" })
        #expect((german.translated, german.total, german.missing.map(\.key)) == (3, 4, ["Acme Turbo"]))
        // The development language still holds every key (merge adds them).
        #expect(diagnostics.filter { $0.rule == .developmentEntryMissing }.count == 3)
    }

    @Test("doNotTranslate: exact keys and * patterns need no translation; one that matches nothing is a note")
    func doNotTranslate() throws {
        let (catalog, diagnostics, _) = try Self.check(german: "\"Speed\" = \"Tempo\";\n",
                                                       configuration: #"{"doNotTranslate": ["Acme *", "Nothing*"]}"#)
        #expect(catalog.tables[0].strings.last?.needsTranslation == false)
        #expect(catalog.unusedDoNotTranslate == ["Nothing*"])
        #expect(diagnostics.filter { $0.rule == .missingTranslation } == [])
        #expect(diagnostics.filter { $0.rule == .configurationUnused } == [Diagnostic(
            .note, rule: .configurationUnused, "doNotTranslate \"Nothing*\" matches no key of the schema; remove it",
            at: SourceLocation(file: "../.settings-l10n.json", position: TextPosition(line: 1, column: 31)))])
    }

    @Test("ignore silences exactly the matching findings; an entry that matches nothing is a note")
    func ignore() throws {
        let german = "\"Speed\" = \"Tempo\";\n\"Old\" = \"Alt\";\n\"Older\" = \"Älter\";\n"
        let configuration = """
            {"ignore": [{"rule": "stale-key", "file": "de.lproj/*", "key": "Old"}, {"rule": "missing-*", "key": "Acme *"},
                        {"rule": "empty-value"}],
             "rules": {"development-entry-missing": "off"}}
            """
        let (_, diagnostics, _) = try Self.check(german: german, configuration: configuration)
        #expect(diagnostics.map { "\($0.rule) \($0.location.key ?? "")" } == [
            "configuration-unused ", "stale-key Older",
        ])
        #expect(diagnostics[0].message == "ignore[2] {\"rule\": \"empty-value\"} matches no finding; remove it")
        // A file copied from a finding, as it prints from where check runs: the path to write.
        let copied = #"{"ignore": [{"rule": "stale-key", "file": "MyApp/Settings.bundle/de.lproj/*"}], "rules": {"development-entry-missing": "off"}}"#
        #expect(try Self.check(german: german, configuration: copied).1.first?.message
            == "ignore[0] {\"rule\": \"stale-key\", \"file\": \"MyApp/Settings.bundle/de.lproj/*\"} matches no finding: its \"file\" is relative to the bundle, not to where check runs; write \"de.lproj/*\", or remove it")
        // Checking some locales only says nothing about entries that may match elsewhere.
        #expect(try Self.check(german: german, configuration: configuration, locales: ["de"]).1.map(\.rule) == [.staleKey])
    }

    @Test("a bad ignore or doNotTranslate says what is wrong", arguments: [
        (#"{"ignore": {}}"#, "\"ignore\" must be an array of objects"),
        (#"{"ignore": [{}]}"#, "ignore[0] must be an object with \"rule\", \"file\" or \"key\""),
        (#"{"ignore": [{"rule": "stale-keys"}]}"#, "ignore[0].rule names \"stale-keys\", which is not a rule; did you mean \"stale-key\"?"),
        (#"{"ignore": [{"line": "3"}]}"#, "ignore[0] has \"line\"; an entry has \"rule\", \"file\" and \"key\""),
        (#"{"doNotTranslate": "Acme"}"#, "\"doNotTranslate\" must be an array of keys or * patterns"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: ConfigurationError.self) { try CheckConfiguration.parse(Array(text.utf8)) }
        do {
            _ = try CheckConfiguration.parse(Array(text.utf8))
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
