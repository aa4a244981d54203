#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `StringsParser.scan` reads: the entries of a table without the text around them.
///
/// Keys and values stay where they are in the decoded text (those with escapes are decoded into
/// a buffer of their own) until someone asks for a `String`: `check` and `render` look up every
/// key of every table by its bytes (`withBytes`) and need strings for few of them, and two
/// allocations per entry were the largest cost of reading a table.
package struct StringsScan: Sendable {
    /// One entry, its key and value as strings.
    package struct Entry: Hashable, Sendable {
        package var key: StringsKey
        /// The value when it is a string (arrays and dictionaries give `nil`).
        package var value: String?
        package var position: TextPosition
        package var valuePosition: TextPosition
        /// A settings-l10n comment above the entry says it needs review.
        package var needsReview: Bool
        /// A settings-l10n comment above the entry says it holds the source text.
        package var isUntranslatedFill: Bool
    }

    /// The hash of each entry's location comment (0 for none), by entry; empty until an entry
    /// has one (most tables merge never wrote).
    private var locationHashes: [UInt64] = []

    package var encoding: TextEncoding
    package var hasByteOrderMark: Bool
    package var notices: [StringsNotice] = []
    /// The decoded text (UTF-8) and the decoded strings with escapes.
    private let text: [UInt8]
    private var escaped: [UInt8] = []
    private var records: [Record] = []

    /// Where an entry's key and value are, and its positions and marks.
    fileprivate struct Record {
        /// `keyCount` bytes at `keyStart`, in `escaped` when `flags` says so, else in `text`.
        var keyStart: Int32
        var keyCount: Int32
        var valueStart: Int32
        var valueCount: Int32
        var line: Int32
        var column: Int32
        var valueLine: Int32
        var valueColumn: Int32
        var flags: UInt8

        static let keyEscaped: UInt8 = 1
        static let valueEscaped: UInt8 = 2
        /// The value is an array, a dictionary or data: no string.
        static let valueNotString: UInt8 = 4
        static let needsReview: UInt8 = 8
        static let untranslatedFill: UInt8 = 16
        static let opensObsoleteSection: UInt8 = 32
    }

    init(encoding: TextEncoding, hasByteOrderMark: Bool, text: [UInt8], expectedCount: Int) {
        self.encoding = encoding
        self.hasByteOrderMark = hasByteOrderMark
        self.text = text
        records.reserveCapacity(expectedCount)
    }

    /// The entries of a table written as a property list (`StringsParser.scanPropertyList`):
    /// each key and string value in the buffer of decoded strings, at the position the reader
    /// gave (line 1 in a binary property list, which has none). Read as UTF-8 text: the device
    /// read the file whatever its encoding.
    init(propertyList dictionary: PlistDictionary) {
        self.init(encoding: .utf8, hasByteOrderMark: false, text: [], expectedCount: dictionary.entries.count)
        for entry in dictionary.entries {
            var flags = Record.keyEscaped
            let keyStart = Int32(clamping: escaped.count)
            escaped.append(contentsOf: entry.key.utf8)
            let keyCount = Int32(clamping: escaped.count) - keyStart
            var value = (start: Int32(0), count: Int32(0))
            if case .string(let text) = entry.value.value {
                flags |= Record.valueEscaped
                value.start = Int32(clamping: escaped.count)
                escaped.append(contentsOf: text.utf8)
                value.count = Int32(clamping: escaped.count) - value.start
            } else {
                flags |= Record.valueNotString
            }
            let position = entry.keyPosition ?? TextPosition(line: 1, column: 1)
            let valuePosition = entry.value.position ?? position
            records.append(Record(keyStart: keyStart, keyCount: keyCount, valueStart: value.start, valueCount: value.count,
                                  line: Int32(clamping: position.line), column: Int32(clamping: position.column ?? 0),
                                  valueLine: Int32(clamping: valuePosition.line), valueColumn: Int32(clamping: valuePosition.column ?? 0),
                                  flags: flags))
        }
    }

    /// Adds the entry the tokenizer found. `StringsParser.scan` reads no text of 2^31 bytes or
    /// more (and escapes decode to fewer bytes than they take), so offsets fit in 32 bits.
    @inline(__always)
    mutating func append(_ raw: RawEntry, marks: EntryTokenizer.Marks) {
        var flags: UInt8 = (marks.needsReview ? Record.needsReview : 0) | (marks.untranslated ? Record.untranslatedFill : 0)
            | (marks.opensObsoleteSection ? Record.opensObsoleteSection : 0)
        if marks.locationHash != 0 || !locationHashes.isEmpty {
            if locationHashes.count < records.count { locationHashes.append(contentsOf: repeatElement(0, count: records.count - locationHashes.count)) }
            locationHashes.append(marks.locationHash)
        }
        let key = place(raw.key, escapedFlag: Record.keyEscaped, flags: &flags)
        var value = (start: Int32(0), count: Int32(0))
        switch raw.value {
        case .string(let token): value = place(token, escapedFlag: Record.valueEscaped, flags: &flags)
        case .other: flags |= Record.valueNotString
        }
        records.append(Record(keyStart: key.start, keyCount: key.count, valueStart: value.start, valueCount: value.count,
                              line: Int32(raw.position.line), column: Int32(raw.position.column ?? 0),
                              valueLine: Int32(raw.valuePosition.line), valueColumn: Int32(raw.valuePosition.column ?? 0),
                              flags: flags))
    }

    private mutating func place(_ token: StringToken, escapedFlag: UInt8, flags: inout UInt8) -> (start: Int32, count: Int32) {
        switch token {
        case .slice(let range):
            return (Int32(range.lowerBound), Int32(range.count))
        case .decoded(let bytes):
            flags |= escapedFlag
            let start = escaped.count
            escaped.append(contentsOf: bytes)
            return (Int32(start), Int32(bytes.count))
        }
    }

    // MARK: Entries

    /// The number of entries, duplicates included.
    package var count: Int { records.count }
    /// Entries are numbered in file order.
    package var indices: Range<Int> { records.indices }

    /// Every entry, in file order, duplicates included.
    package var entries: [Entry] { indices.map(entry(at:)) }

    package func entry(at index: Int) -> Entry {
        withBytes { $0.entry(index) }
    }

    package func key(at index: Int) -> StringsKey {
        withBytes { StringsKey(utf8: $0.key(index)) }
    }

    package func position(at index: Int) -> TextPosition {
        TextPosition(line: Int(records[index].line), column: Int(records[index].column))
    }

    /// The table the device reads: each key's value from its last entry.
    package var table: [StringsKey: String] {
        var table: [StringsKey: String] = [:]
        table.reserveCapacity(count)
        withBytes { bytes in
            for index in indices {
                if let value = bytes.value(index) {
                    table[StringsKey(utf8: bytes.key(index))] = String(decoding: value, as: UTF8.self)
                }
            }
        }
        return table
    }

    // MARK: Bytes

    /// Runs `body` with the entries' keys and values as bytes, read in place.
    package func withBytes<Result>(_ body: (Bytes) throws -> Result) rethrows -> Result {
        try text.withUnsafeBufferPointer { text in
            try escaped.withUnsafeBufferPointer { escaped in
                try records.withUnsafeBufferPointer { records in
                    try locationHashes.withUnsafeBufferPointer { locations in
                        try body(Bytes(text: text, escaped: escaped, records: records, locationHashes: locations))
                    }
                }
            }
        }
    }

    /// The keys and values of the entries, as UTF-8 bytes valid while `withBytes` runs.
    package struct Bytes {
        fileprivate let text: UnsafeBufferPointer<UInt8>
        fileprivate let escaped: UnsafeBufferPointer<UInt8>
        fileprivate let records: UnsafeBufferPointer<Record>
        fileprivate let locationHashes: UnsafeBufferPointer<UInt64>

        /// The key of entry `index`.
        package func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let record = records[index]
            return slice(record.flags & Record.keyEscaped != 0, Int(record.keyStart), Int(record.keyCount))
        }

        /// The value of entry `index`, when it is a string.
        package func value(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
            let record = records[index]
            guard record.flags & Record.valueNotString == 0 else { return nil }
            return slice(record.flags & Record.valueEscaped != 0, Int(record.valueStart), Int(record.valueCount))
        }

        /// Entry `index`, its key and value made strings.
        package func entry(_ index: Int) -> Entry {
            let record = records[index]
            return Entry(key: StringsKey(utf8: key(index)), value: value(index).map { String(decoding: $0, as: UTF8.self) },
                         position: TextPosition(line: Int(record.line), column: Int(record.column)),
                         valuePosition: TextPosition(line: Int(record.valueLine), column: Int(record.valueColumn)),
                         needsReview: needsReview(index), isUntranslatedFill: isUntranslatedFill(index))
        }

        /// Whether the value of entry `index` is the empty string.
        package func valueIsEmpty(_ index: Int) -> Bool {
            records[index].flags & Record.valueNotString == 0 && records[index].valueCount == 0
        }

        package func needsReview(_ index: Int) -> Bool {
            records[index].flags & Record.needsReview != 0
        }

        package func isUntranslatedFill(_ index: Int) -> Bool {
            records[index].flags & Record.untranslatedFill != 0
        }

        /// Whether merge's obsolete-section marker is among the comments above entry `index`.
        package func opensObsoleteSection(_ index: Int) -> Bool {
            records[index].flags & Record.opensObsoleteSection != 0
        }

        /// The hash of the location comment above entry `index` (`StringsTrivia.commentHash`),
        /// or `nil` when it has none.
        package func locationHash(_ index: Int) -> UInt64? {
            index < locationHashes.count && locationHashes[index] != 0 ? locationHashes[index] : nil
        }

        private func slice(_ isEscaped: Bool, _ start: Int, _ count: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: (isEscaped ? escaped : text)[start..<(start + count)])
        }
    }
}
