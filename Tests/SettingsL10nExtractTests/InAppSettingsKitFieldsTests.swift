import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
import SettingsL10nTestSupport

/// Issue 47, case 4: the keys InAppSettingsKit passes through its localizer (its sources at
/// 846b620, the vendored sample's version: `IASKSpecifier`, `IASKAppSettingsViewController`,
/// `IASKAppSettingsWebViewController`) are strings of the bundle, extracted under `--in-app` and
/// kept for the other host without it.
@Suite("InAppSettingsKit's own localized keys")
struct InAppSettingsKitFieldsTests {
    static let specifiers = """
    \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>s</string>
    \t\t<key>DefaultValue</key><true/><key>IASKSubtitle</key><dict><key>YES</key><string>SUB_ON</string><key>NO</key><string>SUB_OFF</string></dict></dict>
    \t\t<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Fruit</string><key>File</key><string>Fruit</string>
    \t\t<key>IASKSubtitle</key><dict><key>Kiwi</key><string>Green fruit</string><key>__default__</key><string>Some fruit</string></dict></dict>
    \t\t<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>t</string><key>IASKPlaceholder</key><string>Your name</string>
    \t\t<key>IASKSubtitle</key><string>Not shown on a text field</string></dict>
    \t\t<dict><key>Type</key><string>IASKMailComposeSpecifier</string><key>Title</key><string>Send Mail</string>
    \t\t<key>IASKSubtitle</key><string>to the team</string><key>IASKMailComposeSubject</key><string>Feedback</string>
    \t\t<key>IASKMailComposeBody</key><string>Hello</string><key>IASKMailComposeToRecipents</key><array><string>a@b.c</string></array></dict>
    \t\t<dict><key>Type</key><string>IASKOpenURLSpecifier</string><key>Title</key><string>Website</string><key>File</key><string>LOCALIZED_URL</string></dict>
    \t\t<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>About</string><key>File</key><string>about.html</string>
    \t\t<key>IASKViewControllerClass</key><string>IASKAppSettingsWebViewController</string>
    \t\t<key>IASKViewControllerSelector</key><string>initWithFile:specifier:</string><key>IASKChildTitle</key><string>ABOUT_TITLE</string></dict>
    \t\t<dict><key>Type</key><string>IASKListGroupSpecifier</string><key>Title</key><string>Tags</string><key>Key</key><string>tags</string>
    \t\t<key>ItemSpecifier</key><dict><key>Type</key><string>PSTextFieldSpecifier</string><key>IASKPlaceholder</key><string>Tag name</string></dict>
    \t\t<key>AddSpecifier</key><dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Add Tag...</string><key>File</key><string>Tag</string></dict></dict>
    """

    private func catalog(host: SettingsHost) throws -> Catalog {
        let files = ["Root.plist": xmlSchema(Self.specifiers), "Fruit.plist": xmlSchema(""), "Tag.plist": xmlSchema("")]
        return Extractor.catalog(of: try BundleLoader.load(from: InMemoryBundleSource(textFiles: files)), host: host)
    }

