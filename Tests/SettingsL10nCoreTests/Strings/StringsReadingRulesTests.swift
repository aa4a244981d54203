import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Strings documents follow the device's reading rules")
struct StringsReadingRulesTests {
    private func parse(_ text: String) throws -> StringsDocument {
        try StringsParser.parse(Array(text.utf8))
    }

    @Test("the last of duplicate keys wins, and the others are listed")
    func duplicates() throws {
        let document = try parse("\"a\" = \"first\";\n\"b\" = \"x\";\n\"a\" = \"second\";\n")
        #expect(document.table == ["a": "second", "b": "x"])
        #expect(document.indexOfEffectiveEntry(forKey: "a") == 2)
        #expect(document.overriddenEntries.map(\.position) == [TextPosition(line: 1, column: 1)])
    }

    @Test("\"key\"; alone means key = key")
    func keyOnly() throws {
        let document = try parse("\"Done\";\nOK;\n")
        #expect(document.table == ["Done": "Done", "OK": "OK"])
        #expect(document.entries[0].valuePosition == TextPosition(line: 1, column: 1))
    }

    @Test("unquoted words are keys and values")
    func unquoted() throws {
        let document = try parse("title = Title;\nurl = http://a.b/c-d_e$f;\n")
        #expect(document.table == ["title": "Title", "url": "http://a.b/c-d_e$f"])
    }

    @Test("escapes", arguments: [
        ("\\\"", "\""), ("\\\\", "\\"), ("\\n", "\n"), ("\\t", "\t"), ("\\r", "\r"),
        ("\\U0041", "A"), ("\\U00e9", "é"), ("\\UD83D\\UDE00", "😀"), ("\\101", "A"),
        ("\\335", "é"), ("\\351", "Ø"), ("\\0", "\u{0}"), ("\\a\\b\\f\\v", "\u{7}\u{8}\u{C}\u{B}"),
        ("\\'", "'"), ("\\é", "é"), ("\\U41Z", "AZ"), ("\\1012", "A2"), ("\\UD83D", "\u{FFFD}"),
    ])
    func escapes(escaped: String, expected: String) throws {
        let document = try parse("\"k\" = \"\(escaped)\";")
        #expect(document.table["k"] == expected)
    }

    @Test("comments go anywhere white space may")
    func comments() throws {
        let document = try parse("/*a*/\"k\"/*b*/=//c\n\"v\"/*d*/;//e")
        #expect(document.table == ["k": "v"])
        #expect(document.entries[0].comments == ["/*a*/"])
        #expect(document.entries[0].trailingTrivia == "//e")
    }

    @Test("entries carry their leading comments and same-line trailing text")
    func trivia() throws {
        let document = try parse("/* File header */\n\n/* Class = \"Title\" */\n\"Title\" = \"Titel\"; // reviewed\n\"Next\" = \"Weiter\";\n\n")
        #expect(document.entries.count == 2)
        #expect(document.entries[0].leadingTrivia == "/* File header */\n\n/* Class = \"Title\" */\n")
        #expect(document.entries[0].comments == ["/* File header */", "/* Class = \"Title\" */"])
        #expect(document.entries[0].source == "\"Title\" = \"Titel\";")
        #expect(document.entries[0].trailingTrivia == " // reviewed\n")
        #expect(document.entries[1].leadingTrivia == "")
        #expect(document.entries[1].position == TextPosition(line: 5, column: 1))
        #expect(document.trailer == "\n")
    }

