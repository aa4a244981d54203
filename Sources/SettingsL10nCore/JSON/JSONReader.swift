/// Reads JSON (RFC 8259) into a `JSONValue` whose objects keep their keys in file order,
/// bounded: the caller bounds the size, the reader the nesting depth. Errors give the line and
/// column. Used for documents from outside the project (String Catalogs, the configuration,
/// baselines). What RFC 8259 leaves to the reader is refused rather than guessed: a key twice
/// in one object (which value counts?), and a number with a leading zero (`0123`, octal to
/// some readers).
public enum JSONReader {
    /// Reads a document; with `refusesNonXMLCharacters`, a string holding a character XML 1.0
    /// does not allow (a control character but tab, line feed and carriage return, U+FFFE,
    /// U+FFFF), raw or escaped, is an error too: what `import` refuses in XLIFF, it refuses in a
    /// String Catalog.
    public static func read(_ bytes: [UInt8], limits: ReadLimits = .standard,
                            refusesNonXMLCharacters: Bool = false) throws(SyntaxError) -> JSONValue {
        var parser = try Parser(document: bytes, limits: limits)
        parser.refusesNonXMLCharacters = refusesNonXMLCharacters
        return try parser.document()
    }

    /// Reads a document whose root is an object, and where each element of its members'
    /// arrays starts (`"ignore": [{…}, {…}]` → `["ignore": [line 3, line 4]]`), and where each
    /// member's value starts (`"catalog": "…"` → `["catalog": line 2]`): for messages that point
    /// at an entry of a configuration.
    public static func readRecordingElements(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError)
        -> (value: JSONValue, elements: [String: [TextPosition]], members: [String: TextPosition]) {
        var parser = try Parser(document: bytes, limits: limits)
        parser.recordsElements = true
        let value = try parser.document()
        let members = parser.rootValueOffsets
        let positions = parser.positions(of: members.map(\.1))
        return (value, parser.elementOffsets.mapValues(parser.positions(of:)),
                Dictionary(zip(members.map(\.0), positions), uniquingKeysWith: { _, last in last }))
    }

    /// Reads a document, and where the key of each member of the root object's member `name`
    /// (an object) starts (`"strings" : { "Cancel" : …`): for messages that point at one
    /// string of a String Catalog.
    public static func readRecordingMembers(of name: String, _ bytes: [UInt8], limits: ReadLimits = .standard,
                                            refusesNonXMLCharacters: Bool = false) throws(SyntaxError)
        -> (value: JSONValue, members: [StringsKey: TextPosition]) {
        var parser = try Parser(document: bytes, limits: limits)
        parser.refusesNonXMLCharacters = refusesNonXMLCharacters
        parser.recordsMembersOf = name
        let value = try parser.document()
        let positions = parser.positions(of: parser.memberOffsets.map(\.1))
        return (value, Dictionary(zip(parser.memberOffsets.map { StringsKey($0.0) }, positions), uniquingKeysWith: { _, last in last }))
    }

    /// Reads a document, handing each member of the root object's member `name` (an object) to
    /// `body` as soon as it is read instead of keeping it: the value returned holds that object
    /// empty, and the document is never held whole. A String Catalog of 40 MB was a tree of
    /// 220 MB; read so, one string's tree at a time. Everything else is read and checked as
    /// `read` does (a key twice in the streamed object too).
    public static func read(_ bytes: [UInt8], limits: ReadLimits = .standard, streamingMembersOf name: String,
                            _ body: @escaping (String, JSONValue) -> Void) throws(SyntaxError) -> JSONValue {
        var parser = try Parser(document: bytes, limits: limits)
        parser.streamsMembersOf = name
        parser.consumeMember = body
        return try parser.document()
    }

    struct Parser {
        /// The root object's member whose members go to `consumeMember` as each is read.
        var streamsMembersOf: String?
        var consumeMember: ((String, JSONValue) -> Void)?
        /// Whether the start of each element of the root object's member arrays is recorded.
        var recordsElements = false
        /// The root object's member whose members' key offsets are recorded, if any.
        var recordsMembersOf: String?
        var memberOffsets: [(String, Int)] = []
        /// The root object's member being read.
        var rootKey = ""
        var elementOffsets: [String: [Int]] = [:]
        /// Where the value of each member of the root object starts (with `recordsElements`).
        var rootValueOffsets: [(String, Int)] = []
        let bytes: [UInt8]
        /// Where the text starts (after a byte-order mark).
        let start: Int
        let maximumDepth: Int
        var refusesNonXMLCharacters = false
        var offset: Int
        /// Strings too long to be stored inline (more than 15 bytes) met so far, up to
        /// `internedLimit`: a value repeated through the document (a file path in every finding
        /// of a baseline, a state in every unit) is then stored once.
        var interned: [StringsKey: String] = [:]
        static let internedLimit = 4096

        init(bytes: [UInt8], start: Int = 0, maximumDepth: Int) {
            self.bytes = bytes
            self.start = start
            self.offset = start
            self.maximumDepth = maximumDepth
        }

