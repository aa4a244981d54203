#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `.strings` file as a lossless sequence of entries with the text around them.
///
/// Writing back an untouched document gives the original bytes: encoding, byte-order mark,
/// line endings, comments and spacing are all kept. Each entry carries the text that leads to
/// it (comments a person wrote above it) and the text that follows it on its line, so an
/// entry can be changed, moved or removed without disturbing any other byte.
public struct StringsDocument: Hashable, Sendable {
    public var encoding: TextEncoding
    public var hasByteOrderMark: Bool
    /// The line ending used most in the file; new lines are written with it.
    public var lineEnding: LineEnding
    public var entries: [StringsEntry]
    /// The text after the last entry (white space and comments).
    public var trailer: String
    /// How the device reads this file differently from how it looks (see `StringsNotice`).
    public var notices: [StringsNotice]

    public init(encoding: TextEncoding = .utf8, hasByteOrderMark: Bool = false,
                lineEnding: LineEnding = .lf, entries: [StringsEntry] = [], trailer: String = "",
                notices: [StringsNotice] = []) {
        self.encoding = encoding
        self.hasByteOrderMark = hasByteOrderMark
        self.lineEnding = lineEnding
        self.entries = entries
        self.trailer = trailer
        self.notices = notices
    }

    /// The document's text, without byte-order mark.
    public var text: String {
        String(decoding: utf8, as: UTF8.self)
    }

    /// The text as UTF-8, built without making a String.
    var utf8: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 80 + trailer.utf8.count)
        // Each piece copied from where it lies (appending a UTF8View walks it).
        for entry in entries {
            entry.withLeadingTriviaUTF8 { bytes.append(contentsOf: $0) }
            entry.withSourceUTF8 { bytes.append(contentsOf: $0) }
            entry.withTrailingTriviaUTF8 { bytes.append(contentsOf: $0) }
        }
        bytes.append(contentsOf: trailer.utf8)
        return bytes
    }

    /// The bytes of the file: the text in the document's encoding, with its byte-order mark.
    public func encoded() -> [UInt8] {
        DecodedText.encode(utf8: utf8, as: encoding, byteOrderMark: hasByteOrderMark)
    }

    /// The table the device reads: each key's value from its last entry (last one wins).
    /// Entries whose value is not a string (arrays, dictionaries) are left out.
    public var table: [StringsKey: String] {
        var table: [StringsKey: String] = [:]
        table.reserveCapacity(entries.count)
        for entry in entries {
            if let value = entry.stringValue { table[entry.key] = value }
        }
        return table
    }

    /// The index of the entry the device uses for `key`: the last one.
    package func indexOfEffectiveEntry(forKey key: StringsKey) -> Int? {
        entries.lastIndex { $0.key == key }
    }

    /// Entries that an entry with the same key further down overrides, in file order.
    package var overriddenEntries: [StringsEntry] {
        var seen: Set<StringsKey> = []
        var overridden: [StringsEntry] = []
        for entry in entries.reversed() {
            if !seen.insert(entry.key).inserted { overridden.append(entry) }
        }
        return overridden.reversed()
    }
}

/// One `key = value;` entry and the text around it.
///
/// Its fields live in one shared, copy-on-write box: a table of thousands of entries is
/// copied, reordered and reassembled by merge and import, and a copy of an entry is then one
/// reference, not five strings. The text around the entry and the entry as written stay where
/// the parser found them, ranges into the file's decoded UTF-8 that every entry of the file
/// shares, until they are set: no `String` is made for them unless one is asked for (merge
/// reads and writes them as bytes: a string each was a third of parsing a table).
public struct StringsEntry: Hashable, Sendable {
    /// A piece of the entry's text: a string once set, else a range of the shared bytes.
    private struct Piece {
        var string: String?
        var range: Range<Int>

        init(_ string: String) {
            self.string = string
            range = 0..<0
        }

        init(_ range: Range<Int>) {
            string = nil
            self.range = range
        }
    }

    private final class Storage: @unchecked Sendable {
        /// The decoded file's UTF-8 the pieces without a string lie in (shared, never changed).
        let text: [UInt8]
        var leadingTrivia: Piece
        var source: Piece
        var trailingTrivia: Piece
        /// The key, or where its text lies in `text` (without escapes), as for the value.
        var key: String?
        var keyText: Range<Int>
        /// The value, or where its text lies in `text` (a string without escapes, made a
        /// `String` only when asked for: merge reads few values of a table).
        var value: PlistValue?
        var valueText: Range<Int>
        /// The positions, set or else found in `lines` at the entry's first byte and its value's.
        var position: TextPosition?
        var valuePosition: TextPosition?
        let lines: LineTable?
        var keyStart: Int
        var valueStart: Int
        var keyEnd: Int
        var valueRange: Range<Int>?

