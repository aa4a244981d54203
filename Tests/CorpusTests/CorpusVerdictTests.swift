import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

/// One verdict per table between merge --check and check: every table merge would change in
/// what it holds (or create) has a finding of check at that table whose rule names merge as its
/// fix, so that check --strict cannot pass where merge --check fails.
@Suite("Corpus: every table merge --check fails on has a check finding that names merge")
struct CorpusVerdictTests {
    @Test("every corpus bundle, and the example bundle", arguments: TestPaths.corpusBundles() + ["example"], TableFallback.allCases)
    func corpus(path: String, fallback: TableFallback) throws {
        let files = try CorpusMergeTests.files(of: path == "example" ? TestPaths.exampleBundle : TestPaths.corpus(path))
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        // Merge writes nothing while a schema file does not load; its verdict is that refusal.
        guard bundle.unloadedSchemaFiles.isEmpty else { return }
        let catalog = Extractor.catalog(of: bundle, tableFallback: fallback)
        let merged = Merger.merge(bundle: bundle, catalog: catalog, options: MergeOptions(reportOnly: true))
        let fixedByMerge = Set(Checker.rules.filter { $0.fix?.command.hasPrefix("merge") == true }.map(\.id))
        let findings = Checker.check(CheckContext(bundle: bundle, catalog: catalog))
        var namedTables: Set<String> = []
        for finding in findings where fixedByMerge.contains(finding.rule) { namedTables.insert(finding.file) }
        for report in merged.reports where report.changed && !report.layoutOnly {
            #expect(namedTables.contains(report.path), "\(path) (\(fallback)): merge --check fails on \(report.path), and check names merge for none of its findings")
        }
    }
}
