import Foundation

/// A JSON document whose objects keep their keys in the order they were built, so that
/// output is stable and reads in a sensible order (`key` before `occurrences`).
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rendered(pretty: false))
    }

    public static func optional(_ string: String?) -> JSONValue {
        string.map(JSONValue.string) ?? .null
    }

    public static func optional(_ number: Int?) -> JSONValue {
        number.map { .integer(Int64($0)) } ?? .null
    }

    /// A property-list value as JSON, keeping its type (string, number, boolean); dates become
    /// ISO 8601 strings and data base64 strings.
    public init(_ value: PlistValue) {
        switch value {
        case .string(let string): self = .string(string)
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = .number(real)
        case .boolean(let bool): self = .bool(bool)
        case .date(let date): self = .string(ISO8601.string(from: date))
        case .data(let bytes): self = .string(Base64.encode(bytes))
        case .array(let elements): self = .array(elements.map { JSONValue($0.value) })
        case .dictionary(let dictionary): self = .object(dictionary.entries.map { ($0.key, JSONValue($0.value.value)) })
        }
    }

    /// The document as text: two-space indentation when `pretty`, one line otherwise; a final
    /// line break either way.
    public func rendered(pretty: Bool = true) -> String {
        var writer = JSONWriter(pretty: pretty)
        write(to: &writer)
        return writer.finish()
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.integer(value)
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements {
                writer.element()
                element.write(to: &writer)
            }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(key)
                value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}

/// Writes JSON text straight into bytes, so large documents (thousands of diagnostics) need
/// no tree of values first. `JSONValue` renders through it too: one formatting for both.
struct JSONWriter {
    private(set) var output: [UInt8] = []
    let pretty: Bool
    /// For each open container, whether it has a member yet.
    private var hasMembers: [Bool] = []

    init(pretty: Bool) {
        self.pretty = pretty
        output.reserveCapacity(4096)
    }

    /// The text, with a final line break.
    mutating func finish() -> String {
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func newline(_ depth: Int) {
        output.append(0x0A)
        for _ in 0..<depth { output.append(0x20); output.append(0x20) }
    }

    /// Starts the next member of the innermost container: a comma after the first, a new line.
    private mutating func nextMember() {
        if hasMembers[hasMembers.count - 1] { output.append(UInt8(ascii: ",")) }
        hasMembers[hasMembers.count - 1] = true
        if pretty { newline(hasMembers.count) }
    }

    mutating func beginObject() { output.append(UInt8(ascii: "{")); hasMembers.append(false) }
    mutating func beginArray() { output.append(UInt8(ascii: "[")); hasMembers.append(false) }

    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func close(_ bracket: UInt8) {
        if hasMembers.removeLast(), pretty { newline(hasMembers.count) }
        output.append(bracket)
    }

    /// Before each element of an array.
    mutating func element() { nextMember() }

    /// Before each value of an object: its key.
    mutating func key(_ key: String) {
        nextMember()
        string(key)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(0x20) }
    }

    mutating func null() { output.append(contentsOf: "null".utf8) }
    mutating func bool(_ value: Bool) { output.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func integer(_ value: Int64) { output.append(contentsOf: String(value).utf8) }

    mutating func number(_ value: Double) {
        if !value.isFinite {
            null()
        } else if value == value.rounded(), abs(value) < 1e15 {
            output.append(contentsOf: (String(Int64(value)) + ".0").utf8)
        } else {
            output.append(contentsOf: "\(value)".utf8)
        }
    }

    mutating func optional(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func optional(_ value: Int?) {
        if let value { integer(Int64(value)) } else { null() }
    }

    /// A JSON string: runs of bytes that need no escape are copied at once.
    mutating func string(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                // Most bytes need no escape.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                    index += 1
                    continue
                }
                var escape: String?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x00..<0x20: escape = "\\u00" + hex(byte).lowercased()
                case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 and U+2029 end lines in JavaScript: escape them.
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default: break
                }
                if let escape {
                    if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                    output.append(contentsOf: escape.utf8)
                    index += length
                    runStart = index
                } else {
                    index += 1
                }
            }
            if count > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// ISO 8601 dates as property lists write them (`2010-04-27T12:30:00Z`).
enum ISO8601 {
    static func string(from date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}

enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
