/// Text from input (file names, keys, values, XLIFF attributes) made safe to print to a
/// terminal or a CI log: control characters that a terminal or a log viewer would act on
/// (ESC sequences that clear the screen or write the clipboard, a line break that starts a
/// GitHub workflow command, bidirectional overrides that reorder what is shown) are written
/// as `\U001B`-style escapes. Text without any is returned as it is, without a copy.
package enum TerminalText {
    /// `text` with its control characters escaped. With `keepingLineBreaks`, `\n`, `\t` and
    /// the `\r` of a CRLF stay as they are (whole documents and multi-line messages); a line
    /// of input text printed in a field escapes them too.
    package static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsEscape(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isUnsafe(scalar, keepingLineBreaks: keepingLineBreaks, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` (escaped, with its line breaks) safe in a CI log: a line that would start with
    /// `::`, which GitHub Actions runs as a workflow command, has its first colon escaped. For
    /// everything but the GitHub report, where the tool writes the commands itself.
    package static func forLog(_ text: String) -> String {
        let escaped = escaped(text, keepingLineBreaks: true)
        guard hasDoubleColon(escaped) else { return escaped }
        var lines = escaped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("::") {
                lines[index] = String(lines[index][..<trimmed.startIndex]) + "\\U003A" + trimmed.dropFirst()
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `text` holds `::`, looked for in its bytes (`String.contains` searches a whole
    /// dry run's diff a character at a time).
    private static func hasDoubleColon(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previousColon = false
            for byte in bytes {
                let colon = byte == UInt8(ascii: ":")
                if colon && previousColon { return true }
                previousColon = colon
            }
            return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool, next: Unicode.Scalar?) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepingLineBreaks
        case 0x0D: return !(keepingLineBreaks && next == "\n")
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidirectional embeddings, overrides and isolates: they reorder the rest of the line.
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `text` holds anything `escaped` changes, looked for in its UTF-8 bytes.
    private static func needsEscape(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F {
                    if !keepingLineBreaks || !(byte == 0x0A || byte == 0x09 || (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                        return true
                    }
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    return true
                } else if byte == 0xE2, index + 2 < bytes.count,
                          (bytes[index + 1] == 0x80 && (0xAA...0xAE).contains(bytes[index + 2]))
                            || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2])) {
                    return true
                }
                index += 1
            }
            return false
        }
    }
}
