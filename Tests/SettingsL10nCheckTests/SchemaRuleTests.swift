import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

@Suite("check: schema rules")
struct SchemaRuleTests {
    static func dict(_ body: String) -> String { "\t\t1️⃣<dict>\(body)</dict>" }

    @Test("specifier-type-missing")
    func typeMissing() throws {
        let fixture = RuleFixture.bundle(Self.dict("<key>Title</key><string>Orphan</string>"))
        #expect(try fixture.diagnostics(.specifierTypeMissing) == [Diagnostic(
            .error, rule: .specifierTypeMissing, "this specifier (titled \"Orphan\") has no Type; the Settings app cannot show it",
            at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0]"))])
        #expect(try RuleFixture.clean.diagnostics(.specifierTypeMissing) == [])
        // InAppSettingsKit shows such a row, with nothing but its title.
        #expect(try fixture.diagnostics(.specifierTypeMissing, host: .inAppSettingsKit).map(\.message) == [
            "this specifier (titled \"Orphan\") has no Type; InAppSettingsKit shows it as a plain row with only its title, and the Settings app skips it",
        ])
    }

    @Test("specifier-type-unknown and specifier-type-third-party")
    func typeUnknown() throws {
        let fixture = RuleFixture.bundle("""
        \t\t<dict><key>Type</key>1️⃣<string>PSGroupSpecifer</string></dict>
        \t\t<dict><key>Type</key>2️⃣<string>IASKButtonSpecifier</string><key>Title</key><string>Run</string></dict>
        """)
        #expect(try fixture.diagnostics(.specifierTypeUnknown) == [Diagnostic(
            .error, rule: .specifierTypeUnknown, "unknown Type \"PSGroupSpecifer\": the Settings app skips this specifier; did you mean PSGroupSpecifier?",
            at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].Type"))])
        #expect(try fixture.diagnostics(.specifierTypeThirdParty) == [Diagnostic(
            .warning, rule: .specifierTypeThirdParty,
            "IASKButtonSpecifier is an InAppSettingsKit type: apps using InAppSettingsKit show it, but the Settings app skips it; "
                + "if the app shows this bundle with InAppSettingsKit, check with --in-app (or \"inApp\": true in the configuration)",
            at: fixture.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[1].Type"))])
        #expect(try fixture.diagnostics(.specifierTypeThirdParty, host: .inAppSettingsKit) == [])
        // In an .inApp.plist, only InAppSettingsKit reads the file: its types are expected there.
        let inApp = RuleFixture(["Root.plist": xmlSchema(RuleFixture.group),
                                 "Root.inApp.plist": xmlSchema("\t\t<dict><key>Type</key><string>IASKButtonSpecifier</string></dict>")])
        #expect(try inApp.diagnostics(.specifierTypeThirdParty) == [])
        #expect(try RuleFixture.clean.diagnostics(.specifierTypeUnknown) == [])
    }

    @Test("required-key-missing")
    func requiredKey() throws {
        let fixture = RuleFixture.bundle(Self.dict("<key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>v</string><key>DefaultValue</key><real>1</real><key>MinimumValue</key><real>0</real>"))
        #expect(try fixture.diagnostics(.requiredKeyMissing) == [Diagnostic(
            .error, rule: .requiredKeyMissing, "PSSliderSpecifier requires MaximumValue, which this specifier does not have",
            at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0]"))])
        // A group's Title is optional (Apple's reference; one book calls it required).
        #expect(try RuleFixture.bundle("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string></dict>").diagnostics(.requiredKeyMissing) == [])
    }

    @Test("value-type")
    func valueType() throws {
        let fixture = RuleFixture.bundle("""
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key>1️⃣<integer>3</integer><key>Key</key><string>t</string><key>DefaultValue</key><true/></dict>
        \t\t<dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>v</string><key>DefaultValue</key><real>1</real><key>MinimumValue</key>2️⃣<string>low</string><key>MaximumValue</key><real>2</real></dict>
        """)
        #expect(try fixture.diagnostics(.valueType) == [
            Diagnostic(.error, rule: .valueType, "Title must be a string, not an integer",
                       at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].Title")),
            Diagnostic(.error, rule: .valueType, "MinimumValue must be a number, not a string",
                       at: fixture.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[1].MinimumValue")),
        ])
        // OpenStep property lists hold only strings: "YES" and "0.5" are fine there.
        let openStep = RuleFixture(["Root.plist": "{ PreferenceSpecifiers = ( { Type = PSSliderSpecifier; Key = v; DefaultValue = 0.5; MinimumValue = 0; MaximumValue = 1; } ); }"])
        #expect(try openStep.diagnostics(.valueType) == [])
    }

    @Test("key-misspelled")
    func misspelled() throws {
        let fixture = RuleFixture(["Root.plist": """
        <plist><dict>1️⃣<key>StringTable</key><string>Root</string><key>PreferenceSpecifiers</key><array>
        <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>A</string><key>Key</key><string>a</string>2️⃣<key>DefaultVaule</key><true/></dict>
        <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>B</string><key>Key</key><string>b</string><key>DefaultValue</key><string>x</string>
        3️⃣<key>Titels</key><array><string>X</string></array><key>Values</key><array><string>x</string></array></dict>
        </array></dict></plist>
        """])
        #expect(try fixture.diagnostics(.keyMisspelled) == [
            Diagnostic(.warning, rule: .keyMisspelled, "unknown root key \"StringTable\"; did you mean StringsTable?",
                       at: fixture.location("Root.plist", "1️⃣", keyPath: "StringTable")),
            Diagnostic(.warning, rule: .keyMisspelled, "unknown key \"DefaultVaule\"; did you mean DefaultValue?",
                       at: fixture.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[0].DefaultVaule")),
            // Two letters swapped are one typo.
            Diagnostic(.warning, rule: .keyMisspelled, "unknown key \"Titels\"; did you mean Titles?",
                       at: fixture.location("Root.plist", "3️⃣", keyPath: "PreferenceSpecifiers[1].Titels")),
        ])
        // Keys of other libraries that resemble nothing are not misspellings.
        #expect(try RuleFixture.bundle("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>IASKTextAlignment</key><string>x</string></dict>").diagnostics(.keyMisspelled) == [])
        // InAppSettingsKit's own members, in its spelling (Recipents), are known; one of its
        // prefix it does not read is compared with those (its subtitle was called stale).
        let inApp = RuleFixture.bundle("""
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>A</string><key>Key</key><string>a</string><key>DefaultValue</key><true/>1️⃣<key>IASKSubtitel</key><string>On</string></dict>
        \t\t<dict><key>Type</key><string>IASKMailComposeSpecifier</string><key>Title</key><string>Mail</string><key>IASKMailComposeToRecipents</key><array/>2️⃣<key>IASKMailComposeCcRecipients</key><array/><key>IASKMailComposeBodyIsHTML</key><false/></dict>
        """)
        #expect(try inApp.diagnostics(.keyMisspelled) == [
            Diagnostic(.warning, rule: .keyMisspelled, "unknown key \"IASKSubtitel\"; did you mean IASKSubtitle?",
                       at: inApp.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].IASKSubtitel")),
            Diagnostic(.warning, rule: .keyMisspelled, "unknown key \"IASKMailComposeCcRecipients\"; did you mean IASKMailComposeCcRecipents?",
                       at: inApp.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[1].IASKMailComposeCcRecipients")),
        ])
    }

    @Test("key-ignored")
    func ignored() throws {
        let fixture = RuleFixture.bundle("\t\t<dict><key>Type</key><string>PSSliderSpecifier</string>1️⃣<key>Title</key><string>Volume</string><key>Key</key><string>v</string><key>DefaultValue</key><real>1</real><key>MinimumValue</key><real>0</real><key>MaximumValue</key><real>2</real></dict>")
        #expect(try fixture.diagnostics(.keyIgnored) == [Diagnostic(
            .warning, rule: .keyIgnored, "Title is ignored on a PSSliderSpecifier",
            at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].Title"))])
        #expect(try RuleFixture.clean.diagnostics(.keyIgnored) == [])
        // A multi-value's FooterText: ignored by the Settings app, shown by InAppSettingsKit.
        let footer = RuleFixture.bundle(Self.multiValue(titles: "<string>A</string>", values: "<string>a</string>")
            .replacingOccurrences(of: "</dict>", with: "3️⃣<key>FooterText</key><string>Below</string></dict>"))
        #expect(try footer.diagnostics(.keyIgnored) == [Diagnostic(
            .warning, rule: .keyIgnored, "FooterText is ignored on a PSMultiValueSpecifier",
            at: footer.location("Root.plist", "3️⃣", keyPath: "PreferenceSpecifiers[0].FooterText"))])
        #expect(try footer.diagnostics(.keyIgnored, host: .inAppSettingsKit) == [])
    }

    static func multiValue(titles: String, values: String, short: String = "", defaultValue: String = "<string>a</string>") -> String {
        "\t\t1️⃣<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Pick</string><key>Key</key><string>p</string><key>DefaultValue</key>2️⃣\(defaultValue)<key>Titles</key><array>\(titles)</array>\(short.isEmpty ? "" : "<key>ShortTitles</key><array>\(short)</array>")<key>Values</key><array>\(values)</array></dict>"
    }

    @Test("titles-values-count and short-titles-count point at the array that has the other count (Titles, ShortTitles), not at the specifier")
    func counts() throws {
        let fixture = RuleFixture.bundle(Self.multiValue(titles: "<string>A</string><string>B</string>", values: "<string>a</string>",
                                                         short: "<string>A</string>")
            .replacingOccurrences(of: "<key>Titles</key><array>", with: "<key>Titles</key>3️⃣<array>")
            .replacingOccurrences(of: "<key>ShortTitles</key><array>", with: "<key>ShortTitles</key>4️⃣<array>"))
        #expect(try fixture.diagnostics(.titlesValuesCount) == [Diagnostic(
            .error, rule: .titlesValuesCount, "Titles has 2 entries, Values has 1", at: fixture.location("Root.plist", "3️⃣", keyPath: "PreferenceSpecifiers[0].Titles"))])
        #expect(try fixture.diagnostics(.shortTitlesCount) == [Diagnostic(
            .error, rule: .shortTitlesCount, "ShortTitles has 1 entry, Titles has 2", at: fixture.location("Root.plist", "4️⃣", keyPath: "PreferenceSpecifiers[0].ShortTitles"))])
        let fine = RuleFixture.bundle(Self.multiValue(titles: "<string>A</string><string>B</string>", values: "<string>a</string><string>b</string>",
                                                      short: "<string>A</string><string>B</string>"))
        #expect(try fine.diagnostics(.titlesValuesCount) == [])
        #expect(try fine.diagnostics(.shortTitlesCount) == [])
    }

    @Test("default-value-not-in-values")
    func defaultValue() throws {
        let title = RuleFixture.bundle(Self.multiValue(titles: "<string>Ten seconds</string><string>Thirty seconds</string>",
                                                       values: "<integer>10</integer><integer>30</integer>", defaultValue: "<string>Thirty seconds</string>"))
        #expect(try title.diagnostics(.defaultValueNotInValues) == [Diagnostic(
            .error, rule: .defaultValueNotInValues, "DefaultValue \"Thirty seconds\" is none of the Values: it is the title of option 2; its value is 30",
            at: title.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[0].DefaultValue"))])
        let other = RuleFixture.bundle(Self.multiValue(titles: "<string>A</string>", values: "<string>a</string>", defaultValue: "<string>z</string>"))
        #expect(try other.diagnostics(.defaultValueNotInValues).map(\.message) == ["DefaultValue \"z\" is none of the Values, so the Settings app shows no option as chosen"])
        // 30 and 30.0 are the same number for the defaults database.
        let real = RuleFixture.bundle(Self.multiValue(titles: "<string>A</string>", values: "<integer>30</integer>", defaultValue: "<real>30</real>"))
        #expect(try real.diagnostics(.defaultValueNotInValues) == [])
        // The string "4" is not the integer 4: the message names the mismatch, and the fix.
        let typed = RuleFixture.bundle(Self.multiValue(titles: "<string>Two</string><string>Four</string>",
                                                       values: "<integer>2</integer><integer>4</integer>", defaultValue: "<string>4</string>"))
        #expect(try typed.diagnostics(.defaultValueNotInValues).map(\.message) == [
            "DefaultValue \"4\" is none of the Values: it is a string, and option 2's value is the integer 4; the Settings app compares types too, so no option shows as chosen (write <integer>4</integer>)",
        ])
    }

    @Test("duplicate-values")
    func duplicateValues() throws {
        let fixture = RuleFixture.bundle(Self.multiValue(titles: "<string>A</string><string>B</string>", values: "<string>a</string>3️⃣<string>a</string>"))
        #expect(try fixture.diagnostics(.duplicateValues) == [Diagnostic(
            .error, rule: .duplicateValues, "Values[1] repeats Values[0] (\"a\"); the Settings app cannot tell these options apart",
            at: fixture.location("Root.plist", "3️⃣", keyPath: "PreferenceSpecifiers[0].Values[1]"))])
        #expect(try RuleFixture.bundle(Self.multiValue(titles: "<string>A</string><string>B</string>", values: "<string>a</string><string>b</string>")).diagnostics(.duplicateValues) == [])
    }

    static func slider(_ minimum: String, _ maximum: String, _ value: String) -> String {
        "\t\t1️⃣<dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>v</string><key>DefaultValue</key>2️⃣<real>\(value)</real><key>MinimumValue</key><real>\(minimum)</real><key>MaximumValue</key><real>\(maximum)</real></dict>"
    }

    @Test("slider-range")
    func sliderRange() throws {
        let inverted = RuleFixture.bundle(Self.slider("5", "1", "2"))
        #expect(try inverted.diagnostics(.sliderRange) == [Diagnostic(
            .error, rule: .sliderRange, "MinimumValue 5.0 is not below MaximumValue 1.0", at: inverted.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0]"))])
        let outside = RuleFixture.bundle(Self.slider("0", "1", "2"))
        #expect(try outside.diagnostics(.sliderRange) == [Diagnostic(
            .error, rule: .sliderRange, "DefaultValue 2.0 lies outside 0.0...1.0", at: outside.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[0].DefaultValue"))])
        #expect(try RuleFixture.bundle(Self.slider("0", "1", "1")).diagnostics(.sliderRange) == [])
    }

    @Test("enum-value")
    func enumValue() throws {
        let fixture = RuleFixture.bundle("""
        \t\t<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>t</string><key>AutocapitalizationType</key>1️⃣<string>Word</string><key>SupportedUserInterfaceIdioms</key><array>2️⃣<string>Watch</string></array></dict>
        """)
        #expect(try fixture.diagnostics(.enumValue) == [
            Diagnostic(.error, rule: .enumValue, "AutocapitalizationType \"Word\" is not one of None, Sentences, Words, AllCharacters; did you mean Words?",
                       at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].AutocapitalizationType")),
            Diagnostic(.error, rule: .enumValue, "SupportedUserInterfaceIdioms \"Watch\" is not one of Phone, Pad",
                       at: fixture.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[0].SupportedUserInterfaceIdioms[0]")),
        ])
        #expect(try RuleFixture.bundle("\t\t<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>t</string><key>KeyboardType</key><string>URL</string></dict>").diagnostics(.enumValue) == [])
    }

    @Test("defaults-key-conflict")
    func defaultsKeyConflict() throws {
        let fixture = RuleFixture.bundle("""
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>A</string><key>Key</key><string>k</string><key>DefaultValue</key><true/></dict>
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>B</string><key>Key</key><string>k</string><key>DefaultValue</key>1️⃣<false/></dict>
        \t\t2️⃣<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>k</string></dict>
        """)
        #expect(try fixture.diagnostics(.defaultsKeyConflict) == [
            Diagnostic(.error, rule: .defaultsKeyConflict, "the defaults key \"k\" defaults to false here but to true at Root.plist:9 (PreferenceSpecifiers[0])",
                       at: fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[1].DefaultValue")),
            Diagnostic(.error, rule: .defaultsKeyConflict, "the defaults key \"k\" is also written by a PSToggleSwitchSpecifier at Root.plist:9 (PreferenceSpecifiers[0]); this PSTextFieldSpecifier stores another kind of value",
                       at: fixture.location("Root.plist", "2️⃣", keyPath: "PreferenceSpecifiers[2]")),
        ])
        // Device variants repeat the same specifiers; "YES" and true read the same.
        let variants = RuleFixture([
            "Root~iphone.plist": xmlSchema("\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>A</string><key>Key</key><string>k</string><key>DefaultValue</key><true/></dict>"),
            "Root~ipad.plist": xmlSchema("\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>A</string><key>Key</key><string>k</string><key>DefaultValue</key><string>YES</string></dict>"),
        ])
        #expect(try variants.diagnostics(.defaultsKeyConflict) == [])
    }

    @Test("schema-file-unreachable and strings-table-missing")
    func panes() throws {
        let fixture = RuleFixture.bundle(RuleFixture.group, extra: [
            "Orphan.plist": "<plist>\n1️⃣<dict><key>StringsTable</key><string>Root</string><key>PreferenceSpecifiers</key><array/></dict></plist>",
            "Lonely.plist": "<plist>\n2️⃣<dict><key>PreferenceSpecifiers</key><array><dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Hi</string></dict></array></dict></plist>",
            "de.lproj/Root.strings": "\"Sound\" = \"Ton\";", "de.lproj/Lonely.strings": "\"Hi\" = \"Hallo\";",
        ])
        #expect(try fixture.diagnostics(.schemaFileUnreachable) == [
            Diagnostic(.warning, rule: .schemaFileUnreachable, "no child pane reaches Lonely.plist from Root.plist, so the Settings app never shows it",
                       at: fixture.location("Lonely.plist", "2️⃣")),
            Diagnostic(.warning, rule: .schemaFileUnreachable, "no child pane reaches Orphan.plist from Root.plist, so the Settings app never shows it",
                       at: fixture.location("Orphan.plist", "1️⃣")),
        ])
        #expect(try fixture.diagnostics(.stringsTableMissing) == [Diagnostic(
            .warning, rule: .stringsTableMissing,
            "Lonely.plist has 1 localizable string but no StringsTable, so the Settings app shows it untranslated; 1 .lproj folder has a Lonely.strings table: add StringsTable \"Lonely\", or if InAppSettingsKit reads this bundle, run with --table-fallback file-name",
            at: fixture.location("Lonely.plist", "2️⃣"))])
        #expect(try fixture.diagnostics(.stringsTableMissing, fallback: .fileName) == [])
        #expect(try RuleFixture.clean.diagnostics(.schemaFileUnreachable) == [])
    }
}