        init(text: [UInt8], leadingTrivia: Piece, source: Piece, trailingTrivia: Piece, key: String?,
             keyText: Range<Int> = 0..<0, value: PlistValue?, valueText: Range<Int> = 0..<0, position: TextPosition?, valuePosition: TextPosition?,
             lines: LineTable? = nil, keyStart: Int = 0, valueStart: Int = 0, keyEnd: Int, valueRange: Range<Int>?) {
            self.text = text
            self.leadingTrivia = leadingTrivia
            self.source = source
            self.trailingTrivia = trailingTrivia
            self.key = key
            self.keyText = keyText
            self.value = value
            self.valueText = valueText
            self.position = position
            self.valuePosition = valuePosition
            self.lines = lines
            self.keyStart = keyStart
            self.valueStart = valueStart
            self.keyEnd = keyEnd
            self.valueRange = valueRange
        }

        func copy() -> Storage {
            Storage(text: text, leadingTrivia: leadingTrivia, source: source, trailingTrivia: trailingTrivia, key: key, keyText: keyText,
                    value: value, valueText: valueText, position: position, valuePosition: valuePosition, lines: lines,
                    keyStart: keyStart, valueStart: valueStart, keyEnd: keyEnd, valueRange: valueRange)
        }

        var keyString: String {
            key ?? String(decoding: text[keyText], as: UTF8.self)
        }

        var plistValue: PlistValue {
            value ?? .string(String(decoding: text[valueText], as: UTF8.self))
        }

        func string(_ piece: Piece) -> String {
            piece.string ?? String(decoding: text[piece.range], as: UTF8.self)
        }

        func withUTF8<R>(_ piece: Piece, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            if var string = piece.string { return try string.withUTF8(body) }
            return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[piece.range])) }
        }
    }

    private var storage: Storage

    /// The box, copied first when another entry shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// White space and comments between the previous entry (or the start of the file) and this
    /// one, as written.
    public var leadingTrivia: String {
        get { storage.string(storage.leadingTrivia) }
        set { unique.leadingTrivia = Piece(newValue) }
    }
    /// The entry exactly as written, from the key's first character to the `;`.
    public var source: String {
        get { storage.string(storage.source) }
        set { unique.source = Piece(newValue) }
    }
    /// What follows the `;` on the same line (spaces, a comment), through the line break.
    public var trailingTrivia: String {
        get { storage.string(storage.trailingTrivia) }
        set { unique.trailingTrivia = Piece(newValue) }
    }

    /// `body` applied to the UTF-8 of `leadingTrivia`, read in place.
    package func withLeadingTriviaUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUTF8(storage.leadingTrivia, body)
    }

    /// `body` applied to the UTF-8 of `source`, read in place.
    package func withSourceUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUTF8(storage.source, body)
    }

    /// `body` applied to the UTF-8 of `trailingTrivia`, read in place.
    package func withTrailingTriviaUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUTF8(storage.trailingTrivia, body)
    }

    /// The key, compared as the device compares keys (see `StringsKey`).
    public var key: StringsKey {
        get { StringsKey(storage.keyString) }
        set { unique.key = newValue.string }
    }

    /// `body` applied to the UTF-8 of `key`, read in place when it lies in the file's text.
    package func withKeyUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if var key = storage.key { return try key.withUTF8(body) }
        return try storage.text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[storage.keyText])) }
    }
    public var value: PlistValue {
        get { storage.plistValue }
        set { unique.value = newValue }
    }

    /// Whether the value is a string that is not empty, told without making it.
    package var hasNonEmptyStringValue: Bool {
        if let value = storage.value { return value.stringValue.map { !$0.isEmpty } ?? false }
        return !storage.valueText.isEmpty
    }
    /// Where the key starts (1-based line and column).
    public var position: TextPosition {
        get { storage.position ?? storage.lines!.position(at: storage.keyStart) }
        set { unique.position = newValue }
    }
    /// Where the value starts; for `"key";` the key's position.
    public var valuePosition: TextPosition {
        get { storage.valuePosition ?? storage.lines!.position(at: storage.valueStart) }
        set { unique.valuePosition = newValue }
    }
    /// Where, in `source` (UTF-8 offsets), the key token ends and the value token lies; `nil`
    /// for the `"key";` shorthand. Lets a value change without touching the key as written.
    var keyEnd: Int {
        get { storage.keyEnd }
        set { unique.keyEnd = newValue }
    }
    var valueRange: Range<Int>? {
        get { storage.valueRange }
        set { unique.valueRange = newValue }
    }

    package init(leadingTrivia: String, source: String, trailingTrivia: String, key: StringsKey,
                value: PlistValue, position: TextPosition, valuePosition: TextPosition) {
        storage = Storage(text: [], leadingTrivia: Piece(leadingTrivia), source: Piece(source), trailingTrivia: Piece(trailingTrivia),
                          key: key.string, value: value, position: position, valuePosition: valuePosition,
                          keyEnd: source.utf8.count, valueRange: nil)
    }

    /// An entry whose text around it and as written are the ranges `leadingTrivia`, `source`
    /// and `trailingTrivia` of `text` (a file's decoded UTF-8, shared by its entries).
    /// `key` is `nil` when it is `keyText` of `text` (without escapes), `value` when it is the
    /// string `valueText`: made strings when asked for.
    /// The entry's positions are found in `lines` (the lines of `text`) when asked for.
    init(text: [UInt8], leadingTrivia: Range<Int>, source: Range<Int>, trailingTrivia: Range<Int>, key: String?, keyText: Range<Int>,
         value: PlistValue?, valueText: Range<Int>, lines: LineTable, valueStart: Int, keyEnd: Int, valueRange: Range<Int>?) {
        storage = Storage(text: text, leadingTrivia: Piece(leadingTrivia), source: Piece(source), trailingTrivia: Piece(trailingTrivia),
                          key: key, keyText: keyText, value: value, valueText: valueText, position: nil, valuePosition: nil,
                          lines: lines, keyStart: source.lowerBound, valueStart: valueStart, keyEnd: keyEnd, valueRange: valueRange)
    }

    public static func == (lhs: StringsEntry, rhs: StringsEntry) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.key == rhs.key && lhs.value == rhs.value && lhs.position == rhs.position
            && lhs.valuePosition == rhs.valuePosition && lhs.keyEnd == rhs.keyEnd && lhs.valueRange == rhs.valueRange
            && lhs.withLeadingTriviaUTF8 { a in rhs.withLeadingTriviaUTF8 { b in a.elementsEqual(b) } }
            && lhs.withSourceUTF8 { a in rhs.withSourceUTF8 { b in a.elementsEqual(b) } }
            && lhs.withTrailingTriviaUTF8 { a in rhs.withTrailingTriviaUTF8 { b in a.elementsEqual(b) } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(source)
        hasher.combine(leadingTrivia)
        hasher.combine(trailingTrivia)
        hasher.combine(position)
    }

    /// The value when it is a string (as every Settings table's values are).
    public var stringValue: String? { value.stringValue }

    /// The comments in the leading text, in order, each with its delimiters.
    public var comments: [String] { StringsTrivia.comments(in: leadingTrivia) }
}

