/// Reading the white space and comments between entries.
enum StringsTrivia {
    /// The comments in `trivia`, each with its delimiters (`/* ... */` or `// ...`).
    static func comments(in trivia: String) -> [String] {
        commentRanges(in: trivia).map { String(trivia[$0]) }
    }

    /// Where each comment of `trivia` lies.
    static func commentRanges(in trivia: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        let utf8 = trivia.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard utf8[index] == UInt8(ascii: "/"), next < utf8.endIndex else {
                index = next
                continue
            }
            if utf8[next] == UInt8(ascii: "*") {
                var end = utf8.index(after: next)
                var closed = false
                while end < utf8.endIndex {
                    let after = utf8.index(after: end)
                    if utf8[end] == UInt8(ascii: "*"), after < utf8.endIndex, utf8[after] == UInt8(ascii: "/") {
                        end = utf8.index(after: after)
                        closed = true
                        break
                    }
                    end = after
                }
                if !closed { end = utf8.endIndex }
                ranges.append(index..<end)
                index = end
            } else if utf8[next] == UInt8(ascii: "/") {
                var end = next
                while end < utf8.endIndex, utf8[end] != 0x0A, utf8[end] != 0x0D { end = utf8.index(after: end) }
                ranges.append(index..<end)
                index = end
            } else {
                index = next
            }
        }
        return ranges
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
