import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("The schema model")
struct SpecifierModelTests {
    @Test("every type of the reference is recognised; others are kept by name", arguments: [
        ("PSGroupSpecifier", SpecifierType.group), ("PSTextFieldSpecifier", .textField),
        ("PSTitleValueSpecifier", .titleValue), ("PSToggleSwitchSpecifier", .toggleSwitch),
        ("PSSliderSpecifier", .slider), ("PSMultiValueSpecifier", .multiValue),
        ("PSRadioGroupSpecifier", .radioGroup), ("PSChildPaneSpecifier", .childPane),
        ("IASKButtonSpecifier", .other("IASKButtonSpecifier")), ("PSGroupSpecifer", .other("PSGroupSpecifer")),
        // Near misses of the same length as a standard name, or one byte off, stay other names.
        ("PSGroupSpecifieR", .other("PSGroupSpecifieR")), ("psGroupSpecifier", .other("psGroupSpecifier")),
        ("PSGroupSpecifierX", .other("PSGroupSpecifierX")), ("PSTitleValueSpecifiers", .other("PSTitleValueSpecifiers")),
        ("PSRadioValueSpecifier", .other("PSRadioValueSpecifier")), ("PSGroupSpécifier", .other("PSGroupSpécifier")),
        ("", .other("")),
    ])
    func types(name: String, type: SpecifierType) {
        #expect(SpecifierType(name) == type)
        #expect(type.name == name)
        #expect(type.isStandard == (type.schema != nil))
    }

    @Test("Apple's reference wins over the books")
    func referenceWins() throws {
        // 003 calls a group's Title required; the reference does not.
        #expect(SpecifierType.group.schema?.key("Title")?.isRequired == false)
        // 004 swaps the slider's and multi-value's Type lines; sliders take no Title.
        #expect(SpecifierType.slider.schema?.key("Title") == nil)
        #expect(SpecifierType.slider.schema?.requiredKeys.map(\.name) == ["Type", "Key", "DefaultValue", "MinimumValue", "MaximumValue"])
        #expect(SpecifierType.multiValue.schema?.requiredKeys.map(\.name) == ["Type", "Title", "Key", "DefaultValue", "Values", "Titles"])
        #expect(SpecifierType.radioGroup.schema?.key("FooterText")?.isLocalizable == true)
        #expect(SpecifierType.textField.schema?.key("KeyboardType")?.kind == .oneOf(["Alphabet", "NumbersAndPunctuation", "NumberPad", "URL", "EmailAddress"]))
    }

    @Test("typed accessors read every key; unknown keys are kept in order")
    func accessors() throws {
        let text = xmlSchema("""
        \t\t<dict>
        \t\t\t<key>Type</key><string>PSMultiValueSpecifier</string>
        \t\t\t<key>Title</key><string>Country</string>
        \t\t\t<key>Key</key><string>country</string>
        \t\t\t<key>DefaultValue</key><string>se</string>
        \t\t\t<key>Values</key><array><string>se</string><string>dk</string></array>
        \t\t\t<key>Titles</key><array><string>Sweden</string><string>Denmark</string></array>
        \t\t\t<key>ShortTitles</key><array><string>SE</string><string>DK</string></array>
        \t\t\t<key>DisplaySortedByTitle</key><true/>
        \t\t\t<key>SupportedUserInterfaceIdioms</key><array><string>Pad</string></array>
        \t\t\t<key>IASKCustomKey</key><string>kept</string>
        \t\t</dict>
        """)
        let (root, format) = try PropertyListReader.read(Array(text.utf8))
        let file = SchemaFile(path: "Root.plist", root: root, format: format)
        let specifier = try #require(file.specifiers.first)
        #expect(specifier.type == .multiValue)
        #expect(specifier.title == "Country")
        #expect(specifier.key == "country")
        #expect(specifier.defaultValue == .string("se"))
        #expect(specifier.values == [.string("se"), .string("dk")])
        #expect(specifier.titles == ["Sweden", "Denmark"])
        #expect(specifier.shortTitles == ["SE", "DK"])
        #expect(specifier.displaySortedByTitle)
        #expect(specifier.supportedUserInterfaceIdioms == ["Pad"])
        #expect(specifier.undocumentedKeys.map(\.key) == ["IASKCustomKey"])
        #expect(specifier.dictionary.keys.last == "IASKCustomKey")
        #expect(specifier.field("Title")?.position == TextPosition(line: 11, column: 20))
        #expect(specifier.field("Title")?.keyPath.description == "PreferenceSpecifiers[0].Title")
        #expect(file.otherRootKeys.isEmpty)
    }

    @Test("file names split into base, device and in-app", arguments: [
        ("Root.plist", SchemaFileName(base: "Root")),
        ("Root~ipad.plist", SchemaFileName(base: "Root", idiom: .pad)),
        ("Root~iphone.inApp.plist", SchemaFileName(base: "Root", idiom: .phone, isInApp: true)),
        ("Advanced.inApp.plist", SchemaFileName(base: "Advanced", isInApp: true)),
    ])
    func fileNames(fileName: String, expected: SchemaFileName) {
        #expect(SchemaFileName(fileName: fileName) == expected)
        #expect(expected.fileName == fileName)
    }
}
