@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
@testable import SettingsL10nStatus
import Testing
import SettingsL10nTestSupport

/// A table at the bundle's top level comes first on the device's search list (facts.md): every
/// language reads it, and the folders' tables of that name are never read. check said "no
/// problems found" and status counted the folders' translations as shown.
@Suite("A table at the bundle's top level: check and status")
struct TopLevelTableTests {
    static func checked(_ extra: [String: String]) throws -> (found: [Diagnostic], status: StatusReport) {
        let fixture = TableRuleTests.bundle(german: RuleFixture.german, extra: extra)
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: fixture.files.mapValues(\.text)))
        let context = CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))
        return (Checker.check(context).filter { $0.rule == .tableOutsideLocalizations }, StatusReport(context))
    }

    @Test("table-outside-lproj: a top-level table that the folders also hold, one they do not, and one no schema file names")
    func reported() throws {
        let (found, status) = try Self.checked(["Root.strings": "\"Sound\" = \"Sound!\";\n", "Other.strings": "\"x\" = \"y\";\n"])
        #expect(found == [Diagnostic(
            .error, rule: .tableOutsideLocalizations,
            "Root.strings lies at the bundle's top level, where the device looks for a table before any .lproj folder: every language reads it, and the Root tables of 2 .lproj folders (de, en) are never read; move what it holds into en.lproj/Root.strings, then delete it",
            at: SourceLocation(file: "Root.strings"))])
        let german = try #require(status.locales.first { $0.locale == "de" })
        // Counted as check counts it (one number), and marked.
        #expect(german.tables.map { "\($0.path) \($0.file) \($0.translated)/\($0.total)" } == ["de.lproj/Root.strings shadowed 2/2"])
        #expect(status.shadowingTables == ["Root.strings"])
        #expect(status.text() == """
            locale  table  translated  fuzzy  missing  stale  percent
            de      Root          2/2      0        0      0   100.0%  ████████████████████ (not read: the top-level table comes first)
            en *    Root       source      0        0      0   100.0%  ████████████████████ (not read: the top-level table comes first)
            * the development language (en): its table holds the source text; missing counts the entries merge adds
            ! Root.strings lies at the bundle's top level, which the device reads in every language instead of the .lproj folders' tables of that name: what those hold is counted, but never shown; settings-l10n check says what to do

            """)
        #expect(status.markdown(title: "T") == """
            ### T

            1 of 1 language complete.

            | Language | Translated | Fuzzy | Missing | Stale | Complete |
            |---|---:|---:|---:|---:|---|
            | de (1 table is never read: the top-level one comes first) | 2 / 2 | 0 | 0 | 0 | 100.0% `██████████` |
            | en (source) (1 table is never read: the top-level one comes first) | source | 0 | 0 | 0 | 100.0% `██████████` |

            (source) the development language (en): its table holds the source text; missing counts the entries merge adds

            > **Not read:** Root.strings lies at the bundle's top level, which the device reads in every language instead of the .lproj folders' tables of that name: what those hold is counted, but never shown; settings-l10n check says what to do

            """)

        // Only in the top level: every language shows it as it is; said as such.
        let fixture = RuleFixture.bundle(RuleFixture.group, english: RuleFixture.english, german: RuleFixture.german, extra: ["Root.strings": "\"Sound\" = \"Sound\";\n"])
        var files = fixture.files.mapValues(\.text)
        files["en.lproj/Root.strings"] = nil
        files["de.lproj/Root.strings"] = nil
        files["de.lproj/Other.strings"] = "\"x\" = \"y\";\n"
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let alone = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))).filter { $0.rule == .tableOutsideLocalizations }
        #expect(alone.map(\.message) == [
            "Root.strings lies at the bundle's top level, where the device looks for a table before any .lproj folder: every language reads it, so its strings show as it holds them in every language; move it into en.lproj",
        ])
    }

    @Test("a bundle without .lproj folders is not localized: its top-level table is its only one")
    func unlocalized() throws {
        let fixture = RuleFixture.bundle(RuleFixture.group, english: RuleFixture.english, german: RuleFixture.german, extra: ["Root.strings": "\"Sound\" = \"Sound\";\n"])
        let files = fixture.files.mapValues(\.text).filter { !$0.key.contains(".lproj/") }
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let context = CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(Checker.check(context).filter { $0.rule == .tableOutsideLocalizations } == [])
        #expect(StatusReport(context).shadowingTables == [])
    }
}
