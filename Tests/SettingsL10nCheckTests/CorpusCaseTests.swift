import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// Made-up cases of what the copyleft bundles of the field suite show (`CorpusFieldTests`), so
/// that a clone without them tests it too.
@Suite("check: cases the copyleft corpus shows, made up")
struct CorpusCaseTests {
    /// linphone's Network tables hold `"TURN&apos;s Username"`: an XML entity written into a
    /// `.strings` key, which is no entity there. The schema's title decodes to `TURN's Username`.
    @Test("a table key written with an XML entity is stale, and the title it meant is missing")
    func entityInKey() throws {
        let specifiers = "\t\t<dict><key>Type</key><string>PSTextFieldSpecifier</string>" +
            "<key>Title</key><string>TURN&apos;s Username</string><key>Key</key><string>turn_user</string></dict>"
        let fixture = RuleFixture.bundle(specifiers, english: "\"TURN's Username\" = \"TURN's Username\";\n",
                                         german: "1️⃣\"TURN&apos;s Username\" = \"TURN-Benutzername\";\n")
        #expect(try fixture.diagnostics(.staleKey) == [Diagnostic(
            .warning, rule: .staleKey, "no schema file uses \"TURN&apos;s Username\" (stale)",
            at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "TURN&apos;s Username"))])
        #expect(try fixture.diagnostics(.missingTranslation) == [Diagnostic(
            .warning, rule: .missingTranslation,
            "\"TURN's Username\" is not translated: the Settings app shows it as written (used at Root.plist:9)",
            at: SourceLocation(file: "de.lproj/Root.strings", key: "TURN's Username"))])
    }

    /// linphone's en.lproj/Chat.strings: its last entry lacks the `;`, which hides it on a device.
    @Test("a table whose last entry lacks its ';' is a strings-syntax error at that entry")
    func lastEntryWithoutSemicolon() throws {
        let fixture = RuleFixture.bundle(RuleFixture.group + "\n" + RuleFixture.toggle, english: RuleFixture.english, german: "\"Music\" = \"Musik\";\n\"Sound\" = \"Ton\"\n")
        #expect(try fixture.diagnostics(.stringsSyntax) == [Diagnostic(
            .error, rule: .stringsSyntax, "missing ';' after the value of \"Sound\"",
            at: SourceLocation(file: "de.lproj/Root.strings", line: 2, column: 16))])
    }
}
