import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

/// a-shell's bundle (vendored) checked as a new user would: the default text report groups each
/// table's findings across languages, and the summary names the commands that fix what they can
/// (`CorpusReportFieldTests` does the same on VLC's 62 languages).
@Suite("Corpus: a-shell's default check report")
struct CorpusReportTests {
    static let aShell = "holzschu__a-shell/Settings.bundle"

    static func report() throws -> DiagnosticReport {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.corpus(aShell).path))
        var report = DiagnosticReport(diagnostics: Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))),
                                      rules: Checker.descriptors)
        report.commandArguments = "a-Shell/Settings.bundle"
        return report
    }

    static func text(_ report: DiagnosticReport) -> String {
        TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "a-Shell/Settings.bundle")).format(report)
    }

    @Test("one line per table and kind of finding, across the languages; --each lists every finding")
    func grouped() throws {
        let report = try Self.report()
        Golden.check(Self.text(report) + "--- standard error\n" + report.summary, against: "a-shell-check-report.txt")
        var each = report
        each.listsEach = true
        #expect(Self.text(each).split(separator: "\n").count == report.diagnostics.count)
        #expect(report.diagnostics.count == 93)
    }
}
