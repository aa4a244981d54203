import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

/// VLC's bundle checked as the adoption example of docs/configuration.md does: the default text
/// report a new user reads, with the configuration that page gives (offline: `CorpusReportTests`,
/// a-shell's report, grouped the same way).
@Suite("Field: VLC's default check report", .requires(.fetchedCorpus))
struct CorpusReportFieldTests {
    static let vlc = "videolan__vlc-ios/Resources__iOS__Settings.bundle"

    /// `VLC/.settings-l10n.json` as docs/configuration.md's "Adopting check on an existing project" writes it.
    static let readmeConfiguration = """
        {
          "doNotTranslate": ["*.*x", "* dB", "Arial*", "Avenir*", "Helvetica*", "Courier New", "Menlo", "Futura", "Georgia",
                             "Times New Roman", "Zapf*", "* Sangam MN", "Hiragino *", "Heiti *"],
          "keep": ["SETTINGS_DONATE*"]
        }
        """

    /// The report of `check VLC/Settings.bundle`, with docs/configuration.md's configuration or none.
    static func report(configuration text: String?) throws -> DiagnosticReport {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.corpus(vlc).path))
        let configuration = try text.map { try CheckConfiguration.parse(Array($0.utf8)) } ?? CheckConfiguration()
        let catalog = Extractor.catalog(of: bundle, policy: configuration.translationPolicy)
        var report = DiagnosticReport(diagnostics: Checker.check(CheckContext(bundle: bundle, catalog: catalog), configuration: configuration),
                                      rules: Checker.descriptors)
        report.commandArguments = "VLC/Settings.bundle"
        return report
    }

    static func text(_ report: DiagnosticReport) -> String {
        TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "VLC/Settings.bundle")).format(report)
    }

    @Test("with the configuration of docs/configuration.md: at most 25 lines, then the summary with the commands that fix what they can")
    func configured() throws {
        let report = try Self.report(configuration: Self.readmeConfiguration)
        let text = Self.text(report)
        #expect(text.split(separator: "\n").count <= 25)
        Golden.checkDigest(text + "--- standard error\n" + report.summary, against: "vlc-check-report.digest")
    }

    @Test("without a configuration: at most 25 lines too; --each still lists every finding")
    func unconfigured() throws {
        let report = try Self.report(configuration: nil)
        #expect(Self.text(report).split(separator: "\n").count <= 25)
        var each = report
        each.listsEach = true
        #expect(Self.text(each).split(separator: "\n").count == report.diagnostics.count)
        #expect(report.summary.hasSuffix("""
            1,988 stale keys are removed by `settings-l10n merge VLC/Settings.bundle --prune`
            108 warnings are fixed by `settings-l10n merge VLC/Settings.bundle`

            """))
    }

    @Test("--severity error: only the errors, and the warnings counted as not shown")
    func errorsOnly() throws {
        let report = try Self.report(configuration: nil).filtered(atLeast: .error)
        #expect(report.diagnostics.allSatisfy { $0.severity == .error })
        #expect(report.warningCount == 0)
        #expect(report.summary.hasSuffix("9,024 warnings not shown (--severity error)\n"))
    }
}
