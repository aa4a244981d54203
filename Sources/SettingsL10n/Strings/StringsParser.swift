/// Parses `.strings` files into lossless `StringsDocument`s, following the device's reading
/// rules: the last of duplicate keys wins, `"key";` alone means key = key, unquoted words are
/// keys and values, `//` and `/* */` comments go anywhere white space may.
public enum StringsParser {
    /// Parses the bytes of a `.strings` file.
    /// - Throws: `StringsParseError` naming the line and column of the first problem.
    public static func parse(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(StringsParseError) -> StringsDocument {
        guard bytes.count <= limits.maximumFileSize else {
            throw StringsParseError("the file is larger than \(limits.maximumFileSize) bytes", at: nil)
        }
        let decoded: DecodedText
        decoded = try DecodedText.decode(bytes)
        var notices: [StringsNotice] = []
        if decoded.encoding != .utf8, !decoded.hasByteOrderMark {
            notices.append(StringsNotice(
                kind: .utf16WithoutByteOrderMark, position: nil,
                message: "the file is UTF-16 without a byte-order mark, which the device cannot read; save it as UTF-8 or UTF-16 with a byte-order mark"))
        }
        if decoded.utf8.isEmpty {
            notices.append(StringsNotice(
                kind: .emptyFile, position: nil,
                message: "the file is empty, which the device fails to read; remove it or give it at least a comment"))
        }
        var parser = Parser(scanner: OpenStepScanner(bytes: decoded.utf8, limits: limits))
        let (entries, trailer) = try parser.parseEntries()
        if let offset = parser.scanner.unterminatedCommentOffset {
            notices.append(StringsNotice(
                kind: .unterminatedComment, position: parser.scanner.position(at: offset),
                message: "this comment is never closed with '*/'; the device ignores everything after it"))
        }
        return StringsDocument(encoding: decoded.encoding, hasByteOrderMark: decoded.hasByteOrderMark,
                               lineEnding: LineEnding.dominant(in: decoded.utf8), entries: entries,
                               trailer: trailer, notices: notices)
    }

    private struct Parser {
        var scanner: OpenStepScanner

        private var bytes: [UInt8] { scanner.bytes }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        private func error(_ message: String, at offset: Int) -> StringsParseError {
            StringsParseError(message, at: scanner.position(at: offset))
        }

        mutating func parseEntries() throws(StringsParseError) -> ([StringsEntry], String) {
            var entries: [StringsEntry] = []
            var segmentStart = 0
            while scanner.skipTrivia() {
                let keyStart = scanner.offset
                guard scanner.atStringStart else {
                    let byte = scanner.current
                    if entries.isEmpty, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "<") {
                        throw error("this .strings file is written as a property list ({...} or XML), which settings-l10n does not edit; write it as \"key\" = \"value\"; lines", at: keyStart)
                    }
                    throw error("unexpected \(scanner.describeCharacter(at: keyStart)); expected a quoted key (the device stops reading the table here)", at: keyStart)
                }
                let (key, value, keyEnd, valueRange) = try parseKeyAndValue(keyStart: keyStart)
                scanner.offset += 1 // the ';'
                let entryEnd = scanner.offset
                let trailingEnd = endOfLineTrivia(from: entryEnd)
                var entry = StringsEntry(
                    leadingTrivia: text(segmentStart..<keyStart),
                    source: text(keyStart..<entryEnd),
                    trailingTrivia: text(entryEnd..<trailingEnd),
                    key: key, value: value,
                    position: scanner.position(at: keyStart),
                    valuePosition: scanner.position(at: valueRange?.lowerBound ?? keyStart))
                entry.keyEnd = keyEnd - keyStart
                entry.valueRange = valueRange.map { ($0.lowerBound - keyStart)..<($0.upperBound - keyStart) }
                entries.append(entry)
                scanner.offset = trailingEnd
                segmentStart = trailingEnd
            }
            return (entries, text(segmentStart..<bytes.count))
        }

        /// Parses `key = value` or `key` up to the `;` (left unconsumed); returns the key, the
        /// value, where the key token ends and where the value token lies.
        private mutating func parseKeyAndValue(keyStart: Int) throws(PlistParseError) -> (String, PlistValue, Int, Range<Int>?) {
            let key = try scanner.parseString()
            let keyEnd = scanner.offset
            guard scanner.skipTrivia() else {
                throw scanner.error("missing ';' after the key \"\(key)\"", at: keyEnd)
            }
            if scanner.current == UInt8(ascii: ";") {
                return (key, .string(key), keyEnd, nil)
            }
            guard scanner.current == UInt8(ascii: "=") else {
                throw scanner.error("unexpected \(scanner.describeCharacter(at: scanner.offset)) after the key \"\(key)\"; expected '=' or ';'", at: scanner.offset)
            }
            scanner.offset += 1
            guard scanner.skipTrivia() else {
                throw scanner.error("missing the value of \"\(key)\" after '='", at: scanner.offset)
            }
            let valueStart = scanner.offset
            let value = try scanner.parseValue(depth: 0).value
            let valueEnd = scanner.offset
            guard scanner.skipTrivia(), scanner.current == UInt8(ascii: ";") else {
                throw scanner.error("missing ';' after the value of \"\(key)\"", at: valueEnd)
            }
            return (key, value, keyEnd, valueStart..<valueEnd)
        }

        /// The end of what follows an entry on its own line: spaces, tabs, comments that end on
        /// that line, and the line break itself.
        private func endOfLineTrivia(from start: Int) -> Int {
            var offset = start
            let count = bytes.count
            while offset < count {
                let byte = bytes[offset]
                if byte == 0x20 || byte == 0x09 {
                    offset += 1
                } else if byte == UInt8(ascii: "/"), offset + 1 < count, bytes[offset + 1] == UInt8(ascii: "/") {
                    while offset < count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
                } else if byte == UInt8(ascii: "/"), offset + 1 < count, bytes[offset + 1] == UInt8(ascii: "*") {
                    var end = offset + 2
                    while end + 1 < count, bytes[end] != 0x0A, bytes[end] != 0x0D,
                          !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                    guard end + 1 < count, bytes[end] == UInt8(ascii: "*") else { return offset }
                    offset = end + 2
                } else if byte == 0x0D {
                    return offset + 1 < count && bytes[offset + 1] == 0x0A ? offset + 2 : offset + 1
                } else if byte == 0x0A {
                    return offset + 1
                } else {
                    return offset
                }
            }
            return offset
        }
    }
}
