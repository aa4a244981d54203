/// One `key = value;` entry and the text around it.
///
/// An entry as the parser found it is a place in its file: the file's decoded UTF-8, the
/// ranges of each entry in it and the few keys and values that escapes change are held once per
/// file (`ParsedStrings`), and the entry is that file and its number, no allocation of its own.
/// Its key, value, text and positions are read from there when asked for: merge reads and
/// writes a table's entries as bytes and compares keys in place, so an entry nothing changes
/// never becomes strings. Setting a field moves the entry into a box of its own (copy-on-write,
/// as before): a table of thousands of entries is copied, reordered and reassembled by merge
/// and import, and a copy of an entry is then one reference.
public struct StringsEntry: Hashable, Sendable {
    /// A piece of the entry's text: a string once set, else a range of the shared bytes.
    fileprivate struct Piece {
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

    /// An entry that has been changed (or made): its fields, each its own once set. Until
    /// then a key, value or position is read from the file the entry was parsed from (`origin`).
    fileprivate final class Storage: @unchecked Sendable {
        /// The decoded file's UTF-8 the pieces without a string lie in (shared, never changed).
        let text: [UInt8]
        let origin: ParsedStrings?
        let record: ParsedStrings.Record
        var leadingTrivia: Piece
        var source: Piece
        var trailingTrivia: Piece
        var key: StringsKey?
        var value: PlistValue?
        var position: TextPosition?
        var valuePosition: TextPosition?
        var keyEnd: Int
        var valueRange: Range<Int>?

        init(text: [UInt8], origin: ParsedStrings?, record: ParsedStrings.Record, leadingTrivia: Piece, source: Piece, trailingTrivia: Piece,
             key: StringsKey?, value: PlistValue?, position: TextPosition?, valuePosition: TextPosition?, keyEnd: Int, valueRange: Range<Int>?) {
            self.text = text
            self.origin = origin
            self.record = record
            self.leadingTrivia = leadingTrivia
            self.source = source
            self.trailingTrivia = trailingTrivia
            self.key = key
            self.value = value
            self.position = position
            self.valuePosition = valuePosition
            self.keyEnd = keyEnd
            self.valueRange = valueRange
        }

        /// Entry `record` of `file`, as it was parsed.
        convenience init(_ record: ParsedStrings.Record, of file: ParsedStrings) {
            self.init(text: file.text, origin: file, record: record, leadingTrivia: Piece(record.leadingTrivia), source: Piece(record.source),
                      trailingTrivia: Piece(record.trailingTrivia), key: nil, value: nil, position: nil, valuePosition: nil,
                      keyEnd: Int(record.keyEnd - record.sourceStart), valueRange: record.valueRange)
        }

        func copy() -> Storage {
            Storage(text: text, origin: origin, record: record, leadingTrivia: leadingTrivia, source: source, trailingTrivia: trailingTrivia,
                    key: key, value: value, position: position, valuePosition: valuePosition, keyEnd: keyEnd, valueRange: valueRange)
        }

        var keyValue: StringsKey { key ?? origin!.key(record) }
        var plistValue: PlistValue { value ?? origin!.value(record) }
        var keyPosition: TextPosition { position ?? origin!.lines.position(at: Int(record.sourceStart)) }
        var valueTextPosition: TextPosition { valuePosition ?? origin!.lines.position(at: record.valuePositionOffset) }

        func withKeyUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            if let key { return try key.withUTF8(body) }
            return try origin!.withKeyUTF8(record, body)
        }

        var hasNonEmptyStringValue: Bool {
            if let value { return value.stringValue.map { !$0.isEmpty } ?? false }
            return origin!.hasNonEmptyStringValue(record)
        }

        func string(_ piece: Piece) -> String {
            piece.string ?? String(decoding: text[piece.range], as: UTF8.self)
        }

        func withUTF8<R>(_ piece: Piece, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            if var string = piece.string { return try string.withUTF8(body) }
            return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[piece.range])) }
        }
    }

    /// The parsed file and the entry's number in it, while nothing of the entry is set.
    private var file: ParsedStrings?
    private var index: Int
    /// The entry's own fields, once one is set (then `file` is `nil`).
    private var storage: Storage?

    /// The box, made from the file at the first change, copied first when another entry shares it.
    private var unique: Storage {
        mutating get {
            if let file {
                storage = Storage(file.records[index], of: file)
                self.file = nil
            } else if !isKnownUniquelyReferenced(&storage) {
                storage = storage!.copy()
            }
            return storage!
        }
    }

    /// White space and comments between the previous entry (or the start of the file) and this
    /// one, as written.
    public var leadingTrivia: String {
        get { storage.map { $0.string($0.leadingTrivia) } ?? file!.string(file!.records[index].leadingTrivia) }
        set { unique.leadingTrivia = Piece(newValue) }
    }
    /// The entry exactly as written, from the key's first character to the `;`.
    public var source: String {
        get { storage.map { $0.string($0.source) } ?? file!.string(file!.records[index].source) }
        set { unique.source = Piece(newValue) }
    }
    /// What follows the `;` on the same line (spaces, a comment), through the line break.
    public var trailingTrivia: String {
        get { storage.map { $0.string($0.trailingTrivia) } ?? file!.string(file!.records[index].trailingTrivia) }
        set { unique.trailingTrivia = Piece(newValue) }
    }

    /// `body` applied to the UTF-8 of `leadingTrivia`, read in place.
    package func withLeadingTriviaUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let storage { return try storage.withUTF8(storage.leadingTrivia, body) }
        return try file!.withText(file!.records[index].leadingTrivia, body)
    }

    /// `body` applied to the UTF-8 of `source`, read in place.
    package func withSourceUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let storage { return try storage.withUTF8(storage.source, body) }
        return try file!.withText(file!.records[index].source, body)
    }

    /// `body` applied to the UTF-8 of `trailingTrivia`, read in place.
    package func withTrailingTriviaUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let storage { return try storage.withUTF8(storage.trailingTrivia, body) }
        return try file!.withText(file!.records[index].trailingTrivia, body)
    }

    /// Where the entry lies in the file it was parsed from, its leading text to its trailing
    /// text, while none of it is set; `nil` once one is.
    var placeInFile: (file: ParsedStrings, range: Range<Int>)? {
        guard let file else { return nil }
        let record = file.records[index]
        return (file, Int(record.segmentStart)..<Int(record.trailingEnd))
    }

    /// Whether nothing of the entry was set since it was parsed: it is still a place in its file.
    var isAsParsed: Bool { file != nil }

    /// The key, compared as the device compares keys (see `StringsKey`).
    public var key: StringsKey {
        get { storage?.keyValue ?? file!.key(file!.records[index]) }
        set { unique.key = newValue }
    }

    /// `body` applied to the UTF-8 of `key`, read in place (a key with escapes: decoded once
    /// per file, beside the text).
    package func withKeyUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let storage { return try storage.withKeyUTF8(body) }
        return try file!.withKeyUTF8(file!.records[index], body)
    }

    public var value: PlistValue {
        get { storage?.plistValue ?? file!.value(file!.records[index]) }
        set { unique.value = newValue }
    }

    /// Whether the value is a string that is not empty, told without making it.
    package var hasNonEmptyStringValue: Bool {
        if let storage { return storage.hasNonEmptyStringValue }
        return file!.hasNonEmptyStringValue(file!.records[index])
    }
    /// Where the key starts (1-based line and column).
    public var position: TextPosition {
        get { storage?.keyPosition ?? file!.lines.position(at: Int(file!.records[index].sourceStart)) }
        set { unique.position = newValue }
    }
    /// Where the value starts; for `"key";` the key's position.
    public var valuePosition: TextPosition {
        get { storage?.valueTextPosition ?? file!.lines.position(at: file!.records[index].valuePositionOffset) }
        set { unique.valuePosition = newValue }
    }
    /// Where, in `source` (UTF-8 offsets), the key token ends and the value token lies; `nil`
    /// for the `"key";` shorthand. Lets a value change without touching the key as written.
    var keyEnd: Int {
        get { storage?.keyEnd ?? Int(file!.records[index].keyEnd - file!.records[index].sourceStart) }
        set { unique.keyEnd = newValue }
    }
    var valueRange: Range<Int>? {
        get { storage.map(\.valueRange) ?? file!.records[index].valueRange }
        set { unique.valueRange = newValue }
    }

    package init(leadingTrivia: String, source: String, trailingTrivia: String, key: StringsKey,
                value: PlistValue, position: TextPosition, valuePosition: TextPosition) {
        file = nil
        index = 0
        storage = Storage(text: [], origin: nil, record: ParsedStrings.Record(), leadingTrivia: Piece(leadingTrivia), source: Piece(source),
                          trailingTrivia: Piece(trailingTrivia), key: key, value: value, position: position, valuePosition: valuePosition,
                          keyEnd: source.utf8.count, valueRange: nil)
    }

    /// Entry `index` of the parsed `file`.
    init(file: ParsedStrings, index: Int) {
        self.file = file
        self.index = index
        storage = nil
    }

    /// `body` applied to each entry's number and the UTF-8 of its key, read in place. The file
    /// the entries were parsed from is opened once for them all, where `withKeyUTF8` opens it
    /// for each key (retaining the file and its records per key).
    package static func forEachKeyUTF8(in entries: [StringsEntry], _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        guard let file = entries.first(where: { $0.file != nil })?.file else {
            for index in entries.indices { try entries[index].withKeyUTF8 { try body(index, $0) } }
            return
        }
        try file.text.withUnsafeBufferPointer { text in
            try file.decoded.withUnsafeBufferPointer { decoded in
                try file.records.withUnsafeBufferPointer { records in
                    try entries.withUnsafeBufferPointer { entries in
                        for index in entries.indices {
                            guard entries[index].file === file else {
                                try entries[index].withKeyUTF8 { try body(index, $0) }
                                continue
                            }
                            let record = records[entries[index].index]
                            let range = Int(record.keyLower)..<Int(record.keyUpper)
                            try body(index, UnsafeBufferPointer(rebasing: (record.keyIsDecoded ? decoded : text)[range]))
                        }
                    }
                }
            }
        }
    }

    /// Whether this entry and `other` are both still places in the same parsed file.
    package func isInSameFile(as other: StringsEntry) -> Bool {
        if let file, let otherFile = other.file { return file === otherFile }
        return false
    }

    /// Whether the leading text of some entry of `entries` may hold `bytes`: `false` only when
    /// none does, told from the whole text of each file they were parsed from (one search per
    /// file, where reading each entry's comments costs a scan of each).
    package static func leadingTriviaMayContain(_ entries: [StringsEntry], _ bytes: [UInt8]) -> Bool {
        var searched: [ObjectIdentifier] = []
        for entry in entries {
            if let file = entry.file {
                guard searched.last != ObjectIdentifier(file), !searched.contains(ObjectIdentifier(file)) else { continue }
                searched.append(ObjectIdentifier(file))
                if file.text.withUnsafeBufferPointer({ ByteSearch.contains($0, bytes) }) { return true }
            } else if entry.withLeadingTriviaUTF8({ ByteSearch.contains($0, bytes) }) {
                return true
            }
        }
        return false
    }

    public static func == (lhs: StringsEntry, rhs: StringsEntry) -> Bool {
        if let a = lhs.file, let b = rhs.file, a === b, lhs.index == rhs.index { return true }
        if let a = lhs.storage, let b = rhs.storage, a === b { return true }
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

/// A parsed `.strings` file's entries as places in its decoded UTF-8, shared by its entries
/// (see `StringsEntry`): one record of offsets per entry, and, for the few keys and values whose
/// escapes make them differ from their text, their decoded UTF-8 in a buffer beside it.
final class ParsedStrings: Sendable {
    /// Where one entry lies, in 32-bit offsets (`StringsParser.parse` refuses larger text).
    struct Record {
        var segmentStart: Int32
        var sourceStart: Int32
        var keyEnd: Int32
        var entryEnd: Int32
        var trailingEnd: Int32
        /// The value token; -1 for the `"key";` shorthand.
        var valueStart: Int32
        var valueEnd: Int32
        /// The key's UTF-8: a range of the text, or of `decoded` when `keyIsDecoded`.
        var keyLower: Int32
        var keyUpper: Int32
        /// The value's UTF-8, as the key's; or the index in `otherValues` when `valueIsOther`.
        var valueLower: Int32
        var valueUpper: Int32
        var keyIsDecoded: Bool
        var valueIsDecoded: Bool
        var valueIsOther: Bool

        /// A record of nothing, for entries that were made, not parsed.
        init() {
            (segmentStart, sourceStart, keyEnd, entryEnd, trailingEnd, valueStart, valueEnd) = (0, 0, 0, 0, 0, -1, -1)
            (keyLower, keyUpper, valueLower, valueUpper) = (0, 0, 0, 0)
            (keyIsDecoded, valueIsDecoded, valueIsOther) = (false, false, false)
        }

        init(segmentStart: Int32, sourceStart: Int32, keyEnd: Int32, entryEnd: Int32, trailingEnd: Int32, valueStart: Int32, valueEnd: Int32,
             keyLower: Int32, keyUpper: Int32, valueLower: Int32, valueUpper: Int32, keyIsDecoded: Bool, valueIsDecoded: Bool, valueIsOther: Bool) {
            (self.segmentStart, self.sourceStart, self.keyEnd, self.entryEnd, self.trailingEnd) = (segmentStart, sourceStart, keyEnd, entryEnd, trailingEnd)
            (self.valueStart, self.valueEnd, self.keyLower, self.keyUpper) = (valueStart, valueEnd, keyLower, keyUpper)
            (self.valueLower, self.valueUpper) = (valueLower, valueUpper)
            (self.keyIsDecoded, self.valueIsDecoded, self.valueIsOther) = (keyIsDecoded, valueIsDecoded, valueIsOther)
        }

        var leadingTrivia: Range<Int> { Int(segmentStart)..<Int(sourceStart) }
        var source: Range<Int> { Int(sourceStart)..<Int(entryEnd) }
        var trailingTrivia: Range<Int> { Int(entryEnd)..<Int(trailingEnd) }
        var valuePositionOffset: Int { Int(valueStart >= 0 ? valueStart : sourceStart) }
        var valueRange: Range<Int>? {
            valueStart < 0 ? nil : Int(valueStart - sourceStart)..<Int(valueEnd - sourceStart)
        }
    }

    let text: [UInt8]
    let lines: LineTable
    let records: [Record]
    let decoded: [UInt8]
    let otherValues: [PlistValue]

    init(text: [UInt8], records: [Record], decoded: [UInt8], otherValues: [PlistValue]) {
        self.text = text
        lines = LineTable(text)
        self.records = records
        self.decoded = decoded
        self.otherValues = otherValues
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: text[range], as: UTF8.self)
    }

    func withText<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    func withKeyUTF8<R>(_ record: Record, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let range = Int(record.keyLower)..<Int(record.keyUpper)
        return try (record.keyIsDecoded ? decoded : text).withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    func key(_ record: Record) -> StringsKey {
        withKeyUTF8(record) { StringsKey(utf8: $0) }
    }

    func value(_ record: Record) -> PlistValue {
        if record.valueIsOther { return otherValues[Int(record.valueLower)] }
        let range = Int(record.valueLower)..<Int(record.valueUpper)
        return .string(String(decoding: (record.valueIsDecoded ? decoded : text)[range], as: UTF8.self))
    }

    func hasNonEmptyStringValue(_ record: Record) -> Bool {
        if record.valueIsOther { return otherValues[Int(record.valueLower)].stringValue.map { !$0.isEmpty } ?? false }
        return record.valueUpper > record.valueLower
    }
}
