import SettingsL10nTestSupport
import Testing
@testable import SettingsL10nCore

/// A parsed entry's text stays in the file's decoded bytes until it is set (see `StringsEntry`):
/// reading it, setting it, copying the entry and comparing entries behave as with strings.
@Suite("Strings entries: text kept as ranges of the file")
struct StringsEntryTextTests {
    static let text = "/* header */\n\n/* Root.plist › group heading */\n\"Général\" = \"Allgemein\"; // tail\n\n\"b\" = \"c\";\n"

    @Test("a parsed entry reads back the text around it, as a string and as bytes")
    func readsBack() throws {
        let document = try StringsParser.parse(Array(Self.text.utf8))
        let first = document.entries[0]
        #expect(first.leadingTrivia == "/* header */\n\n/* Root.plist › group heading */\n")
        #expect(first.source == "\"Général\" = \"Allgemein\";")
        #expect(first.trailingTrivia == " // tail\n")
        #expect(first.withLeadingTriviaUTF8 { Array($0) } == Array(first.leadingTrivia.utf8))
        #expect(first.withSourceUTF8 { Array($0) } == Array(first.source.utf8))
        #expect(first.withTrailingTriviaUTF8 { Array($0) } == Array(" // tail\n".utf8))
        #expect(document.text == Self.text)
    }

    @Test("keys and values read in place or decoded from escapes; set ones replace them")
    func keysAndValues() throws {
        let text = "\"plain\" = \"Wert\";\n\"esc\\\"aped\" = \"a\\nb\";\n\"empty\" = \"\";\n\"list\" = (\"x\");\nbare = word;\n\"short\";\n"
        let document = try StringsParser.parse(Array(text.utf8))
        #expect(document.entries.map(\.key) == ["plain", "esc\"aped", "empty", "list", "bare", "short"])
        #expect(document.entries.map(\.stringValue) == ["Wert", "a\nb", "", nil, "word", "short"])
        #expect(document.entries.map(\.hasNonEmptyStringValue) == [true, true, false, false, true, true])
        #expect(document.entries.map { $0.withKeyUTF8 { StringsKey(utf8: $0) } } == document.entries.map(\.key))
        var entry = document.entries[0]
        entry.key = "other"
        entry.value = .string("")
        #expect(entry.key == "other")
        #expect(entry.withKeyUTF8 { Array($0) } == Array("other".utf8))
        #expect(entry.stringValue == "" && !entry.hasNonEmptyStringValue)
        #expect(document.entries[0].key == "plain" && document.entries[0].stringValue == "Wert")
        #expect(document.table == ["plain": "Wert", "esc\"aped": "a\nb", "empty": "", "bare": "word", "short": "short"])
    }

    @Test("setting a piece changes that entry only, not a copy that shares its text")
    func copyOnWrite() throws {
        let document = try StringsParser.parse(Array(Self.text.utf8))
        var changed = document.entries[1]
        let copy = changed
        changed.leadingTrivia = "\n/* new */\n"
        changed.trailingTrivia += "\n"
        #expect(changed.leadingTrivia == "\n/* new */\n")
        #expect(changed.withLeadingTriviaUTF8 { Array($0) } == Array("\n/* new */\n".utf8))
        #expect(changed.trailingTrivia == "\n\n")
        #expect(copy.leadingTrivia == "\n")
        #expect(copy == document.entries[1])
        #expect(changed != copy)
        var edited = document
        edited.entries[1] = changed
        #expect(edited.text == "/* header */\n\n/* Root.plist › group heading */\n\"Général\" = \"Allgemein\"; // tail\n\n/* new */\n\"b\" = \"c\";\n\n")
        #expect(document.text == Self.text)
    }

    @Test("an entry kept as ranges equals the same entry made from strings, and hashes alike")
    func equalityAcrossForms() throws {
        let parsed = try StringsParser.parse(Array("\"a\" = \"b\";\n".utf8)).entries[0]
        var made = StringsEntry(leadingTrivia: "", source: "\"a\" = \"b\";", trailingTrivia: "\n", key: "a", value: .string("b"),
                                position: parsed.position, valuePosition: parsed.valuePosition)
        made.keyEnd = parsed.keyEnd
        made.valueRange = parsed.valueRange
        #expect(made == parsed)
        #expect(made.hashValue == parsed.hashValue)
        made.source = "\"a\" = \"c\";"
        #expect(made != parsed)
    }

    /// `headerEnd` as it was, walking characters: the reference for the byte version.
    static func referenceHeaderEnd(_ text: String) -> Int {
        var lastBlankEnd = text.startIndex, lineStart = text.startIndex, index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index].isNewline {
                if lineStart != text.startIndex, text[lineStart..<index].allSatisfy({ $0 == " " || $0 == "\t" }) {
                    lastBlankEnd = next
                }
                lineStart = next
            }
            index = next
        }
        return text.utf8.distance(from: text.utf8.startIndex, to: lastBlankEnd)
    }

    @Test("headerEnd: after the last blank line, the first line never blank", arguments: [
        ("", 0), ("/* h */\n\n\"a\"", 9), ("\n\n", 2), ("/* h */\r\n\r\n/* c */\r\n", 11), ("/* h */\n \t \n/* c */\n", 12),
        ("/* a */\n\n/* b */\n\n/* c */\n", 18), ("/* h */\n \u{301}\n", 0), ("/* h */\u{2028}\u{2028}x", 13), ("x\u{85}\u{85}", 5),
        ("/* h */\r\r", 9),
    ])
    func headerEnd(text: String, expected: Int) {
        let end = StringsTrivia.headerEnd(of: text)
        #expect(text.utf8.distance(from: text.utf8.startIndex, to: end) == expected)
        #expect(Self.referenceHeaderEnd(text) == expected)
    }

    @Test("headerEnd agrees with the character walk on 5,000 generated texts")
    func headerEndAgrees() {
        let pieces = ["/* c */", " ", "\t", "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "x", "é", "\u{301}", "日"]
        var generator = SeededGenerator(seed: 0xBEEF)
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 12)
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let end = StringsTrivia.headerEnd(of: text)
            #expect(text.utf8.distance(from: text.utf8.startIndex, to: end) == Self.referenceHeaderEnd(text), "\(Array(text.unicodeScalars))")
        }
    }
}
