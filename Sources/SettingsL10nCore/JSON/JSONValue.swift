/// A JSON document whose objects keep their keys in the order they were built, so that
/// output is stable and reads in a sensible order (`key` before `occurrences`).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A number that is not an `Int64` (or is `-0`). `literal`: its text as read (`1.0`, `1e400`,
    /// `-0`, an integer beyond 64 bits), which is what is written again: a document read and written changes no
    /// number, even one a `Double` cannot hold or would print otherwise.
    case number(Double, literal: String? = nil)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // By code units: a text in NFD is not its NFC twin.
        StringsKey(lhs.rendered(pretty: false)) == StringsKey(rhs.rendered(pretty: false))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(StringsKey(rendered(pretty: false)))
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

    package func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.integer(value)
        case .number(let value, let literal): writer.number(value, literal: literal)
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

extension JSONValue {
    /// The members of an object, in file order; `nil` for any other value.
    public var members: [(String, JSONValue)]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The value of an object's member `name` (the first, when a name repeats); `nil` when there
    /// is none or this is not an object.
    public subscript(member name: String) -> JSONValue? {
        members?.first { StringsKey($0.0) == StringsKey(name) }?.1
    }

    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    public var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    /// An integer, or a number without a fraction (`1.0`) that fits one.
    public var intValue: Int? {
        switch self {
        case .integer(let integer): Int(exactly: integer)
        case .number(let number, _): Int(exactly: number)
        default: nil
        }
    }

    public var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }
}