        /// A parser for a whole document: within the size limit, valid UTF-8, read where it is
        /// (a copy would hold it twice), after a byte-order mark.
        init(document bytes: [UInt8], limits: ReadLimits) throws(SyntaxError) {
            guard bytes.count <= limits.maximumDocumentSize else {
                throw SyntaxError("the document is larger than \(limits.maximumDocumentSize) bytes")
            }
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if let order = DecodedText.utf16ByteOrder(bytes) {
                throw SyntaxError("the file is UTF-16 (\(order)), and a JSON document here (a String Catalog, a configuration) is UTF-8: save it as UTF-8", at: TextPosition(line: 1, column: 1))
            }
            try DecodedText.validateUTF8(bytes[start...], advice: "save it as UTF-8")
            self.init(bytes: bytes, start: start, maximumDepth: limits.maximumDepth)
        }

        /// The document's one value, and nothing after it but white space.
        mutating func document() throws(SyntaxError) -> JSONValue {
            skipWhitespace()
            let value = try value(depth: 0)
            skipWhitespace()
            guard offset == bytes.count else { throw error("text after the end of the document") }
            return value
        }

        mutating func intern(_ text: String) -> String {
            guard text.utf8.count > 15 else { return text }
            // By code units: a text in NFD is not its NFC twin.
            if let stored = interned[StringsKey(text)] { return stored }
            if interned.count < Self.internedLimit { interned[StringsKey(text)] = text }
            return text
        }

        mutating func skipWhitespace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        func error(_ message: String, at position: Int? = nil) -> SyntaxError {
            SyntaxError(message, at: self.position(of: position ?? offset))
        }

        /// The line and column (in characters) of a byte offset.
        func position(of offset: Int) -> TextPosition {
            positions(of: [offset])[0]
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth < maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
            guard offset < bytes.count else { throw error("the document ends where a value should be") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character where a value should be")
            }
        }

        private mutating func literal(_ word: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
            let utf8 = Array(word.utf8)
            guard bytes.count - offset >= utf8.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
                throw error("unexpected character where a value should be")
            }
            offset += utf8.count
            return value
        }

