#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A key of a `.strings` table, a catalog, an XLIFF document or a String Catalog, compared as
/// the device compares keys: by code units.
///
/// CFString and CFDictionary compare UTF-16 code units, so `Café` written with `é` (NFC) and
/// with `e` and a combining accent (NFD) are two keys on a device: a table keyed in NFD does not
/// translate the schema's NFC title. Swift's `String ==` and `Hashable` use canonical
/// equivalence and call them one. Every place that stores or compares keys uses this type
/// instead: equality and hashing by the UTF-8 bytes, which for valid Unicode are equal exactly
/// when the UTF-16 code units are (both encode the same scalars).
///
/// Keys hold valid Unicode: a `\U` escape that leaves a lone surrogate (`"\UD800"`) is read as
/// U+FFFD, the replacement character, as every reader of the project reads it (see
/// `OpenStepScanner.scanQuotedString`). The device keeps the lone code unit, so such a key
/// matches no key a schema file can hold there either; here two keys that differ only in which
/// lone surrogate they hold are one key (`check` reports the second as a duplicate).
///
/// Order (`<`) is `String`'s (by Unicode scalars, after normalization), then the bytes, so that
/// lists sorted by key keep the order they had, and two look-alike keys still have one order.
public struct StringsKey: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible,
                          CustomDebugStringConvertible {
    /// The key's text.
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public init(stringLiteral value: String) {
        string = value
    }

    /// The key whose UTF-8 is `utf8` (decoded as `String(decoding:as:)` decodes it).
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        string = String(decoding: utf8, as: UTF8.self)
    }

    public var description: String { string }
    public var debugDescription: String { string.debugDescription }

    /// `body` applied to the key's UTF-8, read in place (no copy of a native string).
    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = string
        return try text.withUTF8(body)
    }

    /// Whether the key is `utf8`, byte for byte.
    public func hasUTF8(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        withUTF8 { Self.equal($0, utf8) }
    }

    @inlinable
    public static func == (lhs: StringsKey, rhs: StringsKey) -> Bool {
        lhs.string.utf8.count == rhs.string.utf8.count && lhs.withUTF8 { a in rhs.withUTF8 { b in equal(a, b) } }
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public static func < (lhs: StringsKey, rhs: StringsKey) -> Bool {
        if lhs.string < rhs.string { return true }
        if rhs.string < lhs.string { return false }
        // Canonically equivalent: by the bytes (code point order).
        return lhs.withUTF8 { a in rhs.withUTF8 { b in a.lexicographicallyPrecedes(b) } }
    }

    @inlinable @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Whether `a` and `b` are the same key (`StringsKey(a) == StringsKey(b)`), without making
    /// keys: their lengths, then their bytes in place (a search compares a name with many).
    @inlinable
    public static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let bytesEqual = a.utf8.withContiguousStorageIfAvailable { x in b.utf8.withContiguousStorageIfAvailable { y in equal(x, y) } }
        return (bytesEqual ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Whether every byte of `bytes` is ASCII, eight at a time.
    @inlinable
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= raw.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < raw.count {
            if raw[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Whether the key is ASCII (then no other key looks like it but through a key that is not).
    public var isASCII: Bool { withUTF8(Self.isASCII) }

    /// Whether the two keys are different keys that Unicode calls the same text (one NFC, one
    /// NFD): they look alike, and the device tells them apart.
    public func looksAlike(_ other: StringsKey) -> Bool {
        self != other && string == other.string
    }
}

extension MessageText {
    /// A key, quoted as `quoted(_:)` quotes text.
    package static func quoted(_ key: StringsKey) -> String {
        quoted(key.string)
    }
}

extension SourceLocation {
    /// The location of a finding about the table key `key`.
    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, key: StringsKey) {
        self.init(file: file, line: line, column: column, keyPath: keyPath, key: key.string)
    }

    /// The location of a finding about the table key `key`, at `position`.
    public init(file: String, position: TextPosition?, keyPath: PlistKeyPath? = nil, key: StringsKey) {
        self.init(file: file, position: position, keyPath: keyPath, key: key.string)
    }
}
