import SettingsL10nTestSupport
import Testing
@testable import SettingsL10nCore

/// The word-at-a-time scans of `TerminalText` (eight bytes at once where they are printable
/// ASCII) against the byte-by-byte rules they replace.
@Suite("TerminalText's scans, eight bytes at a time")
struct TerminalTextScanTests {
    /// The rule, one byte at a time, as it was written before the scans went eight at a time.
    static func referenceNeedsEscape(_ bytes: [UInt8], keepingLineBreaks: Bool) -> Bool {
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
                      (bytes[index + 1] == 0x80 && (0xA8...0xAE).contains(bytes[index + 2]))
                        || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2])) {
                return true
            }
            index += 1
        }
        return false
    }

    static func referenceHasCommandMarker(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: ":") && $1 == UInt8(ascii: ":") }
            || bytes.indices.dropFirst(2).contains { bytes[$0 - 2] == UInt8(ascii: "#") && bytes[$0 - 1] == UInt8(ascii: "#") && bytes[$0] == UInt8(ascii: "[") }
    }

    /// Pieces that matter to the rules: printable ASCII, colons, hashes and brackets, line breaks,
    /// controls, the C1, line-separator and bidirectional characters and their near misses, other
    /// UTF-8.
    static let pieces: [[UInt8]] = [
        [0x61], [0x20], [0x7E], [0x3A], [0x3A, 0x3A], [0x23], [0x23, 0x23], [0x5B], [0x0A], [0x09], [0x0D], [0x0D, 0x0A], [0x1B], [0x00], [0x7F],
        [0xC2, 0x85], [0xC2, 0xA0], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0xA9], [0xE2, 0x81, 0xA6], [0xE2, 0x81, 0xAA],
        [0xC3, 0xA9], [0xE3, 0x81, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xFF],
    ]

    @Test("agree with the byte-by-byte rules on 20,000 texts of every length to 40, and at every place in a word")
    func agreeWithReference() {
        var generator = SeededGenerator(seed: 0x5EED)
        var checked = 0, escapes = 0, markers = 0
        for round in 0..<20_000 {
            var bytes: [UInt8] = []
            let length = round % 41
            while bytes.count < length {
                // Mostly printable ASCII, as documents are, so that whole words are skipped.
                let piece = generator.next() % 4 == 0 ? Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] : [0x61]
                bytes += piece
            }
            for keepingLineBreaks in [true, false] {
                let expected = Self.referenceNeedsEscape(bytes, keepingLineBreaks: keepingLineBreaks)
                let found = bytes.withUnsafeBufferPointer { TerminalText.needsEscape($0, keepingLineBreaks: keepingLineBreaks) }
                #expect(found == expected, "needsEscape \(bytes) keepingLineBreaks: \(keepingLineBreaks)")
                if expected { escapes += 1 }
            }
            let expected = Self.referenceHasCommandMarker(bytes)
            #expect(bytes.withUnsafeBufferPointer(TerminalText.hasCommandMarker) == expected, "hasCommandMarker \(bytes)")
            if expected { markers += 1 }
            checked += 1
        }
        // The inputs reach both answers often.
        #expect(checked == 20_000)
        #expect(escapes > 5_000 && escapes < 35_000)
        #expect(markers > 1_000 && markers < 19_000)
    }

    @Test("each unsafe piece and each '::' is found at every offset of a long printable text")
    func everyOffset() {
        for offset in 0..<24 {
            let before = [UInt8](repeating: 0x61, count: offset), after = [UInt8](repeating: 0x62, count: 23 - offset)
            for piece in [[UInt8(0x1B)], [0x7F], [0xC2, 0x85], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA9], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0x0D]] {
                let bytes = before + piece + after
                #expect(bytes.withUnsafeBufferPointer { TerminalText.needsEscape($0, keepingLineBreaks: true) }, "\(piece) at \(offset)")
            }
            for piece in [[UInt8(0x0A)], [0x09], [0x0D, 0x0A], [0xC2, 0xA0], [0xE2, 0x80, 0xA7], [0xE3, 0x81, 0x82]] {
                let bytes = before + piece + after
                #expect(!bytes.withUnsafeBufferPointer { TerminalText.needsEscape($0, keepingLineBreaks: true) }, "\(piece) at \(offset)")
            }
            let colons = before + [0x3A, 0x3A] + after
            #expect(colons.withUnsafeBufferPointer(TerminalText.hasCommandMarker), "'::' at \(offset)")
            let apart = before + [0x3A, 0x61, 0x3A] + after
            #expect(!apart.withUnsafeBufferPointer(TerminalText.hasCommandMarker), "': :' at \(offset)")
            let legacy = before + [0x23, 0x23, 0x5B] + after
            #expect(legacy.withUnsafeBufferPointer(TerminalText.hasCommandMarker), "'##[' at \(offset)")
            for near in [[UInt8(0x23), 0x5B], [0x23, 0x61, 0x23, 0x5B], [0x23, 0x23, 0x5D]] {
                let bytes = before + near + after
                #expect(!bytes.withUnsafeBufferPointer(TerminalText.hasCommandMarker), "\(near) at \(offset)")
            }
        }
    }
}
