#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads XML property lists on top of `XMLScanner`, which refuses entity declarations, so
/// nothing is ever expanded or fetched.
struct XMLPlistParser {
    private var scanner: XMLScanner
    private let limits: ReadLimits
    /// The line of the last position asked for.
    private var lastLine = 1

    static func parse(_ input: [UInt8], limits: ReadLimits) throws(SyntaxError) -> PlistNode {
        var parser = XMLPlistParser(scanner: XMLScanner(utf8: try XMLScanner.utf8(input)), limits: limits)
        return try parser.parseDocument()
    }

    private init(scanner: XMLScanner, limits: ReadLimits) {
        self.scanner = scanner
        self.limits = limits
    }

    private func error(_ message: String, at offset: Int) -> SyntaxError {
        scanner.error(message, at: offset)
    }

    /// The position of `offset`; the parser asks for them in increasing order.
    private mutating func position(_ offset: Int) -> TextPosition {
        scanner.lines.position(at: offset, after: &lastLine)
    }

    /// The next token that is not white space between elements; other text is returned.
    private mutating func nextMarkup() throws(SyntaxError) -> XMLScanner.Token? {
        scanner.skipSpaceBeforeMarkup()
        while let token = try scanner.next() {
            if case .text(let text, _) = token, text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                continue
            }
            return token
        }
        return nil
    }

    // MARK: Document

    private mutating func parseDocument() throws(SyntaxError) -> PlistNode {
        guard let first = try nextMarkup() else {
            throw error("the file holds no property list", at: scanner.offset)
        }
        guard case .start(let name, _, let selfClosing, let start) = first else {
            throw unexpected(first, expecting: "a property list")
        }
        let root: PlistNode
        if name == "plist" {
            if selfClosing { throw error("<plist/> holds no value", at: start) }
            guard let token = try nextMarkup() else { throw scanner.unclosed("plist", openedAt: start) }
            root = try parseValue(token, depth: 0)
            guard let close = try nextMarkup() else { throw scanner.unclosed("plist", openedAt: start) }
            try expectEnd(close, of: "plist", openedAt: start)
        } else {
            root = try parseValue(first, depth: 0)
        }
        if let extra = try nextMarkup() {
            throw error("unexpected content after the end of the property list", at: Self.offset(of: extra))
        }
        return root
    }

    private static func offset(of token: XMLScanner.Token) -> Int {
        switch token {
        case .start(_, _, _, let offset), .end(_, let offset), .text(_, let offset): offset
        }
    }

    private func unexpected(_ token: XMLScanner.Token, expecting what: String) -> SyntaxError {
        switch token {
        case .start(let name, _, _, let offset): error("expected \(what), found <\(name)>", at: offset)
        case .end(let name, let offset): error("expected \(what), found </\(name)>", at: offset)
        case .text(_, let offset): error("expected \(what), found text", at: offset)
        }
    }

    private func expectEnd(_ token: XMLScanner.Token, of name: String, openedAt: Int) throws(SyntaxError) {
        guard case .end(let found, let offset) = token else {
            if case .start(let inner, _, _, let offset) = token {
                throw error("unexpected element <\(inner)> inside <\(name)>", at: offset)
            }
            throw error("unexpected text inside <\(name)>", at: Self.offset(of: token))
        }
        if found != name {
            throw scanner.mismatchedEnd(found, at: offset, closing: name, openedAt: openedAt)
        }
    }

    // MARK: Values

    private mutating func parseValue(_ token: XMLScanner.Token, depth: Int) throws(SyntaxError) -> PlistNode {
        guard case .start(let name, _, let selfClosing, let start) = token else {
            throw unexpected(token, expecting: "a value")
        }
        let position = position(start)
        switch name {
        case "dict":
            try checkDepth(depth, at: start)
            return PlistNode(.dictionary(selfClosing ? PlistDictionary() : try parseDictionary(depth: depth + 1, openedAt: start)), position: position)
        case "array":
            try checkDepth(depth, at: start)
            return PlistNode(.array(selfClosing ? [] : try parseArray(depth: depth + 1, openedAt: start)), position: position)
        case "string":
            return PlistNode(.string(selfClosing ? "" : try readText(of: name, openedAt: start)), position: position)
        case "integer":
            let raw = selfClosing ? "" : try readText(of: name, openedAt: start)
            guard let value = Self.integer(raw) else {
                throw error("<integer> holds \(MessageText.quoted(raw)), which is not an integer that fits in 64 bits", at: start)
            }
            return PlistNode(.integer(value), position: position)
        case "real":
            let raw = selfClosing ? "" : try readText(of: name, openedAt: start)
            guard let value = Self.real(raw) else {
                throw error("<real> holds \(MessageText.quoted(raw)), which is not a number", at: start)
            }
            return PlistNode(.real(value), position: position)
        case "true", "false":
            if !selfClosing, !(try readText(of: name, openedAt: start)).allSatisfy(\.isWhitespace) {
                throw error("<\(name)> must be empty", at: start)
            }
            return PlistNode(.boolean(name == "true"), position: position)
        case "date":
            let raw = selfClosing ? "" : try readText(of: name, openedAt: start)
            guard let date = Self.date(raw) else {
                throw error("<date> holds \(MessageText.quoted(raw)), which is not a date like 2024-01-31T12:00:00Z", at: start)
            }
            return PlistNode(.date(date), position: position)
        case "data":
            let raw = (selfClosing ? "" : try readText(of: name, openedAt: start)).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: raw) else {
                throw error("<data> does not hold valid base64", at: start)
            }
            return PlistNode(.data([UInt8](data)), position: position)
        case "key":
            throw error("<key> is only allowed inside <dict>", at: start)
        default:
            throw error("unknown element <\(name)> in a property list", at: start)
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(SyntaxError) {
        if depth >= limits.maximumDepth {
            throw scanner.tooDeep(limit: limits.maximumDepth, at: offset)
        }
    }

    private mutating func parseDictionary(depth: Int, openedAt: Int) throws(SyntaxError) -> PlistDictionary {
        var entries: [PlistDictionaryEntry] = []
        while true {
            guard let token = try nextMarkup() else {
                throw scanner.unclosed("dict", openedAt: openedAt)
            }
            if case .end = token {
                try expectEnd(token, of: "dict", openedAt: openedAt)
                return PlistDictionary(entries)
            }
            guard case .start(let name, _, let selfClosing, let keyStart) = token, name == "key" else {
                throw unexpected(token, expecting: "<key> in <dict>")
            }
            let key = selfClosing ? "" : try readText(of: "key", openedAt: keyStart)
            guard let valueToken = try nextMarkup(), case .start = valueToken else {
                throw error("the key \(MessageText.quoted(key)) has no value", at: keyStart)
            }
            let value = try parseValue(valueToken, depth: depth)
            entries.append(PlistDictionaryEntry(key: key, keyPosition: position(keyStart), value: value))
        }
    }

    private mutating func parseArray(depth: Int, openedAt: Int) throws(SyntaxError) -> [PlistNode] {
        var elements: [PlistNode] = []
        while true {
            guard let token = try nextMarkup() else {
                throw scanner.unclosed("array", openedAt: openedAt)
            }
            if case .end = token {
                try expectEnd(token, of: "array", openedAt: openedAt)
                return elements
            }
            elements.append(try parseValue(token, depth: depth))
        }
    }

    /// The character data of a leaf element, up to its end tag.
    private mutating func readText(of name: String, openedAt: Int) throws(SyntaxError) -> String {
        if let text = scanner.plainTextAndEndTag(of: name) { return text }
        var text = ""
        while let token = try scanner.next() {
            if case .text(let part, _) = token {
                text += part
                continue
            }
            try expectEnd(token, of: name, openedAt: openedAt)
            return text
        }
        throw scanner.unclosed(name, openedAt: openedAt)
    }

    // MARK: Scalars


    static func integer(_ raw: String) -> Int64? {
        // The usual value, up to 18 plain decimal digits (below Int64.max), read from the bytes.
        var utf8 = raw
        if let value = utf8.withUTF8({ bytes -> Int64? in
            guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return bytes.reduce(0) { $0 &* 10 &+ Int64($1 &- UInt8(ascii: "0")) }
        }) {
            return value
        }
        var digits = raw.trimmingWhiteSpace()
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
        let text = raw.trimmingWhiteSpace().lowercased()
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
        let text = Array(raw.trimmingWhiteSpace().utf8)
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
