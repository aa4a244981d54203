import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Glob patterns")
struct GlobPatternTests {
    /// Whether `text` matches `pattern`, by trying every split (exponential, for tiny inputs).
    static func naive(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        guard let head = pattern.first else { return text.isEmpty }
        if head == UInt8(ascii: "*") {
            return (0...text.count).contains { naive(Array(pattern.dropFirst()), Array(text.dropFirst($0))) }
        }
        return text.first == head && naive(Array(pattern.dropFirst()), Array(text.dropFirst()))
    }

    @Test("the linear search agrees with trying every split, on patterns with repeats (aab in aaab)")
    func agreesWithNaive() {
        var generator = SeededGenerator(seed: 5)
        let alphabet = Array("ab*".utf8)
        for _ in 0..<3_000 {
            let pattern = (0..<Int(generator.next() % 8)).map { _ in alphabet[Int(generator.next() % 3)] }
            let text = (0..<Int(generator.next() % 10)).map { _ in alphabet[Int(generator.next() % 2)] }
            let (p, t) = (String(decoding: pattern, as: UTF8.self), String(decoding: text, as: UTF8.self))
            #expect(GlobPattern(p).matches(t) == Self.naive(pattern, text), "\(p) on \(t)")
        }
    }

    @Test("a 40 KB piece against a 400 KB text that almost matches it everywhere is decided (the naive search compared 16 billion bytes)")
    func longPiece() {
        let piece = String(repeating: "a", count: 40_000) + "b"
        let text = String(repeating: "a", count: 400_000)
        #expect(!GlobPattern("*" + piece + "*").matches(text))
        #expect(GlobPattern("*" + piece + "*").matches(text + "b"))
    }
}
