import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("OpenStep property lists")
struct OpenStepPlistTests {
    @Test("values, comments and positions")
    func values() throws {
        let text = """
        // An old-style schema file
        {
            StringsTable = Root;
            PreferenceSpecifiers = (
                /* a group */
                { Type = PSGroupSpecifier; Title = "Sound \\"FX\\""; },
                { Type = "PSMultiValueSpecifier"; Titles = ( "A", B, ); Values = (0, 1); Data = <0aff>; }
            );
        }
        """
        let (root, format) = try PropertyListReader.read(Array(text.utf8))
        #expect(format == .openStep)
        let file = SchemaFile(path: "Root.plist", root: root, format: format)
        #expect(file.stringsTableName == "Root")
        #expect(file.specifiers.count == 2)
        #expect(file.specifiers[0].title == "Sound \"FX\"")
        #expect(file.specifiers[0].position == TextPosition(line: 6, column: 9))
        #expect(file.specifiers[1].titles == ["A", "B"])
        #expect(file.specifiers[1].values == [.string("0"), .string("1")])
        #expect(file.specifiers[1].dictionary["Data"]?.value == .data([0x0A, 0xFF]))
        #expect(file.specifiers[1].field("Titles")?.elements[1].position == TextPosition(line: 7, column: 59))
    }

    @Test("errors name line and column", arguments: [
        ("{ a = b }", SyntaxError("missing ';' after the value of \"a\"", at: TextPosition(line: 1, column: 8))),
        ("{ a = (b c); }", SyntaxError("unexpected character 'c'; expected ',' or ')' in the array", at: TextPosition(line: 1, column: 10))),
        ("{\n a = \"b;\n}", SyntaxError("the string starting here is not terminated", at: TextPosition(line: 2, column: 6))),
        ("( a, b ) c", SyntaxError("unexpected 'c' after the end of the property list", at: TextPosition(line: 1, column: 10))),
        ("{ a = <0g>; }", SyntaxError("malformed data: expected pairs of hex digits", at: TextPosition(line: 1, column: 8))),
        ("(", SyntaxError("the array opened here is not closed with ')'", at: TextPosition(line: 1, column: 1))),
    ])
    func errors(text: String, expected: SyntaxError) {
        #expect(throws: expected) { try PropertyListReader.read(Array(text.utf8)) }
    }

    @Test("nesting is bounded")
    func depth() {
        let text = String(repeating: "(", count: 100_000)
        #expect(throws: SyntaxError("nesting deeper than 128 levels", at: TextPosition(line: 1, column: 129))) {
            try PropertyListReader.read(Array(text.utf8))
        }
    }
}
