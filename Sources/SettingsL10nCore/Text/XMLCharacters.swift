/// Character data of XML documents: text, CDATA, entity and character references, and the
/// characters XML 1.0 allows.
extension XMLScanner {
    /// Whether XML 1.0 allows the character (its `Char` production): no control character but
    /// tab, line feed and carriage return, no surrogate, no U+FFFE or U+FFFF.
    package static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `a control character (U+001B)`, `a noncharacter (U+FFFF)`: what a character XML 1.0
    /// does not allow is, for a message.
    package static func describeRefused(_ value: UInt32) -> String {
        "\(value < 0x20 ? "a control character" : "a noncharacter") (\(codePoint(value)))"
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
            let count = buffer.count
            @inline(__always) func isNotXML(_ index: Int) -> Bool {
                let byte = buffer[index]
                if byte < 0x20 { return byte != 0x09 && byte != 0x0A && byte != 0x0D }
                return byte == 0xEF && index + 2 < count && buffer[index + 1] == 0xBF && buffer[index + 2] >= 0xBE
            }
            var index = 0
            // Eight bytes at a time: only the bytes below 0x20 and the 0xEF of a word are
            // looked at one by one.
            while index &+ 8 <= count {
                let word = ByteWord.load(buffer, at: index)
                var flagged = ByteWord.zeroBytes(word & ByteWord.repeating(0xE0)) | ByteWord.zeroBytes(word ^ ByteWord.repeating(0xEF))
                while flagged != 0 {
                    let candidate = index &+ flagged.trailingZeroBitCount / 8
                    if isNotXML(candidate) { return candidate }
                    flagged &= flagged - 1
                }
                index &+= 8
            }
            while index < count {
                if isNotXML(index) { return index }
                index += 1
            }
            return nil
        }
    }

    /// Reads character data up to the next tag, decoding entities and CDATA, skipping comments.
    mutating func readText() throws(SyntaxError) -> Token {
        let start = offset
        // Most text is a run of plain bytes up to a tag: the token is those bytes as they are.
        let normalizes = normalizesLineBreaks
        let runEnd = bytes.withUnsafeBufferPointer { buffer in
            var end = start
            while end < buffer.count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || (normalizes && byte == 0x0D) { break }
                end += 1
            }
            return end
        }
        offset = runEnd
        if offset == bytes.count || (bytes[offset] == UInt8(ascii: "<") && !hasPrefix("<!--") && !hasPrefix("<![CDATA[")) {
            // The white space that indents tags recurs: made once.
            if runEnd - start <= 64, bytes[start..<runEnd].allSatisfy(Self.isSpace) {
                return .text(interned(start..<runEnd), offset: start)
            }
            return .text(String(decoding: bytes[start..<runEnd], as: UTF8.self), offset: start)
        }
        var output = Array(bytes[start..<runEnd])
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

    func appendText(_ byte: UInt8, to output: inout [UInt8]) {
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
    mutating func readReference(into output: inout [UInt8]) throws(SyntaxError) {
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
