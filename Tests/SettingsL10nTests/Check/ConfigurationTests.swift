import Testing
@testable import SettingsL10n

@Suite("check: configuration and renderers")
struct ConfigurationTests {
    static func parse(_ text: String) throws -> CheckConfiguration {
        try CheckConfiguration.parse(Array(text.utf8), knownRules: Checker.ruleIDs)
    }

    @Test("rules can be switched off or re-levelled; options get defaults")
    func parse() throws {
        let configuration = try Self.parse(#"{"rules": {"stale-key": "off", "missing-translation": "error"}, "developmentLanguage": "de", "tableFallback": "file-name"}"#)
        let expected: [String: Severity?] = ["stale-key": nil, "missing-translation": .error]
        #expect(configuration == CheckConfiguration(severities: expected, developmentLanguage: "de", tableFallback: .fileName))
        let fixture = TableRuleTests.bundle(german: "\"Sound\" = \"Ton\";\n\"Old\" = \"Alt\";\n")
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: fixture.files.mapValues(\.text)))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)), configuration: configuration)
        #expect(diagnostics.map { "\($0.severity.rawValue) \($0.rule)" } == ["error missing-translation"])
    }

    @Test("diagnostics sort by file, line, column and rule, then stay in the order their rule found them")
    func order() {
        func at(_ file: String, _ line: Int?, _ rule: String, _ message: String) -> Diagnostic {
            Diagnostic(.warning, rule: rule, message, at: SourceLocation(file: file, line: line, column: nil))
        }
        let found = [
            at("de.lproj/Root.strings", nil, "missing-translation", "Zebra"), at("de.lproj/Root.strings", nil, "missing-translation", "Apple"),
            at("Root.plist", 9, "key-ignored", "b"), at("Root.plist", 3, "key-ignored", "c"), at("de.lproj/Root.strings", 2, "stale-key", "d"),
            at("de.lproj/Root.strings", nil, "empty-value", "e"), at("Root.plist", 9, "defaults-key-conflict", "f"),
        ]
        #expect(Checker.sorted(found).map(\.message) == ["c", "f", "b", "e", "Zebra", "Apple", "d"])
    }

    @Test("a bad configuration says what is wrong", arguments: [
        ("{", "not valid JSON"),
        ("[]", "the configuration must be a JSON object, such as {\"rules\": {\"key-ignored\": \"off\"}}"),
        (#"{"rules": {"stale-keys": "off"}}"#, "\"rules\" names \"stale-keys\", which is not a rule; did you mean \"stale-key\"? (settings-l10n rules lists them)"),
        (#"{"rules": {"stale-key": "loud"}}"#, "the level of \"stale-key\" is \"loud\"; use \"off\", \"note\", \"warning\" or \"error\""),
        (#"{"rule": {}}"#, "unknown setting \"rule\"; the settings are \"rules\", \"developmentLanguage\" and \"tableFallback\""),
        (#"{"tableFallback": "name"}"#, "\"tableFallback\" must be \"none\" or \"file-name\""),
    ])
    func errors(text: String, message: String) {
        do {
            _ = try CheckConfiguration.parse(Array(text.utf8), knownRules: Checker.ruleIDs)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.message.hasPrefix(message))
        }
    }

    static let diagnostics = [
        Diagnostic(.error, rule: "titles-values-count", "Titles has 2 entries, Values has 3",
                   at: SourceLocation(file: "Advanced.plist", line: 12, column: 3, keyPath: "PreferenceSpecifiers[2]")),
        Diagnostic(.warning, rule: "table-missing", "de.lproj has no Root.strings: 100% untranslated, sorry, really",
                   at: SourceLocation(file: "de.lproj/Root.strings")),
        Diagnostic(.note, rule: "key-ignored", "a note", at: SourceLocation(file: "Root.plist", keyPath: "PreferenceSpecifiers[0].Key")),
    ]

    @Test("text lines Xcode can click")
    func text() {
        #expect(DiagnosticTextRenderer(pathPrefix: "App/Settings.bundle").render(Self.diagnostics) == """
        App/Settings.bundle/Advanced.plist:12:3: error: Titles has 2 entries, Values has 3 [titles-values-count]
        App/Settings.bundle/de.lproj/Root.strings: warning: de.lproj has no Root.strings: 100% untranslated, sorry, really [table-missing]
        App/Settings.bundle/Root.plist: note: a note (at PreferenceSpecifiers[0].Key) [key-ignored]

        """)
        #expect(DiagnosticTextRenderer(pathPrefix: "B", colors: true).line(Self.diagnostics[0]) == "B/Advanced.plist:12:3: \u{1B}[1;31merror\u{1B}[0m: Titles has 2 entries, Values has 3 [titles-values-count]")
    }

    @Test("GitHub workflow commands, escaped")
    func github() {
        #expect(DiagnosticGitHubRenderer(pathPrefix: "App/Settings.bundle").render(Self.diagnostics) == """
        ::error file=App/Settings.bundle/Advanced.plist,line=12,col=3,title=settings-l10n titles-values-count::Titles has 2 entries, Values has 3
        ::warning file=App/Settings.bundle/de.lproj/Root.strings,title=settings-l10n table-missing::de.lproj has no Root.strings: 100%25 untranslated, sorry, really
        ::notice file=App/Settings.bundle/Root.plist,title=settings-l10n key-ignored::a note (at PreferenceSpecifiers[0].Key)

        """)
    }

    @Test("long reports stream out in chunks that add up to the whole document")
    func chunks() {
        let many = (0..<3000).map { index in
            Diagnostic(index % 3 == 0 ? .error : .warning, rule: "stale-key", "no schema file uses \"Key \(index)\" (stale) – é",
                       at: SourceLocation(file: "de.lproj/Root.strings", line: index + 1, column: index % 2 == 0 ? 1 : nil))
        }
        var jsonChunks: [String] = []
        DiagnosticJSONRenderer.render(many) { jsonChunks.append($0) }
        let expected = JSONValue.object([
            ("diagnostics", .array(many.map { diagnostic in
                .object([("severity", .string(diagnostic.severity.rawValue)), ("rule", .string(diagnostic.rule)),
                         ("message", .string(diagnostic.message)), ("file", .string(diagnostic.location.file)),
                         ("line", .optional(diagnostic.location.line)), ("column", .optional(diagnostic.location.column)),
                         ("keyPath", .null)])
            })),
            ("errorCount", .integer(1000)), ("warningCount", .integer(2000)), ("noteCount", .integer(0)),
        ]).rendered()
        #expect(jsonChunks.count > 4)
        #expect(jsonChunks.joined() == expected)
        var textChunks: [String] = []
        let renderer = DiagnosticTextRenderer(pathPrefix: "S.bundle")
        renderer.render(many) { textChunks.append($0) }
        #expect(textChunks.count > 2)
        #expect(textChunks.joined() == many.map { renderer.line($0) + "\n" }.joined())
    }

    @Test("the JSON document of the contract")
    func json() {
        #expect(DiagnosticJSONRenderer.render(Array(Self.diagnostics.prefix(1))) == """
        {
          "diagnostics": [
            {
              "severity": "error",
              "rule": "titles-values-count",
              "message": "Titles has 2 entries, Values has 3",
              "file": "Advanced.plist",
              "line": 12,
              "column": 3,
              "keyPath": "PreferenceSpecifiers[2]"
            }
          ],
          "errorCount": 1,
          "warningCount": 0,
          "noteCount": 0
        }

        """)
    }
}

@Suite("JSON output")
struct JSONWriterTests {
    @Test("strings are escaped as JSON requires; empty containers stay on one line")
    func escaping() {
        let value = JSONValue.object([
            ("text", .string("quote \" backslash \\ line\nfeed\ttab \u{1} \u{2028} é")),
            ("empty", .array([])), ("none", .object([])), ("numbers", .array([.integer(-3), .number(2.5), .number(1), .number(.nan)])),
        ])
        #expect(value.rendered() == """
        {
          "text": "quote \\" backslash \\\\ line\\nfeed\\ttab \\u0001 \\u2028 é",
          "empty": [],
          "none": {},
          "numbers": [
            -3,
            2.5,
            1.0,
            null
          ]
        }

        """)
        #expect(value.rendered(pretty: false) == "{\"text\":\"quote \\\" backslash \\\\ line\\nfeed\\ttab \\u0001 \\u2028 é\",\"empty\":[],\"none\":{},\"numbers\":[-3,2.5,1.0,null]}\n")
    }

    @Test("escaping finds every special character wherever it falls in a run of eight bytes")
    func escapingAtEveryOffset() {
        /// One scalar at a time, as JSON requires.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{2028}": out += "\\u2028"
                case "\u{2029}": out += "\\u2029"
                case _ where scalar.value < 0x20: out += "\\u00" + hex(UInt8(scalar.value)).lowercased()
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let pieces = ["a", "bcdefgh", "\"", "\\", "\n", "\u{1}", "\u{1F}", " ", "~", "\u{7F}", "é", "\u{2028}", "\u{2029}", "\u{2027}", "€", "😀", "\t"]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let text = (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            var writer = JSONWriter(pretty: false)
            writer.string(text)
            #expect(writer.finish() == reference(text) + "\n")
        }
    }
}
