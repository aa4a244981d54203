#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes JSON text straight into bytes, so large documents (thousands of diagnostics) need
/// no tree of values first. `JSONValue` renders through it too: one formatting for both.
package struct JSONWriter: ~Copyable {
    private var output: ByteBuffer
    let pretty: Bool
    /// The open containers, and for each whether it has a member yet: bit `level - 1` of
    /// `memberBits` for the first 64 levels (a bit test per member, where an array of flags
    /// would check its storage twice), `deepMembers` past them.
    private var depth = 0
    private var memberBits: UInt64 = 0
    private var deepMembers: [Bool] = []

    /// Levels of indentation the text starts at: a fragment to be placed inside a document.
    private let baseDepth: Int

    /// `capacity`: the bytes the text is expected to take (the buffer grows past it if needed).
    package init(pretty: Bool, depth: Int = 0, capacity: Int = 4096) {
        self.pretty = pretty
        self.baseDepth = depth
        output = ByteBuffer(capacity: capacity)
    }

    /// Text rendered elsewhere (a fragment made at the right depth), placed as it is.
    package mutating func raw(_ text: String) {
        output.append(text)
    }

    /// The text without a final line break (a fragment).
    package consuming func fragment() -> String {
        output.string()
    }

    /// The text, with a final line break.
    package consuming func finish() -> String {
        output.append(0x0A)
        return output.string()
    }

    /// Hands the text written so far to `write` once it holds `threshold` bytes, and starts
    /// afresh: a long document streams out in chunks instead of growing in memory.
    package mutating func drain(ifLargerThan threshold: Int, into write: (String) -> Void) {
        guard output.count >= threshold else { return }
        write(output.string())
        output.removeAll()
    }

    /// Hands the rest of the text, with its final line break, to `write`.
    package consuming func finish(into write: (String) -> Void) {
        output.append(0x0A)
        write(output.string())
    }

    private mutating func newline(_ depth: Int) {
        output.appendLineBreak(indentation: 2 * (baseDepth + depth))
    }

    /// Starts the next member of the innermost container: a comma after the first, a new line.
    private mutating func nextMember() {
        if innermostHasMembers {
            output.append(UInt8(ascii: ","))
        } else {
            innermostHasMembers = true
        }
        if pretty { newline(depth) }
    }

    /// Whether the innermost open container has a member yet.
    private var innermostHasMembers: Bool {
        @inline(__always) get {
            depth <= 64 ? memberBits & (1 &<< UInt64(depth - 1)) != 0 : deepMembers[depth - 65]
        }
        @inline(__always) set {
            if depth > 64 {
                deepMembers[depth - 65] = newValue
            } else if newValue {
                memberBits |= 1 &<< UInt64(depth - 1)
            } else {
                memberBits &= ~(1 &<< UInt64(depth - 1))
            }
        }
    }

    private mutating func open(hasMembers: Bool) {
        depth += 1
        if depth > 64 { deepMembers.append(hasMembers) } else { innermostHasMembers = hasMembers }
    }

    package mutating func beginObject() { output.append(UInt8(ascii: "{")); open(hasMembers: false) }
    package mutating func beginArray() { output.append(UInt8(ascii: "[")); open(hasMembers: false) }

    package mutating func endObject() { close(UInt8(ascii: "}")) }
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = innermostHasMembers
        if depth > 64 { deepMembers.removeLast() }
        depth -= 1
        if hadMembers, pretty { newline(depth) }
        output.append(bracket)
    }

    /// Before each element of an array.
    package mutating func element() { nextMember() }

    /// Continues an array another writer opened, as a fragment of its elements placed after
    /// `afterElements` others (then the fragment starts with a comma). The writer's `depth` is
    /// the depth of the array's container.
    package mutating func resumeArray(afterElements: Bool) { open(hasMembers: afterElements) }

    /// After fragments of elements made by `resumeArray` writers were placed (`raw` or written
    /// out) inside the innermost array: it has elements, so it closes on its own line.
    package mutating func resumedElements() { innermostHasMembers = true }

    /// Before each value of an object: its key.
    mutating func key(_ key: String) {
        nextMember()
        string(key)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(0x20) }
    }

    /// A key written in the source, which needs no escape: copied as it is.
    package mutating func fixedKey(_ key: StaticString) {
        nextMember()
        key.withUTF8Buffer { output.appendKey(UnsafeRawBufferPointer($0), space: pretty) }
    }

    /// Keys of an object written many times at one depth (each finding of a report), prepared
    /// once: then a member's comma, line break, indentation and key are one copy.
    package struct PreparedKeys: Sendable {
        /// Each key as it follows an earlier member: comma, line break, indentation, key, colon;
        /// key `i` is `bytes[starts[i]..<starts[i + 1]]`.
        fileprivate let bytes: [UInt8]
        fileprivate let starts: [Int]
        /// The indentation level of the object's members (the writer's base depth included).
        fileprivate let depth: Int

        package init(_ keys: [StaticString], depth: Int, pretty: Bool) {
            var bytes: [UInt8] = [], starts: [Int] = []
            for key in keys {
                starts.append(bytes.count)
                bytes.append(UInt8(ascii: ","))
                if pretty { bytes += [0x0A] + Array(repeating: 0x20, count: 2 * depth) }
                bytes.append(UInt8(ascii: "\""))
                key.withUTF8Buffer { bytes += $0 }
                bytes += pretty ? Array("\": ".utf8) : Array("\":".utf8)
            }
            starts.append(bytes.count)
            self.bytes = bytes
            self.starts = starts
            self.depth = depth
        }
    }

    /// Before a value of an object: key `index` of `keys`, which were prepared for this depth.
    package mutating func key(_ keys: borrowing PreparedKeys, _ index: Int) {
        assert(keys.depth == baseDepth + depth, "keys prepared for another depth")
        // The first member has no comma before it.
        let start = keys.starts[index] &+ (innermostHasMembers ? 0 : 1), end = keys.starts[index &+ 1]
        innermostHasMembers = true
        keys.bytes.withUnsafeBytes { raw in
            output.append(UnsafeRawBufferPointer(start: raw.baseAddress! + start, count: end &- start))
        }
    }

    /// Text that is already JSON (a value `quoted` made), placed as it is.
    package mutating func raw(bytes: [UInt8]) {
        bytes.withUnsafeBytes { output.append($0) }
    }

    /// A string as a JSON value, quoted and escaped: for a value written many times.
    package static func quoted(_ string: String) -> [UInt8] {
        var writer = JSONWriter(pretty: false, capacity: string.utf8.count + 2)
        writer.string(string)
        return writer.output.bytes()
    }

    package mutating func null() { literal("null") }
    mutating func bool(_ value: Bool) { literal(value ? "true" : "false") }

    /// A literal's bytes, copied without making a String of it.
    private mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { output.append(UnsafeRawBufferPointer($0)) }
    }

    mutating func integer(_ value: Int64) {
        // Digits from the right, in a small buffer: no String per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var index = digits.count
            repeat {
                index -= 1
                digits[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { output.append(UInt8(ascii: "-")) }
            output.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(digits)[index...]))
        }
    }

    /// `literal`: the number's text as a document held it, written as it was.
    mutating func number(_ value: Double, literal: String? = nil) {
        if let literal {
            output.append(literal)
        } else if !value.isFinite {
            null()
        } else if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
            output.append(".0")
        } else {
            output.append("\(value)")
        }
    }

    package mutating func optional(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    package mutating func optional(_ value: Int?) {
        if let value { integer(Int64(value)) } else { null() }
    }

    /// Non-zero when any of eight bytes is a control character, a quote, a backslash, DEL,
    /// 0xC2 (which starts the C1 controls), 0xE2 (which starts U+2028, U+2029 and the
    /// bidirectional controls) or `[` (of a `##[`): the classic "has a zero byte" and "has a
    /// byte less than" tests, whose results two words can share.
    @inline(__always)
    private static func escapeBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBits(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
        let below0x20 = (word &- ones &* 0x20) & ~word
        return (below0x20 | zeroBits(word ^ (ones &* 0x22)) | zeroBits(word ^ (ones &* 0x5C)) | zeroBits(word ^ (ones &* 0x7F))
            | zeroBits(word ^ (ones &* 0xC2)) | zeroBits(word ^ (ones &* 0xE2)) | zeroBits(word ^ (ones &* 0x5B))) & highs
    }

    /// The offset of the first byte from `start` that is a control character, a quote, a
    /// backslash, DEL, 0xC2, 0xE2 or `[`, or the end.
    @inline(__always)
    private static func nextCandidate(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        let count = raw.count
        while index &+ 16 <= count {
            let low = escapeBits(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let high = escapeBits(raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self))
            if low | high == 0 {
                index &+= 16
                continue
            }
            return index &+ (low != 0 ? low.trailingZeroBitCount >> 3 : 8 &+ high.trailingZeroBitCount >> 3)
        }
        if index &+ 8 <= count {
            let bits = escapeBits(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if bits != 0 { return index &+ bits.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        while index < count {
            let byte = raw[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2 || byte == 0xE2
                || byte == UInt8(ascii: "[") { return index }
            index &+= 1
        }
        return count
    }

    /// Whether E2 `second` `third` is U+2028, U+2029 or a bidirectional control (U+202A–U+202E,
    /// U+2066–U+2069).
    @inline(__always)
    private static func isEscapedThreeByteControl(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    /// A JSON string: runs of bytes that need no escape are copied at once.
    package mutating func string(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            let raw = UnsafeRawBufferPointer(bytes)
            while index < count {
                // Most bytes need no escape: skip them sixteen, then eight at a time, straight
                // to the first byte that may (the lowest flag of `escapeBits` is never a false
                // one), then the last few one by one. Only those bytes come out of it.
                index = Self.nextCandidate(raw, from: index)
                guard index < count else { break }
                let byte = bytes[index]
                // The usual escapes are two bytes, written as such.
                let short: UInt8? = switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
                case 0x0A: UInt8(ascii: "n")
                case 0x0D: UInt8(ascii: "r")
                case 0x09: UInt8(ascii: "t")
                default: nil
                }
                if let short {
                    if index > runStart { output.append(UnsafeRawBufferPointer(rebasing: raw[runStart..<index])) }
                    output.append(UInt8(ascii: "\\"), short)
                    index += 1
                    runStart = index
                    continue
                }
                // Escaped as well: what a terminal or a log viewer acts on (DEL, the C1 controls,
                // the bidirectional controls that reorder a line, U+2028 and U+2029, which end
                // lines in JavaScript too) and the bracket of `##[`, which GitHub's runner runs
                // as a workflow command anywhere in a line: `TerminalText`'s set. The text stays
                // the same JSON string, and the document is safe to print as it is.
                var escape: String?
                var length = 1
                switch byte {
                case 0x00..<0x20, 0x7F: escape = "\\u00" + hex(byte).lowercased()
                case UInt8(ascii: "[") where index >= 2 && bytes[index - 1] == UInt8(ascii: "#") && bytes[index - 2] == UInt8(ascii: "#"):
                    escape = "\\u005b"
                case 0xC2 where index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]):
                    escape = "\\u00" + hex(bytes[index + 1]).lowercased()
                    length = 2
                case 0xE2 where index + 2 < count && Self.isEscapedThreeByteControl(bytes[index + 1], bytes[index + 2]):
                    escape = "\\u20" + hex(bytes[index + 1] == 0x80 ? bytes[index + 2] - 0x80 : bytes[index + 2] - 0x40).lowercased()
                    length = 3
                default: break
                }
                if let escape {
                    if index > runStart { output.append(UnsafeRawBufferPointer(rebasing: raw[runStart..<index])) }
                    output.append(escape)
                    index += length
                    runStart = index
                } else {
                    index += 1
                }
            }
            if count > runStart { output.append(UnsafeRawBufferPointer(rebasing: raw[runStart..<count])) }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// ISO 8601 dates as property lists write them (`2010-04-27T12:30:00Z`).
enum ISO8601 {
    static func string(from date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}

package enum Base64 {
    package static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
