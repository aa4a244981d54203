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

    @Test("escaping finds every special character wherever it falls in a run of eight bytes")
    func escapingAtEveryOffset() {
        /// One scalar at a time, as JSON requires.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{2028}": out += "\\u2028"
                case "\u{2029}": out += "\\u2029"
                case _ where scalar.value < 0x20: out += "\\u00" + hex(UInt8(scalar.value)).lowercased()
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let pieces = ["a", "bcdefgh", "\"", "\\", "\n", "\u{1}", "\u{1F}", " ", "~", "\u{7F}", "é", "\u{2028}", "\u{2029}", "\u{2027}", "€", "😀", "\t"]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let text = (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            var writer = JSONWriter(pretty: false)
            writer.string(text)
            #expect(writer.finish() == reference(text) + "\n")
        }
    }
}
