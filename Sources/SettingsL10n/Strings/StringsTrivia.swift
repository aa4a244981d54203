/// Reading the white space and comments between entries.
enum StringsTrivia {
    /// The comments in `trivia`, each with its delimiters (`/* ... */` or `// ...`).
    static func comments(in trivia: String) -> [String] {
        let bytes = Array(trivia.utf8)
        var comments: [String] = []
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                end = min(end + 2, bytes.count)
                comments.append(String(decoding: bytes[index..<end], as: UTF8.self))
                index = end
            } else if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                var end = index + 2
                while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                comments.append(String(decoding: bytes[index..<end], as: UTF8.self))
                index = end
            } else {
                index += 1
            }
        }
        return comments
    }
}
