extension JSONReader {
    /// A step into a JSON value: an object's member, or an array's element.
    public enum PathComponent: Hashable, Sendable {
        case member(String)
        case element(Int)
    }

    /// Where the value at `path` starts in the document `bytes` (the root for an empty path),
    /// or `nil` when the document does not hold it: for a message about a value read before,
    /// pointing at it. The document is read again up to the value, only when there is a problem.
    public static func position(of path: [PathComponent], in bytes: [UInt8], limits: ReadLimits = .standard) -> TextPosition? {
        guard var parser = try? Parser(document: bytes, limits: limits) else { return nil }
        parser.skipWhitespace()
        for component in path {
            guard parser.enter(component) else { return nil }
        }
        return parser.position(of: parser.offset)
    }
}

extension JSONReader.Parser {
    /// The positions of `offsets`, given in document order, in one walk over the text: each
    /// column counted on from the offset before, where counting from the start of the line
    /// each time made a document on one line (a minified String Catalog) quadratic.
    func positions(of offsets: [Int]) -> [TextPosition] {
        var line = 1, index = start, counted = start, column = 1
        return offsets.map { offset in
            let at = max(start, min(offset, bytes.count))
            if at < counted {
                (line, index, counted, column) = (1, start, start, 1)
            }
            while index < at {
                if bytes[index] == 0x0A {
                    line += 1
                    counted = index + 1
                    column = 1
                }
                index += 1
            }
            column += Self.characterCount(bytes, from: counted, to: at)
            counted = at
            return TextPosition(line: line, column: column)
        }
    }

    /// The characters of `bytes[start..<end]`, which hold no line feed. The offsets asked
    /// for are where a token starts, after JSON's own ASCII punctuation or white space,
    /// where a character always ends, so counting on from the one before gives the count
    /// from the start of the line.
    static func characterCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        let isASCII = bytes.withUnsafeBufferPointer { buffer in
            var high: UInt8 = 0
            for index in start..<end { high |= buffer[index] }
            return high < 0x80
        }
        // Each ASCII character is one character (a carriage return before a line feed
        // would be one with it, but the line feed ends the line first).
        return isASCII ? end - start : String(decoding: bytes[start..<end], as: UTF8.self).count
    }

    /// Moves from the start of a value to the start of its member or element `component`;
    /// `false` when the value is not an object or array holding it.
    mutating func enter(_ component: JSONReader.PathComponent) -> Bool {
        let (open, close): (UInt8, UInt8) = switch component {
        case .member: (UInt8(ascii: "{"), UInt8(ascii: "}"))
        case .element: (UInt8(ascii: "["), UInt8(ascii: "]"))
        }
        guard offset < bytes.count, bytes[offset] == open else { return false }
        offset += 1
        var index = 0
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] != close else { return false }
            switch component {
            case .member(let name):
                guard let key = try? string() else { return false }
                skipWhitespace()
                offset += 1 // the ':'
                skipWhitespace()
                // Compared as the reader tells keys apart (UTF-16 code units: "Caf\u00e9" is not
                // "Cafe\u0301"), never by Swift's canonical equivalence.
                if StringsKey(key) == StringsKey(name) { return true }
            case .element(let wanted):
                if index == wanted { return true }
            }
            guard (try? value(depth: 1)) != nil else { return false }
            index += 1
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") else { return false }
            offset += 1
        }
    }
}
