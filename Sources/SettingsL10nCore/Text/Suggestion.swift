/// "Did you mean" suggestions.
package enum Suggestion {
    /// The candidate closest to `word` (ignoring case) within a small edit distance, if any.
    package static func closest(to word: String, in candidates: some Sequence<String>, maximumDistance: Int = 2) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let distance = EditDistance.distance(target, Array(candidate.lowercased().unicodeScalars))
            let allowed = min(maximumDistance, max(1, candidate.count / 4))
            if distance <= allowed, best == nil || distance < best!.1 {
                best = (candidate, distance)
            }
        }
        return best?.0
    }
}
