/// "Did you mean" suggestions.
package enum Suggestion {
    /// The candidate closest to `word` (ignoring case) within a small edit distance, if any; of
    /// equally close candidates, the first. Swapping two neighbouring letters counts as one
    /// edit, as it is one typo ("Titels" is one edit from "Titles").
    package static func closest(to word: String, in candidates: some Sequence<String>, maximumDistance: Int = 2) -> String? {
        Candidates(candidates).closest(to: word, maximumDistance: maximumDistance)
    }

    /// Words to suggest, prepared once for many lookups (a rule that checks every key of a
    /// bundle against the known keys).
    package struct Candidates: Sendable {
        private let words: [(word: String, scalars: [Unicode.Scalar], characters: Int)]

        package init(_ words: some Sequence<String>) {
            self.words = words.map { ($0, Array($0.lowercased().unicodeScalars), $0.count) }
        }

        /// `Suggestion.closest(to:in:maximumDistance:)` over these words.
        package func closest(to word: String, maximumDistance: Int = 2) -> String? {
            let target = Array(word.lowercased().unicodeScalars)
            var best: (word: String, distance: Int)?
            for candidate in words where candidate.word != word {
                // Only a strictly closer candidate replaces the best so far: the distance is
                // computed no further than that.
                let limit = min(maximumDistance, max(1, candidate.characters / 4), (best?.distance ?? Int.max) - 1)
                guard limit >= 0, let distance = Suggestion.typoDistance(target, candidate.scalars, limit: limit) else { continue }
                best = (candidate.word, distance)
            }
            return best?.word
        }
    }

    /// The optimal string alignment distance (Levenshtein's, with a swap of two neighbouring
    /// characters as one edit) when it is at most `limit`, else `nil`. A row whose every cell
    /// exceeds `limit` ends the search: no later row can come back under it.
    static func typoDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        let (n, m) = (a.count, b.count)
        guard abs(n - m) <= limit else { return nil }
        if n == 0 || m == 0 { return max(n, m) }
        // Rows i - 2, i - 1 and i of the table.
        var beforePrevious = [Int](repeating: 0, count: m + 1)
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        for i in 1...n {
            current[0] = i
            var rowMinimum = i
            for j in 1...m {
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[m] <= limit ? previous[m] : nil
    }
}
