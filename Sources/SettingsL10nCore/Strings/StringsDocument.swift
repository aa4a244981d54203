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
        // Each piece copied from where it lies (appending a UTF8View walks it); entries that lie
        // one after another in their file as parsed, as most do, copied as one run.
        var run: (file: ParsedStrings, range: Range<Int>)?
        func flush() {
            if let (file, range) = run { file.withText(range) { bytes.append(contentsOf: $0) } }
            run = nil
        }
        for entry in entries {
            if let place = entry.placeInFile {
                if let current = run, current.file === place.file, current.range.upperBound == place.range.lowerBound {
                    run = (current.file, current.range.lowerBound..<place.range.upperBound)
                } else {
                    flush()
                    run = place
                }
                continue
            }
            flush()
            entry.withLeadingTriviaUTF8 { bytes.append(contentsOf: $0) }
            entry.withSourceUTF8 { bytes.append(contentsOf: $0) }
            entry.withTrailingTriviaUTF8 { bytes.append(contentsOf: $0) }
        }
        flush()
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
        /// After an entry, a character that cannot start a key (a stray `}` or `;`, a byte-order
        /// mark in mid-file): the device stops there and ignores the rest of the file.
        case ignoredText
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
