/// Reading the white space and comments between entries.
package enum StringsTrivia {
    /// The comments in `trivia`, each with its delimiters (`/* ... */` or `// ...`).
    package static func comments(in trivia: String) -> [String] {
        commentRanges(in: trivia).map { String(trivia[$0]) }
    }

    /// Where each comment of `trivia` lies.
    package static func commentRanges(in trivia: String) -> [Range<String.Index>] {
        var text = trivia
        let offsets: [Range<Int>] = text.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            while let range = nextComment(in: bytes, from: ranges.last?.upperBound ?? 0) { ranges.append(range) }
            return ranges
        }
        let utf8 = trivia.utf8
        return offsets.map { utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound) }
    }

    /// The byte range of the next comment from `start`: `/* ... */` (an unclosed one runs to
    /// the end) or `// ...` (to the line break).
    package static func nextComment(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
        var index = start
        let count = bytes.count
        while index + 1 < count {
            guard bytes[index] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                return index..<(end + 1 < count ? end + 2 : count)
            }
            if next == UInt8(ascii: "/") {
                var end = index + 2
                while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                return index..<end
            }
            index += 1
        }
        return nil
    }

    /// Whether the comment `bytes` (with its delimiters) is a location comment settings-l10n
    /// wrote: `/* `, a schema file name without spaces ending in `.plist`, then ` › `.
    package static func isLocationComment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 12, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "*"), bytes[2] == 0x20 else { return false }
        var index = 3
        while index + 4 < bytes.count, bytes[index] != 0x20 { index += 1 }
        // The file name ends at the first space, which must open " › " (20 E2 80 BA 20).
        guard index + 4 < bytes.count, bytes[index + 1] == 0xE2, bytes[index + 2] == 0x80, bytes[index + 3] == 0xBA,
              bytes[index + 4] == 0x20, index >= 3 + 6 else { return false }
        let plist: StaticString = ".plist"
        return plist.withUTF8Buffer { suffix in (0..<6).allSatisfy { bytes[index - 6 + $0] == suffix[$0] } }
    }

    /// A 64-bit hash of a comment's bytes (FNV-1a), never 0: how `check` compares a location
    /// comment with the one merge would write without keeping either.
    package static func commentHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash == 0 ? 1 : hash
    }

    /// Whether the UTF-8 `bytes` of some trivia hold a comment, without listing them.
    package static func containsComment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousIsSlash = false
        for byte in bytes {
            if previousIsSlash, byte == UInt8(ascii: "*") || byte == UInt8(ascii: "/") { return true }
            previousIsSlash = byte == UInt8(ascii: "/")
        }
        return false
    }

    // Line breaks as Swift's Character.isNewline has them (LF, VT, FF, CR, CRLF, NEL, LS, PS),
    // found in the UTF-8 bytes: a line break is always a character of its own.

    /// The length in bytes of the line break `text` starts with, or 0.
    static func leadingLineBreakLength(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { leadingLineBreakLength($0) }
    }

    /// `leadingLineBreakLength` on UTF-8 bytes.
    static func leadingLineBreakLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = bytes.first else { return 0 }
        let second: UInt8? = bytes.count > 1 ? bytes[1] : nil
        switch first {
        case 0x0D: return second == 0x0A ? 2 : 1
        case 0x0A, 0x0B, 0x0C: return 1
        case 0xC2: return second == 0x85 ? 2 : 0
        case 0xE2:
            guard second == 0x80, bytes.count > 2 else { return 0 }
            return bytes[2] == 0xA8 || bytes[2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }

    package static func startsWithLineBreak(_ text: String) -> Bool {
        leadingLineBreakLength(text) > 0
    }

    /// `startsWithLineBreak` on UTF-8 bytes.
    package static func startsWithLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        leadingLineBreakLength(bytes) > 0
    }

    package static func endsWithLineBreak(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { endsWithLineBreak($0) }
    }

    /// `endsWithLineBreak` on UTF-8 bytes.
    package static func endsWithLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = bytes.last else { return false }
        let count = bytes.count
        switch last {
        case 0x0A, 0x0B, 0x0C, 0x0D: return true
        case 0x85: return count >= 2 && bytes[count - 2] == 0xC2
        case 0xA8, 0xA9: return count >= 3 && bytes[count - 3] == 0xE2 && bytes[count - 2] == 0x80
        default: return false
        }
    }

    package static func droppingLeadingLineBreak(_ text: String) -> String {
        let length = leadingLineBreakLength(text)
        guard length > 0 else { return text }
        return String(text[text.utf8.index(text.utf8.startIndex, offsetBy: length)...])
    }

    /// The index just after the last blank line of `text`, or its start when it has none: what
    /// comes before it, above a table's first entry, is the file's header. A line is blank when
    /// it holds only spaces and tabs; the first line never counts. Found in the UTF-8 bytes
    /// (walking the characters cost 18,000 instructions a table in merge).
    package static func headerEnd(of text: String) -> String.Index {
        var text = text
        let offset = text.withUTF8 { bytes -> Int in
            var lastBlankEnd = 0, lineStart = 0, index = 0, blank = true
            while index < bytes.count {
                let length = leadingLineBreakLength(UnsafeBufferPointer(rebasing: bytes[index...]))
                guard length == 0 else {
                    if lineStart != 0, blank { lastBlankEnd = index + length }
                    index += length
                    lineStart = index
                    blank = true
                    continue
                }
                if bytes[index] != 0x20, bytes[index] != 0x09 { blank = false }
                index += 1
            }
            return lastBlankEnd
        }
        return text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }
}
