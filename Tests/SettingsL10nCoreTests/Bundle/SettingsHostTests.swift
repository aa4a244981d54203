import Testing
import SettingsL10nCore

@Suite("What messages call the host")
struct SettingsHostTests {
    @Test("under InAppSettingsKit, the Settings app becomes InAppSettingsKit; a message naming both is kept", arguments: [
        (SettingsHost.settingsApp, "the value is empty: the Settings app shows nothing there", "the value is empty: the Settings app shows nothing there"),
        (.inAppSettingsKit, "the value is empty: the Settings app shows nothing there", "the value is empty: InAppSettingsKit shows nothing there"),
        (.inAppSettingsKit, "The Settings app skips it.", "InAppSettingsKit skips it."),
        (.inAppSettingsKit, "IASKButton is an InAppSettingsKit type: apps using InAppSettingsKit show it, but the Settings app skips it",
         "IASKButton is an InAppSettingsKit type: apps using InAppSettingsKit show it, but the Settings app skips it"),
        (.inAppSettingsKit, "Titles has 2 entries, Values has 3", "Titles has 2 entries, Values has 3"),
    ])
    func speaking(_ host: SettingsHost, _ message: String, _ expected: String) {
        #expect(host.speaking(message) == expected)
        #expect(Diagnostic(.warning, rule: .emptyValue, message, at: SourceLocation(file: "de.lproj/Root.strings")).spoken(by: host).message == expected)
    }
}
