/// Writing keys and values as `.strings` text.
package enum StringsWriting {
    /// `text` as a double-quoted `.strings` literal that reads back as exactly `text`.
    ///
    /// Quotes and backslashes are escaped, line breaks and tabs written as `\n`, `\r`, `\t`,
    /// and other control characters as `\U` escapes; everything else is written as itself.
    package static func quoted(_ text: String) -> String {
        // Most text needs no escape: copy it whole.
        if !needsEscape(text) {
            return "\"" + text + "\""
        }
        var output = "\""
        output.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                output += "\\U" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
        return output
    }

    /// Whether `quoted` escapes anything in `text`.
    package static func needsEscape(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(needsEscape)
    }

    /// `needsEscape` on the UTF-8 of a text, read in place.
    package static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F }
    }

    /// The source of an entry: `"key" = "value";`.
    package static func entrySource(key: String, value: String) -> String {
        "\(quoted(key)) = \(quoted(value));"
    }
}
