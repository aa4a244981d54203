/// Parses `.strings` files, following the device's reading rules: the last of duplicate keys
/// wins, `"key";` alone means key = key, unquoted words are keys and values, `//` and `/* */`
/// comments go anywhere white space may.
///
/// `parse` builds a lossless `StringsDocument` (for editing); `scan` reads only what lookups
/// need (keys, values, positions, settings-l10n's marks), much faster and lighter.
package enum StringsParser {
    /// Parses the bytes of a `.strings` file into a lossless document.
    /// - Throws: `SyntaxError` naming the line and column of the first problem.
    package static func parse(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError) -> StringsDocument {
        var tokenizer = try EntryTokenizer(bytes: bytes, limits: limits)
        // Positions are found when asked for (a duplicate's line, say), from an index of the
        // lines that the entries share: walking to every key and value was a seventh of parsing.
        tokenizer.tracksPositions = false
        // The entries' text stays in the decoded bytes: each entry is a record of where it lies,
        // shared by all (see StringsEntry and ParsedStrings), kept in 32 bits as the scan's are.
        let shared = tokenizer.decoded.utf8
        guard shared.count < Int(Int32.max) else {
            throw SyntaxError("the file decodes to more than \(Int32.max) bytes, more than settings-l10n reads")
        }
        var records: [ParsedStrings.Record] = []
        records.reserveCapacity(bytes.count / 64)
        // Keys and values with escapes: their decoded UTF-8, one after another.
        var decoded: [UInt8] = []
        var others: [PlistValue] = []
        var raw = RawEntry()
        while try tokenizer.next(&raw) {
            let key = Self.place(of: raw.key, decoded: &decoded)
            var value: (lower: Int, upper: Int, isDecoded: Bool)
            var valueIsOther = false
            switch raw.value {
            case .string(let token): value = Self.place(of: token, decoded: &decoded)
            case .other(let other):
                value = (others.count, others.count, false)
                valueIsOther = true
                others.append(other)
            }
            records.append(ParsedStrings.Record(
                segmentStart: Int32(raw.segmentStart), sourceStart: Int32(raw.keyStart), keyEnd: Int32(raw.keyEnd), entryEnd: Int32(raw.entryEnd),
                trailingEnd: Int32(raw.trailingEnd), valueStart: Int32(raw.valueRange?.lowerBound ?? -1), valueEnd: Int32(raw.valueRange?.upperBound ?? -1),
                keyLower: Int32(key.lower), keyUpper: Int32(key.upper), valueLower: Int32(value.lower), valueUpper: Int32(value.upper),
                keyIsDecoded: key.isDecoded, valueIsDecoded: value.isDecoded, valueIsOther: valueIsOther))
        }
        let file = ParsedStrings(text: shared, records: records, decoded: decoded, otherValues: others)
        let entries = (0..<records.count).map { StringsEntry(file: file, index: $0) }
        let text = tokenizer.decoded
        return StringsDocument(encoding: text.encoding, hasByteOrderMark: text.hasByteOrderMark,
                               lineEnding: LineEnding.dominant(in: text.utf8), entries: entries,
                               trailer: tokenizer.text(tokenizer.segmentStart..<text.utf8.count),
                               notices: tokenizer.notices())
    }

    /// Where a key's or value's UTF-8 lies: its range of the text, or, when escapes make it
    /// differ from its text, of `decoded`, where it is appended.
    private static func place(of token: StringToken, decoded: inout [UInt8]) -> (lower: Int, upper: Int, isDecoded: Bool) {
        switch token {
        case .slice(let range): return (range.lowerBound, range.upperBound, false)
        case .decoded(let bytes):
            let start = decoded.count
            decoded += bytes
            return (start, decoded.count, true)
        }
    }

    /// Reads the bytes of a `.strings` file for lookups: every entry's key, value, positions and
    /// marks, without the text around the entries, and without a `String` per key or value.
    /// - Throws: `SyntaxError` naming the line and column of the first problem.
    package static func scan(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError) -> StringsScan {
        var tokenizer = try EntryTokenizer(bytes: bytes, limits: limits)
        // The scan records places in 32 bits (see `StringsScan.append`); only limits far above
        // the standard ones let a text reach that.
        guard tokenizer.decoded.utf8.count < Int(Int32.max) else {
            throw SyntaxError("the file decodes to more than \(Int32.max) bytes, more than settings-l10n reads")
        }
        var scan = StringsScan(encoding: tokenizer.decoded.encoding, hasByteOrderMark: tokenizer.decoded.hasByteOrderMark,
                               text: tokenizer.decoded.utf8, expectedCount: bytes.count / 64)
        try tokenizer.scanEntries(into: &scan)
        scan.notices = tokenizer.notices()
        return scan
    }
}

