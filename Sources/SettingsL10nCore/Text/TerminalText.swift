/// Text from input (file names, keys, values, XLIFF attributes) made safe to print to a
/// terminal or a CI log: control characters that a terminal or a log viewer would act on
/// (ESC sequences that clear the screen or write the clipboard, a line break that starts a
/// GitHub workflow command, bidirectional overrides that reorder what is shown) are written
/// as `\U001B`-style escapes. Text without any is returned as it is, without a copy.
package enum TerminalText {
    /// `text` with its control characters escaped. With `keepingLineBreaks`, `\n`, `\t` and
    /// the `\r` of a CRLF stay as they are (whole documents and multi-line messages); a line
    /// of input text printed in a field escapes them too.
    package static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsEscape(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isUnsafe(scalar, keepingLineBreaks: keepingLineBreaks, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` (escaped, with its line breaks) safe in a CI log: a line that would start with
    /// `::`, which GitHub Actions runs as a workflow command, has its first colon escaped. For
    /// everything but the GitHub report, where the tool writes the commands itself.
    package static func forLog(_ text: String) -> String {
        let escaped = escaped(text, keepingLineBreaks: true)
        guard hasDoubleColon(escaped) else { return escaped }
        var lines = escaped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("::") {
                lines[index] = String(lines[index][..<trimmed.startIndex]) + "\\U003A" + trimmed.dropFirst()
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `forLog` would return `text` as it is: nothing to escape, and no line that GitHub
    /// Actions would run. True of every JSON document `JSONWriter` makes.
    package static func isSafeForLog(_ text: String) -> Bool {
        guard !needsEscape(text, keepingLineBreaks: true) else { return false }
        return !hasDoubleColon(text) || !text.split(separator: "\n").contains { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("::") }
    }

    /// Whether `text` holds `::`, looked for in its bytes (`String.contains` searches a whole
    /// dry run's diff a character at a time), eight at a time.
    private static func hasDoubleColon(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(hasDoubleColon)
    }

    /// `hasDoubleColon` on UTF-8 bytes.
    static func hasDoubleColon(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousColon = false
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            // The high bit of each byte of `colons` is set where the byte is a colon; a colon
            // beside another is one whose next byte's bit, shifted onto it, is set too.
            let colons = ByteWord.zeroBytes(ByteWord.load(bytes, at: index) ^ 0x3A3A_3A3A_3A3A_3A3A)
            if colons != 0, (previousColon && colons & 0x80 != 0) || colons & (colons >> 8) != 0 { return true }
            previousColon = colons & 0x8000_0000_0000_0000 != 0
            index += 8
        }
        while index < count {
            let colon = bytes[index] == UInt8(ascii: ":")
            if colon && previousColon { return true }
            previousColon = colon
            index += 1
        }
        return false
    }

    /// The high bit of each byte of `word` that may be, or start, something `escaped` changes:
    /// a control character (but a line break or tab kept), DEL, or the first byte of a C1
    /// control (C2) or of a bidirectional control (E2); no other bit.
    @inline(__always)
    private static func candidates(_ word: UInt64, keepingLineBreaks: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var flagged = ByteWord.zeroBytes(word & (0xE0 &* ones))
        if keepingLineBreaks, flagged != 0 {
            flagged &= ~(ByteWord.zeroBytes(word ^ (0x0A &* ones)) | ByteWord.zeroBytes(word ^ (0x09 &* ones)))
        }
        return flagged | ByteWord.zeroBytes(word ^ (0x7F &* ones)) | ByteWord.zeroBytes(word ^ (0xC2 &* ones)) | ByteWord.zeroBytes(word ^ (0xE2 &* ones))
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool, next: Unicode.Scalar?) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepingLineBreaks
        case 0x0D: return !(keepingLineBreaks && next == "\n")
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidirectional embeddings, overrides and isolates: they reorder the rest of the line.
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `text` holds anything `escaped` changes, looked for in its UTF-8 bytes.
    private static func needsEscape(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var text = text
        return text.withUTF8 { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }
    }

    /// `needsEscape` on UTF-8 bytes, eight at a time: only the bytes that may matter (see
    /// `candidates`; none in nearly every word of a JSON, XLIFF or text report) are looked at.
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool) -> Bool {
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            var flagged = candidates(ByteWord.load(bytes, at: index), keepingLineBreaks: keepingLineBreaks)
            while flagged != 0 {
                if needsEscape(bytes, at: index + flagged.trailingZeroBitCount / 8, keepingLineBreaks: keepingLineBreaks) { return true }
                flagged &= flagged - 1
            }
            index += 8
        }
        while index < count {
            if needsEscape(bytes, at: index, keepingLineBreaks: keepingLineBreaks) { return true }
            index += 1
        }
        return false
    }

    /// Whether the byte at `index` is, or starts, something `escaped` changes.
    @inline(__always)
    private static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, keepingLineBreaks: Bool) -> Bool {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F {
            return !keepingLineBreaks || !(byte == 0x0A || byte == 0x09 || (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A))
        }
        if byte == 0xC2 { return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]) }
        if byte == 0xE2, index + 2 < bytes.count {
            return (bytes[index + 1] == 0x80 && (0xAA...0xAE).contains(bytes[index + 2]))
                || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))
        }
        return false
    }
}