    @Test("positions count lines for LF, CRLF and CR, and columns in characters")
    func positions() throws {
        let document = try parse("\"a\" = \"b\";\r\n\"c\" = \"d\";\r  \"é\" = \"ü\";\n\t\"f\" = \"g\";")
        #expect(document.entries.map(\.position) == [
            TextPosition(line: 1, column: 1), TextPosition(line: 2, column: 1),
            TextPosition(line: 3, column: 3), TextPosition(line: 4, column: 2),
        ])
        #expect(document.entries[2].valuePosition == TextPosition(line: 3, column: 9))
    }

    @Test("a file with only a comment is an empty table; an empty file is a notice")
    func emptyTables() throws {
        #expect(try parse("/* nothing */").entries.isEmpty)
        let empty = try parse("")
        #expect(empty.entries.isEmpty)
        #expect(empty.notices.map(\.kind) == [.emptyFile])
    }

    @Test("an unterminated comment is a notice at its start; the device drops what follows")
    func unterminatedComment() throws {
        let document = try parse("\"a\" = \"b\";\n/* open\n\"c\" = \"d\";\n")
        #expect(document.table == ["a": "b"])
        #expect(document.notices.map(\.kind) == [.unterminatedComment])
        #expect(document.notices.first?.position == TextPosition(line: 2, column: 1))
    }

    /// What CoreFoundation read of each (measured with PropertyListSerialization on Linux,
    /// whose reader is CF's): the entries before the character, the rest ignored, no error.
    @Test("after an entry, a character that cannot start a key ends the table there, as on the device", arguments: [
        ("\"a\" = \"b\";\n}\n\"c\" = \"d\";\n", TextPosition(line: 2, column: 1), "'}'"),
        ("\"a\" = \"b\";;\n\"c\" = \"d\";\n", TextPosition(line: 1, column: 11), "';'"),
        ("\"a\" = \"b\";\n/* c */ =\n", TextPosition(line: 2, column: 9), "'='"),
        ("\"a\" = \"b\";\n\u{FEFF}\"c\" = \"d\";\n", TextPosition(line: 2, column: 1), "U+FEFF (a byte-order mark: two files joined?)"),
        ("\"a\" = \"b\";\n\u{A0}\"c\" = \"d\";\n", TextPosition(line: 2, column: 1), "U+00A0"),
    ])
    func ignoredText(text: String, position: TextPosition, character: String) throws {
        let document = try parse(text)
        #expect(document.table == ["a": "b"])
        #expect(document.notices == [StringsNotice(
            kind: .ignoredText, position: position,
            message: "unexpected \(character) where a key should start: the device stops reading the table here and ignores the rest of the file "
                + "without a word (the entries above are read); remove it")])
        // Kept byte for byte (the rest is the document's trailer), and read by the scan alike.
        #expect(document.text == text)
        let scan = try StringsParser.scan(Array(text.utf8))
        #expect(scan.table == ["a": "b"])
        #expect(scan.notices == document.notices)
        // No command writes over it: what follows is not in the table the device reads.
        #expect(throws: TableReadError.malformed(path: "de.lproj/Root.strings", error: SyntaxError(document.notices[0].message, at: position))) {
            try StringsTableFile.parse(Array(text.utf8), path: "de.lproj/Root.strings")
        }
    }

    @Test("values written back by StringsWriting read back as the same text", arguments: [
        "", "plain", "quote \" and backslash \\", "new\nline\r\ttab", "\u{1}\u{1F}\u{7F}", "日本語 🎉 é", "/* not a comment */", "// nor this",
    ])
    func quoting(text: String) throws {
        let document = try parse(StringsWriting.entrySource(key: text, value: text))
        #expect(document.entries.map(\.key) == [StringsKey(text)])
        #expect(document.table[StringsKey(text)] == text)
    }
}

@Suite("Malformed strings files give an error at their line and column")
struct StringsErrorTests {
    private func error(_ text: String) -> SyntaxError? {
        do {
            _ = try StringsParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("an entry without ';' at the end of the file is an error at its line")
    func missingSemicolonAtEnd() {
        let problem = error("\"a\" = \"b\";\n\"c\" = \"d\"\n")
        #expect(problem == SyntaxError("missing ';' after the value of \"c\"", at: TextPosition(line: 2, column: 10)))
    }

    @Test("a missing ';' before the next entry points at the end of the value")
    func missingSemicolonBetween() {
        let problem = error("\"a\" = \"b\"\n\"c\" = \"d\";\n")
        #expect(problem == SyntaxError("missing ';' after the value of \"a\"", at: TextPosition(line: 1, column: 10)))
    }

    @Test("an unterminated string points at its opening quote")
    func unterminatedString() {
        let problem = error("\"a\" = \"b\";\n\"c\" = \"never\n\n")
        #expect(problem == SyntaxError("the string starting here is not terminated", at: TextPosition(line: 2, column: 7)))
    }

    @Test("a key without '=' or ';'")
    func keyWithoutEquals() {
        let problem = error("\"a\" \"b\";")
        #expect(problem == SyntaxError("unexpected '\"' after the key \"a\"; expected '=' or ';'", at: TextPosition(line: 1, column: 5)))
    }

    @Test("junk where the first key should be: the device reads nothing of the table")
    func junk() {
        let problem = error("// a comment\n  @\"c\" = \"d\";")
        #expect(problem == SyntaxError("unexpected '@'; expected a quoted key (a table that does not parse is dropped whole: the device shows its keys as written)",
                                          at: TextPosition(line: 2, column: 3)))
    }