    @Test("under InAppSettingsKit: IASKSubtitle in both forms, the placeholder, the mail, the web page, the URL, a list group's rows")
    func inApp() throws {
        let table = try #require(try catalog(host: .inAppSettingsKit).table(named: "Root"))
        #expect(table.keys == [
            "Sound", "SUB_ON", "SUB_OFF", "Fruit", "Green fruit", "Some fruit", "Your name", "Send Mail", "to the team", "Feedback", "Hello",
            "Website", "LOCALIZED_URL", "About", "ABOUT_TITLE", "about.html", "Tags", "Tag name", "Add Tag...",
        ])
        func only(_ key: String) throws -> Occurrence { try #require(table.string(forKey: StringsKey(key))?.occurrences.first) }
        #expect(try only("SUB_ON").keyPath.description == "PreferenceSpecifiers[0].IASKSubtitle.YES")
        #expect(try only("SUB_ON").field == .subtitle)
        #expect(try only("SUB_ON").describe() == "Root.plist › Sound › subtitle below the row when the value is YES")
        #expect(try only("Some fruit").describe() == "Root.plist › Fruit › subtitle below the row for any other value")
        #expect(try only("to the team").describe() == "Root.plist › Send Mail › subtitle below the row")
        #expect(try only("Your name").describe() == "Root.plist › placeholder shown while the field is empty")
        #expect(try only("Feedback").describe() == "Root.plist › Send Mail › subject of the e-mail the row writes")
        #expect(try only("LOCALIZED_URL").field == .file)
        #expect(try only("ABOUT_TITLE").describe() == "Root.plist › About › title of the page the row opens")
        #expect(try only("Add Tag...").keyPath.description == "PreferenceSpecifiers[6].AddSpecifier.Title")
        #expect(try only("Tag name").keyPath.description == "PreferenceSpecifiers[6].ItemSpecifier.IASKPlaceholder")
        // An address written as one opens the same in every language; a symbolic one needs its text.
        #expect(table.strings.filter { !$0.needsTranslation }.map(\.key) == ["about.html"])
    }

    @Test("an address a row opens needs no translation when it is written as one", arguments: [
        ("https://example.com/help", true), ("app-settings:", true), ("mailto:a@b.c", true), ("about.html", true), ("Licenses/MIT", true),
        ("LOCALIZED_URL", false), ("Help page", false), ("1st:", false), ("", false),
    ])
    func addresses(key: String, isAddress: Bool) {
        let occurrence = Occurrence(file: "Root.plist", position: nil, keyPath: "PreferenceSpecifiers[0].File", specifierType: "IASKOpenURLSpecifier", field: .file)
        #expect(TranslationPolicy.isAddress(LocalizableString(key: StringsKey(key), occurrences: [occurrence])) == isAddress)
        var title = occurrence
        title.field = .title
        #expect(!TranslationPolicy.isAddress(LocalizableString(key: StringsKey(key), occurrences: [occurrence, title])))
    }

    @Test("for the Settings app: none is extracted, and merge --prune keeps them all as the other host's")
    func settingsApp() throws {
        let catalog = try catalog(host: .settingsApp)
        #expect(catalog.table(named: "Root")?.keys == ["Sound", "Fruit", "About"])
        #expect(catalog.otherHostKeys == ["Root": [
            "SUB_ON", "SUB_OFF", "Green fruit", "Some fruit", "Your name", "Send Mail", "to the team", "Feedback", "Hello",
            "Website", "LOCALIZED_URL", "ABOUT_TITLE", "about.html", "Tags", "Tag name", "Add Tag...",
        ]])
    }

    @Test("the shown fields of each kind of row, by host", arguments: [
        ("PSToggleSwitchSpecifier", [String](), [LocalizableField.title, .subtitle]),
        ("PSTextFieldSpecifier", [], [.title, .placeholder]),
        ("IASKTextViewSpecifier", [], [.title, .footerText, .titles, .shortTitles, .placeholder]),
        ("IASKMailComposeSpecifier", [], [.title, .footerText, .titles, .shortTitles, .subtitle, .mailComposeSubject, .mailComposeBody]),
        ("IASKOpenURLSpecifier", [], [.title, .footerText, .titles, .shortTitles, .subtitle, .file]),
        ("PSChildPaneSpecifier", [], [.title, .subtitle]),
        ("PSChildPaneSpecifier", ["IASKViewControllerClass"], [.title, .subtitle, .childTitle, .file]),
        ("PSChildPaneSpecifier", ["IASKViewControllerClass", "IASKViewControllerStoryBoardId"], [.title, .subtitle]),
        ("PSMultiValueSpecifier", [], [.title, .footerText, .titles, .shortTitles]),
        ("PSSliderSpecifier", [], []),
    ])
    func fields(type: String, keys: [String], inApp: [LocalizableField]) {
        var dictionary = PlistDictionary([PlistDictionaryEntry(key: "Type", value: PlistNode(.string(type)))])
        for key in keys { dictionary.entries.append(PlistDictionaryEntry(key: key, value: PlistNode(.string("X")))) }
        let specifier = Specifier(index: 0, keyPath: "PreferenceSpecifiers[0]", position: nil, dictionary: dictionary)
        #expect(specifier.shownFields(in: .inAppSettingsKit) == inApp)
        #expect(specifier.shownFields(in: .settingsApp).allSatisfy(LocalizableField.schemaFields.contains))
    }
}
