#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small, bounded XML tokenizer shared by the property-list and XLIFF readers.
///
/// It reads what real tools write (declaration, `DOCTYPE` without internal subset, comments,
/// processing instructions, CDATA, the five predefined entities and character references) and
/// refuses what attackers need: a `DOCTYPE` with an internal subset, where entities would be
/// declared, is an error, and any other entity reference is an error. Nothing is ever
/// declared, expanded or fetched.
package struct XMLScanner {
    package struct Attribute: Hashable {
        package var name: String
        package var value: String
    }

    package enum Token {
        case start(name: String, attributes: [Attribute], selfClosing: Bool, offset: Int)
        case end(name: String, offset: Int)
        /// Character data with entities decoded, CDATA included, comments left out.
        case text(String, offset: Int)
    }

    let bytes: [UInt8]
    var offset = 0
    package let lines: LineIndex
    /// Whether CRLF and lone CR in text become LF, as XML requires (XLIFF); property lists keep them.
    let normalizesLineBreaks: Bool
    /// Whether character references to characters XML 1.0 does not allow (`&#x1;`) are refused
    /// (XLIFF); property lists, which CoreFoundation writes and reads with them, keep them.
    let refusesNonXMLCharacters: Bool
    private var seenElement = false
    /// Strings made of bytes that recur (names, the white space between tags), each made once: a
    /// document uses a few dozen over and over, and a 60,000-unit XLIFF made 1.9 million names.
    /// A small direct-mapped cache (by length and end bytes): one comparison per lookup.
    private var internSlots = [InternSlot](repeating: InternSlot(), count: 64)
    private var internedText: [UInt8] = []
    /// Bytes kept for the cache at most (a hostile document's thousands of names are made anew).
    private static let internLimit = 4_096

    private struct InternSlot {
        var start = 0
        var count = 0
        var string = ""
    }

    package init(utf8 bytes: [UInt8], normalizesLineBreaks: Bool = false, refusesNonXMLCharacters: Bool = false) {
        self.bytes = bytes
        self.lines = LineIndex(bytes)
        self.normalizesLineBreaks = normalizesLineBreaks
        self.refusesNonXMLCharacters = refusesNonXMLCharacters
    }

    package func error(_ message: String, at offset: Int) -> SyntaxError {
        SyntaxError(message, at: lines.position(at: offset))
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The next token, or `nil` at the end of the document.
    package mutating func next() throws(SyntaxError) -> Token? {
        while offset < bytes.count {
            // By the byte after '<': most tokens are tags and text, told apart at once.
            guard bytes[offset] == UInt8(ascii: "<") else { return try readText() }
            let second = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            if second == UInt8(ascii: "/") {
                return try readEndTag()
            } else if second == UInt8(ascii: "?") {
                try skipProcessingInstruction()
                continue
            } else if second == UInt8(ascii: "!") {
                if hasPrefix("<!--") {
                    try skipComment()
                    continue
                } else if hasPrefix("<!DOCTYPE") {
                    guard !seenElement else {
                        throw error("a DOCTYPE is only allowed before the root element", at: offset)
                    }
                    try skipDoctype()
                    continue
                } else if hasPrefix("<![CDATA[") {
                    return try readText()
                }
            }
            seenElement = true
            return try readStartTag()
        }
        return nil
    }

    /// Skips white space that only separates markup (a tag, a comment or a processing
    /// instruction follows it, not text or CDATA): what readers of element-only content, such
    /// as property lists, ignore.
    package mutating func skipSpaceBeforeMarkup() {
        var end = offset
        while end < bytes.count {
            let byte = bytes[end]
            guard Self.isSpace(byte) else { break }
            end += 1
        }
        guard end > offset, end < bytes.count, bytes[end] == UInt8(ascii: "<") else { return }
        let start = offset
        offset = end
        if hasPrefix("<![CDATA[") { offset = start }
    }

    /// The character data of a leaf element and the end tag `</name>` after it, when the data
    /// is plain text (no reference, comment or CDATA) and the end tag is written as it is: the
    /// usual `<string>Title</string>`, read without a token for either. `nil` (the scanner
    /// left where it was) in any other case, which `next()` then reads as usual; what it
    /// returns is what `next()` would have made of the text.
    package mutating func plainTextAndEndTag(of name: String) -> String? {
        var name = name
        let start = offset
        let normalizes = normalizesLineBreaks
        let found: (text: String, next: Int)? = bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var end = start
            while end < count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
                if normalizes, byte == 0x0D { return nil }
                end += 1
            }
            guard end + 1 < count, buffer[end] == UInt8(ascii: "<"), buffer[end + 1] == UInt8(ascii: "/") else { return nil }
            let next: Int? = name.withUTF8 { tag in
                let close = end + 2 + tag.count
                guard !tag.isEmpty, close < count, buffer[close] == UInt8(ascii: ">"),
                      memcmp(buffer.baseAddress! + end + 2, tag.baseAddress!, tag.count) == 0 else { return nil }
                return close + 1
            }
            guard let next else { return nil }
            return (end == start ? "" : String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self), next)
        }
        guard let found else { return nil }
        offset = found.next
        return found.text
    }

    // MARK: Markup

    func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            var index = 0
            while index < count {
                if bytes[offset + index] != buffer[index] { return false }
                index += 1
            }
            return true
        }
    }

    mutating func skipComment() throws(SyntaxError) {
        let start = offset
        offset += 4
        while offset + 2 < bytes.count {
            if bytes[offset] == UInt8(ascii: "-"), bytes[offset + 1] == UInt8(ascii: "-"), bytes[offset + 2] == UInt8(ascii: ">") {
                offset += 3
                return
            }
            offset += 1
        }
        throw error("the comment starting here is not closed with '-->'", at: start)
    }

    private mutating func skipProcessingInstruction() throws(SyntaxError) {
        let start = offset
        offset += 2
        while offset + 1 < bytes.count {
            if bytes[offset] == UInt8(ascii: "?"), bytes[offset + 1] == UInt8(ascii: ">") {
                // The declaration's encoding was read before the scan (`utf8(_:)`).
                offset += 2
                return
            }
            offset += 1
        }
        throw error("the processing instruction starting here is not closed with '?>'", at: start)
    }

    /// Skips `<!DOCTYPE name PUBLIC "..." "...">`; refuses an internal subset (`[ ... ]`).
    private mutating func skipDoctype() throws(SyntaxError) {
        let start = offset
        offset += 9
        var quote: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw error("the DOCTYPE declares an internal subset; entity declarations are not allowed and are never expanded", at: offset)
            } else if byte == UInt8(ascii: ">") {
                offset += 1
                return
            }
            offset += 1
        }
        throw error("the DOCTYPE starting here is not closed with '>'", at: start)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
             UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            byte >= 0x80
        }
    }

    private mutating func readName() throws(SyntaxError) -> String {
        let start = offset
        offset = bytes.withUnsafeBufferPointer { buffer in
            var end = start
            while end < buffer.count, Self.isNameByte(buffer[end]) { end += 1 }
            return end
        }
        guard offset > start else { throw error("expected a tag name", at: start) }
        return interned(start..<offset)
    }

    /// White space as XML defines it: space, tab, line feed, carriage return.
    @inline(__always)
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The string of `range` of the bytes, taken from those made before when it recurs.
    mutating func interned(_ range: Range<Int>) -> String {
        let count = range.count
        guard count > 0 else { return "" }
        // The slot: by the length and the first and last bytes.
        let slot = (count &* 31 &+ Int(bytes[range.lowerBound]) &* 7 &+ Int(bytes[range.upperBound - 1])) & 63
        let found: Int? = bytes.withUnsafeBufferPointer { text in
            internSlots.withUnsafeBufferPointer { slots in
                guard slots[slot].count == count else { return nil }
                let start = slots[slot].start
                return internedText.withUnsafeBufferPointer {
                    memcmp($0.baseAddress! + start, text.baseAddress! + range.lowerBound, count) == 0 ? slot : nil
                }
            }
        }
        if let found { return internSlots[found].string }
        let string = String(decoding: bytes[range], as: UTF8.self)
        if internedText.count + count <= Self.internLimit {
            internSlots[slot] = InternSlot(start: internedText.count, count: count, string: string)
            internedText.append(contentsOf: bytes[range])
        }
        return string
    }

    private mutating func skipSpaces() {
        while offset < bytes.count {
            let byte = bytes[offset]
            guard Self.isSpace(byte) else { return }
            offset += 1
        }
    }

    private mutating func readStartTag() throws(SyntaxError) -> Token {
        let start = offset
        offset += 1
        let name = try readName()
        var attributes: [Attribute] = []
        // XML forbids an attribute twice in a tag; which one counts would be a guess. A tag has a
        // few attributes: compared one by one, and through a set only past 16 (a hostile tag
        // with thousands would make that quadratic).
        var names: Set<String> = []
        while true {
            skipSpaces()
            guard offset < bytes.count else {
                throw error("the tag <\(name)> starting here is not closed", at: start)
            }
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                offset += 1
                return .start(name: name, attributes: attributes, selfClosing: false, offset: start)
            }
            if byte == UInt8(ascii: "/") {
                guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: ">") else {
                    throw error("expected '/>' to close <\(name)>", at: offset)
                }
                offset += 2
                return .start(name: name, attributes: attributes, selfClosing: true, offset: start)
            }
            let nameOffset = offset
            let attributeName = try readName()
            let isRepeated: Bool
            if attributes.count < 16 {
                isRepeated = attributes.contains { $0.name == attributeName }
            } else {
                if names.isEmpty { names = Set(attributes.map(\.name)) }
                isRepeated = !names.insert(attributeName).inserted
            }
            guard !isRepeated else {
                throw error("the attribute \(attributeName) appears twice in <\(name)>; keep one", at: nameOffset)
            }
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw error("expected '=' after an attribute name in <\(name)>", at: offset)
            }
            offset += 1
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                throw error("expected a quoted attribute value in <\(name)>", at: offset)
            }
            attributes.append(Attribute(name: attributeName, value: try readAttributeValue(ofTag: name, startingAt: start)))
        }
    }

    /// The quoted attribute value at `offset` (its opening quote), references decoded and white
    /// space normalized; `tagStart` is where the tag starts, for the error of an open value.
    private mutating func readAttributeValue(ofTag name: String, startingAt tagStart: Int) throws(SyntaxError) -> String {
        let quote = bytes[offset]
        offset += 1
        // Most values are plain text up to the quote: made a string at once.
        let valueStart = offset
        var plainEnd = offset
        while plainEnd < bytes.count, bytes[plainEnd] != quote {
            let byte = bytes[plainEnd]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D { break }
            plainEnd += 1
        }
        if plainEnd < bytes.count, bytes[plainEnd] == quote {
            offset = plainEnd + 1
            return String(decoding: bytes[valueStart..<plainEnd], as: UTF8.self)
        }
        var value: [UInt8] = []
        value.reserveCapacity(plainEnd - valueStart + 16)
        while offset < bytes.count, bytes[offset] != quote {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") {
                throw error("'<' is not allowed in an attribute value", at: offset)
            } else if byte == UInt8(ascii: "&") {
                try readReference(into: &value)
            } else {
                // Attribute-value normalization: literal white space becomes a space.
                value.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
                offset += 1
            }
        }
        guard offset < bytes.count else {
            throw error("the attribute value in <\(name)> is not terminated", at: tagStart)
        }
        offset += 1
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func readEndTag() throws(SyntaxError) -> Token {
        let start = offset
        offset += 2
        let name = try readName()
        skipSpaces()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else {
            throw error("expected '>' to close </\(name)>", at: offset)
        }
        offset += 1
        return .end(name: name, offset: start)
    }
}