/// One entry as the tokenizer finds it: offsets into the decoded text, and its key and value.
struct RawEntry {
    /// Where the text leading to the entry starts (after the previous entry's line).
    var segmentStart: Int
    var keyStart: Int
    var keyEnd: Int
    /// Where the value token lies; `nil` for the `"key";` shorthand.
    var valueRange: Range<Int>?
    /// Just after the `;`.
    var entryEnd: Int
    /// The end of what follows the entry on its line, through the line break.
    var trailingEnd: Int
    var key: StringToken
    var value: RawValue
    var position: TextPosition
    var valuePosition: TextPosition
}

extension RawEntry {
    /// A placeholder for `EntryTokenizer.next` to fill.
    init() {
        self.init(segmentStart: 0, keyStart: 0, keyEnd: 0, valueRange: nil, entryEnd: 0, trailingEnd: 0, key: .slice(0..<0),
                  value: .string(.slice(0..<0)), position: TextPosition(line: 1), valuePosition: TextPosition(line: 1))
    }
}

/// An entry's value as the tokenizer finds it.
enum RawValue {
    case string(StringToken)
    /// An array, dictionary or data value (rare: boxed, so that entries stay small to copy).
    indirect case other(PlistValue)
}

/// Walks a `.strings` file entry by entry.
struct EntryTokenizer {
    let decoded: DecodedText
    private var scanner: OpenStepScanner
    /// Where the text after the last entry returned starts.
    private(set) var segmentStart = 0
    /// Whether `next` finds the line and column of each key and value (else they are line 0).
    var tracksPositions = true
    /// Entries returned so far.
    private var entryCount = 0
    /// Where, after at least one entry, a character that cannot start a key stopped the
    /// reading: CoreFoundation ends the table there, keeps the entries before it and ignores
    /// the rest without an error (measured: `"a" = "b";` then `}` reads as `{a = b}`).
    private(set) var ignoredTextOffset: Int?

    init(bytes: [UInt8], limits: ReadLimits) throws(SyntaxError) {
        guard bytes.count <= limits.maximumFileSize else {
            throw SyntaxError("the file is larger than \(limits.maximumFileSize) bytes")
        }
        decoded = try DecodedText.decode(bytes)
        scanner = OpenStepScanner(bytes: decoded.utf8, limits: limits)
    }

    private var bytes: [UInt8] { decoded.utf8 }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func string(of token: StringToken) -> String {
        scanner.string(of: token)
    }

