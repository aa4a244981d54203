import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Text positions")
struct TextPositionTests {
    /// Lines and columns counted one byte at a time: what the fast paths must agree with.
    static func naivePosition(_ bytes: [UInt8], _ offset: Int) -> TextPosition {
        var line = 1, column = 1, index = 0
        while index < min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < offset, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return TextPosition(line: line, column: column)
    }

    @Test("columns count scalars, eight bytes at a time or one, at every offset of mixed text", arguments: [false, true])
    func columns(carriageReturns: Bool) {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["a", "bc", "é", "€", "🇸🇪", "\n", "  ", "\"key\" = \"value\";", "ü", "日本"] + (carriageReturns ? ["\r\n", "\r"] : [])
        for _ in 0..<200 {
            let text = (0..<Int(generator.next() % 40)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let bytes = Array(text.utf8)
            let index = LineIndex(bytes)
            var tracker = PositionTracker(bytes)
            var line = 1, shuffledLine = 1
            // Offsets at scalar starts (where entries and errors are), in increasing order.
            let offsets = bytes.indices.filter({ bytes[$0] & 0xC0 != 0x80 }) + [bytes.count]
            for (offset, shuffled) in zip(offsets, offsets.shuffled(using: &generator)) {
                // Not between a CR and its LF: no entry starts there.
                if offset > 0, offset < bytes.count, bytes[offset - 1] == 0x0D, bytes[offset] == 0x0A { continue }
                let expected = Self.naivePosition(bytes, offset)
                #expect(index.position(at: offset) == expected, "\(text.debugDescription) at \(offset)")
                #expect(tracker.position(at: offset) == expected, "\(text.debugDescription) at \(offset)")
                // Walked forward from the line before; in any order, searched when it goes back.
                #expect(index.position(at: offset, after: &line) == expected, "\(text.debugDescription) at \(offset)")
                #expect(line == expected.line)
                if shuffled > 0, shuffled < bytes.count, bytes[shuffled - 1] == 0x0D, bytes[shuffled] == 0x0A { continue }
                #expect(index.position(at: shuffled, after: &shuffledLine) == Self.naivePosition(bytes, shuffled), "\(text.debugDescription) at \(shuffled)")
            }
        }
    }

    @Test("a line of many kilobytes: columns from block counts agree with counting, at block edges too")
    func longLines() {
        var generator = SeededGenerator(seed: 11)
        let pieces = ["a", "é", "€", "🇸🇪", "<key>Title</key>", "日本"]
        for lines in [1, 3] {
            var text = ""
            for _ in 0..<lines { text += (0..<1_500).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined() + "\n" }
            let bytes = Array(text.utf8)
            let index = LineIndex(bytes)
            let offsets = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 && ($0 % 97 == 0 || ($0 % 1_024) < 4 || ($0 % 1_024) > 1_020) } + [bytes.count]
            for offset in offsets {
                #expect(index.position(at: offset) == Self.naivePosition(bytes, offset), "at \(offset)")
            }
        }
    }
}
