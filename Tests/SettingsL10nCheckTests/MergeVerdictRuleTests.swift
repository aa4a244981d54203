import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// The findings of check for what makes merge --check fail: comments merge would write
/// otherwise, and a development table merge would make.
@Suite("check: what merge --check fails on")
struct MergeVerdictRuleTests {
    static let marker = "/* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */"

    @Test("generated-comment-outdated: a location comment that says another place, and a used key below the obsolete marker; merge's own comments are clean")
    func generatedCommentOutdated() throws {
        let fixture = TableRuleTests.bundle(german: "/* Root.plist › label of an on/off switch */\n1️⃣\"Sound\" = \"Ton\";\n\(Self.marker)\n2️⃣\"Music\" = \"Musik\";\n")
        #expect(try fixture.diagnostics(.generatedCommentOutdated) == [
            Diagnostic(.warning, rule: .generatedCommentOutdated,
                       "the settings-l10n comment above \"Sound\" no longer says where it is shown (Root.plist › group heading); settings-l10n merge rewrites it",
                       at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "Sound")),
            Diagnostic(.warning, rule: .generatedCommentOutdated,
                       "the schema uses \"Music\", but it is below the settings-l10n obsolete-section marker; settings-l10n merge moves it back",
                       at: fixture.location("de.lproj/Root.strings", "2️⃣", key: "Music")),
        ])
        let merged = TableRuleTests.bundle(german: "/* Root.plist › group heading */\n\"Sound\" = \"Ton\";\n/* Root.plist › label of an on/off switch */\n\"Music\" = \"Musik\";\n\(Self.marker)\n\"Old\" = \"Alt\";\n")
        #expect(try merged.diagnostics(.generatedCommentOutdated) == [])
        #expect(try RuleFixture.clean.diagnostics(.generatedCommentOutdated) == [])
        // A key the configuration keeps is live: below the marker, merge moves it back.
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: merged.files.mapValues(\.text)))
        let catalog = Extractor.catalog(of: bundle, policy: TranslationPolicy(keep: [GlobPattern("Old")]))
        #expect(Checker.check(CheckContext(bundle: bundle, catalog: catalog)).filter { $0.rule == .generatedCommentOutdated }.map(\.message) == [
            "\"Old\" is live (keep, or the other host shows it), but it is below the settings-l10n obsolete-section marker; settings-l10n merge moves it back",
        ])
    }

    /// Merge leaves a table the device cannot read alone (UTF-16 without a byte-order mark):
    /// its comments are not merge's to mend until the file is saved again, so check says only
    /// strings-encoding (it said generated-comment-outdated too, which merge never cleared).
    @Test("generated-comment-outdated: not for a table merge leaves alone, UTF-16 without a byte-order mark")
    func generatedCommentOutdatedMisencoded() throws {
        let fixture = TableRuleTests.bundle(german: "/* Root.plist › label of an on/off switch */\n\"Sound\" = \"Ton\";\n\(Self.marker)\n\"Music\" = \"Musik\";\n")
        var files = fixture.files.mapValues { Array($0.text.utf8) }
        let german = try #require(fixture.files["de.lproj/Root.strings"]).text
        files["de.lproj/Root.strings"] = german.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        let found = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)))
        #expect(found.filter { $0.location.file == "de.lproj/Root.strings" }.map(\.rule) == [.stringsEncoding])
    }

    @Test("development-entry-missing: a development table merge would make, in the development folder or with no .lproj at all")
    func developmentTableMissing() throws {
        let noTable = RuleFixture.bundle(RuleFixture.group, german: "\"Sound\" = \"Ton\";\n", extra: ["en.lproj/Other.strings": "\"x\" = \"y\";\n"])
        #expect(try noTable.diagnostics(.developmentEntryMissing) == [Diagnostic(
            .warning, rule: .developmentEntryMissing, "the development language has no en.lproj/Root.strings; settings-l10n merge creates it with the 1 key the schema uses",
            at: SourceLocation(file: "en.lproj/Root.strings"))])
        #expect(try noTable.diagnostics(.tableMissing) == [])
        let noFolder = RuleFixture.bundle(RuleFixture.group + "\n" + RuleFixture.toggle)
        #expect(try noFolder.diagnostics(.developmentEntryMissing) == [Diagnostic(
            .warning, rule: .developmentEntryMissing, "the development language has no en.lproj/Root.strings; settings-l10n merge creates it with the 2 keys the schema uses",
            at: SourceLocation(file: "en.lproj/Root.strings"))])
        #expect(try RuleFixture.clean.diagnostics(.developmentEntryMissing) == [])
    }
}
