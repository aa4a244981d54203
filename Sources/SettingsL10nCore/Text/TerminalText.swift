/// The one escaping layer: text from input (file and folder names, keys, values, XLIFF
/// attributes) made safe to print to a terminal or a CI log. Every character of input the tool
/// prints goes through `escaped` (a field inside a line) or `forLog` (a whole document or message,
/// whose own line breaks stay); JSON documents follow the same rules the JSON way (`JSONWriter`).
///
/// Two kinds of text are changed, each written as an escape that reads as what it stands for:
/// - what a terminal or a log viewer acts on: the C0 controls (ESC sequences that clear the screen
///   or write the clipboard), DEL, the C1 controls (U+0085 ends a line to some), the line and
///   paragraph separators U+2028 and U+2029, the bidirectional controls that reorder a line:
///   `\U001B`, `\U2028`; a line break, tab or carriage return inside a field is `\n`, `\t`, `\r`.
/// - what GitHub's runner runs as a workflow command (actions/runner, `ActionCommand`): a line
///   that starts with `::` once every character .NET's `Char.IsWhiteSpace` accepts is trimmed
///   (NBSP, U+3000 and the other Unicode spaces too), whose first colon is written `\U003A`; and
///   the legacy `##[name ...]` form, run wherever it is in a line, whose bracket is written
///   `\U005B`. A field is treated as the start of a line, since the tool may print one there.
///
/// Text with nothing to change is returned as it is, without a copy: ordinary paths, keys and
/// values print as they are, so Xcode and terminals can still open and find them.
package enum TerminalText {
    /// `text` as one field of a line: every line break escaped too, so a field never ends a
    /// line, never starts a workflow command, and never holds `##[`.
    package static func escaped(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            needsChange(bytes, keepingLineBreaks: false) ? rewrite(bytes, keepingLineBreaks: false, keepingColors: false) : nil
        } ?? text
    }

    /// `text` (a document or message the tool prints) safe in a CI log: its line breaks, tabs and
    /// CRLFs stay, everything else `escaped` changes is changed, and no line it holds is a workflow
    /// command. With `keepingColors`, the tool's own colour sequences (`ESC [ 1;31 m`) stay; any
    /// other ESC is escaped. For everything but the GitHub report, whose commands the tool writes
    /// itself, and the diffs of `--dry-run`, which are printed as written.
    package static func forLog(_ text: String, keepingColors: Bool = false) -> String {
        var text = text
        return text.withUTF8 { bytes in
            needsChange(bytes, keepingLineBreaks: true) ? rewrite(bytes, keepingLineBreaks: true, keepingColors: keepingColors) : nil
        } ?? text
    }

    /// Whether `forLog` would return `text` as it is: nothing to escape, and no line that GitHub
    /// Actions would run. True of every JSON document `JSONWriter` makes.
    package static func isSafeForLog(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { !needsChange($0, keepingLineBreaks: true) }
    }

    /// Whether `rewrite` would change `bytes`: the word-at-a-time scans find no candidate in
    /// nearly every document, and a `::` is changed only where it starts a line.
    private static func needsChange(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool) -> Bool {
        if needsEscape(bytes, keepingLineBreaks: keepingLineBreaks) { return true }
        guard hasCommandMarker(bytes) else { return false }
        let rewritten = rewrite(bytes, keepingLineBreaks: keepingLineBreaks, keepingColors: false)
        return !rewritten.utf8.elementsEqual(bytes)
    }

    /// The text with every change made (see the type's summary), one pass over the UTF-8 bytes.
    private static func rewrite(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool, keepingColors: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        // Whether only white space (as .NET trims it) came since the start of the line.
        var lineStart = true
        // How many `#` came just before.
        var hashes = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if let length = escapedLength(bytes, at: index, keepingLineBreaks: keepingLineBreaks) {
                if keepingColors, byte == 0x1B, let colour = colourLength(bytes, at: index) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + colour)]))
                    index += colour
                } else {
                    appendEscape(of: bytes, at: index, length: length, to: &out)
                    index += length
                }
                lineStart = false
                hashes = 0
                continue
            }
            if byte == 0x0A { lineStart = true }
            if lineStart, byte != 0x0A {
                if let space = whiteSpaceLength(bytes, at: index) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + space)]))
                    index += space
                    continue
                }
                lineStart = false
                if byte == UInt8(ascii: ":"), index + 1 < count, bytes[index + 1] == UInt8(ascii: ":") {
                    out.append(contentsOf: "\\U003A".utf8)
                    index += 1
                    continue
                }
            }
            if byte == UInt8(ascii: "["), hashes >= 2 {
                out.append(contentsOf: "\\U005B".utf8)
                hashes = 0
                index += 1
                continue
            }
            hashes = byte == UInt8(ascii: "#") ? hashes + 1 : 0
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The UTF-8 length of the character at `index` when it is one `escaped` writes as an
    /// escape (a line break, tab or CRLF kept with `keepingLineBreaks`), else nil.
    @inline(__always)
    private static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, keepingLineBreaks: Bool) -> Int? {
        guard needsEscape(bytes, at: index, keepingLineBreaks: keepingLineBreaks) else { return nil }
        switch bytes[index] {
        case 0xC2: return 2
        case 0xE2: return 3
        default: return 1
        }
    }

    /// Appends the escape of the character of `length` bytes at `index`: `\n`, `\t`, `\r`, or
    /// `\U` and at least four hexadecimal digits.
    private static func appendEscape(of bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, to out: inout [UInt8]) {
        let value: UInt32 = switch length {
        case 2: UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        case 3: UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        default: UInt32(bytes[index])
        }
        switch value {
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x09: out.append(contentsOf: "\\t".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        default:
            let hex = String(value, radix: 16, uppercase: true)
            out.append(contentsOf: ("\\U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8)
        }
    }

    /// The length of a colour sequence (SGR: ESC `[`, digits and semicolons, `m`) at `index`,
    /// else nil.
    private static func colourLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
        var end = index + 2
        while end < bytes.count, end - index < 16, bytes[end] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[end]) { end += 1 }
        return end < bytes.count && bytes[end] == UInt8(ascii: "m") ? end + 1 - index : nil
    }

    /// The UTF-8 length of the character at `index` when .NET's `Char.IsWhiteSpace` accepts it
    /// and `escaped` leaves it (space, tab, NBSP, U+1680, U+2000–U+200A, U+202F, U+205F,
    /// U+3000), else nil. The rest of .NET's white space (line breaks, U+0085, U+2028, U+2029)
    /// is escaped before it gets here.
    @inline(__always)
    static func whiteSpaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = bytes[index]
        if byte == 0x20 || byte == 0x09 { return 1 }
        let count = bytes.count
        switch byte {
        case 0xC2 where index + 1 < count && bytes[index + 1] == 0xA0: return 2
        case 0xE1 where index + 2 < count && bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80: return 3
        case 0xE2 where index + 2 < count:
            let second = bytes[index + 1], third = bytes[index + 2]
            return (second == 0x80 && ((0x80...0x8A).contains(third) || third == 0xAF)) || (second == 0x81 && third == 0x9F) ? 3 : nil
        case 0xE3 where index + 2 < count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80: return 3
        default: return nil
        }
    }
}
