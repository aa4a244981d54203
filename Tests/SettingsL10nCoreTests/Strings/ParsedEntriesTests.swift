import SettingsL10nTestSupport
import Testing
@testable import SettingsL10nCore

/// A parsed entry is a place in its file (`ParsedStrings`) until one of its fields is set: keys
/// and values read in place, escaped ones decoded once per file, and the document written back
/// from the file's bytes in runs.
@Suite("Strings entries: places in the parsed file")
struct ParsedEntriesTests {
    static let text = "/* top */\n\"Caf\\U00e9\" = \"Kaffee\";\n\n\"Café\" = \"Caf\\U00E9\";\n\"a\\\"b\" = \"x\\ty\"; // tail\nbare = (\"l\");\n\"short\";\n/* end */\n"

    static func bytes(_ encoding: TextEncoding) -> [UInt8] {
        DecodedText.encode(utf8: Array(text.utf8), as: encoding, byteOrderMark: encoding != .utf8)
    }

    @Test("keys written with and without escapes are one key, in UTF-8 and UTF-16 tables", arguments: [
        TextEncoding.utf8, .utf16LittleEndian, .utf16BigEndian,
    ])
    func escapedKeys(encoding: TextEncoding) throws {
        let document = try StringsParser.parse(Self.bytes(encoding))
        let entries = document.entries
        #expect(entries.map(\.key) == ["Café", "Café", "a\"b", "bare", "short"])
        #expect(entries[0].key == entries[1].key)
        #expect(entries.map { $0.withKeyUTF8 { Array($0) } } == ["Café", "Café", "a\"b", "bare", "short"].map { Array($0.utf8) })
        #expect(entries.map(\.stringValue) == ["Kaffee", "Café", "x\ty", nil, "short"])
        #expect(entries.map(\.hasNonEmptyStringValue) == [true, true, true, false, true])
        guard case .array(let items) = entries[3].value else {
            Issue.record("bare = (\"l\") is not an array: \(entries[3].value)")
            return
        }
        #expect(items.map(\.value) == [.string("l")])
        #expect(entries.allSatisfy { $0.isAsParsed })
        #expect(document.table == ["Café": "Café", "a\"b": "x\ty", "short": "short"])
        #expect(document.encoded() == Self.bytes(encoding))
        #expect(entries.map(\.position.line) == [2, 4, 5, 6, 7])
        #expect(entries[2].valuePosition == TextPosition(line: 5, column: 10))
    }

    @Test("an entry set once is its own, and reads what it read before but the field set")
    func setFieldKeepsTheRest() throws {
        let document = try StringsParser.parse(Self.bytes(.utf16LittleEndian))
        var entry = document.entries[2]
        entry.trailingTrivia = "\n"
        #expect(!entry.isAsParsed && document.entries[2].isAsParsed)
        #expect(entry.key == "a\"b" && entry.withKeyUTF8 { Array($0) } == Array("a\"b".utf8))
        #expect(entry.stringValue == "x\ty" && entry.hasNonEmptyStringValue)
        #expect(entry.source == "\"a\\\"b\" = \"x\\ty\";" && entry.leadingTrivia == "")
        #expect(entry.position == document.entries[2].position && entry.valuePosition == document.entries[2].valuePosition)
        #expect(entry.keyEnd == document.entries[2].keyEnd && entry.valueRange == document.entries[2].valueRange)
        #expect(entry != document.entries[2])
        entry.trailingTrivia = " // tail\n"
        #expect(entry == document.entries[2])
        #expect(entry.hashValue == document.entries[2].hashValue)
    }

    @Test("a document is written from its file's bytes in runs, and what moved or changed in between")
    func writtenInRuns() throws {
        let document = try StringsParser.parse(Self.bytes(.utf8))
        let other = try StringsParser.parse(Array("\"x\" = \"y\";\n".utf8))
        var edited = document
        edited.entries.swapAt(0, 1)
        edited.entries[2].leadingTrivia = "/* new */\n"
        edited.entries.insert(other.entries[0], at: 3)
        #expect(edited.text == "\n\"Café\" = \"Caf\\U00E9\";\n/* top */\n\"Caf\\U00e9\" = \"Kaffee\";\n/* new */\n\"a\\\"b\" = \"x\\ty\"; // tail\n"
            + "\"x\" = \"y\";\nbare = (\"l\");\n\"short\";\n/* end */\n")
        #expect(document.text == Self.text)
        edited.entries.removeAll()
        #expect(edited.text == "/* end */\n")
    }

    @Test("a document parsed again from its own bytes is equal, entry by entry")
    func parsedTwice() throws {
        let first = try StringsParser.parse(Self.bytes(.utf8))
        let second = try StringsParser.parse(first.encoded())
        #expect(first == second)
        #expect(first.entries.map(\.key) == second.entries.map(\.key))
    }
}
