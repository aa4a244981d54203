/// Text quoted inside messages for people.
package enum MessageText {
    /// The most characters of a value a message quotes.
    package static let quotedLimit = 80

    /// `text` as a quoted `.strings` literal, cut after `quotedLimit` characters with its full
    /// length said: a message never copies a whole long value (a title can be megabytes).
    package static func quoted(_ text: String) -> String {
        // Short text (the usual key or title) is quoted whole without counting its characters.
        if text.utf8.count <= quotedLimit { return StringsWriting.quoted(text) }
        let head = text.prefix(quotedLimit)
        guard head.endIndex < text.endIndex else { return StringsWriting.quoted(text) }
        return StringsWriting.quoted(String(head)).dropLast() + "…\" (\(text.unicodeScalars.count) characters)"
    }

    /// Whether `quoted` puts the UTF-8 `body` between quotes as it is: short, and nothing to escape.
    private static func isQuotedAsIs(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        body.count <= quotedLimit && !StringsWriting.needsEscape(body)
    }

    /// Appends the UTF-8 of `text` quoted as `quoted` quotes it to `output`: short text that
    /// needs no escape (nearly every key) is copied in place, without a string of its own.
    package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var utf8 = text
        let copied = utf8.withUTF8 { body -> Bool in
            guard isQuotedAsIs(body) else { return false }
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: body)
            output.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { output.appendUTF8(quoted(text)) }
    }

    /// `prefix`, `text` quoted as `quoted` quotes it, then `suffix`: the usual message about one
    /// key, made in one allocation (a check can make a hundred thousand of them).
    package static func message(_ prefix: StaticString, quoting text: String, _ suffix: StaticString) -> String {
        var text = text
        return text.withUTF8 { body in
            guard isQuotedAsIs(body) else {
                return prefix.description + quoted(String(decoding: body, as: UTF8.self)) + suffix.description
            }
            let total = prefix.utf8CodeUnitCount + body.count + 2 + suffix.utf8CodeUnitCount
            // The pieces copied into the string's own storage: no intermediate strings.
            return String(unsafeUninitializedCapacity: total) { buffer in
                var at = 0
                func put(_ piece: UnsafeBufferPointer<UInt8>) {
                    guard let source = piece.baseAddress, !piece.isEmpty else { return }
                    (buffer.baseAddress! + at).update(from: source, count: piece.count)
                    at += piece.count
                }
                let quote: UInt8 = UInt8(ascii: "\"")
                prefix.withUTF8Buffer(put)
                buffer[at] = quote
                at += 1
                put(body)
                buffer[at] = quote
                at += 1
                suffix.withUTF8Buffer(put)
                return at
            }
        }
    }

    /// `text` as written, cut after `quotedLimit` characters with an ellipsis.
    package static func excerpt(_ text: String) -> String {
        if text.utf8.count <= quotedLimit { return text }
        let head = text.prefix(quotedLimit)
        return head.endIndex < text.endIndex ? head + "…" : text
    }

    /// `word` after its indefinite article: "an Account.strings", "an integer", "a string".
    package static func withArticle(_ word: String) -> String {
        let vowel = word.first.map { "aeiouAEIOU".contains($0) } ?? false
        return (vowel ? "an " : "a ") + word
    }
}
