import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

@Suite("Corpus: check finds what Tests/Corpus/SOURCES.md says")
struct CorpusCheckTests {
    static func check(_ path: String, fallback: TableFallback = .none) throws -> [Diagnostic] {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.corpus(path).path))
        return Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle, tableFallback: fallback)))
    }

    @Test("InAppSettingsKit: Malformed.plist's counts, and the test bundle's missing child panes")
    func inAppSettingsKit() throws {
        let diagnostics = try Self.check("futuretap__InAppSettingsKit/Tests__InAppSettingsKitTests__Settings.bundle")
        #expect(diagnostics.filter { $0.rule == .titlesValuesCount } == [Diagnostic(
            .error, rule: .titlesValuesCount, "Titles has 2 entries, Values has 1",
            at: SourceLocation(file: "Malformed.plist", line: 17, column: 4, keyPath: "PreferenceSpecifiers[0].Titles"))])
        let missing = diagnostics.filter { $0.rule == .childPaneFileMissing }
        #expect(Set(missing.map { $0.message.components(separatedBy: "\"")[1] }) == ["Fruit", "Listgroup"])
        #expect(missing.contains(Diagnostic(.error, rule: .childPaneFileMissing,
                                            "File \"Fruit\" names Fruit.plist, which is not in the bundle; tapping the row opens an empty page",
                                            at: SourceLocation(file: "Complete.plist", line: 760, column: 4, keyPath: "PreferenceSpecifiers[53].File"))))
    }

    /// Issue 47, case 4: the sample's subtitles, web page title and localized URL are strings
    /// InAppSettingsKit localizes, and DecimalPad a keyboard it knows.
    @Test("InAppSettingsKit's sample under --in-app: no key is stale, none pruned, DecimalPad accepted")
    func inAppSettingsKitSample() throws {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(
            path: TestPaths.corpus("futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle").path))
        let catalog = Extractor.catalog(of: bundle, host: .inAppSettingsKit)
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: catalog))
        #expect(diagnostics.filter { $0.rule == .staleKey }.map(\.location.key) == [])
        #expect(diagnostics.filter { $0.rule == .enumValue }.map(\.message) == ["AutocorrectionType \"no\" is not one of Default, No, Yes; did you mean No?"])
        #expect(catalog.table(named: "Root")?.string(forKey: "TOGGLE_SWITCH_SUBTITLE_YES")?.occurrences.map(\.keyPath.description)
            == ["PreferenceSpecifiers[30].IASKSubtitle.YES"])
        let merged = Merger.merge(bundle: bundle, catalog: catalog, options: MergeOptions(prune: true))
        #expect(merged.reports.flatMap(\.pruned) == [])
        #expect(merged.reports.flatMap(\.obsolete) == [])
    }
}
