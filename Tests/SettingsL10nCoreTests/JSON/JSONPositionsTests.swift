import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("JSON positions: linear on one line, as exact as counted from the start of the line")
struct JSONPositionsTests {
    /// The position of `offset` counted the slow way: the characters from the start of its line.
    static func counted(_ text: String, _ offset: Int) -> TextPosition {
        let bytes = Array(text.utf8)
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return TextPosition(line: bytes[..<offset].filter { $0 == 0x0A }.count + 1,
                            column: String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)
    }

    /// Where `needle` first occurs in `text`, in bytes.
    static func offset(of needle: String, in text: String) -> Int {
        Array(text.utf8).firstRange(of: Array(needle.utf8))!.lowerBound
    }

    @Test("the members of a document on one line, with accents, combining marks, emoji and a prepended mark: where each key starts")
    func membersOnOneLine() throws {
        let keys = ["Café", "Cafe\u{301}\u{301}", "👩‍👩‍👧", "a\u{600}", "ok", "漢字"]
        let strings = keys.enumerated().map { "\"\($0.element)\":{\"v\":\"é\u{301}\u{301} \($0.offset)\"}" }
        for separator in [",", ", ", ",\n  ", ",\r\n"] {
            let text = "{\"version\":\"1.0\",\"strings\":{" + strings.joined(separator: separator) + "}}"
            let (_, members) = try JSONReader.readRecordingMembers(of: "strings", Array(text.utf8))
            for key in keys {
                #expect(members[StringsKey(key)] == Self.counted(text, Self.offset(of: "\"\(key)\":", in: text)), "\(key) \(separator.debugDescription)")
            }
        }
    }

    @Test("the elements of a configuration's arrays on one line")
    func elementsOnOneLine() throws {
        let entries = (0..<50).map { "{\"key\":\"ü\u{308} \($0)\"}" }
        let text = "{\"ignore\":[" + entries.joined(separator: ",") + "],\"keep\":[\"a\",\"b\"]}"
        let elements = try JSONReader.readRecordingElements(Array(text.utf8)).elements
        let bytes = Array(text.utf8)
        var starts: [Int] = []
        var from = 0
        while let found = bytes[from...].firstRange(of: Array("{\"key\"".utf8)) {
            starts.append(found.lowerBound)
            from = found.upperBound
        }
        #expect(elements["ignore"] == starts.map { Self.counted(text, $0) })
        #expect(elements["keep"] == [Self.counted(text, text.utf8.count - 9), Self.counted(text, text.utf8.count - 5)])
    }

    /// A String Catalog of `count` strings, each with two translations: minified (on one line),
    /// or pretty (a member a line, as Xcode writes it).
    static func catalog(_ count: Int, pretty: Bool) -> [UInt8] {
        let (line, colon) = pretty ? ("\n", " : ") : ("", ":")
        let strings = (0..<count).map { index in
            ["\"String number \(index)\"\(colon){", "\"localizations\"\(colon){", "\"de\"\(colon){", "\"stringUnit\"\(colon){",
             "\"state\"\(colon)\"translated\",", "\"value\"\(colon)\"Zeichenkette \(index) – ü\"", "}}}}"].joined(separator: line)
        }
        let text = ["{", "\"sourceLanguage\"\(colon)\"en\",", "\"strings\"\(colon){", strings.joined(separator: "," + line), "},",
                    "\"version\"\(colon)\"1.0\"", "}"].joined(separator: line)
        return Array(text.utf8)
    }

    // How long these take is the bench's to say: scripts/check-linearity runs check --catalog and
    // sync --check on minified catalogs and status on a one-line configuration (each grew 3.4-3.8
    // times faster than its input when positions were counted from each line's start).
    @Test("a minified String Catalog of 10,000 strings: every string's position on its one line")
    func minifiedCatalog() throws {
        let minified = Self.catalog(10_000, pretty: false), pretty = Self.catalog(10_000, pretty: true)
        let members = try JSONReader.readRecordingMembers(of: "strings", minified).members
        #expect(members.count == 10_000)
        #expect(try JSONReader.readRecordingMembers(of: "strings", pretty).members[StringsKey("String number 0")] == TextPosition(line: 4, column: 1))
        let last = "String number 9999"
        let offset = minified.firstRange(of: Array("\"\(last)\"".utf8))!.lowerBound
        #expect(members[StringsKey(last)] == TextPosition(line: 1, column: String(decoding: minified[..<offset], as: UTF8.self).count + 1))
    }

    @Test("a configuration of 256 KiB on one line: its entries' positions")
    func oneLineConfiguration() throws {
        var entries: [String] = []
        var size = 0
        while size < (256 << 10) - 100 {
            entries.append("{\"rule\":\"missing-translation\",\"key\":\"Schlüssel \(entries.count)\"}")
            size += entries.last!.utf8.count + 2
        }
        let oneLine = Array(("{\"ignore\":[" + entries.joined(separator: ",") + "]}").utf8)
        let lines = Array(("{\"ignore\":[\n" + entries.joined(separator: ",\n") + "\n]}").utf8)
        let elements = try JSONReader.readRecordingElements(oneLine).elements
        #expect(try JSONReader.readRecordingElements(lines).elements["ignore"]?.last == TextPosition(line: entries.count + 1, column: 1))
        #expect(elements["ignore"]?.count == entries.count)
        #expect(elements["ignore"]?.first == TextPosition(line: 1, column: 12))
    }

    @Test("where a value is: members and elements, down any path; nil where there is none")
    func valuePositions() {
        let text = "{\"a\": 1,\n \"findings\": [ {\"rule\": \"x\"},\n  {\"count\": \"lots\", \"é\u{301}\": {}} ]}"
        let bytes = Array(text.utf8)
        #expect(JSONReader.position(of: [], in: bytes) == TextPosition(line: 1, column: 1))
        #expect(JSONReader.position(of: [.member("a")], in: bytes) == TextPosition(line: 1, column: 7))
        #expect(JSONReader.position(of: [.member("findings"), .element(0)], in: bytes) == TextPosition(line: 2, column: 16))
        #expect(JSONReader.position(of: [.member("findings"), .element(1), .member("count")], in: bytes) == TextPosition(line: 3, column: 13))
        #expect(JSONReader.position(of: [.member("findings"), .element(1), .member("é\u{301}")], in: bytes) == TextPosition(line: 3, column: 26))
        #expect(JSONReader.position(of: [.member("findings"), .element(2)], in: bytes) == nil)
        #expect(JSONReader.position(of: [.member("b")], in: bytes) == nil)
        #expect(JSONReader.position(of: [.element(0)], in: bytes) == nil)
        #expect(JSONReader.position(of: [.member("a"), .member("b")], in: bytes) == nil)
    }

    @Test("keys that differ in their code units are different members, however alike they look: é precomposed, and e with U+0301")
    func codeUnitKeys() {
        let text = "{\"Caf\\u00e9\": 1,\n \"Cafe\\u0301\": 2}"
        let bytes = Array(text.utf8)
        #expect(JSONReader.position(of: [.member("Caf\u{e9}")], in: bytes) == TextPosition(line: 1, column: 15))
        #expect(JSONReader.position(of: [.member("Cafe\u{301}")], in: bytes) == TextPosition(line: 2, column: 16))
    }
}
