#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A property-list value with where it was written.
public struct PlistNode: Hashable, Sendable {
    public var value: PlistValue
    /// Where the value starts: line and column for XML, line and column for OpenStep, `nil` for
    /// binary property lists, which have no text positions.
    public var position: TextPosition?

    public init(_ value: PlistValue, position: TextPosition? = nil) {
        self.value = value
        self.position = position
    }
}

/// A property-list value. Dictionaries keep their keys in file order, duplicates included.
public enum PlistValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data([UInt8])
    case array([PlistNode])
    case dictionary(PlistDictionary)

    /// The name of the value's type as property lists call it ("string", "integer"...).
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var arrayValue: [PlistNode]? {
        if case .array(let array) = self { return array }
        return nil
    }

    public var dictionaryValue: PlistDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The value as a number, for integers and reals.
    public var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// True for the scalar types (everything but arrays and dictionaries).
    public var isScalar: Bool {
        switch self {
        case .array, .dictionary: false
        default: true
        }
    }
}

/// One key of a dictionary, with where the key was written.
public struct PlistDictionaryEntry: Hashable, Sendable {
    public var key: String
    public var keyPosition: TextPosition?
    public var value: PlistNode

    public init(key: String, keyPosition: TextPosition? = nil, value: PlistNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A dictionary that keeps its keys in file order. Lookups return the last entry of a key,
/// as CoreFoundation does when a key is written twice.
public struct PlistDictionary: Hashable, Sendable {
    public var entries: [PlistDictionaryEntry]

    public init(_ entries: [PlistDictionaryEntry] = []) {
        self.entries = entries
    }

    public subscript(key: String) -> PlistNode? {
        entry(for: key)?.value
    }

    /// The entry the device uses for `key`: the last one written, keys compared by code units
    /// as CFDictionary compares them (see `StringsKey`).
    public func entry(for key: String) -> PlistDictionaryEntry? {
        entries.last { StringsKey.same($0.key, key) }
    }

    public var keys: [String] { entries.map(\.key) }
}
