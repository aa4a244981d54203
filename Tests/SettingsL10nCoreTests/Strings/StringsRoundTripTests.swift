import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Strings documents write back byte for byte")
struct StringsRoundTripTests {
    static let texts: [(String, String)] = [
        ("plain", "\"Title\" = \"Titel\";\n"),
        ("comments everywhere", "/* header */\n\n// line comment\n\"a\" /* between */ = /* here */ \"b\" /* too */ ; // trailing\n/* end */"),
        ("CRLF", "/* c */\r\n\"a\" = \"b\";\r\n\r\n\"c\" = \"d\";\r\n"),
        ("CR only", "\"a\" = \"b\";\r\"c\" = \"d\";\r"),
        ("odd spacing", "   \"a\"=\"b\"   ;\t\t\n\n\n  \"c\"\n=\n\"d\"\n;"),
        ("no final newline", "\"a\" = \"b\";"),
        ("unquoted words", "key = value;\nother.key = http://example.com/path;\n"),
        ("key only", "\"Hello\";\n"),
        ("escapes", "\"q\\\"uote\" = \"line\\nbreak\\ttab\\\\ \\U00E9 \\101\";\n"),
        ("single quotes", "'a' = 'b';\n"),
        ("array and dictionary values", "\"a\" = (\"x\", \"y\");\n\"d\" = { k = v; };\n"),
        ("only a comment", "/* nothing here */\n"),
        ("white space only", "\n\n  \n"),
        ("non-ASCII", "\"Extra Lives\" = \"Extraleben ✓ 日本語 🎉\";\n"),
        ("several entries on a line", "\"a\" = \"b\"; \"c\" = \"d\"; /* x */ \"e\" = \"f\";\n"),
        ("unterminated trailing comment", "\"a\" = \"b\";\n/* never closed"),
    ]

    @Test("UTF-8 without BOM", arguments: texts)
    func utf8(name: String, text: String) throws {
        let bytes = Array(text.utf8)
        let document = try StringsParser.parse(bytes)
        #expect(document.encoding == .utf8)
        #expect(!document.hasByteOrderMark)
        #expect(document.encoded() == bytes)
    }

    @Test("UTF-8 with BOM", arguments: texts)
    func utf8BOM(name: String, text: String) throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let document = try StringsParser.parse(bytes)
        #expect(document.hasByteOrderMark)
        #expect(document.encoded() == bytes)
    }

    @Test("UTF-16 LE and BE with BOM", arguments: texts)
    func utf16(name: String, text: String) throws {
        for bigEndian in [false, true] {
            let bytes = utf16Bytes(text, bigEndian: bigEndian)
            let document = try StringsParser.parse(bytes)
            #expect(document.encoding == (bigEndian ? .utf16BigEndian : .utf16LittleEndian))
            #expect(document.hasByteOrderMark)
            #expect(document.encoded() == bytes)
        }
    }

    @Test("UTF-16 without BOM is detected", arguments: texts.filter { !$0.1.allSatisfy(\.isWhitespace) })
    func utf16WithoutBOM(name: String, text: String) throws {
        for bigEndian in [false, true] {
            let bytes = utf16Bytes(text, bigEndian: bigEndian, byteOrderMark: false)
            let document = try StringsParser.parse(bytes)
            #expect(document.encoding == (bigEndian ? .utf16BigEndian : .utf16LittleEndian))
            #expect(!document.hasByteOrderMark)
            #expect(document.notices.map(\.kind).contains(.utf16WithoutByteOrderMark))
            #expect(document.encoded() == bytes)
        }
    }

    @Test("an edited value changes only that entry's bytes")
    func editOneEntry() throws {
        let text = "/* Title of the group */\n\"Sound\" = \"Ton\"; // keep\n\n/* Switch */\n\"Music\" = \"Musik\";\n"
        var document = try StringsParser.parse(Array(text.utf8))
        document.entries[1].source = StringsWriting.entrySource(key: "Music", value: "Musik & Klang")
        #expect(document.text == "/* Title of the group */\n\"Sound\" = \"Ton\"; // keep\n\n/* Switch */\n\"Music\" = \"Musik & Klang\";\n")
    }

    @Test("line endings are detected", arguments: [
        ("a\nb\r\nc\r\n", LineEnding.crlf), ("a\nb\n", .lf), ("a\rb\r", .cr), ("none", .lf),
    ])
    func lineEndings(text: String, expected: LineEnding) {
        #expect(LineEnding.dominant(in: Array(text.utf8)) == expected)
    }
}
