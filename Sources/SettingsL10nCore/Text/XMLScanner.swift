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
    private(set) var offset = 0
    package let lines: LineIndex
    /// Whether CRLF and lone CR in text become LF, as XML requires (XLIFF); property lists keep them.
    private let normalizesLineBreaks: Bool
    /// Whether character references to characters XML 1.0 does not allow (`&#x1;`) are refused
    /// (XLIFF); property lists, which CoreFoundation writes and reads with them, keep them.
    private let refusesNonXMLCharacters: Bool
    private var seenElement = false

    /// Prepares the bytes of an XML document: a UTF-16 document (with byte-order mark) is
    /// transcoded, a UTF-8 byte-order mark dropped, and the rest validated as UTF-8.
    package static func utf8(_ input: [UInt8]) throws(SyntaxError) -> [UInt8] {
        if input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0xFE, 0xFF]) {
            return try DecodedText.decode(input).utf8
        }
        let utf8 = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
        try DecodedText.validateUTF8(utf8)
        return utf8
    }

    package init(utf8 bytes: [UInt8], normalizesLineBreaks: Bool = false, refusesNonXMLCharacters: Bool = false) {
        self.bytes = bytes
        self.lines = LineIndex(bytes)
        self.normalizesLineBreaks = normalizesLineBreaks
        self.refusesNonXMLCharacters = refusesNonXMLCharacters
    }

    /// Whether XML 1.0 allows the character (its `Char` production): no control character but
    /// tab, line feed and carriage return, no surrogate, no U+FFFE or U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `U+0001`: a code point as Unicode writes it.
    package static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The offset of the first character of validated UTF-8 `bytes` that XML 1.0 does not
    /// allow, if any: a control character, or U+FFFE / U+FFFF.
    package static func firstNonXMLCharacter(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return index }
                if byte == 0xEF, index + 2 < count, buffer[index + 1] == 0xBF, buffer[index + 2] >= 0xBE { return index }
                index += 1
            }
            return nil
        }
    }

    package func error(_ message: String, at offset: Int) -> SyntaxError {
        SyntaxError(message, at: lines.position(at: offset))
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The next token, or `nil` at the end of the document.
    package mutating func next() throws(SyntaxError) -> Token? {
        while offset < bytes.count {
            if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!DOCTYPE") {
                guard !seenElement else {
                    throw error("a DOCTYPE is only allowed before the root element", at: offset)
                }
                try skipDoctype()
            } else if hasPrefix("</") {
                return try readEndTag()
            } else if bytes[offset] == UInt8(ascii: "<"), !hasPrefix("<![CDATA[") {
                seenElement = true
                return try readStartTag()
            } else {
                return try readText()
            }
        }
        return nil
    }

    // MARK: Markup

    private func hasPrefix(_ prefix: StaticString) -> Bool {
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

    private mutating func skipComment() throws(SyntaxError) {
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
                let content = String(decoding: bytes[(start + 2)..<offset], as: UTF8.self)
                offset += 2
                try checkDeclaration(content, at: start)
                return
            }
            offset += 1
        }
        throw error("the processing instruction starting here is not closed with '?>'", at: start)
    }

    /// Refuses an XML declaration naming an encoding other than UTF-8 (or UTF-16, transcoded).
    private func checkDeclaration(_ content: String, at start: Int) throws(SyntaxError) {
        guard content.hasPrefix("xml "), let range = content.range(of: "encoding") else { return }
        let rest = content[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
        let accepted = ["utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be"]
        if !accepted.contains(name) {
            throw error("the encoding \"\(name)\" is not supported; save the document as UTF-8", at: start)
        }
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
        while offset < bytes.count, Self.isNameByte(bytes[offset]) { offset += 1 }
        guard offset > start else { throw error("expected a tag name", at: start) }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            offset += 1
        }
    }

    private mutating func readStartTag() throws(SyntaxError) -> Token {
        let start = offset
        offset += 1
        let name = try readName()
        var attributes: [Attribute] = []
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
            let attributeName = try readName()
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw error("expected '=' after an attribute name in <\(name)>", at: offset)
            }
            offset += 1
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
                throw error("expected a quoted attribute value in <\(name)>", at: offset)
            }
            let quote = bytes[offset]
            offset += 1
            var value: [UInt8] = []
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
                throw error("the attribute value in <\(name)> is not terminated", at: start)
            }
            offset += 1
            attributes.append(Attribute(name: attributeName, value: String(decoding: value, as: UTF8.self)))
        }
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

    /// Reads character data up to the next tag, decoding entities and CDATA, skipping comments.
    private mutating func readText() throws(SyntaxError) -> Token {
        let start = offset
        var output: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") {
                if hasPrefix("<!--") {
                    try skipComment()
                } else if hasPrefix("<![CDATA[") {
                    let cdataStart = offset
                    offset += 9
                    var closed = false
                    while offset + 2 < bytes.count {
                        if bytes[offset] == UInt8(ascii: "]"), bytes[offset + 1] == UInt8(ascii: "]"), bytes[offset + 2] == UInt8(ascii: ">") {
                            offset += 3
                            closed = true
                            break
                        }
                        appendText(bytes[offset], to: &output)
                        offset += 1
                    }
                    if !closed { throw error("the CDATA section starting here is not closed", at: cdataStart) }
                } else {
                    break
                }
            } else if byte == UInt8(ascii: "&") {
                try readReference(into: &output)
            } else {
                appendText(byte, to: &output)
                offset += 1
            }
        }
        return .text(String(decoding: output, as: UTF8.self), offset: start)
    }

    private func appendText(_ byte: UInt8, to output: inout [UInt8]) {
        if normalizesLineBreaks, byte == 0x0D {
            output.append(0x0A)
        } else if normalizesLineBreaks, byte == 0x0A, output.last == 0x0A, offset > 0, bytes[offset - 1] == 0x0D {
            return // the LF of a CRLF already written as LF
        } else {
            output.append(byte)
        }
    }

    /// Decodes `&lt; &gt; &amp; &quot; &apos;` and `&#NN; &#xNN;`; any other entity is an error,
    /// since none can be declared.
    private mutating func readReference(into output: inout [UInt8]) throws(SyntaxError) {
        let start = offset
        offset += 1
        let nameStart = offset
        while offset < bytes.count, bytes[offset] != UInt8(ascii: ";"), offset - nameStart < 12 { offset += 1 }
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else {
            throw error("'&' must start an entity reference such as &amp;", at: start)
        }
        let name = String(decoding: bytes[nameStart..<offset], as: UTF8.self)
        offset += 1
        switch name {
        case "lt": output.append(UInt8(ascii: "<"))
        case "gt": output.append(UInt8(ascii: ">"))
        case "amp": output.append(UInt8(ascii: "&"))
        case "quot": output.append(UInt8(ascii: "\""))
        case "apos": output.append(UInt8(ascii: "'"))
        default:
            var value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(), radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                if name.hasPrefix("#") {
                    throw error("&\(name); is not a valid character reference", at: start)
                }
                throw error("the entity &\(name); is not defined; only &lt; &gt; &amp; &quot; &apos; and character references are allowed", at: start)
            }
            if refusesNonXMLCharacters, !Self.isXMLCharacter(value) {
                throw error("&\(name); stands for a character XML 1.0 does not allow (\(Self.codePoint(value))); remove it", at: start)
            }
            appendScalar(scalar, to: &output)
        }
    }
}
