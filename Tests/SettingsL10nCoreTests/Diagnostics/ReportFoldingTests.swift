import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Reports: the same finding in many languages, --severity, what fixes what")
struct ReportFoldingTests {
    static func missing(_ key: String, in language: String, table: String = "Root") -> Diagnostic {
        ReportTests.missing(key, in: "\(language).lproj/\(table).strings")
    }

    static func stale(_ key: String, in language: String, line: Int) -> Diagnostic {
        Diagnostic(.warning, rule: .staleKey, "no schema file uses \(StringsWriting.quoted(key)) (stale)",
                   at: SourceLocation(file: "\(language).lproj/Root.strings", line: line, column: 1, key: key))
    }

    static let rules = ReportTests.rules + [
        RuleDescriptor(id: .staleKey, defaultSeverity: .warning, summary: "stale", groupMessage: "{count} keys no schema file uses (stale)",
                       fix: RuleFix(command: "merge --prune", noun: "stale key", verb: "removed")),
        RuleDescriptor(id: .developmentEntryMissing, defaultSeverity: .warning, summary: "dev", fix: RuleFix(command: "merge")),
        RuleDescriptor(id: .duplicateKey, defaultSeverity: .warning, summary: "dup", fix: RuleFix(command: "merge")),
    ]

    static let languages = ["af", "ar", "be", "bg", "ca", "cs", "da"]

