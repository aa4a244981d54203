import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Diagnostic formatters")
struct FormatterTests {
    static let diagnostics = [
        Diagnostic(.error, rule: .titlesValuesCount, "Titles has 2 entries, Values has 3",
                   at: SourceLocation(file: "Advanced.plist", line: 12, column: 3, keyPath: "PreferenceSpecifiers[2]")),
        Diagnostic(.warning, rule: .tableMissing, "de.lproj has no Root.strings: 100% untranslated, sorry, really",
                   at: SourceLocation(file: "de.lproj/Root.strings")),
        Diagnostic(.note, rule: .keyIgnored, "a note", at: SourceLocation(file: "Root.plist", keyPath: "PreferenceSpecifiers[0].Key")),
    ]

    @Test("text lines Xcode can click")
    func text() {
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "App/Settings.bundle")).format(Self.diagnostics) == """
        App/Settings.bundle/Advanced.plist:12:3: error: Titles has 2 entries, Values has 3 [titles-values-count]
        App/Settings.bundle/de.lproj/Root.strings: warning: de.lproj has no Root.strings: 100% untranslated, sorry, really [table-missing]
        App/Settings.bundle/Root.plist: note: a note (at PreferenceSpecifiers[0].Key) [key-ignored]

        """)
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "B"), colors: true).line(Self.diagnostics[0]) == "B/Advanced.plist:12:3: \u{1B}[1;31merror\u{1B}[0m: Titles has 2 entries, Values has 3 [titles-values-count]")
    }

    @Test("GitHub workflow commands, escaped")
    func github() {
        #expect(GitHubDiagnosticFormatter(paths: DiagnosticPaths(prefix: "App/Settings.bundle")).format(Self.diagnostics) == """
        ::error file=App/Settings.bundle/Advanced.plist,line=12,col=3,title=settings-l10n titles-values-count::Titles has 2 entries, Values has 3
        ::warning file=App/Settings.bundle/de.lproj/Root.strings,title=settings-l10n table-missing::de.lproj has no Root.strings: 100%25 untranslated, sorry, really
        ::notice file=App/Settings.bundle/Root.plist,title=settings-l10n key-ignored::a note (at PreferenceSpecifiers[0].Key)

        """)
    }

    @Test("long reports stream out in chunks that add up to the whole document")
    func chunks() {
        let many = (0..<3000).map { index in
            Diagnostic(index % 3 == 0 ? .error : .warning, rule: .staleKey, "no schema file uses \"Key \(index)\" (stale) – é",
                       at: SourceLocation(file: "de.lproj/Root.strings", line: index + 1, column: index % 2 == 0 ? 1 : nil))
        }
        var jsonChunks: [String] = []
        JSONDiagnosticFormatter().format(many) { jsonChunks.append($0) }
        let expected = JSONValue.object([
            ("diagnostics", .array(many.map { diagnostic in
                .object([("severity", .string(diagnostic.severity.rawValue)), ("rule", .string(diagnostic.rule.rawValue)),
                         ("message", .string(diagnostic.message)), ("file", .string(diagnostic.location.file)),
                         ("line", .optional(diagnostic.location.line)), ("column", .optional(diagnostic.location.column)),
                         ("keyPath", .null), ("key", .null)])
            })),
            ("errorCount", .integer(1000)), ("warningCount", .integer(2000)), ("noteCount", .integer(0)), ("configuration", .null),
            ("strict", .bool(false)),
        ]).rendered()
        #expect(jsonChunks.count > 4)
        #expect(jsonChunks.joined() == expected)
        var textChunks: [String] = []
        let formatter = TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "S.bundle"))
        formatter.format(many) { textChunks.append($0) }
        #expect(textChunks.count > 2)
        #expect(textChunks.joined() == many.map { formatter.line($0) + "\n" }.joined())
    }

    @Test("the JSON document of the contract")
    func json() {
        #expect(JSONDiagnosticFormatter().format(Array(Self.diagnostics.prefix(1))) == """
        {
          "diagnostics": [
            {
              "severity": "error",
              "rule": "titles-values-count",
              "message": "Titles has 2 entries, Values has 3",
              "file": "Advanced.plist",
              "line": 12,
              "column": 3,
              "keyPath": "PreferenceSpecifiers[2]",
              "key": null
            }
          ],
          "errorCount": 1,
          "warningCount": 0,
          "noteCount": 0,
          "configuration": null,
          "strict": false
        }

        """)
        #expect(JSONDiagnosticFormatter().format([Diagnostic]()) == """
        {
          "diagnostics": [],
          "errorCount": 0,
          "warningCount": 0,
          "noteCount": 0,
          "configuration": null,
          "strict": false
        }

        """)
    }
}
