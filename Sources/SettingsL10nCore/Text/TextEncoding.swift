/// The encodings a `.strings` file or old-style property list can be written in.
public enum TextEncoding: String, Hashable, Sendable, CustomStringConvertible {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"

    public var description: String { rawValue }
}

/// How a text file's bytes were decoded: the encoding, whether a byte-order mark led the file,
/// and whether the encoding had to be guessed (UTF-16 without a byte-order mark).
package struct DecodedText: Sendable {
    /// The text as validated UTF-8, without the byte-order mark.
    package var utf8: [UInt8]
    package var encoding: TextEncoding
    package var hasByteOrderMark: Bool

    /// Decodes the bytes of a text file, detecting the encoding.
    ///
    /// A UTF-8 or UTF-16 byte-order mark decides; without one, a file whose first or second
    /// byte is zero is UTF-16, as CoreFoundation decides (`encodingForXMLData`), its byte order
    /// taken from where the zeros fall; otherwise UTF-8. (The device reads such UTF-16 as
    /// big-endian after skipping two bytes: `StringsNotice.Kind.utf16WithoutByteOrderMark`.)
    /// - Throws: `SyntaxError` when the bytes are not valid in the detected encoding.
    package static func decode(_ bytes: [UInt8]) throws(SyntaxError) -> DecodedText {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            let body = Array(bytes[3...])
            try validateUTF8(body)
            return DecodedText(utf8: body, encoding: .utf8, hasByteOrderMark: true)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return DecodedText(utf8: try transcodeUTF16(bytes, from: 2, bigEndian: false),
                               encoding: .utf16LittleEndian, hasByteOrderMark: true)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return DecodedText(utf8: try transcodeUTF16(bytes, from: 2, bigEndian: true),
                               encoding: .utf16BigEndian, hasByteOrderMark: true)
        }
        if let bigEndian = guessUTF16WithoutBOM(bytes) {
            return DecodedText(utf8: try transcodeUTF16(bytes, from: 0, bigEndian: bigEndian),
                               encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian,
                               hasByteOrderMark: false)
        }
        try validateUTF8(bytes)
        return DecodedText(utf8: bytes, encoding: .utf8, hasByteOrderMark: false)
    }

    /// Encodes text in the given encoding, with a byte-order mark when asked.
    package static func encode(_ text: String, as encoding: TextEncoding, byteOrderMark: Bool) -> [UInt8] {
        encode(utf8: Array(text.utf8), as: encoding, byteOrderMark: byteOrderMark)
    }

    /// Text held as UTF-8 bytes (valid: a String's), in the given encoding.
    package static func encode(utf8 bytes: [UInt8], as encoding: TextEncoding, byteOrderMark: Bool) -> [UInt8] {
        switch encoding {
        case .utf8:
            return byteOrderMark ? [0xEF, 0xBB, 0xBF] + bytes : bytes
        case .utf16LittleEndian, .utf16BigEndian:
            return bytes.withUnsafeBufferPointer {
                encodeUTF16(utf8: $0, bigEndian: encoding == .utf16BigEndian, byteOrderMark: byteOrderMark)
            }
        }
    }

    /// UTF-16 from valid UTF-8, scalar by scalar: each UTF-8 byte makes at most two bytes.
    static func encodeUTF16(utf8 input: UnsafeBufferPointer<UInt8>, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: input.count * 2 + 2) { out, written in
                var at = 0
                @inline(__always) func put(_ unit: UInt32) {
                    let high = UInt8(truncatingIfNeeded: unit >> 8), low = UInt8(truncatingIfNeeded: unit)
                    out[at] = bigEndian ? high : low
                    out[at + 1] = bigEndian ? low : high
                    at += 2
                }
                if byteOrderMark { put(0xFEFF) }
                var index = 0
                let count = input.count
                let raw = UnsafeRawPointer(input.baseAddress)
                // The text is a String: its UTF-8 is valid, so every sequence is complete.
                while index < count {
                    // Eight ASCII bytes at a time: each becomes its unit, the zero byte high.
                    if let raw, index + 8 <= count {
                        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                        if word & 0x8080_8080_8080_8080 == 0 {
                            for half in 0..<2 {
                                let bytes = word >> (32 * UInt64(half)) & 0xFFFF_FFFF
                                var spread = (bytes & 0xFF) | (bytes & 0xFF00) << 8 | (bytes & 0xFF_0000) << 16 | (bytes & 0xFF00_0000) << 24
                                if bigEndian { spread <<= 8 }
                                UnsafeMutableRawPointer(out.baseAddress! + at).storeBytes(of: spread.littleEndian, as: UInt64.self)
                                at += 8
                            }
                            index += 8
                            continue
                        }
                    }
                    let lead = UInt32(input[index])
                    var scalar: UInt32
                    if lead < 0x80 {
                        scalar = lead
                        index += 1
                    } else if lead < 0xE0 {
                        scalar = (lead & 0x1F) << 6 | UInt32(input[index + 1] & 0x3F)
                        index += 2
                    } else if lead < 0xF0 {
                        scalar = (lead & 0x0F) << 12 | UInt32(input[index + 1] & 0x3F) << 6 | UInt32(input[index + 2] & 0x3F)
                        index += 3
                    } else {
                        scalar = (lead & 0x07) << 18 | UInt32(input[index + 1] & 0x3F) << 12
                            | UInt32(input[index + 2] & 0x3F) << 6 | UInt32(input[index + 3] & 0x3F)
                        index += 4
                    }
                    if scalar >= 0x10000 {
                        scalar -= 0x10000
                        put(0xD800 + (scalar >> 10))
                        put(0xDC00 + (scalar & 0x3FF))
                    } else {
                        put(scalar)
                    }
                }
                written = at
        }
    }

    /// Returns `true` for big-endian, `false` for little-endian, `nil` when CoreFoundation would
    /// not read the bytes as UTF-16 (neither of the first two bytes is zero). The byte order is
    /// the one that puts the first unit's zero byte high (`00 22` is big-endian `"`), else the
    /// one that puts most zero bytes high, as ASCII text in UTF-16 makes them.
    static func guessUTF16WithoutBOM(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count > 2, bytes[0] == 0 || bytes[1] == 0 else { return nil }
        if bytes[0] == 0, bytes[1] != 0 { return true }
        if bytes[1] == 0, bytes[0] != 0 { return false }
        let sample = min(bytes.count, 8192)
        var evenZeros = 0, oddZeros = 0
        var index = 0
        while index + 1 < sample {
            if bytes[index] == 0 { evenZeros += 1 }
            if bytes[index + 1] == 0 { oddZeros += 1 }
            index += 2
        }
        return evenZeros > oddZeros
    }

    static func validateUTF8(_ bytes: [UInt8]) throws(SyntaxError) {
        try validateUTF8(bytes[...])
    }

    /// `little-endian` or `big-endian` where `bytes` look like UTF-16 (a byte-order mark, or a
    /// zero among the first two bytes, which no text of a format that is UTF-8 alone starts
    /// with), so that its error says so rather than name the first byte that is not UTF-8.
    package static func utf16ByteOrder(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) { return "little-endian" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "big-endian" }
        guard bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 else { return nil }
        return bytes[0] == 0 ? "big-endian" : "little-endian"
    }

    /// The advice of `validateUTF8`'s error, for a file that may be UTF-8 or UTF-16.
    static let utf8OrUTF16Advice = "save it as UTF-8 or UTF-16 with a byte-order mark"

    /// Whether `bytes` are valid UTF-8 (well-formed as Unicode's table 3-7 says, as the standard
    /// library's `String(validating:)` checks). ASCII is passed eight bytes at a time; each run of
    /// bytes at or above 0x80 lies between ASCII bytes, which no sequence holds, so it must be
    /// whole characters by itself, and is checked alone. Three times faster than the standard
    /// library on the mostly-ASCII text of tables and XLIFF, without a copy of the text.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            while index &+ 8 <= count, ByteWord.load(bytes, at: index) & 0x8080_8080_8080_8080 == 0 { index &+= 8 }
            while index < count, bytes[index] < 0x80 { index &+= 1 }
            guard index < count else { return true }
            var end = index
            while end < count, bytes[end] >= 0x80 { end &+= 1 }
            guard isWellFormed(bytes, from: index, to: end) else { return false }
            index = end
        }
        return true
    }

    /// Whether `bytes[start..<end]`, all at or above 0x80, are whole well-formed characters.
    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            // The lead byte gives the length and the range the second byte must lie in.
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            let length: Int
            switch bytes[index] {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // no surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F  // nothing above U+10FFFF
            default: return false
            }
            guard index + length <= end, (low...high).contains(bytes[index + 1]) else { return false }
            if length > 2 {
                for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            }
            index += length
        }
        return true
    }

    /// - Parameter advice: what the error says to do (a format that is UTF-8 alone: `save it as UTF-8`).
    static func validateUTF8(_ bytes: ArraySlice<UInt8>, advice: String = utf8OrUTF16Advice) throws(SyntaxError) {
        // Only invalid text is walked again, to say where.
        if bytes.withUnsafeBufferPointer(isValidUTF8) { return }
        let bytes = Array(bytes)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        // Walk scalar by scalar so the error can name the offending byte's position.
        var scalarStart = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                scalarStart = offset
            case .emptyInput:
                return
            case .error:
                let position = LineIndex(bytes).position(at: scalarStart)
                throw SyntaxError(
                    "the file is not valid UTF-8 (byte 0x\(hex(bytes[scalarStart]))); \(advice)",
                    at: position)
            }
        }
    }

    /// UTF-32 text that starts with its byte-order mark (`FF FE 00 00` little-endian, `00 00 FE
    /// FF` big-endian), as UTF-8 without it, read as CoreFoundation reads it (measured): one to
    /// three bytes after the last whole code unit are ignored.
    /// - Throws: `SyntaxError` for a file that is the mark alone, a second mark after the first
    ///   (what `iconv -t UTF-32` makes of a file that had one; the device stops at it), or a code
    ///   unit that is no Unicode scalar (a surrogate, or above U+10FFFF), at its line.
    static func transcodeUTF32(_ bytes: [UInt8]) throws(SyntaxError) -> [UInt8] {
        let end = bytes.count - bytes.count % 4
        guard end > 4 else {
            throw SyntaxError("the file is a UTF-32 byte-order mark and nothing else, which the device cannot read; remove the file or give it the table's entries")
        }
        let bigEndian = bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
        var utf8: [UInt8] = []
        utf8.reserveCapacity(end / 4 + end / 16)
        var line = 1
        var index = 4
        while index < end {
            let (b0, b1, b2, b3) = (UInt32(bytes[index]), UInt32(bytes[index + 1]), UInt32(bytes[index + 2]), UInt32(bytes[index + 3]))
            let value = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
            guard let scalar = Unicode.Scalar(value) else {
                throw SyntaxError("the file is UTF-32 but holds 0x\(String(value, radix: 16, uppercase: true)), which is not a Unicode character", at: TextPosition(line: line))
            }
            if index == 4, value == 0xFEFF {
                throw SyntaxError("the file starts with two UTF-32 byte-order marks (iconv's conversion of a file that had one), and the device stops at the second: it cannot read the table; remove one", at: TextPosition(line: 1, column: 1))
            }
            if scalar == "\n" { line += 1 }
            UTF8.encode(scalar) { utf8.append($0) }
            index += 4
        }
        return utf8
    }

    static func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(SyntaxError) -> [UInt8] {
        guard (bytes.count - start) % 2 == 0 else {
            throw SyntaxError("the file is UTF-16 but has an odd number of bytes; it is truncated")
        }
        // A UTF-16 unit becomes at most three UTF-8 bytes (a surrogate pair, four bytes for four).
        let unitCount = (bytes.count - start) / 2
        var failure: Int?
        let output = bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: unitCount * 3) { out, written in
                var index = start
                var at = 0
                let count = input.count
                @inline(__always) func unit(_ at: Int) -> UInt32 {
                    bigEndian ? UInt32(input[at]) << 8 | UInt32(input[at + 1]) : UInt32(input[at + 1]) << 8 | UInt32(input[at])
                }
                // Four ASCII units at a time: the zero byte of each unit, and the top bit of the
                // other, are clear.
                let asciiMask: UInt64 = bigEndian ? 0x80FF_80FF_80FF_80FF : 0xFF80_FF80_FF80_FF80
                let shift: UInt64 = bigEndian ? 8 : 0
                let raw = UnsafeRawPointer(input.baseAddress)
                let target = UnsafeMutableRawPointer(out.baseAddress!)
                while index < count {
                    if let raw {
                        while index + 8 <= count {
                            let loaded = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                            guard loaded & asciiMask == 0 else { break }
                            let word = loaded >> shift
                            let packed = UInt32(truncatingIfNeeded: word & 0xFF | word >> 8 & 0xFF00 | word >> 16 & 0xFF_0000 | word >> 24 & 0xFF00_0000)
                            target.storeBytes(of: packed.littleEndian, toByteOffset: at, as: UInt32.self)
                            at += 4
                            index += 8
                        }
                        if index >= count { break }
                    }
                    var value = unit(index)
                    index += 2
                    if value < 0x80 {
                        out[at] = UInt8(truncatingIfNeeded: value)
                        at += 1
                        continue
                    }
                    if value < 0x800 {
                        out[at] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
                        out[at + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                        at += 2
                        continue
                    }
                    if value & 0xF800 == 0xD800 {
                        // A high surrogate and a low one make a scalar above U+FFFF; anything else is refused.
                        guard value <= 0xDBFF, index < count else { failure = at; break }
                        let second = unit(index)
                        guard second & 0xFC00 == 0xDC00 else { failure = at; break }
                        index += 2
                        value = 0x10000 + ((value - 0xD800) << 10) + (second - 0xDC00)
                        out[at] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
                        out[at + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
                        out[at + 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                        out[at + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                        at += 4
                        continue
                    }
                    out[at] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
                    out[at + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                    out[at + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                    at += 3
                }
                written = at
            }
        }
        if let failure { throw unpaired(Array(output[..<failure])) }
        return output
    }

    private static func unpaired(_ decodedSoFar: [UInt8]) -> SyntaxError {
        let position = LineIndex(decodedSoFar).position(at: decodedSoFar.count)
        return SyntaxError("the file is not valid UTF-16 (an unpaired surrogate)", at: position)
    }
}

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
