import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("JSON output")
struct JSONWriterTests {
    @Test("strings are escaped as JSON requires; empty containers stay on one line")
    func escaping() {
        let value = JSONValue.object([
            ("text", .string("quote \" backslash \\ line\nfeed\ttab \u{1} \u{2028} é")),
            ("empty", .array([])), ("none", .object([])), ("numbers", .array([.integer(-3), .number(2.5), .number(1), .number(.nan)])),
        ])
        #expect(value.rendered() == """
        {
          "text": "quote \\" backslash \\\\ line\\nfeed\\ttab \\u0001 \\u2028 é",
          "empty": [],
          "none": {},
          "numbers": [
            -3,
            2.5,
            1.0,
            null
          ]
        }

        """)
        #expect(value.rendered(pretty: false) == "{\"text\":\"quote \\\" backslash \\\\ line\\nfeed\\ttab \\u0001 \\u2028 é\",\"empty\":[],\"none\":{},\"numbers\":[-3,2.5,1.0,null]}\n")
    }

    @Test("prepared keys and quoted values write what fixedKey and string write", arguments: [true, false])
    func preparedKeys(pretty: Bool) {
        func document(prepared: Bool) -> String {
            let keys = JSONWriter.PreparedKeys(["a", "bb", "ccc"], depth: 2, pretty: pretty)
            var writer = JSONWriter(pretty: pretty)
            writer.beginArray()
            for index in 0..<2 {
                writer.element()
                writer.beginObject()
                for (key, name) in [(0, "a" as StaticString), (1, "bb"), (2, "ccc")] {
                    if prepared { writer.key(keys, key) } else { writer.fixedKey(name) }
                    if prepared, key == 1 { writer.raw(bytes: JSONWriter.quoted("x \"\(index)\"\n")) } else { writer.string("x \"\(index)\"\n") }
                }
                writer.endObject()
            }
            writer.endArray()
            return writer.finish()
        }
        #expect(document(prepared: true) == document(prepared: false))
        #expect(document(prepared: true).hasPrefix(pretty ? "[\n  {\n    \"a\": \"x \\\"0\\\"\\n\",\n    \"bb\": " : "[{\"a\":\"x \\\"0\\\"\\n\",\"bb\":"))
    }

    @Test("pieces of every length up to 40 bytes are copied whole", arguments: [true, false])
    func copies(escaped: Bool) {
        for length in 0...40 {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(0x41 + $0 % 26))) }) + (escaped ? "\n" : "")
            var writer = JSONWriter(pretty: false)
            writer.string(text)
            #expect(writer.finish() == "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\"\n")
        }
    }

    @Test("containers nested deeper than 64 levels close and indent as shallow ones do")
    func deepNesting() {
        // [[...[1, {"k": []}]...]] 100 levels deep, each level with two members.
        var value = JSONValue.array([.integer(1), .object([("k", .array([]))])])
        for _ in 1..<100 { value = .array([value, .null]) }
        var expected = "[1,{\"k\":[]}]"
        for _ in 1..<100 { expected = "[" + expected + ",null]" }
        #expect(value.rendered(pretty: false) == expected + "\n")
        // Pretty: as a plain recursive printer indents it.
        func reference(_ value: JSONValue, _ level: Int) -> String {
            let inner = String(repeating: "  ", count: level + 1), outer = String(repeating: "  ", count: level)
            switch value {
            case .array(let items) where !items.isEmpty:
                return "[\n" + items.map { inner + reference($0, level + 1) }.joined(separator: ",\n") + "\n" + outer + "]"
            case .object(let members) where !members.isEmpty:
                return "{\n" + members.map { inner + "\"\($0.0)\": " + reference($0.1, level + 1) }.joined(separator: ",\n") + "\n" + outer + "}"
            default:
                return value.rendered(pretty: false).dropLast().description
            }
        }
        #expect(value.rendered() == reference(value, 0) + "\n")
        #expect(value.rendered().contains("\n" + String(repeating: " ", count: 200) + "1,\n"))
    }

    @Test("escaping finds every special character wherever it falls in a run of eight bytes")
    func escapingAtEveryOffset() throws {
        /// One scalar at a time, as JSON requires.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                // The bracket of `##[`, which GitHub's runner runs anywhere in a line.
                case "[" where out.hasSuffix("##"): out += "\\u005b"
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                // Line ends of JavaScript, DEL, the C1 controls and the bidirectional controls:
                // what a terminal or a log acts on, as \u escapes (the same JSON string).
                case "\u{0}"..."\u{1F}", "\u{2028}", "\u{2029}", "\u{7F}"..."\u{9F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                    let digits = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let pieces = ["a", "bcdefgh", "\"", "\\", "\n", "\u{1}", "\u{1F}", " ", "~", "\u{7F}", "é", "\u{2028}", "\u{2029}", "\u{2027}", "€", "😀", "\t",
                      "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "«", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{2065}",
                      "#", "##", "[", "::", "##[error]"]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let text = (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            var writer = JSONWriter(pretty: false)
            writer.string(text)
            let output = writer.finish()
            #expect(output == reference(text) + "\n")
            // Printable as it is, and the same string to a JSON reader.
            #expect(TerminalText.isSafeForLog(output))
            #expect(try JSONReader.read(Array(output.utf8)) == .string(text))
        }
    }
}
