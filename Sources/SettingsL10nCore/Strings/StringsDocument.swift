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
        var text = ""
        text.reserveCapacity(entries.count * 64 + trailer.utf8.count)
        for entry in entries {
            text += entry.leadingTrivia
            text += entry.source
            text += entry.trailingTrivia
        }
        text += trailer
        return text
    }

    /// The bytes of the file: the text in the document's encoding, with its byte-order mark.
    public func encoded() -> [UInt8] {
        DecodedText.encode(text, as: encoding, byteOrderMark: hasByteOrderMark)
    }

    /// The table the device reads: each key's value from its last entry (last one wins).
    /// Entries whose value is not a string (arrays, dictionaries) are left out.
    public var table: [String: String] {
        var table: [String: String] = [:]
        table.reserveCapacity(entries.count)
        for entry in entries {
            if let value = entry.stringValue { table[entry.key] = value }
        }
        return table
    }

    /// The index of the entry the device uses for `key`: the last one.
    package func indexOfEffectiveEntry(forKey key: String) -> Int? {
        entries.lastIndex { $0.key == key }
    }

    /// Entries that an entry with the same key further down overrides, in file order.
    package var overriddenEntries: [StringsEntry] {
        var seen: Set<String> = []
        var overridden: [StringsEntry] = []
        for entry in entries.reversed() {
            if !seen.insert(entry.key).inserted { overridden.append(entry) }
        }
        return overridden.reversed()
    }
}

/// One `key = value;` entry and the text around it.
public struct StringsEntry: Hashable, Sendable {
    /// White space and comments between the previous entry (or the start of the file) and this
    /// one, as written.
    public var leadingTrivia: String
    /// The entry exactly as written, from the key's first character to the `;`.
    public var source: String
    /// What follows the `;` on the same line (spaces, a comment), through the line break.
    public var trailingTrivia: String
    public var key: String
    public var value: PlistValue
    /// Where the key starts (1-based line and column).
    public var position: TextPosition
    /// Where the value starts; for `"key";` the key's position.
    public var valuePosition: TextPosition
    /// Where, in `source` (UTF-8 offsets), the key token ends and the value token lies; `nil`
    /// for the `"key";` shorthand. Lets a value change without touching the key as written.
    var keyEnd: Int
    var valueRange: Range<Int>?

    package init(leadingTrivia: String, source: String, trailingTrivia: String, key: String,
                value: PlistValue, position: TextPosition, valuePosition: TextPosition) {
        self.leadingTrivia = leadingTrivia
        self.source = source
        self.trailingTrivia = trailingTrivia
        self.key = key
        self.value = value
        self.position = position
        self.valuePosition = valuePosition
        self.keyEnd = source.utf8.count
        self.valueRange = nil
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
        var lf = 0, crlf = 0, cr = 0
        var index = 0
        let count = bytes.count
        while index < count {
            if bytes[index] == 0x0D {
                if index + 1 < count, bytes[index + 1] == 0x0A {
                    crlf += 1
                    index += 1
                } else {
                    cr += 1
                }
            } else if bytes[index] == 0x0A {
                lf += 1
            }
            index += 1
        }
        if crlf > lf, crlf >= cr { return .crlf }
        if cr > lf, cr > crlf { return .cr }
        return .lf
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
