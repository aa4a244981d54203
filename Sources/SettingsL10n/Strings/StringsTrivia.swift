/// Reading the white space and comments between entries.
enum StringsTrivia {
    /// The comments in `trivia`, each with its delimiters (`/* ... */` or `// ...`).
    static func comments(in trivia: String) -> [String] {
        commentRanges(in: trivia).map { String(trivia[$0]) }
    }

    /// Where each comment of `trivia` lies.
    static func commentRanges(in trivia: String) -> [Range<String.Index>] {
        var text = trivia
        let offsets: [Range<Int>] = text.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            var index = 0
            let count = bytes.count
            while index + 1 < count {
                guard bytes[index] == UInt8(ascii: "/") else {
                    index += 1
                    continue
                }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "*") {
                    var end = index + 2
                    while end + 1 < count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                    // An unclosed comment runs to the end.
                    end = end + 1 < count ? end + 2 : count
                    ranges.append(index..<end)
                    index = end
                } else if next == UInt8(ascii: "/") {
                    var end = index + 2
                    while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                    ranges.append(index..<end)
                    index = end
                } else {
                    index += 1
                }
            }
            return ranges
        }
        let utf8 = trivia.utf8
        return offsets.map { utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound) }
    }

    /// Whether `trivia` holds a comment, without listing them.
    static func containsComment(_ trivia: String) -> Bool {
        var previousIsSlash = false
        for byte in trivia.utf8 {
            if previousIsSlash, byte == UInt8(ascii: "*") || byte == UInt8(ascii: "/") { return true }
            previousIsSlash = byte == UInt8(ascii: "/")
        }
        return false
    }

    // A CRLF is one Character in Swift, so these look at whole characters.

    static func endsWithLineBreak(_ text: String) -> Bool {
        text.last?.isNewline == true
    }

    static func droppingLeadingLineBreak(_ text: String) -> String {
        text.first?.isNewline == true ? String(text.dropFirst()) : text
    }

    /// The index just after the last blank line of `text`, or its start when it has none: what
    /// comes before it, above a table's first entry, is the file's header.
    static func headerEnd(of text: String) -> String.Index {
        var lastBlankEnd = text.startIndex
        var lineStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index].isNewline {
                if lineStart != text.startIndex, text[lineStart..<index].allSatisfy({ $0 == " " || $0 == "\t" }) {
                    lastBlankEnd = next
                }
                lineStart = next
            }
            index = next
        }
        return lastBlankEnd
    }
}
