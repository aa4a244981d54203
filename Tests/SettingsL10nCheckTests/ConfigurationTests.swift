import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

@Suite("check: configuration and order")
struct ConfigurationTests {
    static func parse(_ text: String) throws -> CheckConfiguration {
        try CheckConfiguration.parse(Array(text.utf8), knownRules: Checker.ruleIDs)
    }

    @Test("rules can be switched off or re-levelled; options get defaults")
    func parse() throws {
        var configuration = try Self.parse(#"{"rules": {"stale-key": "off", "missing-translation": "error"}, "developmentLanguage": "de", "tableFallback": "file-name"}"#)
        let expected: [RuleID: Severity?] = [.staleKey: nil, .missingTranslation: .error]
        // Where each setting's value is, for messages that point at one.
        #expect(configuration.valuePositions == ["rules": TextPosition(line: 1, column: 11), "developmentLanguage": TextPosition(line: 1, column: 88),
                                                 "tableFallback": TextPosition(line: 1, column: 111)])
        configuration.valuePositions = [:]
        #expect(configuration == CheckConfiguration(severities: expected, developmentLanguage: "de", tableFallback: .fileName))
        let fixture = TableRuleTests.bundle(german: "\"Sound\" = \"Ton\";\n\"Old\" = \"Alt\";\n")
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: fixture.files.mapValues(\.text)))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)), configuration: configuration)
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.rule)" } == ["error missing-translation"])
    }

    @Test("diagnostics sort by file, line, column and rule, then stay in the order their rule found them")
    func order() {
        func at(_ file: String, _ line: Int?, _ rule: RuleID, _ message: String) -> Diagnostic {
            Diagnostic(.warning, rule: rule, message, at: SourceLocation(file: file, line: line, column: nil))
        }
        let found = [
            at("de.lproj/Root.strings", nil, .missingTranslation, "Zebra"), at("de.lproj/Root.strings", nil, .missingTranslation, "Apple"),
            at("Root.plist", 9, .keyIgnored, "b"), at("Root.plist", 3, .keyIgnored, "c"), at("de.lproj/Root.strings", 2, .staleKey, "d"),
            at("de.lproj/Root.strings", nil, .emptyValue, "e"), at("Root.plist", 9, .defaultsKeyConflict, "f"),
        ]
        #expect(Checker.sorted(found).map(\.message) == ["c", "f", "b", "e", "Zebra", "Apple", "d"])
    }

    @Test("a bad configuration says what is wrong", arguments: [
        ("{", "not valid JSON"),
        ("[]", "the configuration must be a JSON object, such as {\"rules\": {\"key-ignored\": \"off\"}}"),
        (#"{"rules": {"stale-keys": "off"}}"#, "\"rules\" names \"stale-keys\", which is not a rule; did you mean \"stale-key\"? (settings-l10n rules lists them)"),
        (#"{"rules": {"stale-key": "loud"}}"#, "the level of \"stale-key\" is \"loud\"; use \"off\", \"note\", \"warning\" or \"error\""),
        (#"{"rule": {}}"#, "unknown setting \"rule\"; did you mean \"rules\"? the settings are \"rules\", \"ignore\", \"doNotTranslate\", \"keep\", \"developmentLanguage\", \"tableFallback\""),
        (#"{"keep": "SETTINGS_*"}"#, "\"keep\" must be an array of keys or * patterns the app reads itself, such as [\"SETTINGS_DONATE*\"]"),
        (#"{"keep": [""]}"#, "\"keep\" must be an array of keys or * patterns the app reads itself"),
        (#"{"tableFallback": "name"}"#, "\"tableFallback\" must be \"none\" or \"file-name\""),
        (#"{"bundle": "../Settings.bundle"}"#, "\"bundle\" must be the bundle's path relative to the configuration file"),
        (#"{"bundle": "/Settings.bundle"}"#, "\"bundle\" must be the bundle's path relative to the configuration file"),
    ])
    func errors(text: String, message: String) {
        do {
            _ = try CheckConfiguration.parse(Array(text.utf8), knownRules: Checker.ruleIDs)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.message.hasPrefix(message))
        }
    }

    @Test("of several bad settings, the first in the file is reported, every time")
    func firstProblem() {
        for _ in 0..<20 {
            #expect(throws: ConfigurationError("\"inApp\" must be true or false")) {
                try CheckConfiguration.parse(Array(#"{"inApp": 1, "bundle": 2, "tableFallback": 3, "developmentLanguage": 4}"#.utf8))
            }
        }
    }

    @Test("a syntax error names its line and column")
    func syntaxError() {
        #expect(throws: ConfigurationError("not valid JSON: 2:17: a string is never closed")) {
            try CheckConfiguration.parse(Array("{\"rules\":\n  {\"stale-key\": \"off}".utf8))
        }
    }

    @Test("a setting or a rule given twice is an error, not the last one silently")
    func givenTwice() {
        #expect(throws: ConfigurationError("not valid JSON: 3:3: the key \"rules\" is in this object twice (first at line 2, column 3); keep one")) {
            try CheckConfiguration.parse(Array("{\n  \"rules\": {\"stale-key\": \"off\"},\n  \"rules\": {\"stale-key\": \"error\"}\n}".utf8))
        }
        #expect(throws: ConfigurationError("not valid JSON: 1:32: the key \"stale-key\" is in this object twice (first at line 1, column 12); keep one")) {
            try CheckConfiguration.parse(Array(#"{"rules": {"stale-key": "off", "stale-key": "error"}}"#.utf8))
        }
    }

    @Test("bundle: the path the build-tool plugin checks")
    func bundle() throws {
        let configuration = try CheckConfiguration.parse(Array(#"{"bundle": "Sources/MyApp/Settings.bundle"}"#.utf8))
        #expect(configuration.bundle == "Sources/MyApp/Settings.bundle")
    }

    @Test("a path setting the path policy refused is an error at its value, whatever else the file says")
    func refusedPath() throws {
        var configuration = try CheckConfiguration.parse(Array("{\n  \"catalog\": \"../../x/Settings.xcstrings\"\n}\n".utf8))
        configuration.refusedPaths = [.init(setting: "catalog", reason: "\"catalog\" leads out of the repository")]
        let fixture = TableRuleTests.bundle(german: "\"Sound\" = \"Ton\";\n")
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: fixture.files.mapValues(\.text)))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)), configuration: configuration)
        #expect(diagnostics.filter { $0.rule == .configurationPathRefused } == [Diagnostic(
            .error, rule: .configurationPathRefused, "\"catalog\" leads out of the repository",
            at: SourceLocation(file: "../.settings-l10n.json", position: TextPosition(line: 2, column: 14)))])
        // Its severity can change; the path stays unused all the same (the command line tool never uses it).
        configuration.severities[.configurationPathRefused] = .warning
        #expect(Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)), configuration: configuration)
            .filter { $0.rule == .configurationPathRefused }.map(\.severity) == [.warning])
    }
}

