import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("JSON reader: read in place, strings in one piece, repeated values stored once")
struct JSONReaderTests {
    @Test("strings with and without escapes, short and long, decode alike")
    func strings() throws {
        let long = String(repeating: "de.lproj/Root.strings ", count: 3)
        let text = #"["plain", "a\"b", "tab\tafter a long run of plain text", "\#(long)", "\#(long)", "é\u00e9😀", ""]"#
        #expect(try JSONReader.read(Array(text.utf8)) == .array([
            .string("plain"), .string("a\"b"), .string("tab\tafter a long run of plain text"), .string(long), .string(long), .string("éé😀"), .string(""),
        ]))
    }

    @Test("a byte-order mark is skipped, and positions count from after it")
    func byteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1,\n 2,]".utf8)
        #expect(throws: SyntaxError("unexpected character where a value should be", at: TextPosition(line: 2, column: 4))) {
            try JSONReader.read(bytes)
        }
        #expect(throws: SyntaxError("unexpected character where a value should be", at: TextPosition(line: 1, column: 2))) {
            try JSONReader.read([0xEF, 0xBB, 0xBF] + Array("[}".utf8))
        }
    }

    @Test("UTF-8 is validated piece by piece: a character cut by a piece's end is whole, a bad byte anywhere is found")
    func validation() throws {
        // "é" (2 bytes) and "😀" (4 bytes) straddling the 64 KiB boundary at every offset.
        for shift in 0..<4 {
            for character in ["é", "😀"] {
                let padding = String(repeating: "a", count: (1 << 16) - 4 + shift)
                let text = "[\"" + padding + character + "\"]"
                #expect(try JSONReader.read(Array(text.utf8)) == .array([.string(padding + character)]))
                var broken = Array(text.utf8)
                broken[broken.count - 3] = 0xFF
                #expect(throws: SyntaxError.self) { try JSONReader.read(broken) }
            }
        }
        let lone: [UInt8] = Array("[\"".utf8) + [UInt8](repeating: 0x80, count: 1 << 17) + Array("\"]".utf8)
        #expect(throws: SyntaxError("the file is not valid UTF-8 (byte 0x80); save it as UTF-8", at: TextPosition(line: 1, column: 3))) {
            try JSONReader.read(lone)
        }
    }

    @Test("a UTF-16 document, with or without a byte-order mark, is said to be UTF-16, at its start", arguments: [
        ([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], "little"), ([0x7B, 0x00, 0x7D, 0x00], "little"),
        ([0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D], "big"), ([0x00, 0x7B, 0x00, 0x7D], "big"),
    ] as [([UInt8], String)])
    func utf16(bytes: [UInt8], order: String) {
        #expect(throws: SyntaxError("the file is UTF-16 (\(order)-endian), and a JSON document here (a String Catalog, a configuration) is UTF-8: save it as UTF-8",
                                    at: TextPosition(line: 1, column: 1))) {
            try JSONReader.read(bytes)
        }
    }
}

@Suite("JSON reader: one member of the root streamed, never held whole")
struct JSONStreamingTests {
    /// The members handed over, in order, and the document returned.
    static func streamed(_ text: String) throws -> (members: [String], values: [JSONValue], document: JSONValue) {
        var members: [String] = [], values: [JSONValue] = []
        let document = try JSONReader.read(Array(text.utf8), streamingMembersOf: "strings") { key, value in
            members.append(key)
            values.append(value)
        }
        return (members, values, document)
    }

    @Test("each member of the named object is handed over in order, the object left empty, the rest kept")
    func members() throws {
        let text = #"{"strings": {"b": {"x": [1, 2]}, "a": "two", "c": {}}, "version": "1.0", "other": {"strings": {"inner": 1}}}"#
        let (members, values, document) = try Self.streamed(text)
        #expect(members == ["b", "a", "c"])
        #expect(values == [.object([("x", .array([.integer(1), .integer(2)]))]), .string("two"), .object([])])
        // A member named so deeper down is not the root's: it is kept.
        #expect(document == .object([("strings", .object([])), ("version", .string("1.0")),
                                     ("other", .object([("strings", .object([("inner", .integer(1))]))]))]))
        #expect(try JSONReader.read(Array(text.utf8)) != document)
    }

    @Test("a key twice in the streamed object is the error read gives, at the same place; so is any other error")
    func errors() throws {
        for text in [#"{"strings": {"a": 1, "b": 2, "a": 3}}"#, #"{"version": 1, "strings": {"k": [1,]}}"#,
                     #"{"strings": {"k": 1}, "version": 1, "version": 2}"#, #"{"strings": {"k": 1}} x"#] {
            var read: SyntaxError?
            do { _ = try JSONReader.read(Array(text.utf8)) } catch { read = error }
            #expect(read != nil)
            #expect(throws: read!) { try Self.streamed(text) }
        }
    }

    @Test("a named member that is not an object is kept as it is")
    func notAnObject() throws {
        let (members, _, document) = try Self.streamed(#"{"strings": [1, 2]}"#)
        #expect(members.isEmpty)
        #expect(document == .object([("strings", .array([.integer(1), .integer(2)]))]))
    }
}
