import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Did-you-mean suggestions")
struct SuggestionTests {
    /// The rule, computed the plain way: the first candidate at the smallest full distance
    /// within the allowance (at most `maximumDistance`, and a quarter of the candidate's length).
    static func oracle(_ word: String, _ candidates: [String], maximumDistance: Int = 2) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let distance = fullTypoDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance <= min(maximumDistance, max(1, candidate.count / 4)), best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }

    /// The optimal string alignment distance over the whole table, without limits.
    static func fullTypoDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

    @Test("the limited distance is the full one whenever it is within the limit", arguments: 0...4)
    func limitedDistance(limit: Int) {
        var generator = SeededGenerator(seed: 11 + UInt64(limit))
        for _ in 0..<2_000 {
            func word() -> [Unicode.Scalar] {
                (0..<Int(generator.next() % 9)).map { _ in Unicode.Scalar(UInt8(ascii: "a") + UInt8(generator.next() % 4)) }
            }
            let (a, b) = (word(), word())
            let full = Self.fullTypoDistance(a, b)
            #expect(EditDistance.typoDistance(a, b, limit: limit) == (full <= limit ? full : nil), "\(a) \(b)")
        }
    }

    @Test("the closest known key, as the plain computation finds it, on misspellings of every key")
    func agreesWithOracle() {
        let keys = SpecifierSchema.allKeyNames
        let candidates = Suggestion.Candidates(keys)
        var generator = SeededGenerator(seed: 7)
        var suggested = 0
        for key in keys {
            for _ in 0..<20 {
                var scalars = Array(key.unicodeScalars)
                for _ in 0...Int(generator.next() % 3) where !scalars.isEmpty {
                    let at = Int(generator.next() % UInt64(scalars.count))
                    switch generator.next() % 4 {
                    case 0: scalars.remove(at: at)
                    case 1: scalars[at] = Unicode.Scalar(UInt8(ascii: "a") + UInt8(generator.next() % 26))
                    case 2: scalars.insert(scalars[at], at: at)
                    default: if at + 1 < scalars.count { scalars.swapAt(at, at + 1) }
                    }
                }
                let word = String(String.UnicodeScalarView(scalars))
                let expected = Self.oracle(word, keys)
                #expect(candidates.closest(to: word) == expected, "\(word)")
                if expected != nil { suggested += 1 }
            }
        }
        #expect(suggested > 200)
    }

    @Test("misspellings name the key meant; of equally close keys, the first")
    func examples() {
        #expect(Suggestion.closest(to: "DefaultVaule", in: SpecifierSchema.allKeyNames) == "DefaultValue")
        #expect(Suggestion.closest(to: "Titels", in: SpecifierSchema.allKeyNames) == "Titles")
        #expect(Suggestion.closest(to: "StringTable", in: ["StringsTable"]) == "StringsTable")
        #expect(Suggestion.closest(to: "Zzzzzz", in: SpecifierSchema.allKeyNames) == nil)
        #expect(Suggestion.closest(to: "cat", in: ["cut", "cot"], maximumDistance: 1) == "cut")
        #expect(Suggestion.closest(to: "cat", in: ["cot", "cut"], maximumDistance: 1) == "cot")
    }
}
