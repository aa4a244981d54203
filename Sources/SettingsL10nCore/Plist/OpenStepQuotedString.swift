#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A string of the text: its content in place when it has no escapes, else decoded.
enum StringToken {
    /// The bytes of the text in this range are the string.
    case slice(Range<Int>)
    /// The string's UTF-8, its escapes decoded.
    case decoded([UInt8])
}

/// Quoted strings of old-style property lists and `.strings` files: escapes as CoreFoundation
/// reads them (`CFOldStylePList.c`).
extension OpenStepScanner {
    /// Reads the quoted string at the current offset without building a `String`: most strings
    /// have no escapes and are their bytes in the text.
    mutating func scanQuotedString() throws(SyntaxError) -> StringToken {
        let quote = current
        let start = offset
        offset += 1
        let contentStart = offset
        let count = bytes.count
        // Fast path: no escapes, the string is the bytes up to the closing quote.
        let (end, isPlain): (Int, Bool) = bytes.withUnsafeBufferPointer { buffer in
            // The closing quote and any backslash before it, found with memchr (strings are
            // often long: titles, footers, whole sentences).
            guard let base = buffer.baseAddress, contentStart < count,
                  let found = memchr(base + contentStart, Int32(quote), count - contentStart) else {
                var index = contentStart
                while index < count, buffer[index] != UInt8(ascii: "\\") { index += 1 }
                return (index, false)
            }
            let close = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if let backslash = memchr(base + contentStart, Int32(UInt8(ascii: "\\")), close - contentStart) {
                return (base.distance(to: backslash.assumingMemoryBound(to: UInt8.self)), false)
            }
            return (close, true)
        }
        offset = end
        if isPlain {
            offset += 1
            return .slice(contentStart..<end)
        }
        guard offset < count else {
            throw error("the string starting here is not terminated", at: start)
        }
        var decoded = Array(bytes[contentStart..<offset])
        var pendingHighSurrogate: UInt16?
        func flushSurrogate() {
            if pendingHighSurrogate != nil {
                appendScalar(Unicode.Scalar(0xFFFD)!, to: &decoded)
                pendingHighSurrogate = nil
            }
        }
        while offset < count {
            let byte = bytes[offset]
            if byte == quote {
                flushSurrogate()
                offset += 1
                return .decoded(decoded)
            }
            if byte != UInt8(ascii: "\\") {
                flushSurrogate()
                decoded.append(byte)
                offset += 1
                continue
            }
            offset += 1
            guard offset < count else { break }
            switch decodeEscape() {
            case .bytes(let range):
                flushSurrogate()
                decoded.append(contentsOf: bytes[range])
            case .unit(let unit):
                if unit >= 0xD800, unit <= 0xDBFF {
                    flushSurrogate()
                    pendingHighSurrogate = unit
                } else if unit >= 0xDC00, unit <= 0xDFFF {
                    if let high = pendingHighSurrogate {
                        let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                        appendScalar(Unicode.Scalar(value)!, to: &decoded)
                        pendingHighSurrogate = nil
                    } else {
                        appendScalar(Unicode.Scalar(0xFFFD)!, to: &decoded)
                    }
                } else {
                    flushSurrogate()
                    appendScalar(Unicode.Scalar(UInt32(unit))!, to: &decoded)
                }
            }
        }
        throw error("the string starting here is not terminated", at: start)
    }

    private enum Escape {
        /// The escaped character stands for itself: these bytes of the source.
        case bytes(Range<Int>)
        /// A UTF-16 code unit (from `\U`, octal, or a control-character escape).
        case unit(UInt16)
    }

    /// Decodes the escape whose character is at the current offset (after the backslash).
    private mutating func decodeEscape() -> Escape {
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var number = byte - UInt8(ascii: "0")
            for _ in 0..<2 {
                guard offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "7") else { break }
                number = (number &<< 3) &+ (bytes[offset] - UInt8(ascii: "0"))
                offset += 1
            }
            return .unit(number < 0x80 ? UInt16(number) : nextStepLatin[Int(number - 0x80)])
        case UInt8(ascii: "U"):
            var value: UInt16 = 0
            for _ in 0..<4 {
                guard offset < bytes.count, let digit = hexValue(bytes[offset]) else { break }
                value = value << 4 | UInt16(digit)
                offset += 1
            }
            return .unit(value)
        case UInt8(ascii: "a"): return .unit(0x07)
        case UInt8(ascii: "b"): return .unit(0x08)
        case UInt8(ascii: "f"): return .unit(0x0C)
        case UInt8(ascii: "n"): return .unit(0x0A)
        case UInt8(ascii: "r"): return .unit(0x0D)
        case UInt8(ascii: "t"): return .unit(0x09)
        case UInt8(ascii: "v"): return .unit(0x0B)
        default:
            // Any other character stands for itself; take all the bytes of its scalar.
            var end = offset
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            defer { offset = end }
            return .bytes((offset - 1)..<end)
        }
    }
}

func appendScalar(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    UTF8.encode(scalar) { bytes.append($0) }
}

func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// NeXTSTEP Latin bytes 0x80-0xFF as UTF-16 code units, for octal escapes (`\351` is é).
/// 0xFE and 0xFF are undefined and read as U+0000, as CoreFoundation reads them.
let nextStepLatin: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
    0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
    0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,
    0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
    0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
    0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
    0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
    0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
    0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,
    0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
    0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
    0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0x0000, 0x0000,
]