    /// Reads the next entry into `entry` (in place: an entry is large to copy, and a table has
    /// thousands); `false` at the end of the file.
    mutating func next(_ entry: inout RawEntry) throws(SyntaxError) -> Bool {
        guard scanner.skipTrivia() else { return false }
        let keyStart = scanner.offset
        guard scanner.atStringStart else {
            let byte = scanner.current
            if entryCount > 0 {
                // The rest is the document's trailer: kept as it is, never read as entries.
                ignoredTextOffset = keyStart
                return false
            }
            if segmentStart == 0, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "<") {
                throw scanner.error("this .strings file is written as a property list ({...} or XML), which settings-l10n does not edit; write it as \"key\" = \"value\"; lines", at: keyStart)
            }
            if keyStart == 0, bytes.starts(with: [0xEF, 0xBF, 0xBD]) {
                throw scanner.error("the file starts with U+FFFD, a byte-order mark damaged by a conversion to UTF-8: the device reads the file as UTF-8 "
                                    + "and cannot read the table (every key shows as written); save it again as UTF-8, or UTF-16 with a byte-order mark", at: keyStart)
            }
            throw scanner.error("unexpected \(scanner.describeCharacter(at: keyStart)); expected a quoted key (a table that does not parse is dropped whole: the device shows its keys as written)", at: keyStart)
        }
        let position = tracksPositions ? scanner.position(at: keyStart) : TextPosition(line: 0)
        let key = try scanner.scanString()
        let keyEnd = scanner.offset
        guard scanner.skipTrivia() else {
            throw scanner.error("missing ';' after the key \(quoted(key))", at: keyEnd)
        }
        var value = RawValue.string(key)
        var valueRange: Range<Int>?
        var valuePosition = position
        if scanner.current == UInt8(ascii: "=") {
            scanner.offset += 1
            guard scanner.skipTrivia() else {
                throw scanner.error("missing the value of \(quoted(key)) after '='", at: scanner.offset)
            }
            let valueStart = scanner.offset
            if tracksPositions { valuePosition = scanner.position(at: valueStart) }
            // Strings (nearly every value) need no node and no second position.
            value = scanner.atStringStart ? .string(try scanner.scanString()) : .other(try scanner.parseValue(depth: 0).value)
            valueRange = valueStart..<scanner.offset
            guard scanner.skipTrivia(), scanner.current == UInt8(ascii: ";") else {
                throw scanner.error("missing ';' after the value of \(quoted(key))", at: valueRange!.upperBound)
            }
        } else if scanner.current != UInt8(ascii: ";") {
            throw scanner.error("unexpected \(scanner.describeCharacter(at: scanner.offset)) after the key \(quoted(key)); expected '=' or ';'", at: scanner.offset)
        }
        scanner.offset += 1 // the ';'
        let entryEnd = scanner.offset
        let trailingEnd = endOfLineTrivia(from: entryEnd)
        entry = RawEntry(segmentStart: segmentStart, keyStart: keyStart, keyEnd: keyEnd, valueRange: valueRange,
                         entryEnd: entryEnd, trailingEnd: trailingEnd, key: key, value: value,
                         position: position, valuePosition: valuePosition)
        scanner.offset = trailingEnd
        segmentStart = trailingEnd
        entryCount &+= 1
        return true
    }

    /// Reads every entry into `scan`. One method of the tokenizer, so that neither it nor the
    /// entry is copied per entry.
    mutating func scanEntries(into scan: inout StringsScan) throws(SyntaxError) {
        var raw = RawEntry()
        let text = bytes
        try text.withUnsafeBufferPointer { (text) throws(SyntaxError) in
            while try next(&raw) {
                let marks = Self.marks(in: UnsafeBufferPointer(rebasing: text[raw.segmentStart..<raw.keyStart]))
                scan.append(raw, marks: marks)
            }
        }
    }

    private func quoted(_ key: StringToken) -> String {
        MessageText.quoted(string(of: key))
    }

    /// How the device reads this file differently from how it looks.
    mutating func notices() -> [StringsNotice] {
        var notices: [StringsNotice] = []
        if decoded.encoding != .utf8, !decoded.hasByteOrderMark {
            notices.append(StringsNotice(kind: .utf16WithoutByteOrderMark, position: nil,
                                         message: StringsTokenizerMessages.utf16WithoutByteOrderMark(bigEndian: decoded.encoding == .utf16BigEndian)))
        }
        if decoded.utf8.isEmpty {
            notices.append(StringsNotice(
                kind: .emptyFile, position: nil,
                message: "the file is empty, which the device fails to read; remove it or give it at least a comment"))
        }
        if let offset = ignoredTextOffset {
            notices.append(StringsNotice(
                kind: .ignoredText, position: scanner.position(at: offset),
                message: "unexpected \(scanner.describeCharacter(at: offset)) where a key should start: the device stops reading the table here "
                    + "and ignores the rest of the file without a word (the entries above are read); remove it"))
        }
        if let offset = scanner.unterminatedCommentOffset {
            notices.append(StringsNotice(
                kind: .unterminatedComment, position: scanner.position(at: offset),
                message: "this comment is never closed with '*/'; the device ignores everything after it"))
        }
        return notices
    }

    /// What settings-l10n's comments before an entry (`segment`) say, found without building
    /// strings: a comment that starts with a mark, as `StringsEntry.needsReview` reads it (a
    /// mark's text inside another comment is not a mark).
    struct Marks {
        var needsReview = false
        var untranslated = false
        /// The comment that opens merge's obsolete section is above the entry.
        var opensObsoleteSection = false
        /// The hash of the first location comment above the entry (`StringsTrivia.commentHash`),
        /// or 0 when there is none.
        var locationHash: UInt64 = 0
    }

    static func marks(in segment: UnsafeBufferPointer<UInt8>) -> Marks {
        var marks = Marks()
        // Shorter than a mark's prefix (18 bytes) or a location comment (13): nothing to find.
        guard segment.count >= 13 else { return marks }
        var start = 0
        while let comment = StringsTrivia.nextComment(in: segment, from: start) {
            start = comment.upperBound
            guard hasPrefix(segment, at: comment.lowerBound, markPrefix, end: comment.upperBound) else {
                if marks.locationHash == 0, segment[comment.lowerBound + 1] == UInt8(ascii: "*") {
                    let text = UnsafeBufferPointer(rebasing: segment[comment])
                    if StringsTrivia.isLocationComment(text) { marks.locationHash = StringsTrivia.commentHash(text) }
                }
                continue
            }
            let rest = comment.lowerBound + markPrefix.count
            if hasPrefix(segment, at: rest, reviewWords, end: comment.upperBound) { marks.needsReview = true }
            if hasPrefix(segment, at: rest, untranslatedWord, end: comment.upperBound) { marks.untranslated = true }
            if hasPrefix(segment, at: rest, obsoleteWord, end: comment.upperBound) { marks.opensObsoleteSection = true }
        }
        return marks
    }

    private static let markPrefix = Array("/* settings-l10n: ".utf8)
    private static let reviewWords = Array("needs review".utf8)
    private static let untranslatedWord = Array("untranslated".utf8)
    private static let obsoleteWord = Array("obsolete".utf8)

    private static func hasPrefix(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: [UInt8], end: Int) -> Bool {
        guard index + prefix.count <= end else { return false }
        return prefix.indices.allSatisfy { buffer[index + $0] == prefix[$0] }
    }

    /// The end of what follows an entry on its own line: spaces, tabs, comments that end on
    /// that line, and the line break itself.
    private func endOfLineTrivia(from start: Int) -> Int {
        var offset = start
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if byte == 0x20 || byte == 0x09 {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < count, bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            } else if byte == UInt8(ascii: "/"), offset + 1 < count, bytes[offset + 1] == UInt8(ascii: "*") {
                var end = offset + 2
                while end + 1 < count, bytes[end] != 0x0A, bytes[end] != 0x0D,
                      !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                guard end + 1 < count, bytes[end] == UInt8(ascii: "*") else { return offset }
                offset = end + 2
            } else if byte == 0x0D {
                return offset + 1 < count && bytes[offset + 1] == 0x0A ? offset + 2 : offset + 1
            } else if byte == 0x0A {
                return offset + 1
            } else {
                return offset
            }
        }
        return offset
    }
}

/// Messages about how the device reads a `.strings` file.
enum StringsTokenizerMessages {
    /// What the device makes of a UTF-16 file without a byte-order mark: CoreFoundation skips its
    /// first two bytes and reads the rest as big-endian UTF-16 (`encodingForXMLData`).
    static func utf16WithoutByteOrderMark(bigEndian: Bool) -> String {
        let effect = bigEndian
            ? "the device skips its first character, so the table usually does not parse"
            : "the device reads it as big-endian, so the table does not parse"
        return "the file is UTF-16 (\(bigEndian ? "big" : "little")-endian) without a byte-order mark: \(effect) and every key shows as written; "
            + "save it as UTF-8, or UTF-16 with a byte-order mark"
    }
}
