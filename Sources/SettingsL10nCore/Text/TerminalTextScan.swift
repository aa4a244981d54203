/// The scans that let `TerminalText` return nearly every text as it is: eight bytes at a time,
/// looking byte by byte only where a word holds a byte that may matter.
extension TerminalText {
    /// Whether `bytes` hold `::` or `##[`, the two marks of a workflow command, looked for eight
    /// bytes at a time (`String.contains` searches a whole report a character at a time).
    static func hasCommandMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let colon = ByteWord.repeating(UInt8(ascii: ":")), hash = ByteWord.repeating(UInt8(ascii: "#"))
        let bracket = ByteWord.repeating(UInt8(ascii: "["))
        // The high bits of the previous word's colons and hashes, for marks across two words.
        var previousColons: UInt64 = 0, previousHashes: UInt64 = 0
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let word = ByteWord.load(bytes, at: index)
            // The high bit of each byte of `colons` is set where the byte is a colon; a colon
            // after another is one whose bit is set in `colons` shifted by a byte (the bytes are
            // in little-endian order: the next byte is the next higher one).
            let colons = ByteWord.zeroBytes(word ^ colon)
            if colons & (colons << 8 | previousColons >> 56) != 0 { return true }
            let hashes = ByteWord.zeroBytes(word ^ hash)
            let brackets = ByteWord.zeroBytes(word ^ bracket)
            if brackets & (hashes << 8 | previousHashes >> 56) & (hashes << 16 | previousHashes >> 48) != 0 { return true }
            previousColons = colons
            previousHashes = hashes
            index += 8
        }
        // The last few bytes, and the two before them that a mark may start in.
        var at = max(0, index - 2)
        while at < count {
            let byte = bytes[at]
            if byte == UInt8(ascii: ":"), at + 1 < count, bytes[at + 1] == UInt8(ascii: ":"), at + 1 >= index { return true }
            if byte == UInt8(ascii: "["), at >= 2, at >= index, bytes[at - 1] == UInt8(ascii: "#"), bytes[at - 2] == UInt8(ascii: "#") { return true }
            at += 1
        }
        return false
    }

    /// The high bit of each byte of `word` that may be, or start, something `escaped` changes:
    /// a control character (but a line break or tab kept), DEL, or the first byte of a C1
    /// control (C2) or of a line separator or bidirectional control (E2); no other bit.
    @inline(__always)
    private static func candidates(_ word: UInt64, keepingLineBreaks: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var flagged = ByteWord.zeroBytes(word & (0xE0 &* ones))
        if keepingLineBreaks, flagged != 0 {
            flagged &= ~(ByteWord.zeroBytes(word ^ (0x0A &* ones)) | ByteWord.zeroBytes(word ^ (0x09 &* ones)))
        }
        return flagged | ByteWord.zeroBytes(word ^ (0x7F &* ones)) | ByteWord.zeroBytes(word ^ (0xC2 &* ones)) | ByteWord.zeroBytes(word ^ (0xE2 &* ones))
    }

    /// Whether `bytes` hold a character `escaped` writes as an escape (with `keepingLineBreaks`,
    /// line breaks, tabs and CRLFs are not), eight bytes at a time: only the bytes that may matter
    /// (see `candidates`; none in nearly every word of a JSON, XLIFF or text report) are looked at.
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

    /// Whether the byte at `index` is, or starts, a character `escaped` writes as an escape.
    @inline(__always)
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, keepingLineBreaks: Bool) -> Bool {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F {
            return !keepingLineBreaks || !(byte == 0x0A || byte == 0x09 || (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A))
        }
        if byte == 0xC2 { return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]) }
        if byte == 0xE2, index + 2 < bytes.count {
            // U+2028, U+2029, U+202A–U+202E; U+2066–U+2069.
            return (bytes[index + 1] == 0x80 && (0xA8...0xAE).contains(bytes[index + 2]))
                || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))
        }
        return false
    }
}
