import Testing
@testable import SettingsL10nCore

@Suite("Scanning a table reads what parsing it reads")
struct StringsScanTests {
    /// Keys and values in place, escaped ones decoded, shorthand, unquoted words, arrays and
    /// dictionaries, marks, duplicates, empty values, CRLF, non-ASCII text.
    static let texts = [
        "\"a\" = \"x\";\n\"b\" = \"\";\n\"a\" = \"y\";\n",
        "/* settings-l10n: needs review */\n\"Done\";\nOK = Fine;\r\n'single' = 'quoted';\r\n",
        "\"say \\\"hi\\\"\" = \"line\\nbreak\";\n\"tab\\t\" = \"\\U00e9t\\351\";\n\"plain\" = \"with \\\\ slash\";\n",
        "\"list\" = (\"a\", \"b\");\n\"dict\" = { k = v; };\n\"data\" = <0fbd>;\n\"after\" = \"still read\";\n",
        "/* settings-l10n: untranslated */\n\"Größe\" = \"Größe\";\n\"自動\" = \"自動\"; // trailing\n\"\\UD83D\\UDE00\" = \"😀\";\n",
        "",
        "// only a comment\n",
    ]

    @Test("every entry, with its key, value, positions and marks", arguments: texts.indices)
    func agreesWithParse(_ index: Int) throws {
        let bytes = Array(Self.texts[index].utf8)
        let document = try StringsParser.parse(bytes)
        let scan = try StringsParser.scan(bytes)
        let expected = document.entries.map { entry in
            StringsScan.Entry(key: entry.key, value: entry.value.stringValue, position: entry.position,
                              valuePosition: entry.valuePosition, needsReview: entry.needsReview,
                              isUntranslatedFill: entry.isUntranslatedFill)
        }
        #expect(scan.entries == expected)
        #expect(scan.count == document.entries.count)
        #expect(scan.table == document.table)
        scan.withBytes { bytes in
            for position in scan.indices {
                #expect(StringsKey(utf8: bytes.key(position)) == expected[position].key)
                #expect(bytes.value(position).map { String(decoding: $0, as: UTF8.self) } == expected[position].value)
                #expect(bytes.valueIsEmpty(position) == (expected[position].value == ""))
            }
        }
    }

    @Test("escaped and plain texts keep their exact bytes")
    func escapedBytes() throws {
        let scan = try StringsParser.scan(Array("\"a\\\"b\" = \"c\\U0301\";\n\"e\\U0301\" = \"\\351\";\n".utf8))
        #expect(scan.entries.map(\.key).map { Array($0.string.utf8) } == [Array("a\"b".utf8), [0x65, 0xCC, 0x81]])
        #expect(scan.entries.map(\.value) == ["c\u{301}", "Ø"])
        #expect(scan.key(at: 1) == "e\u{301}")
        #expect(scan.entry(at: 0).value == "c\u{301}")
    }
}

extension StringsScanTests {
    @Test("a mark's text inside another comment is not a mark (found by fuzzing)")
    func markInsideComment() throws {
        let text = "//x/* settings-l10n: untranslated */\n\"a\" = \"a\";\n/* see /* settings-l10n: needs review */\n\"b\" = \"c\";\n"
            + "/* settings-l10n: needs review */ // and more\n\"d\" = \"e\";\n"
        let scan = try StringsParser.scan(Array(text.utf8))
        #expect(scan.entries.map(\.isUntranslatedFill) == [false, false, false])
        #expect(scan.entries.map(\.needsReview) == [false, false, true])
        #expect(try StringsParser.parse(Array(text.utf8)).entries.map(\.needsReview) == [false, false, true])
    }
}

@Suite("Scanning a table: the settings-l10n comments check compares with merge's")
struct StringsScanMergeCommentTests {
    static func hash(_ comment: String) -> UInt64 {
        var text = comment
        return text.withUTF8 { StringsTrivia.commentHash($0) }
    }

    @Test("the obsolete marker and the first location comment above each entry, as the parse reads them; a location comment as short as 17 bytes, alone before its entry")
    func flags() throws {
        let text = """
            /* Header */

            /* Root.plist › group heading */
            "Sound" = "Ton";
            /* a person's note */ /* Root.plist › label of an on/off switch */ /* Root.plist › second */
            "Music" = "Musik";
            /* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */
            "Old" = "Alt";
            /* .plist › */"x" = "y";
            /* Root.plist is not › a location */
            "z" = "w";

            """
        let scan = try StringsParser.scan(Array(text.utf8))
        let found = scan.withBytes { bytes in scan.indices.map { (bytes.opensObsoleteSection($0), bytes.locationHash($0)) } }
        #expect(found.map(\.0) == [false, false, true, false, false])
        #expect(found.map(\.1) == [Self.hash("/* Root.plist › group heading */"), Self.hash("/* Root.plist › label of an on/off switch */"), nil,
                                   Self.hash("/* .plist › */"), nil])
        // A table without location comments keeps no hashes.
        let plain = try StringsParser.scan(Array("\"a\" = \"b\";\n".utf8))
        #expect(plain.withBytes { $0.locationHash(0) } == nil)
    }
}
