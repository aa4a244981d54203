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

    static let linphone = "BelledonneCommunications__linphone-iphone/Settings__InAppSettings.bundle@c02dcc754e"

    @Test("linphone: Chat.strings line 6; TURN&apos;s keys stale while TURN's keys are missing", .requires(.fetchedCorpus))
    func linphone() throws {
        let diagnostics = try Self.check(Self.linphone, fallback: .fileName)
        #expect(diagnostics.filter { $0.rule == .stringsSyntax } == [Diagnostic(
            .error, rule: .stringsSyntax, "missing ';' after the value of \"Auto write to gallery\"",
            at: SourceLocation(file: "en.lproj/Chat.strings", line: 6, column: 50))])
        let stale = diagnostics.filter { $0.rule == .staleKey && $0.message.contains("TURN&apos;s") }
        #expect(stale.count == 38) // Username and Password in the 19 Network tables (cs.lproj has none)
        #expect(stale.contains(Diagnostic(.warning, rule: .staleKey, "no schema file uses \"TURN&apos;s Username\" (stale)",
                                          at: SourceLocation(file: "de.lproj/Network.strings", line: 6, column: 1, key: "TURN&apos;s Username"))))
        let missing = diagnostics.filter { $0.rule == .missingTranslation && $0.message.hasPrefix("\"TURN's Username\"") }
        #expect(missing.count == 18) // every language but the development one
        #expect(missing.contains(Diagnostic(.warning, rule: .missingTranslation,
                                            "\"TURN's Username\" is not translated: the Settings app shows it as written (used at Network.plist:67)",
                                            at: SourceLocation(file: "de.lproj/Network.strings", key: "TURN's Username"))))
        // Without the fallback, the panes without StringsTable are pointed out instead.
        let plain = try Self.check(Self.linphone)
        #expect(plain.filter { $0.rule == .stringsTableMissing }.count == 11)
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

    @Test("meshtastic: a DefaultValue that is a title", .requires(.fetchedCorpus))
    func meshtastic() throws {
        let diagnostics = try Self.check("meshtastic__Meshtastic-Apple/Settings.bundle")
        #expect(diagnostics.filter { $0.rule == .defaultValueNotInValues } == [Diagnostic(
            .error, rule: .defaultValueNotInValues, "DefaultValue \"Thirty Seconds\" is none of the Values: it is the title of option 3; its value is 30",
            at: SourceLocation(file: "Root.plist", line: 29, column: 4, keyPath: "PreferenceSpecifiers[2].DefaultValue"))])
    }

    @Test("VLC: specifiers with no Type", .requires(.fetchedCorpus))
    func vlc() throws {
        let diagnostics = try Self.check("videolan__vlc-ios/Resources__iOS__Settings.bundle")
        #expect(diagnostics.filter { $0.rule == .specifierTypeMissing }.map { "\($0.location.file):\($0.location.line ?? 0) \($0.location.keyPath ?? "")" } == [
            "Root.inApp.plist:173 PreferenceSpecifiers[9]", "Root.inApp.plist:1133 PreferenceSpecifiers[70]",
        ])
    }
}