public enum LineEnding: String, Hashable, Sendable {
    case lf = "\n"
    case crlf = "\r\n"
    case cr = "\r"

    /// The line ending used most often in `bytes` (LF when there is none; ties go to LF, CRLF).
    static func dominant(in bytes: [UInt8]) -> LineEnding {
        bytes.withUnsafeBufferPointer { buffer in
            // Most files have no carriage return: then LF, without counting.
            guard let base = buffer.baseAddress, memchr(base, 0x0D, buffer.count) != nil else { return .lf }
            var lf = 0, crlf = 0, cr = 0
            var index = 0
            let count = buffer.count
            while index < count {
                if buffer[index] == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A {
                        crlf += 1
                        index += 1
                    } else {
                        cr += 1
                    }
                } else if buffer[index] == 0x0A {
                    lf += 1
                }
                index += 1
            }
            if crlf > lf, crlf >= cr { return .crlf }
            if cr > lf, cr > crlf { return .cr }
            return .lf
        }
    }
}

/// A way the device reads a `.strings` file that its text does not show.
public struct StringsNotice: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A `/*` never closes: the device ignores everything after it.
        case unterminatedComment
        /// UTF-16 without a byte-order mark: the device cannot read the file at all.
        case utf16WithoutByteOrderMark
        /// The file is empty: the device fails to read it (a comment alone would be fine).
        case emptyFile
    }

    public var kind: Kind
    public var position: TextPosition?
    public var message: String
}

/// The lines of a parsed file's text, indexed the first time an entry's position is asked for
/// (most runs ask for none), then shared by every entry of the file.
final class LineTable: Sendable {
    private let index: OnceValue<LineIndex>

    init(_ text: [UInt8]) {
        index = OnceValue { LineIndex(text) }
    }

    func position(at offset: Int) -> TextPosition {
        index.value.position(at: offset)
    }
}