        private mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            let objectStart = offset
            offset += 1
            var members: [(String, JSONValue)] = []
            // The keys so far, once there are many: a small object (most are) is searched
            // without a set of its own.
            var keys: Set<StringsKey>?
            // The streamed object's members are not kept: its keys are, to find one given twice.
            let consume = depth == 1 && streamsMembersOf != nil && rootKey == streamsMembersOf ? consumeMember : nil
            if consume != nil { keys = [] }
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let keyStart = offset
                let key = try string()
                if consume != nil ? !keys!.insert(StringsKey(key)).inserted : Self.isRepeated(key, in: members, keys: &keys) {
                    let place = position(of: firstKeyStart(key, inObjectAt: objectStart, depth: depth))
                    throw error("the key \(MessageText.quoted(key)) is in this object twice (first at line \(place.line), column \(place.column ?? 1)); keep one",
                                at: keyStart)
                }
                if depth == 1, let recordsMembersOf, rootKey == recordsMembersOf { memberOffsets.append((key, keyStart)) }
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
                offset += 1
                skipWhitespace()
                if depth == 0 {
                    rootKey = key
                    if recordsElements { rootValueOffsets.append((key, offset)) }
                }
                let value = try value(depth: depth + 1)
                if let consume { consume(key, value) } else { members.append((key, value)) }
                skipWhitespace()
                guard offset < bytes.count else { throw error("the document ends inside an object") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else if bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return .object(members)
                } else {
                    throw error("expected ',' or '}' in an object")
                }
            }
        }

        /// Whether `key` is among the keys of `members`; `keys` holds them once there are 16.
        /// Keys are compared by code units (as JSON compares member names, and the device keys).
        private static func isRepeated(_ key: String, in members: [(String, JSONValue)], keys: inout Set<StringsKey>?) -> Bool {
            if members.count < 16 { return members.contains { StringsKey($0.0) == StringsKey(key) } }
            if keys == nil { keys = Set(members.map { StringsKey($0.0) }) }
            return !keys!.insert(StringsKey(key)).inserted
        }

        /// Where the first `key` of the object opening at `start` begins: read again, since a
        /// key given twice is rare and is an error.
        private func firstKeyStart(_ key: String, inObjectAt start: Int, depth: Int) -> Int {
            var parser = self
            parser.offset = start + 1
            parser.consumeMember = nil
            while parser.offset < bytes.count {
                parser.skipWhitespace()
                let keyStart = parser.offset
                guard let found = try? parser.string() else { break }
                if StringsKey(found) == StringsKey(key) { return keyStart }
                parser.skipWhitespace()
                parser.offset += 1 // the ':'
                parser.skipWhitespace()
                guard (try? parser.value(depth: depth + 1)) != nil else { break }
                parser.skipWhitespace()
                parser.offset += 1 // the ','
            }
            return start
        }

        private mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            offset += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                if recordsElements && depth == 1 { elementOffsets[rootKey, default: []].append(offset) }
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard offset < bytes.count else { throw error("the document ends inside an array") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else if bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return .array(elements)
                } else {
                    throw error("expected ',' or ']' in an array")
                }
            }
        }

        private mutating func number() throws(SyntaxError) -> JSONValue {
            let start = offset
            if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let digits = { (parser: inout Parser) -> Int in
                let first = parser.offset
                while parser.offset < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.offset]) { parser.offset += 1 }
                return parser.offset - first
            }
            let integerStart = offset
            guard digits(&self) > 0 else { throw error("a number needs digits", at: start) }
            if bytes[integerStart] == UInt8(ascii: "0"), offset - integerStart > 1 {
                throw error("a number cannot start with 0 followed by more digits (JSON has no octal); write it without the leading zero", at: start)
            }
            var isInteger = true
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                isInteger = false
                guard digits(&self) > 0 else { throw error("a number needs digits after '.'", at: start) }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                isInteger = false
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
                guard digits(&self) > 0 else { throw error("a number needs digits in its exponent", at: start) }
            }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            // `-0` is an integer that prints as `0`: kept as a number with its text.
            if isInteger, let integer = Int64(text), integer != 0 || bytes[start] != UInt8(ascii: "-") { return .integer(integer) }
            guard let number = Double(text) else { throw error("\(text) is not a number", at: start) }
            return .number(number, literal: text)
        }

        /// A quoted string, with its escapes decoded; `offset` is at its opening quote.
        mutating func string() throws(SyntaxError) -> String {
            let start = offset
            offset += 1
            // Most strings hold no escape: made from the document's bytes in one piece.
            var end = offset
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (byte == 0xEF && refusesNonXMLCharacters) { break }
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                defer { offset = end + 1 }
                return intern(String(decoding: bytes[offset..<end], as: UTF8.self))
            }
            var utf8 = Array(bytes[offset..<end])
            offset = end
            while true {
                guard offset < bytes.count else { throw error("a string is never closed", at: start) }
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    offset += 1
                    return intern(String(decoding: utf8, as: UTF8.self))
                }
                if byte < 0x20 { throw error("a control character must be escaped in a string") }
                if byte != UInt8(ascii: "\\") {
                    // U+FFFE and U+FFFF are EF BF BE and EF BF BF (the bytes are valid UTF-8).
                    if refusesNonXMLCharacters, byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE {
                        throw error(Self.refusal(0xFFFE + UInt32(bytes[offset + 2] - 0xBE), written: nil))
                    }
                    utf8.append(byte)
                    offset += 1
                    continue
                }
                guard offset + 1 < bytes.count else { throw error("a string is never closed", at: start) }
                let escapeStart = offset
                let escape = bytes[offset + 1]
                offset += 2
                let scalar: Unicode.Scalar = switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): Unicode.Scalar(escape)
                case UInt8(ascii: "n"): "\n"
                case UInt8(ascii: "t"): "\t"
                case UInt8(ascii: "r"): "\r"
                case UInt8(ascii: "b"): "\u{8}"
                case UInt8(ascii: "f"): "\u{C}"
                case UInt8(ascii: "u"): try unicodeEscape()
                default: throw error("unknown escape in a string", at: offset - 2)
                }
                if refusesNonXMLCharacters, !XMLScanner.isXMLCharacter(scalar.value) {
                    throw error(Self.refusal(scalar.value, written: String(decoding: bytes[escapeStart..<offset], as: UTF8.self)), at: escapeStart)
                }
                UTF8.encode(scalar) { utf8.append($0) }
            }
        }

        /// Why a character is refused under `refusesNonXMLCharacters`, with the escape that
        /// stands for it (`\u001b`), if any.
        private static func refusal(_ value: UInt32, written: String?) -> String {
            let what = "\(XMLScanner.describeRefused(value)), which import refuses; remove it"
            return written.map { "\($0) stands for \(what)" } ?? what
        }

        /// The scalar of `\uXXXX` (a surrogate pair takes two); `offset` is after the `u`.
        private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
            let escapeStart = offset - 2
            var unit = try hexUnit()
            if (0xD800...0xDBFF).contains(unit) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("a lone surrogate in a \\u escape", at: escapeStart)
                }
                offset += 2
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in a \\u escape", at: escapeStart) }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("a lone surrogate in a \\u escape", at: escapeStart)
            }
            return Unicode.Scalar(unit)!
        }

        private mutating func hexUnit() throws(SyntaxError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw error("a \\u escape needs four hexadecimal digits") }
            var value: UInt32 = 0
            for byte in bytes[offset..<offset + 4] {
                guard let digit = Self.hexValue(byte) else {
                    throw error("a \\u escape needs four hexadecimal digits")
                }
                value = value << 4 | UInt32(digit)
            }
            offset += 4
            return value
        }

        private static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
