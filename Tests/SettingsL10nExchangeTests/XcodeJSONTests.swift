import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

@Suite("JSON as Xcode writes it")
struct XcodeJSONTests {
    @Test("a real String Catalog read and written again is the same bytes")
    func realCatalog() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.realCatalog))
        let value = try JSONReader.read(bytes)
        #expect(XcodeJSON.text(value) == String(decoding: bytes, as: UTF8.self))
    }

    @Test("two keys that differ only in normalization are two members, each with its value (issue 47: one took the other's)")
    func lookAlikeMembers() throws {
        let (nfc, nfd) = ("Caf\u{E9}", "Cafe\u{301}")
        let value = JSONValue.object([("strings", .object([(nfc, .string("NFC")), (nfd, .string("NFD"))]))])
        let text = XcodeJSON.text(value)
        #expect(text.contains("\"NFC\"") && text.contains("\"NFD\""))
        let read = try JSONReader.read(Array(text.utf8))
        let members = try #require(read[member: "strings"]?.members)
        #expect(Set(members.map { StringsKey($0.0) }) == [StringsKey(nfc), StringsKey(nfd)])
        #expect(members.first { StringsKey($0.0) == StringsKey(nfd) }?.1 == .string("NFD"))
    }

    @Test("escapes, empty containers, key order")
    func format() throws {
        let value = JSONValue.object([
            ("strings", .object([])), ("b", .array([])), ("A", .string("a \"q\" \\ / \n\t\u{1}é")), ("$x", .bool(true)), ("%x", .integer(2)),
        ])
        #expect(XcodeJSON.text(value) == """
            {
              "%x" : 2,
              "$x" : true,
              "A" : "a \\"q\\" \\\\ / \\n\\t\\u0001é",
              "b" : [

              ],
              "strings" : {

              }
            }
            """)
    }

    @Test("malformed JSON is an error with its line and column", arguments: [
        ("{\n  \"a\" : }", "2:9: unexpected character where a value should be"),
        ("{\"a\" : \"b\"", "1:11: the document ends inside an object"),
        ("[1, 2", "1:6: the document ends inside an array"),
        ("{\"a\" : \"\\x\"}", "1:9: unknown escape in a string"),
        ("\"\\ud800\"", "1:2: a lone surrogate in a \\u escape"),
        ("{} x", "1:4: text after the end of the document"),
        ("\"a\nb\"", "1:3: a control character must be escaped in a string"),
        ("{\n  \"a\" : 1,\n  \"b\" : 2,\n  \"a\" : 3\n}", "4:3: the key \"a\" is in this object twice (first at line 2, column 3); keep one"),
        ("{\"x\" : {\"de\" : \"é\", \"d\\u0065\" : \"ü\"}}", "1:21: the key \"de\" is in this object twice (first at line 1, column 9); keep one"),
        ("[0123]", "1:2: a number cannot start with 0 followed by more digits (JSON has no octal); write it without the leading zero"),
        ("{\"n\" : -00.5}", "1:8: a number cannot start with 0 followed by more digits (JSON has no octal); write it without the leading zero"),
    ])
    func malformed(text: String, message: String) {
        do {
            _ = try JSONReader.read(Array(text.utf8))
            Issue.record("no error for \(text)")
        } catch {
            #expect("\(error.position.map { "\($0.line):\($0.column ?? 0)" } ?? ""): \(error.message)" == message)
        }
    }

    @Test("nesting is bounded")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: SyntaxError("nesting deeper than 128 levels", at: TextPosition(line: 1, column: 129))) {
            try JSONReader.read(Array(deep.utf8))
        }
        #expect(try JSONReader.read(Array("[[[\"\\ud83d\\ude00\"]]]".utf8)) == .array([.array([.array([.string("😀")])])]))
    }

    @Test("a key given twice in a large object (one line per member), and after a nested object")
    func repeatedInLargeObject() {
        let members = (0..<40).map { "\"k\($0)\" : {\"k3\" : [\($0)]}" } + ["\"k3\" : 0"]
        #expect(throws: SyntaxError("the key \"k3\" is in this object twice (first at line 5, column 1); keep one", at: TextPosition(line: 42, column: 1))) {
            try JSONReader.read(Array(("{\n" + members.joined(separator: ",\n") + "\n}").utf8))
        }
    }

    @Test("for import, characters XML 1.0 does not allow are refused, escaped or raw", arguments: [
        (#"["a\u0000b"]"#, "1:4: \\u0000 stands for a control character (U+0000), which import refuses; remove it"),
        (#"["a", "\u001b[31m"]"#, "1:8: \\u001b stands for a control character (U+001B), which import refuses; remove it"),
        (#"{"\u0001" : 1}"#, "1:3: \\u0001 stands for a control character (U+0001), which import refuses; remove it"),
        (#"["\b"]"#, "1:3: \\b stands for a control character (U+0008), which import refuses; remove it"),
        (#"["x\f"]"#, "1:4: \\f stands for a control character (U+000C), which import refuses; remove it"),
        (#"["\uFFFE"]"#, "1:3: \\uFFFE stands for a noncharacter (U+FFFE), which import refuses; remove it"),
        (#"["\uffff"]"#, "1:3: \\uffff stands for a noncharacter (U+FFFF), which import refuses; remove it"),
        ("[\"é\u{FFFF}\"]", "1:4: a noncharacter (U+FFFF), which import refuses; remove it"),
        ("[\"\u{FFFE}\"]", "1:3: a noncharacter (U+FFFE), which import refuses; remove it"),
    ])
    func nonXMLCharacters(text: String, message: String) throws {
        do {
            _ = try JSONReader.read(Array(text.utf8), refusesNonXMLCharacters: true)
            Issue.record("no error for \(text)")
        } catch {
            #expect("\(error.position.map { "\($0.line):\($0.column ?? 0)" } ?? ""): \(error.message)" == message)
        }
        #expect(throws: Never.self) { try JSONReader.read(Array(text.utf8)) }
    }

    @Test("for import, tab, line breaks, DEL, U+FFFD and astral characters are fine")
    func xmlCharacters() throws {
        let text = #"["\t\n\r\u0009\u000A\u000d\u007f\ufffd\ud83d\ude00\ud83f\udffe", ""# + "\u{FFFD}\u{7F}\u{FFEE}\"]"
        #expect(try JSONReader.read(Array(text.utf8), refusesNonXMLCharacters: true)
                == .array([.string("\t\n\r\t\n\r\u{7F}\u{FFFD}😀\u{1FFFE}"), .string("\u{FFFD}\u{7F}\u{FFEE}")]))
    }

    @Test("zero, and the same key in different objects, are fine")
    func zeroAndKeys() throws {
        #expect(try JSONReader.read(Array("[0, -0, 0.5, 0e3, 10, -0.01]".utf8))
                == .array([.integer(0), .number(0, literal: "-0"), .number(0.5), .number(0, literal: "0e3"), .integer(10), .number(-0.01)]))
        #expect(try JSONReader.read(Array(#"{"a": {"a": 1}, "b": {"a": 2}}"#.utf8))
                == .object([("a", .object([("a", .integer(1))])), ("b", .object([("a", .integer(2))]))]))
    }
}

@Suite("Reading JSON values")
struct JSONValueAccessTests {
    @Test("members by name (the first of a repeated name, which only a value built in code has), and values of their type only")
    func access() throws {
        var value = try JSONReader.read(Array(#"{"a": "x", "n": 2, "f": 2.0, "h": 2.5, "b": true, "l": [1]}"#.utf8))
        value = .object(value.members! + [("a", .string("y"))])
        #expect(value.members?.map(\.0) == ["a", "n", "f", "h", "b", "l", "a"])
        #expect(value[member: "a"]?.stringValue == "x")
        #expect(value[member: "n"]?.intValue == 2)
        #expect(value[member: "f"]?.intValue == 2)
        #expect(value[member: "h"]?.intValue == nil)
        #expect(value[member: "b"]?.boolValue == true)
        #expect(value[member: "l"]?.arrayValue == [.integer(1)])
        #expect(value[member: "missing"] == nil)
        #expect(value[member: "a"]?.intValue == nil)
        #expect(value[member: "n"]?.stringValue == nil)
        #expect(JSONValue.array([])[member: "a"] == nil)
        #expect(JSONValue.string("a").members == nil)
    }
}
