/// XML written as UTF-8 bytes, the one XML escaping of the tool (`XLIFFWriter`'s documents, the
/// JUnit report): every character it replaces is ASCII, so the bytes between them are copied as
/// they are, a run at a time. Characters XML 1.0 cannot hold at all (most controls) are the
/// caller's to refuse or to escape first (`TerminalText`).
package struct XMLOutput {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Character data: `& < >` and a carriage return as references.
    package mutating func text(_ string: String) {
        escape(string, inAttribute: false)
    }

    /// An attribute value: also `"`, a line break and a tab as references.
    package mutating func attribute(_ string: String) {
        escape(string, inAttribute: true)
    }

    /// ` name="value"`, the value escaped as an attribute (`name` with its leading space).
    package mutating func attribute(_ name: StaticString, _ value: String) {
        literal(name)
        literal("=\"")
        attribute(value)
        literal("\"")
    }

    private mutating func escape(_ string: String, inAttribute: Bool) {
        var string = string
        string.withUTF8 { source in
            var runStart = 0
            for index in source.indices {
                let reference: StaticString
                switch source[index] {
                case UInt8(ascii: "&"): reference = "&amp;"
                case UInt8(ascii: "<"): reference = "&lt;"
                case UInt8(ascii: ">"): reference = "&gt;"
                case 0x0D: reference = "&#13;"
                case UInt8(ascii: "\"") where inAttribute: reference = "&quot;"
                case 0x0A where inAttribute: reference = "&#10;"
                case 0x09 where inAttribute: reference = "&#9;"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                reference.withUTF8Buffer { bytes.append(contentsOf: $0) }
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
        }
    }
}
