import Foundation

/// Reads XML property lists with a small, bounded XML reader of its own.
///
/// It accepts what Xcode and `plutil` write (declaration, `DOCTYPE` without internal subset,
/// comments, processing instructions, CDATA, the five predefined entities and character
/// references) and refuses everything an attacker needs: a `DOCTYPE` with an internal subset
/// (entity declarations) is an error, so no entity is ever declared, expanded or fetched.
struct XMLPlistParser {
    private let bytes: [UInt8]
    private var offset = 0
    private let limits: ReadLimits
    private let lines: LineIndex

    static func parse(_ input: [UInt8], limits: ReadLimits) throws(PlistParseError) -> PlistNode {
        var utf8 = input
        if input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0xFE, 0xFF]) {
            do {
                utf8 = try DecodedText.decode(input).utf8
            } catch {
                throw PlistParseError(error.message, at: error.position)
            }
        } else if input.starts(with: [0xEF, 0xBB, 0xBF]) {
            utf8 = Array(input.dropFirst(3))
        }
        do {
            try DecodedText.validateUTF8(utf8)
        } catch {
            throw PlistParseError(error.message, at: error.position)
        }
        var parser = XMLPlistParser(bytes: utf8, limits: limits)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], limits: ReadLimits) {
        self.bytes = bytes
        self.limits = limits
        self.lines = LineIndex(bytes)
    }

    private func error(_ message: String, at offset: Int) -> PlistParseError {
        PlistParseError(message, at: lines.position(at: offset))
    }

    // MARK: Document

    private mutating func parseDocument() throws(PlistParseError) -> PlistNode {
        try skipMisc(allowDoctype: true)
        guard offset < bytes.count else {
            throw error("the file holds no property list", at: offset)
        }
        let tagStart = offset
        let tag = try readStartTag()
        let root: PlistNode
        if tag.name == "plist" {
            if tag.selfClosing {
                throw error("<plist/> holds no value", at: tagStart)
            }
            try skipMisc(allowDoctype: false)
            root = try parseValue(depth: 0)
            try skipMisc(allowDoctype: false)
            try expectEndTag("plist", openedAt: tagStart)
        } else {
            root = try parseValue(startTag: tag, at: tagStart, depth: 0)
        }
        try skipMisc(allowDoctype: false)
        if offset < bytes.count {
            throw error("unexpected content after the end of the property list", at: offset)
        }
        return root
    }

    /// Skips white space, comments and processing instructions (and a DOCTYPE in the prolog).
    private mutating func skipMisc(allowDoctype: Bool) throws(PlistParseError) {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                offset += 1
            } else if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<?") {
                try skipProcessingInstruction()
            } else if hasPrefix("<!DOCTYPE") {
                guard allowDoctype else {
                    throw error("a DOCTYPE is only allowed before the root element", at: offset)
                }
                try skipDoctype()
            } else {
                return
            }
        }
    }

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

    private mutating func skipComment() throws(PlistParseError) {
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

    private mutating func skipProcessingInstruction() throws(PlistParseError) {
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
    private func checkDeclaration(_ content: String, at start: Int) throws(PlistParseError) {
        guard content.hasPrefix("xml "), let range = content.range(of: "encoding") else { return }
        let rest = content[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
        let accepted = ["utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be"]
        if !accepted.contains(name) {
            throw error("the encoding \"\(name)\" is not supported; save the property list as UTF-8", at: start)
        }
    }

    /// Skips `<!DOCTYPE plist PUBLIC "..." "...">`. An internal subset (`[ ... ]`), where
    /// entities would be declared, is refused: entities are never declared or expanded.
    private mutating func skipDoctype() throws(PlistParseError) {
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
                throw error("the DOCTYPE declares an internal subset; entity declarations are not allowed in a property list and are never expanded", at: offset)
            } else if byte == UInt8(ascii: ">") {
                offset += 1
                return
            }
            offset += 1
        }
        throw error("the DOCTYPE starting here is not closed with '>'", at: start)
    }

    // MARK: Tags

    private struct StartTag {
        var name: String
        var selfClosing: Bool
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

    private mutating func readName() throws(PlistParseError) -> String {
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

    /// Reads `<name attr="...">` or `<name/>`; the offset is at '<'.
    private mutating func readStartTag() throws(PlistParseError) -> StartTag {
        let start = offset
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "<") else {
            throw error("expected an element", at: offset)
        }
        offset += 1
        let name = try readName()
        while true {
            skipSpaces()
            guard offset < bytes.count else {
                throw error("the tag <\(name)> starting here is not closed", at: start)
            }
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                offset += 1
                return StartTag(name: name, selfClosing: false)
            }
            if byte == UInt8(ascii: "/") {
                guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: ">") else {
                    throw error("expected '/>' to close <\(name)>", at: offset)
                }
                offset += 2
                return StartTag(name: name, selfClosing: true)
            }
            // An attribute: name = "value".
            _ = try readName()
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
            while offset < bytes.count, bytes[offset] != quote {
                if bytes[offset] == UInt8(ascii: "<") {
                    throw error("'<' is not allowed in an attribute value", at: offset)
                }
                offset += 1
            }
            guard offset < bytes.count else {
                throw error("the attribute value in <\(name)> is not terminated", at: start)
            }
            offset += 1
        }
    }

    private mutating func expectEndTag(_ name: String, openedAt: Int) throws(PlistParseError) {
        let start = offset
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "<"), bytes[offset + 1] == UInt8(ascii: "/") else {
            if offset >= bytes.count {
                throw error("<\(name)> opened here is never closed", at: openedAt)
            }
            throw error("expected </\(name)>", at: offset)
        }
        offset += 2
        let found = try readName()
        skipSpaces()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else {
            throw error("expected '>' to close </\(found)>", at: offset)
        }
        offset += 1
        if found != name {
            throw error("</\(found)> does not close <\(name)> (opened at line \(lines.line(at: openedAt)))", at: start)
        }
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(PlistParseError) -> PlistNode {
        let start = offset
        guard offset < bytes.count else {
            throw error("unexpected end of file; expected a value", at: offset)
        }
        if hasPrefix("</") {
            throw error("expected a value", at: offset)
        }
        let tag = try readStartTag()
        return try parseValue(startTag: tag, at: start, depth: depth)
    }

    private mutating func parseValue(startTag tag: StartTag, at start: Int, depth: Int) throws(PlistParseError) -> PlistNode {
        let position = lines.position(at: start)
        func text() throws(PlistParseError) -> String {
            tag.selfClosing ? "" : try readText(closing: tag.name, openedAt: start)
        }
        switch tag.name {
        case "dict":
            try checkDepth(depth, at: start)
            return PlistNode(.dictionary(tag.selfClosing ? PlistDictionary() : try parseDictionary(depth: depth + 1, openedAt: start)), position: position)
        case "array":
            try checkDepth(depth, at: start)
            return PlistNode(.array(tag.selfClosing ? [] : try parseArray(depth: depth + 1, openedAt: start)), position: position)
        case "string":
            return PlistNode(.string(try text()), position: position)
        case "integer":
            let raw = try text()
            guard let value = Self.integer(raw) else {
                throw error("<integer> holds \"\(raw)\", which is not an integer that fits in 64 bits", at: start)
            }
            return PlistNode(.integer(value), position: position)
        case "real":
            let raw = try text()
            guard let value = Self.real(raw) else {
                throw error("<real> holds \"\(raw)\", which is not a number", at: start)
            }
            return PlistNode(.real(value), position: position)
        case "true", "false":
            if !tag.selfClosing {
                let content = try readText(closing: tag.name, openedAt: start)
                if !content.allSatisfy(\.isWhitespace) {
                    throw error("<\(tag.name)> must be empty", at: start)
                }
            }
            return PlistNode(.boolean(tag.name == "true"), position: position)
        case "date":
            let raw = try text()
            guard let date = Self.date(raw) else {
                throw error("<date> holds \"\(raw)\", which is not a date like 2024-01-31T12:00:00Z", at: start)
            }
            return PlistNode(.date(date), position: position)
        case "data":
            let raw = try text().filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: raw) else {
                throw error("<data> does not hold valid base64", at: start)
            }
            return PlistNode(.data([UInt8](data)), position: position)
        case "key":
            throw error("<key> is only allowed inside <dict>", at: start)
        default:
            throw error("unknown element <\(tag.name)> in a property list", at: start)
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistParseError) {
        if depth >= limits.maximumDepth {
            throw error("nesting deeper than \(limits.maximumDepth) levels", at: offset)
        }
    }

    private mutating func parseDictionary(depth: Int, openedAt: Int) throws(PlistParseError) -> PlistDictionary {
        var entries: [PlistDictionaryEntry] = []
        while true {
            try skipMisc(allowDoctype: false)
            if hasPrefix("</") {
                try expectEndTag("dict", openedAt: openedAt)
                return PlistDictionary(entries)
            }
            guard offset < bytes.count else {
                throw error("<dict> opened here is never closed", at: openedAt)
            }
            let keyStart = offset
            let tag = try readStartTag()
            guard tag.name == "key" else {
                throw error("expected <key> in <dict>, found <\(tag.name)>", at: keyStart)
            }
            let key = tag.selfClosing ? "" : try readText(closing: "key", openedAt: keyStart)
            try skipMisc(allowDoctype: false)
            if hasPrefix("</") || offset >= bytes.count {
                throw error("the key \"\(key)\" has no value", at: keyStart)
            }
            let value = try parseValue(depth: depth)
            entries.append(PlistDictionaryEntry(key: key, keyPosition: lines.position(at: keyStart), value: value))
        }
    }

    private mutating func parseArray(depth: Int, openedAt: Int) throws(PlistParseError) -> [PlistNode] {
        var elements: [PlistNode] = []
        while true {
            try skipMisc(allowDoctype: false)
            if hasPrefix("</") {
                try expectEndTag("array", openedAt: openedAt)
                return elements
            }
            guard offset < bytes.count else {
                throw error("<array> opened here is never closed", at: openedAt)
            }
            elements.append(try parseValue(depth: depth))
        }
    }

    /// Reads character data up to `</closing>`, decoding entities and CDATA, skipping comments.
    private mutating func readText(closing: String, openedAt: Int) throws(PlistParseError) -> String {
        var output: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") {
                if hasPrefix("</") {
                    try expectEndTag(closing, openedAt: openedAt)
                    return String(decoding: output, as: UTF8.self)
                } else if hasPrefix("<!--") {
                    try skipComment()
                } else if hasPrefix("<![CDATA[") {
                    let start = offset
                    offset += 9
                    var closed = false
                    while offset + 2 < bytes.count {
                        if bytes[offset] == UInt8(ascii: "]"), bytes[offset + 1] == UInt8(ascii: "]"), bytes[offset + 2] == UInt8(ascii: ">") {
                            offset += 3
                            closed = true
                            break
                        }
                        output.append(bytes[offset])
                        offset += 1
                    }
                    if !closed { throw error("the CDATA section starting here is not closed", at: start) }
                } else {
                    throw error("unexpected element inside <\(closing)>", at: offset)
                }
            } else if byte == UInt8(ascii: "&") {
                try readReference(into: &output)
            } else {
                output.append(byte)
                offset += 1
            }
        }
        throw error("<\(closing)> opened here is never closed", at: openedAt)
    }

    /// Decodes `&lt; &gt; &amp; &quot; &apos;` and `&#NN; &#xNN;`; any other entity is an error,
    /// since none can be declared.
    private mutating func readReference(into output: inout [UInt8]) throws(PlistParseError) {
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
                throw error("the entity &\(name); is not defined; entities are not allowed in property lists", at: start)
            }
            appendScalar(scalar, to: &output)
        }
    }

    // MARK: Scalars

    static func integer(_ raw: String) -> Int64? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        var digits = Substring(text)
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        let magnitude: UInt64?
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            magnitude = UInt64(digits.dropFirst(2), radix: 16)
        } else {
            magnitude = UInt64(digits, radix: 10)
        }
        guard let magnitude else { return nil }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(bitPattern: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    static func real(_ raw: String) -> Double? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        switch text {
        case "nan": return .nan
        case "inf", "infinity", "+inf", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default:
            guard !text.hasPrefix("0x"), !text.hasPrefix("-0x"), !text.hasPrefix("+0x") else { return nil }
            return Double(text)
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`, the only form property lists write.
    static func date(_ raw: String) -> Date? {
        let text = Array(raw.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
              text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
              text[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days from the civil calendar (proleptic Gregorian), as in Howard Hinnant's algorithm.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSince1970 = era * 146_097 + dayOfEra - 719_468
        let seconds = daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
