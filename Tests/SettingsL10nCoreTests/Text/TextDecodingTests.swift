import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Decoding text")
struct TextDecodingTests {
    /// Scalars at every boundary of the UTF-8 and UTF-16 encodings.
    static let boundaries: [UInt32] = [0x00, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x20AC, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF,
                                       0x10000, 0x1F600, 0x10FFFF]

    /// Up to 39 pieces: runs of ASCII (which the codecs take eight bytes at a time), scalars at
    /// an encoding boundary, scalars anywhere (surrogates become "x").
    static func randomText(_ generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int(generator.next() % 40) {
            let pick = generator.next()
            if pick % 4 == 1 {
                for _ in 0..<Int(pick / 4 % 20) { text.unicodeScalars.append(Unicode.Scalar(UInt8(generator.next() % 0x80))) }
                continue
            }
            let value = pick % 3 == 0 ? boundaries[Int(pick / 3 % UInt64(boundaries.count))] : UInt32(pick % 0x11_0000)
            text.unicodeScalars.append(Unicode.Scalar(value) ?? "x")
        }
        return text
    }

    @Test("UTF-16 in both byte orders decodes to the same UTF-8 as the standard library", arguments: [false, true])
    func utf16MatchesStandardLibrary(bigEndian: Bool) throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let text = Self.randomText(&generator)
            let bytes = utf16Bytes("\u{FEFF}" + text, bigEndian: bigEndian, byteOrderMark: false)
            let decoded = try DecodedText.transcodeUTF16(bytes, from: 2, bigEndian: bigEndian)
            #expect(decoded == Array(text.utf8))
        }
    }

    @Test("text encodes to UTF-16 in both byte orders as the standard library's UTF-16 view has it", arguments: [false, true])
    func utf16Encoding(bigEndian: Bool) {
        var generator = SeededGenerator(seed: 5)
        for round in 0..<200 {
            let text = Self.randomText(&generator)
            let withMark = round % 2 == 0
            var expected: [UInt8] = []
            for unit in Array((withMark ? "\u{FEFF}" : "").utf16) + Array(text.utf16) {
                let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
                expected += bigEndian ? [high, low] : [low, high]
            }
            #expect(DecodedText.encode(text, as: bigEndian ? .utf16BigEndian : .utf16LittleEndian, byteOrderMark: withMark) == expected)
        }
    }

    @Test("unpaired surrogates are refused where they are", arguments: [
        ([0x41, 0x00, 0x00, 0xDC], TextPosition(line: 1, column: 2)),             // a low surrogate alone
        ([0x41, 0x00, 0x0A, 0x00, 0x3D, 0xD8], TextPosition(line: 2, column: 1)), // a high surrogate at the end
        ([0x3D, 0xD8, 0x41, 0x00], TextPosition(line: 1, column: 1)),             // a high surrogate before a letter
        ([0x3D, 0xD8, 0x3D, 0xD8, 0x00, 0xDE], TextPosition(line: 1, column: 1)), // two high surrogates
    ] as [([UInt8], TextPosition)])
    func unpaired(bytes: [UInt8], position: TextPosition) {
        #expect(throws: SyntaxError("the file is not valid UTF-16 (an unpaired surrogate)", at: position)) {
            try DecodedText.transcodeUTF16(bytes, from: 0, bigEndian: false)
        }
    }

    @Test("UTF-8 is judged valid exactly where the standard library judges it valid")
    func utf8Validity() {
        // Every one- and two-byte input, then random ones built near the edges: ASCII runs (read
        // eight bytes at a time), lead bytes of every length, continuation bytes in and out of range.
        var inputs: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for first in 0...255 { for second in stride(from: 0, through: 255, by: 3) { inputs.append([UInt8(first), UInt8(second)]) } }
        var generator = SeededGenerator(seed: 0x5EED_0008)
        let pieces: [[UInt8]] = [Array("plain ascii text".utf8), [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0x80],
                                 [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBD], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
                                 [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80],
                                 [0x80], [0xBF], [0xE2, 0x80], [0xE2, 0x80, 0xBA], [0xF0, 0x9F, 0x98], [0x41], [0x0A]]
        for _ in 0..<20_000 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                input += Bool.random(using: &generator) ? pieces.randomElement(using: &generator)! : [UInt8.random(in: 0...255, using: &generator)]
            }
            inputs.append(input)
        }
        for input in inputs {
            // The standard library's UTF-8 decoder says (String(validating:as:) would too, from macOS 15).
            let expected = !transcode(input.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true) { _ in }
            #expect(input.withUnsafeBufferPointer(DecodedText.isValidUTF8) == expected, "\(input)")
        }
    }

    @Test("an odd number of UTF-16 bytes is refused")
    func oddLength() {
        #expect(throws: SyntaxError("the file is UTF-16 but has an odd number of bytes; it is truncated")) {
            try DecodedText.transcodeUTF16([0xFF, 0xFE, 0x41], from: 2, bigEndian: false)
        }
    }
}

@Suite("Replacing text")
struct TextReplacingTests {
    @Test("every occurrence is replaced, matched byte for byte", arguments: [
        ("a */ b */", "*/", "* /", "a * / b * /"),
        ("*/*/", "*/", "* /", "* /* /"),
        ("no match", "*/", "* /", "no match"),
        ("", "x", "y", ""),
        ("x", "", "y", "x"),
        ("line\r\nnext\n", "\n", "\n    ", "line\r\n    next\n    "),
        ("e\u{301} é", "é", "E", "e\u{301} E"), // only the precomposed é has those bytes
        ("100% of 50%", "%", "%25", "100%25 of 50%25"),
        ("ab", "abc", "x", "ab"),
    ])
    func replacing(text: String, target: String, replacement: String, expected: String) {
        #expect(text.replacingEvery(target, with: replacement) == expected)
    }
}

@Suite("Line breaks in trivia")
struct LineBreakTests {
    @Test("line breaks found in bytes agree with Character.isNewline")
    func agreeWithCharacters() {
        let pieces = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{2027}", "x", " ", "é", "/* c */", "\u{A0}"]
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<1000 {
            let text = (0..<Int(generator.next() % 4)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(StringsTrivia.startsWithLineBreak(text) == (text.first?.isNewline == true), "\(text.debugDescription)")
            #expect(StringsTrivia.endsWithLineBreak(text) == (text.last?.isNewline == true), "\(text.debugDescription)")
            let dropped = text.first?.isNewline == true ? String(text.dropFirst()) : text
            #expect(StringsTrivia.droppingLeadingLineBreak(text) == dropped, "\(text.debugDescription)")
        }
    }
}
