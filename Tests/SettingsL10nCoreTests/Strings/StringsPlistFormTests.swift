import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

/// Tables CFBundle reads as property lists (issue 47, case 3): read for lookups like any table.
@Suite("Tables in property-list form")
struct StringsPlistFormTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>Sound</key>
        \t<string>Ton</string>
        \t<key>Modes</key>
        \t<array><string>a</string></array>
        </dict>
        </plist>
        """

    @Test("the form is told from the start of the file, comments and white space skipped", arguments: [
        ("{ \"Sound\" = \"Ton\"; }", StringsTableForm?.some(.oldStyleDictionary)),
        ("/* a comment */\n// another\n  {\n Sound = Ton;\n}\n", .oldStyleDictionary),
        ("<?xml version=\"1.0\"?><plist><dict/></plist>", .xmlPropertyList),
        ("\"Sound\" = \"Ton\";\n", nil),
        ("/* { */ \"Sound\" = \"Ton\";\n", nil),
    ])
    func form(text: String, expected: StringsTableForm?) {
        #expect(StringsTableForm.propertyListForm(of: Array(text.utf8)) == expected)
    }

    @Test("an XML table: its keys, string values (others are no string), positions")
    func xmlTable() throws {
        let (scan, form) = try #require(try StringsParser.scanPropertyList(Array(Self.xml.utf8)))
        #expect(form == .xmlPropertyList)
        #expect(scan.entries.map(\.key) == ["Sound", "Modes"])
        #expect(scan.entries.map(\.value) == ["Ton", nil])
        #expect(scan.position(at: 0).line == 4)
        #expect(scan.table == ["Sound": "Ton"])
    }

    @Test("an old-style dictionary, unquoted words and escapes as CF reads them; a binary one")
    func oldStyleAndBinary() throws {
        let (oldStyle, _) = try #require(try StringsParser.scanPropertyList(Array("{ Sound = Ton; \"Caf\\U00e9\" = \"Kaffee\"; }".utf8)))
        #expect(oldStyle.table == ["Sound": "Ton", "Caf\u{E9}": "Kaffee"])
        // {"Map": "Carte"} written by Python's plistlib (FMT_BINARY).
        let binary: [UInt8] = [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xD1, 0x01, 0x02, 0x53, 0x4D, 0x61, 0x70, 0x55, 0x43, 0x61, 0x72, 0x74,
                               0x65, 0x08, 0x0B, 0x0F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
                               0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x15]
        let (scan, form) = try #require(try StringsParser.scanPropertyList(binary))
        #expect(form == .binaryPropertyList)
        #expect(scan.table == ["Map": "Carte"])
        #expect(scan.position(at: 0).line == 1)
    }

    @Test("a property list whose root is not a dictionary, or that does not parse, is an error naming its form")
    func errors() throws {
        #expect(throws: SyntaxError("the table is written as an XML property list whose root is an array, not a dictionary of keys and values: the device drops it and shows the keys as written",
                                    at: TextPosition(line: 1, column: 8))) {
            try StringsParser.scanPropertyList(Array("<plist><array/></plist>".utf8))
        }
        #expect(throws: (any Error).self) { try StringsParser.scanPropertyList(Array("{ Sound = ".utf8)) }
        #expect(try StringsParser.scanPropertyList(Array("\"Sound\" = \"Ton\";".utf8)) == nil)
    }

    @Test("a table file in property-list form is read for lookups, and refused for editing by its form")
    func tableFile() throws {
        let file = StringsTableFile(name: "Root", path: "ja.lproj/Root.strings", bytes: Array(Self.xml.utf8))
        #expect(try file.deviceTable() == ["Sound": "Ton"])
        #expect(throws: TableReadError.propertyListForm(path: "ja.lproj/Root.strings", form: .xmlPropertyList)) { try file.parse() }
    }
}
