import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// Issue 47, case 4: check judges InAppSettingsKit's strings as merge --prune does.
@Suite("check and InAppSettingsKit's strings")
struct InAppSettingsKitCheckTests {
    static let mail = """
    \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>s</string>
    \t\t<key>DefaultValue</key><true/><key>IASKSubtitle</key><dict><key>YES</key><string>SUB_ON</string></dict></dict>
    \t\t<dict><key>Type</key><string>IASKMailComposeSpecifier</string><key>Title</key><string>Send Mail</string>
    \t\t<key>IASKMailComposeSubject</key><string>Feedback</string></dict>
    \t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Speed</string><key>Key</key><string>v</string>
    \t\t<key>DefaultValue</key><integer>1</integer><key>FooterText</key><string>Below the list</string>
    \t\t<key>Values</key><array><integer>1</integer></array><key>Titles</key><array><string>Fast</string></array></dict>
    """
    static let table = """
    "Sound" = "Ton";
    "SUB_ON" = "an";
    "Send Mail" = "Mail senden";
    "Feedback" = "Rückmeldung";
    "Speed" = "Tempo";
    "Below the list" = "Unter der Liste";
    "Fast" = "Schnell";
    "Gone" = "Weg";

    """

    @Test("stale-key: only the key no host shows, with --in-app and without (merge --prune keeps the others)", arguments: SettingsHost.allCases)
    func stale(host: SettingsHost) throws {
        let fixture = RuleFixture.bundle(Self.mail, english: Self.table, german: Self.table)
        let stale = try fixture.diagnostics(.staleKey, locales: ["de"], host: host)
        #expect(stale.map(\.location.key) == ["Gone"])
    }

    @Test("enum-value: InAppSettingsKit's keyboards and idioms are its own, the Settings app's error")
    func keyboards() throws {
        let field = """
        \t\t<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>t</string><key>KeyboardType</key>1️⃣<string>DecimalPad</string>
        \t\t<key>SupportedUserInterfaceIdioms</key><array>2️⃣<string>Mac</string></array></dict>
        """
        let fixture = RuleFixture.bundle(field)
        #expect(try fixture.diagnostics(.enumValue, host: .inAppSettingsKit) == [])
        #expect(try fixture.diagnostics(.enumValue) == [
            Diagnostic(.error, rule: .enumValue, "KeyboardType \"DecimalPad\" is not one of Alphabet, NumbersAndPunctuation, NumberPad, URL, EmailAddress",
                       at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].KeyboardType")),
            Diagnostic(.error, rule: .enumValue, "SupportedUserInterfaceIdioms \"Mac\" is not one of Phone, Pad",
                       at: fixture.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[0].SupportedUserInterfaceIdioms[0]")),
        ])
        // An .inApp.plist file is InAppSettingsKit's whatever the host.
        let inAppFile = RuleFixture(["Root.plist": xmlSchema(""), "Root.inApp.plist": xmlSchema(field)])
        #expect(try inAppFile.diagnostics(.enumValue) == [])
        let typo = RuleFixture.bundle("\t\t<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>t</string><key>KeyboardType</key><string>DecimalPat</string></dict>")
        #expect(try typo.diagnostics(.enumValue, host: .inAppSettingsKit).map(\.message) == [
            "KeyboardType \"DecimalPat\" is not one of Alphabet, NumbersAndPunctuation, NumberPad, URL, EmailAddress, DecimalPad, PhonePad, NamePhonePad, AsciiCapable; did you mean DecimalPad?",
        ])
    }
}