    @Test("one group repeated in seven languages is one line naming five of them; a language with other keys keeps its own line")
    func foldsGroups() {
        let keys = ["0.25x", "0.50x", "0.75x", "1.00x", "1.25x", "1.50x"]
        // In check's order: by file, then line. Stale keys sit on other lines in each language.
        var diagnostics = Self.languages.enumerated().flatMap { index, language in
            keys.map { Self.missing($0, in: language) } + [Self.stale("Old", in: language, line: 3 + index), Self.stale("Older", in: language, line: 4 + index)]
        }
        diagnostics += keys.dropLast().map { Self.missing($0, in: "de") }
        let report = DiagnosticReport(diagnostics: diagnostics, rules: Self.rules)
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "S.bundle")).format(report) == """
            S.bundle/af.lproj/Root.strings: warning: 6 strings not translated in 7 languages (af, ar, be, bg, ca, … +2): "0.25x", "0.50x", "0.75x", "1.00x", "1.25x", … (+1) [missing-translation]
            S.bundle/af.lproj/Root.strings:3:1: warning: 2 keys no schema file uses (stale) in 7 languages (af, ar, be, bg, ca, … +2): "Old", "Older" [stale-key]
            S.bundle/de.lproj/Root.strings: warning: 5 strings not translated: "0.25x", "0.50x", "0.75x", "1.00x", "1.25x" [missing-translation]

            """)
        var each = report
        each.listsEach = true
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(each).split(separator: "\n").count == diagnostics.count)
        #expect(GitHubDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(report).split(separator: "\n").count == 3)
        // JSON keeps one entry per finding, and the diagnostics themselves are untouched.
        #expect(JSONDiagnosticFormatter().format(report).components(separatedBy: "\"severity\"").count == diagnostics.count + 1)
        #expect(report.diagnostics.count == diagnostics.count)
    }

    @Test("single findings fold when their messages differ only in the language's folder")
    func foldsSingles() {
        let tableMissing = ["fr", "it", "sv"].map { language in
            Diagnostic(.warning, rule: .tableMissing, "\(language).lproj has no Privacy.strings: the Settings app shows its 5 strings untranslated",
                       at: SourceLocation(file: "\(language).lproj/Privacy.strings"))
        }
        let one = ["fr", "it"].map { Self.missing("Sound", in: $0) }
        let other = Diagnostic(.error, rule: .titlesValuesCount, "Titles has 3 entries, Values has 2", at: SourceLocation(file: "Root.plist", line: 9))
        let report = DiagnosticReport(diagnostics: [other] + tableMissing + one, rules: Self.rules)
        #expect(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "S.bundle")).format(report) == """
            S.bundle/Root.plist:9: error: Titles has 3 entries, Values has 2 [titles-values-count]
            S.bundle/fr.lproj/Privacy.strings: warning: *.lproj has no Privacy.strings: the Settings app shows its 5 strings untranslated — in 3 languages (fr, it, sv) [table-missing]
            S.bundle/fr.lproj/Root.strings: warning: "Sound" is not translated — in 2 languages (fr, it) [missing-translation]

            """)
    }

    @Test("--severity keeps the findings at least that serious, and says how many it left out")
    func severityFilter() {
        let error = Diagnostic(.error, rule: .titlesValuesCount, "Titles has 3 entries, Values has 2", at: SourceLocation(file: "Root.plist", line: 9))
        let note = Diagnostic(.note, rule: .configurationUnused, "unused", at: SourceLocation(file: "../.settings-l10n.json"))
        let report = DiagnosticReport(diagnostics: [error, Self.missing("A", in: "de"), note], rules: Self.rules)
        let errors = report.filtered(atLeast: .error)
        #expect(errors.diagnostics == [error])
        #expect((errors.errorCount, errors.warningCount, errors.noteCount) == (1, 0, 0))
        #expect(errors.summary == """
            1 error, 0 warnings, 0 notes
              1 error  titles-values-count
            1 warning and 1 note not shown (--severity error)

            """)
        #expect(report.filtered(atLeast: .warning).diagnostics == [error, Self.missing("A", in: "de")])
        #expect(report.filtered(atLeast: .note).diagnostics == report.diagnostics)
        #expect(report.filtered(atLeast: .note).summary == report.summary)
        #expect(DiagnosticReport(diagnostics: [note]).filtered(atLeast: .warning).summary == "no problems found\n1 note not shown (--severity warning)\n")
    }

    @Test("the summary says which command fixes which findings, from the rules' fix, with the bundle as given")
    func fixes() {
        let stale = (0..<1_234).map { Self.stale("k\($0)", in: "de", line: $0 + 1) }
        let development = ["A", "B"].map { (key: String) in
            Diagnostic(.warning, rule: .developmentEntryMissing, "lacks \(key)", at: SourceLocation(file: "en.lproj/Root.strings", key: key))
        }
        let duplicate = Diagnostic(.warning, rule: .duplicateKey, "again", at: SourceLocation(file: "de.lproj/Root.strings", line: 1, key: "X"))
        var report = DiagnosticReport(diagnostics: development + [duplicate] + stale + [Self.missing("A", in: "de")], rules: Self.rules)
        report.commandArguments = "'My App/Settings.bundle'"
        #expect(report.summary.components(separatedBy: "\n").suffix(3) == [
            "1,234 stale keys are removed by `settings-l10n merge 'My App/Settings.bundle' --prune`",
            "3 warnings are fixed by `settings-l10n merge 'My App/Settings.bundle'`",
            "",
        ])
        report.commandArguments = "VLC/Settings.bundle"
        #expect(report.summary.contains("3 warnings are fixed by `settings-l10n merge VLC/Settings.bundle`\n"))
        // While a schema file does not load, merge changes nothing: each fix says what it waits for.
        report.fixesWaitFor = "Privacy.plist loads"
        #expect(report.summary.components(separatedBy: "\n").suffix(3) == [
            "1,234 stale keys are removed by `settings-l10n merge VLC/Settings.bundle --prune` once Privacy.plist loads",
            "3 warnings are fixed by `settings-l10n merge VLC/Settings.bundle` once Privacy.plist loads",
            "",
        ])
        // Rules without a fix say nothing more.
        #expect(DiagnosticReport(diagnostics: [Self.missing("A", in: "de")], rules: Self.rules).summary == """
            0 errors, 1 warning, 0 notes
              1 warning  missing-translation

            """)
    }

    @Test("a file's language is read from its folder alike by bytes (ASCII paths) and by characters")
    func splitsPaths() {
        #expect(LanguageFolding.split("de.lproj/Root.strings")! == ("de", "Root.strings"))
        #expect(LanguageFolding.split("zh-Hans.lproj/a/b.strings")! == ("zh-Hans", "a/b.strings"))
        #expect(LanguageFolding.split("de.lproj/")! == ("de", ""))
        #expect(LanguageFolding.split("Root.plist") == nil)
        #expect(LanguageFolding.split(".lproj/Root.strings") == nil)
        #expect(LanguageFolding.split("de.lprojx/Root.strings") == nil)
        #expect(LanguageFolding.split("Base/de.lproj/Root.strings") == nil)
        // Not ASCII: read by characters. A combining mark after the slash makes it no slash of
        // its own, and one before `.lproj` is part of the language.
        #expect(LanguageFolding.split("Caf\u{E9}.lproj/R\u{E9}sum\u{E9}.strings")! == ("Caf\u{E9}", "R\u{E9}sum\u{E9}.strings"))
        #expect(LanguageFolding.split("de.lproj/\u{301}x/R.strings") == nil)
        #expect(LanguageFolding.split("e\u{301}.lproj/R.strings")! == ("e\u{301}", "R.strings"))
    }
}
