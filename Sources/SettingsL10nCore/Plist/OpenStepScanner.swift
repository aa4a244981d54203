#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tokenizer and value parser of old-style (OpenStep) property lists, which `.strings`
/// files share. It follows CoreFoundation's reading rules (`CFOldStylePList.c`): `//` and
/// `/* */` comments wherever white space may go, single or double quotes, unquoted words of
/// `[A-Za-z0-9_$/:.-]`, escapes `\a \b \f \n \r \t \v`, `\U` with up to four hex digits, octal
/// `\NNN` read as NeXTSTEP Latin, and any other escaped character standing for itself.
///
/// It reads validated UTF-8 and records byte offsets; positions are derived on demand.
struct OpenStepScanner {
    let bytes: [UInt8]
    var offset: Int
    let limits: ReadLimits
    private var positions: PositionTracker
    /// The offset of a `/*` comment that never closes, if the scan met one. CoreFoundation
    /// silently treats the rest of the file as that comment.
    private(set) var unterminatedCommentOffset: Int?

    init(bytes: [UInt8], offset: Int = 0, limits: ReadLimits) {
        self.bytes = bytes
        self.offset = offset
        self.limits = limits
        self.positions = PositionTracker(bytes)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    var current: UInt8 { bytes[offset] }

    /// The position of `offset`; cheapest when asked in increasing order, as parsing does.
    mutating func position(at offset: Int) -> TextPosition {
        positions.position(at: offset)
    }

    /// An error at `offset` (its position found afresh: errors are rare).
    package func error(_ message: String, at offset: Int) -> SyntaxError {
        SyntaxError(message, at: LineIndex(bytes).position(at: offset))
    }

    // MARK: Trivia

    /// Skips white space and comments. Returns `false` when the end of the text is reached.
    @inline(__always)
    mutating func skipTrivia() -> Bool {
        // Most calls find the next token at once or after one space (`"key" = "value";`):
        // told here, without the loop below.
        let count = bytes.count
        var index = offset
        if index < count, bytes[index] == 0x20 { index += 1 }
        if index < count {
            let byte = bytes[index]
            if byte > 0x20, byte != UInt8(ascii: "/"), byte != 0xE2 {
                offset = index
                return true
            }
        }
        return skipTriviaRun()
    }

    /// `skipTrivia` through any run of white space and comments.
    private mutating func skipTriviaRun() -> Bool {
        var offset = self.offset
        var unterminated: Int?
        let found: Bool = bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            while offset < count {
                let byte = buffer[offset]
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    offset += 1
                } else if byte == 0xE2, offset + 2 < count, buffer[offset + 1] == 0x80,
                          buffer[offset + 2] == 0xA8 || buffer[offset + 2] == 0xA9 {
                    offset += 3 // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
                } else if byte == UInt8(ascii: "/"), offset + 1 < count, buffer[offset + 1] == UInt8(ascii: "/") {
                    offset += 2
                    while offset < count, !Self.isLineBreak(buffer, at: offset) { offset += 1 }
                } else if byte == UInt8(ascii: "/"), offset + 1 < count, buffer[offset + 1] == UInt8(ascii: "*") {
                    if let end = Self.commentEnd(buffer, from: offset + 2) {
                        offset = end
                    } else {
                        unterminated = offset
                        offset = count
                    }
                } else {
                    return true
                }
            }
            return false
        }
        self.offset = offset
        if let unterminated { unterminatedCommentOffset = unterminated }
        return found
    }

    /// Just past the `*/` that closes a comment whose text starts at `start`, found with
    /// `memchr`; `nil` when the comment never closes.
    @inline(__always)
    private static func commentEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = start
        while offset < buffer.count, let star = memchr(base + offset, Int32(UInt8(ascii: "*")), buffer.count - offset) {
            let index = base.distance(to: star.assumingMemoryBound(to: UInt8.self))
            if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "/") { return index + 2 }
            offset = index + 1
        }
        return nil
    }

    /// Whether a line break (LF, CR, U+2028, U+2029) starts at `offset`; ends `//` comments.
    @inline(__always)
    private static func isLineBreak(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let byte = buffer[offset]
        if byte == 0x0A || byte == 0x0D { return true }
        return byte == 0xE2 && offset + 2 < buffer.count && buffer[offset + 1] == 0x80
            && (buffer[offset + 2] == 0xA8 || buffer[offset + 2] == 0xA9)
    }

    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
             UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    // MARK: Values

    /// Whether a string (quoted or unquoted) starts at the current offset.
    var atStringStart: Bool {
        guard !isAtEnd else { return false }
        let byte = current
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || Self.isUnquotedCharacter(byte)
    }

    /// Parses a quoted or unquoted string at the current offset (trivia already skipped).
    mutating func parseString() throws(SyntaxError) -> String {
        string(of: try scanString())
    }

    /// The string a token stands for.
    func string(of token: StringToken) -> String {
        switch token {
        case .slice(let range): bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        case .decoded(let decoded): String(decoding: decoded, as: UTF8.self)
        }
    }

    /// Reads a quoted or unquoted string at the current offset (trivia already skipped), in place
    /// when it has no escapes.
    mutating func scanString() throws(SyntaxError) -> StringToken {
        let byte = current
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try scanQuotedString()
        }
        let start = offset
        while offset < bytes.count, Self.isUnquotedCharacter(bytes[offset]) { offset += 1 }
        guard offset > start else {
            throw error("unexpected character \(describeCharacter(at: start)); expected a string", at: start)
        }
        return .slice(start..<offset)
    }

    /// Parses any value at the current offset: string, array `( )`, dictionary `{ }` or data `< >`.
    mutating func parseValue(depth: Int) throws(SyntaxError) -> PlistNode {
        guard skipTrivia() else {
            throw error("unexpected end of file; expected a value", at: bytes.count)
        }
        let start = offset
        let position = self.position(at: start)
        switch current {
        case UInt8(ascii: "{"):
            try checkDepth(depth, at: start)
            offset += 1
            let dictionary = try parseDictionaryContent(depth: depth + 1, closing: UInt8(ascii: "}"))
            return PlistNode(.dictionary(dictionary), position: position)
        case UInt8(ascii: "("):
            try checkDepth(depth, at: start)
            offset += 1
            return PlistNode(.array(try parseArrayContent(depth: depth + 1, openedAt: start)), position: position)
        case UInt8(ascii: "<"):
            offset += 1
            return PlistNode(.data(try parseData(openedAt: start)), position: position)
        default:
            guard atStringStart else {
                throw error("unexpected character \(describeCharacter(at: start)); expected a value", at: start)
            }
            return PlistNode(.string(try parseString()), position: position)
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(SyntaxError) {
        if depth >= limits.maximumDepth {
            throw error("nesting deeper than \(limits.maximumDepth) levels", at: offset)
        }
    }

    /// Parses `key = value;` pairs until `closing` (or the end of the text when `closing` is nil).
    mutating func parseDictionaryContent(depth: Int, closing: UInt8) throws(SyntaxError) -> PlistDictionary {
        var entries: [PlistDictionaryEntry] = []
        let openedAt = offset - 1
        while true {
            guard skipTrivia() else {
                throw error("the dictionary opened here is not closed with '}'", at: openedAt)
            }
            if current == closing {
                offset += 1
                return PlistDictionary(entries)
            }
            let keyStart = offset
            guard atStringStart else {
                throw error("unexpected character \(describeCharacter(at: keyStart)); expected a key or '}'", at: keyStart)
            }
            let keyPosition = position(at: keyStart)
            let key = try parseString()
            guard skipTrivia() else {
                throw error("expected '=' after the key \(MessageText.quoted(key))", at: bytes.count)
            }
            let value: PlistNode
            if current == UInt8(ascii: ";") {
                value = PlistNode(.string(key), position: keyPosition)
            } else if current == UInt8(ascii: "=") {
                offset += 1
                value = try parseValue(depth: depth)
            } else {
                throw error("unexpected character \(describeCharacter(at: offset)); expected '=' after the key \(MessageText.quoted(key))", at: offset)
            }
            let valueEnd = offset
            guard skipTrivia(), current == UInt8(ascii: ";") else {
                throw error("missing ';' after the value of \(MessageText.quoted(key))", at: valueEnd)
            }
            offset += 1
            entries.append(PlistDictionaryEntry(key: key, keyPosition: keyPosition, value: value))
        }
    }

    private mutating func parseArrayContent(depth: Int, openedAt: Int) throws(SyntaxError) -> [PlistNode] {
        var elements: [PlistNode] = []
        while true {
            guard skipTrivia() else {
                throw error("the array opened here is not closed with ')'", at: openedAt)
            }
            if current == UInt8(ascii: ")") {
                offset += 1
                return elements
            }
            elements.append(try parseValue(depth: depth))
            guard skipTrivia() else {
                throw error("the array opened here is not closed with ')'", at: openedAt)
            }
            if current == UInt8(ascii: ",") {
                offset += 1
            } else if current != UInt8(ascii: ")") {
                throw error("unexpected character \(describeCharacter(at: offset)); expected ',' or ')' in the array", at: offset)
            }
        }
    }

    private mutating func parseData(openedAt: Int) throws(SyntaxError) -> [UInt8] {
        var data: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                offset += 1
                return data
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                offset += 1
                continue
            }
            guard let high = hexValue(byte), offset + 1 < bytes.count, let low = hexValue(bytes[offset + 1]) else {
                throw error("malformed data: expected pairs of hex digits", at: offset)
            }
            data.append(high << 4 | low)
            offset += 2
        }
        throw error("the data opened here is not closed with '>'", at: openedAt)
    }

    func describeCharacter(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        // An invisible character (a byte-order mark in mid-file, a no-break space) by its code.
        if let scalar = text.unicodeScalars.first, scalar.value >= 0x80 {
            switch scalar.properties.generalCategory {
            case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator:
                let code = "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count)) + String(scalar.value, radix: 16, uppercase: true)
                return scalar.value == 0xFEFF ? "\(code) (a byte-order mark: two files joined?)" : code
            default: break
            }
        }
        return "'\(text)'"
    }
}