@Suite("check: the configuration's defaults of check's options, its $schema and requiredVersion")
struct ConfigurationDefaultsTests {
    @Test("strict, severity, baseline and failOnFixedBaseline are read; $schema is accepted")
    func defaults() throws {
        let configuration = try ConfigurationTests.parse("""
            {"$schema": "https://example.com/settings-l10n.schema.json", "strict": true, "severity": "warning",
             "baseline": "settings-l10n-baseline.json", "failOnFixedBaseline": false, "requiredVersion": ">=1.0, <2"}
            """)
        #expect(configuration.strict == true)
        #expect(configuration.severity == .warning)
        #expect(configuration.baseline == "settings-l10n-baseline.json")
        #expect(configuration.failOnFixedBaseline == false)
        #expect(configuration.requiredVersion?.text == ">=1.0, <2")
        let unset = try ConfigurationTests.parse("{}")
        #expect(unset.strict == nil && unset.severity == nil && unset.baseline == nil && unset.failOnFixedBaseline == nil && unset.requiredVersion == nil)
    }

    @Test("a bad value says what is wrong", arguments: [
        (#"{"strict": "yes"}"#, "\"strict\" must be true or false"),
        (#"{"failOnFixedBaseline": 1}"#, "\"failOnFixedBaseline\" must be true or false"),
        (#"{"severity": "warnings"}"#, "\"severity\" must be \"error\", \"warning\" or \"note\""),
        (#"{"baseline": "/tmp/baseline.json"}"#, "\"baseline\" must be the baseline's path relative to the configuration file"),
        (#"{"baseline": ""}"#, "\"baseline\" must be the baseline's path relative to the configuration file"),
        (#"{"$schema": 3}"#, "\"$schema\" must be the URL of the configuration's JSON Schema"),
        (#"{"requiredVersion": "latest"}"#, "\"requiredVersion\" must be a version requirement such as \">=1.1.0\", \"~>1.1\" or \"1.1.0\" (several separated by commas: \">=1.1, <2\"), not \"latest\""),
        (#"{"requiredVersion": 1.1}"#, "\"requiredVersion\" must be a version requirement such as"),
    ])
    func errors(text: String, message: String) {
        do {
            _ = try CheckConfiguration.parse(Array(text.utf8))
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test("a requiredVersion the running version does not satisfy refuses the file, before a setting it does not know")
    func requiredVersion() throws {
        let newer = #"{"futureSetting": true, "requiredVersion": ">=1.1.0"}"#
        #expect(throws: ConfigurationError("this configuration requires settings-l10n >=1.1.0 (its \"requiredVersion\"), and this is settings-l10n 1.0.0: install a version that satisfies it, or change \"requiredVersion\"")) {
            try CheckConfiguration.parse(Array(newer.utf8), runningVersion: "1.0.0")
        }
        // A version that satisfies it reads on, and meets the unknown setting.
        #expect(throws: ConfigurationError.self) { try CheckConfiguration.parse(Array(newer.utf8), runningVersion: "1.1.0") }
        for (requirement, satisfied) in [("1.0.0", true), ("~>1.0", true), ("<1.0.0", false), ("^2", false)] {
            let text = "{\"requiredVersion\": \"\(requirement)\"}"
            let parsed = try? CheckConfiguration.parse(Array(text.utf8), runningVersion: "1.0.0")
            #expect((parsed != nil) == satisfied, "\(requirement)")
        }
        // Without one, any version reads the file.
        #expect(try CheckConfiguration.parse(Array("{}".utf8), runningVersion: "0.0.1").requiredVersion == nil)
    }
}
