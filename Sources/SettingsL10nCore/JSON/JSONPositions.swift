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
}
