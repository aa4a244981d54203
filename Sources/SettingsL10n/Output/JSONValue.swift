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
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        output += "\n"
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value):
            if !value.isFinite {
                output += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                output += String(Int64(value)) + ".0"
            } else {
                output += "\(value)"
            }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                element.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.writeString(key, to: &output)
                output += pretty ? ": " : ":"
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "}"
        }
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let digits = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
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
