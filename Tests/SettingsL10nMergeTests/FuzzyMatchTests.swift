import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
import SettingsL10nTestSupport

@Suite("Fuzzy carry-over: which old key a new key replaces")
struct FuzzyMatchTests {
    @Test("small edits match", arguments: [
        ("Extra Lives", "Extra lives"), ("Sound effects", "Sound effects."), ("Dificulty", "Difficulty"),
        ("Colour", "Color"), ("Sync  over cellular", "Sync over cellular"), ("Show hints!", "Show hints"),
        ("Download over Wi-Fi only", "Download over WiFi only"),
    ])
    func matches(old: String, new: String) {
        #expect(FuzzyMatch.score(old, new) != nil)
    }

    @Test("strings that merely share words, or differ much, never match", arguments: [
        ("Show on lock screen", "Show on home screen"), ("Music volume", "Effects volume"), ("Enable sound", "Enable music"),
        ("On", "Off"), ("Low", "Law"), ("Download over Wi-Fi", "Download only over Wi-Fi"), ("Easy", "Hard"),
        ("One week", "One month"), ("Left", "Right"), ("", "Anything"),
    ])
    func rejects(old: String, new: String) {
        #expect(FuzzyMatch.score(old, new) == nil)
    }

    @Test("scores: 1 for a case or punctuation change, the character similarity for a typo")
    func scores() {
        #expect(FuzzyMatch.score("Extra Lives", "Extra lives") == 1)
        // Canonically equal texts are equal, whatever their scalars.
        #expect(FuzzyMatch.score("Caf\u{E9} mode", "Cafe\u{301} mode") == 1)
        #expect(FuzzyMatch.score("Nouveaut\u{E9}", "Nouveaute\u{301}") == 1)
        #expect(FuzzyMatch.score("Dificulty", "Difficulty") == 0.9)
        // Exactly the threshold, one letter in five (0.2 is not exact in binary: was refused).
        #expect(FuzzyMatch.score("Lock", "Locka") == 0.8)
    }

    @Test("each old key goes to its best new key once; ties are not guessed")
    func pairing() {
        let pairs = FuzzyMatch.pairs(newKeys: ["Extra lives", "Sound", "Colors"], oldKeys: ["Extra Lives", "Colours", "Colour"])
        #expect(pairs.map { "\($0.new)<-\($0.old)" } == ["Extra lives<-Extra Lives", "Colors<-Colours"])
        #expect(FuzzyMatch.pairs(newKeys: ["Color"], oldKeys: ["Colour", "Colon"]).map(\.old) == ["Colour"])
        #expect(FuzzyMatch.pairs(newKeys: ["Cat"], oldKeys: ["cat", "CAT"]).isEmpty)
    }

    @Test("past the comparison budget only keys equal after normalization are paired, and the rest are counted (was 128 s for 20,000 renamed keys)")
    func budget() {
        // 4,000 x 4,000 pairs of 12 characters: 16 million comparisons, over the budget of 4 million.
        let old: [StringsKey] = (0..<4_000).map { StringsKey("Item \(100_000 + $0)") } + ["Extra Lives", "Colours"]
        let new: [StringsKey] = (0..<4_000).map { StringsKey("Entry \(100_000 + $0)") } + ["Extra lives.", "Colors"]
        let pairing = FuzzyMatch.pairing(newKeys: new, prepared: nil, oldKeys: old)
        #expect(pairing.pairs.map { "\($0.new)<-\($0.old)" } == ["Extra lives.<-Extra Lives"])
        #expect(pairing.uncompared == 4_001)
        // Within the budget the same keys are compared pair by pair, and "Colors" finds "Colours".
        let small = FuzzyMatch.pairing(newKeys: Array(new.suffix(502)), prepared: nil, oldKeys: Array(old.suffix(502)))
        #expect(small.pairs.map { "\($0.new)<-\($0.old)" } == ["Extra lives.<-Extra Lives", "Colors<-Colours"])
        #expect(small.uncompared == 0)
    }

    @Test("ASCII text normalizes byte by byte exactly as any text does character by character")
    func asciiNormalization() {
        let pieces = ["Show", "on", "LOCK", "screen", " ", "  ", "\t", "\r\n", "\n", ".", "!", "?", ":", "...", "a1", "_", "-", "\u{0B}", "\u{0C}", "\u{1F}", "Zz"]
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<2000 {
            let text = (0..<Int(generator.next() % 9)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(FuzzyMatch.normalizeASCII(text) == FuzzyMatch.normalizeUnicode(text), "\(text.debugDescription)")
        }
        #expect(FuzzyMatch.normalizeASCII("Café") == nil)
    }

    /// The score as FuzzyMatch's documentation defines it, written plainly: normalized texts,
    /// words split at each space, the full edit distance.
    private static func specifiedScore(_ old: String, _ new: String) -> Double? {
        let a = FuzzyMatch.normalize(old), b = FuzzyMatch.normalize(new)
        guard !a.isEmpty, !b.isEmpty else { return nil }
        if a == b { return 1 }
        let (scalarsA, scalarsB) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
        guard scalarsA.count <= FuzzyMatch.maximumEditedLength, scalarsB.count <= FuzzyMatch.maximumEditedLength else { return nil }
        let wordsA = scalarsA.split(separator: " ", omittingEmptySubsequences: false)
        let wordsB = scalarsB.split(separator: " ", omittingEmptySubsequences: false)
        guard wordsA.count == wordsB.count else { return nil }
        if wordsA.count > 1 {
            let differing = zip(wordsA, wordsB).filter { $0 != $1 }
            guard differing.count <= FuzzyMatch.maximumDifferingWords,
                  differing.allSatisfy({ EditDistance.similarity(Array($0), Array($1)) >= FuzzyMatch.wordThreshold }) else { return nil }
        }
        let similarity = EditDistance.similarity(scalarsA, scalarsB)
        return similarity >= FuzzyMatch.stringThreshold ? similarity : nil
    }

    @Test("the score is the documented one, over generated pairs of keys (words in place, rows on the stack)")
    func scoreAsSpecified() {
        let pieces = ["Show", "show", "Shwo", "on", "lock", "LOCK", "lcok", "screen", "screens", " ", "  ", ".", ":", "é", "e\u{301}", "日本", "a", "b", "ab", "ba"]
        var generator = SeededGenerator(seed: 11)
        var matched = 0
        for _ in 0..<3000 {
            func text() -> String { (0..<Int(generator.next() % 7)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined() }
            let old = text()
            // Half the pairs are a small edit of the first text, so that many match.
            let new = generator.next() % 2 == 0 ? text() : old + pieces[Int(generator.next() % UInt64(pieces.count))]
            let expected = Self.specifiedScore(old, new)
            if expected != nil { matched += 1 }
            #expect(FuzzyMatch.score(old, new) == expected, "\(old.debugDescription) -> \(new.debugDescription)")
        }
        #expect(matched > 300)
    }
}