    @Test("a byte-order mark damaged into U+FFFD: read as UTF-8, as the device does, and named")
    func damagedByteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD] + utf16Bytes("\"a\" = \"b\";\n", byteOrderMark: false)
        #expect(throws: SyntaxError("the file starts with U+FFFD, a byte-order mark damaged by a conversion to UTF-8: the device reads the file as UTF-8 "
                                    + "and cannot read the table (every key shows as written); save it again as UTF-8, or UTF-16 with a byte-order mark",
                                    at: TextPosition(line: 1, column: 1))) {
            try StringsParser.parse(bytes)
        }
    }

    @Test("UTF-16 without a byte-order mark only when the first or second byte is zero, as CoreFoundation decides")
    func utf16Detection() throws {
        // "\u{4E2D}" (中, bytes 2D 4E) first: no zero byte in the first unit, so the device reads
        // UTF-8, and so does the parser: an unquoted key "-N", then junk.
        let chinese = utf16Bytes("\u{4E2D}\"a\" = \"b\";", byteOrderMark: false)
        #expect(throws: SyntaxError("unexpected '\"' after the key \"-N\"; expected '=' or ';'", at: TextPosition(line: 1, column: 3))) {
            try StringsParser.parse(chinese)
        }
        #expect(try StringsParser.parse(utf16Bytes("\"a\" = \"b\";", bigEndian: true, byteOrderMark: false)).encoding == .utf16BigEndian)
        #expect(try StringsParser.parse(utf16Bytes("\"a\" = \"b\";", byteOrderMark: false)).encoding == .utf16LittleEndian)
    }

    @Test("what the device reads of UTF-16 without a byte-order mark: big-endian after two skipped bytes")
    func deviceReading() throws {
        func file(_ bytes: [UInt8]) -> StringsTableFile {
            StringsTableFile(name: "Root", path: "de.lproj/Root.strings", content: .bytes(bytes), isLink: false)
        }
        // Big-endian with a leading line break: only the line break is lost.
        #expect(try file(utf16Bytes("\n\"a\" = \"b\";\n", bigEndian: true, byteOrderMark: false)).deviceTable() == ["a": "b"])
        // Big-endian starting with its quote: the key loses it, and the table does not parse.
        #expect(throws: TableReadError.misencoded(path: "de.lproj/Root.strings", message: StringsTokenizerMessages.utf16WithoutByteOrderMark(bigEndian: true))) {
            try file(utf16Bytes("\"a\" = \"b\";\n", bigEndian: true, byteOrderMark: false)).deviceTable()
        }
        #expect(throws: TableReadError.misencoded(path: "de.lproj/Root.strings", message: StringsTokenizerMessages.utf16WithoutByteOrderMark(bigEndian: false))) {
            try file(utf16Bytes("\n\"a\" = \"b\";\n", byteOrderMark: false)).deviceTable()
        }
        #expect(try file(utf16Bytes("\"a\" = \"b\";\n")).deviceTable() == ["a": "b"])
    }

    @Test("a missing value")
    func missingValue() {
        #expect(error("\"a\" = ;") == SyntaxError("unexpected character ';'; expected a value", at: TextPosition(line: 1, column: 7)))
        #expect(error("\"a\" =") == SyntaxError("missing the value of \"a\" after '='", at: TextPosition(line: 1, column: 6)))
    }

    @Test("invalid UTF-8 is refused with its position")
    func invalidUTF8() {
        let problem = try? StringsParser.parse([0x22, 0x61, 0x22, 0x3B, 0x0A, 0x22, 0xFF, 0x22, 0x3B])
        #expect(problem == nil)
        do {
            _ = try StringsParser.parse([0x22, 0x61, 0x22, 0x3B, 0x0A, 0x22, 0xFF, 0x22, 0x3B])
        } catch {
            #expect(error.position == TextPosition(line: 2, column: 2))
        }
    }

    @Test("unpaired UTF-16 surrogates are refused")
    func unpairedSurrogate() {
        #expect(throws: SyntaxError.self) {
            try StringsParser.parse([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00])
        }
    }

    @Test("property-list-form .strings files are refused with advice")
    func propertyListForm() {
        #expect(error("{ \"a\" = \"b\"; }")?.message.hasPrefix("this .strings file is written as a property list") == true)
    }

    @Test("deep nesting is bounded")
    func deepNesting() {
        let text = "\"a\" = " + String(repeating: "(", count: 10_000) + ";"
        #expect(error(text) == SyntaxError("nesting deeper than 128 levels", at: TextPosition(line: 1, column: 135)))
    }

    @Test("large files are refused before parsing")
    func sizeLimit() throws {
        let limits = ReadLimits(maximumFileSize: 10)
        #expect(throws: SyntaxError("the file is larger than 10 bytes", at: nil)) {
            try StringsParser.parse(Array("\"a\" = \"bbbbbbbb\";".utf8), limits: limits)
        }
    }
}
