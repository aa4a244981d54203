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
                guard limit >= 0, let distance = EditDistance.typoDistance(target, candidate.scalars, limit: limit) else { continue }
                best = (candidate.word, distance)
            }
            return best?.word
        }
    }
}
