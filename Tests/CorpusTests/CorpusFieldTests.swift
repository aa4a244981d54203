import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

/// The field suite of the corpus tests: the copyleft bundles `scripts/fetch-corpus` brings into
/// `Tests/Corpus/fetched`, read, checked and merged as the vendored ones are. `scripts/test` runs
/// it where they are in place and names it as not run where they are not. Offline, the same
/// code runs on the vendored bundles (`CorpusReadingTests`, `CorpusMergeTests`), and what each
/// bundle shows here has a made-up case of its own (named beside each test).
@Suite("Field: the copyleft corpus read, checked and merged", .requires(.fetchedCorpus))
struct CorpusFieldTests {
    static let linphone = "BelledonneCommunications__linphone-iphone/Settings__InAppSettings.bundle@c02dcc754e"
    static let malformedStrings = linphone + "/en.lproj/Chat.strings"

    @Test("every fetched .strings file writes back byte-identical, except linphone's Chat.strings")
    func stringsRoundTrip() throws {
        let counts = try CorpusReadingTests.roundTrip(in: TestPaths.fetchedCorpus, except: TestPaths.corpus(Self.malformedStrings))
        #expect(counts.files == 261)
        #expect(counts.parsed == 260)
    }

    /// Offline: StringsReadingRulesTests (an entry without `;` before the next).
    @Test("linphone's en.lproj/Chat.strings is an error at line 6")
    func linphoneChat() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.corpus(Self.malformedStrings)))
        #expect(throws: SyntaxError("missing ';' after the value of \"Auto write to gallery\"", at: TextPosition(line: 6, column: 50))) {
            try StringsParser.parse(bytes)
        }
    }

    @Test("every fetched schema plist loads")
    func schemaFiles() throws {
        #expect(try CorpusReadingTests.schemaFormats(in: TestPaths.fetchedCorpus) == [.xml: 17])
    }

    @Test("every fetched bundle loads", arguments: TestPaths.fieldBundles())
    func bundles(path: String) throws {
        try CorpusReadingTests.expectLoads(path)
    }

    @Test("every fetched bundle: merge loses nothing and is stable", arguments: TestPaths.fieldBundles(), TableFallback.allCases)
    func merge(path: String, fallback: TableFallback) throws {
        try CorpusMergeTests.expectLossless(path, fallback: fallback)
    }

    /// Offline: CorpusCaseTests (a key written with an XML entity in a table).
    @Test("linphone: Chat.strings line 6; TURN&apos;s keys stale while TURN's keys are missing")
    func linphone() throws {
        let diagnostics = try CorpusCheckTests.check(Self.linphone, fallback: .fileName)
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
        let plain = try CorpusCheckTests.check(Self.linphone)
        #expect(plain.filter { $0.rule == .stringsTableMissing }.count == 11)
    }

    /// Offline: SchemaRuleTests (a DefaultValue that is an option's title).
    @Test("meshtastic: a DefaultValue that is a title")
    func meshtastic() throws {
        let diagnostics = try CorpusCheckTests.check("meshtastic__Meshtastic-Apple/Settings.bundle")
        #expect(diagnostics.filter { $0.rule == .defaultValueNotInValues } == [Diagnostic(
            .error, rule: .defaultValueNotInValues, "DefaultValue \"Thirty Seconds\" is none of the Values: it is the title of option 3; its value is 30",
            at: SourceLocation(file: "Root.plist", line: 29, column: 4, keyPath: "PreferenceSpecifiers[2].DefaultValue"))])
    }

    /// Offline: SchemaRuleTests (specifier-type-missing).
    @Test("VLC: specifiers with no Type")
    func vlc() throws {
        let diagnostics = try CorpusCheckTests.check("videolan__vlc-ios/Resources__iOS__Settings.bundle")
        #expect(diagnostics.filter { $0.rule == .specifierTypeMissing }.map { "\($0.location.file):\($0.location.line ?? 0) \($0.location.keyPath ?? "")" } == [
            "Root.inApp.plist:173 PreferenceSpecifiers[9]", "Root.inApp.plist:1133 PreferenceSpecifiers[70]",
        ])
    }
}
