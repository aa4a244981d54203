/// How far apart two strings are, in Unicode scalars: for fuzzy carry-over and "did you mean"
/// suggestions.
package enum EditDistance {
    /// `1 − distance / longer length`: 1 for equal strings, 0 for strings with nothing in common.
    package static func similarity(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Double {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 1 }
        return 1 - Double(distance(a, b)) / Double(longest)
    }

    /// `similarity(a, b)` when it is at least `threshold`, else `nil`; the distance is computed
    /// only as far as the threshold allows (`distance(_:_:limit:)`), so far-apart pairs, most of
    /// those a merge compares, stop early.
    package static func similarity(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atLeast threshold: Double) -> Double? {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in similarity(a, b, atLeast: threshold) } }
    }

    /// `similarity(_:_:atLeast:)` of two runs of scalars in place (a word of a longer text).
    package static func similarity(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>,
                                   atLeast threshold: Double) -> Double? {
        let longest = max(a.count, b.count)
        guard longest > 0 else { return threshold <= 1 ? 1 : nil }
        // The largest distance whose similarity reaches the threshold, by the same formula.
        var limit = Int((1 - threshold) * Double(longest))
        while limit >= 0, 1 - Double(limit) / Double(longest) < threshold { limit -= 1 }
        while limit < longest, 1 - Double(limit + 1) / Double(longest) >= threshold { limit += 1 }
        guard limit >= 0, let distance = distance(a, b, limit: limit) else { return nil }
        return 1 - Double(distance) / Double(longest)
    }

    /// The Levenshtein distance when it is at most `limit`, else `nil`: only the diagonals
    /// within `limit` of the main one can hold such a path (Ukkonen's band), and a row whose
    /// every cell exceeds `limit` ends the search.
    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in distance(a, b, limit: limit) } }
    }

    /// `distance(_:_:limit:)` of two runs of scalars in place; its two rows are on the stack
    /// when they are small (a merge compares tens of thousands of short keys).
    package static func distance(_ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>, limit: Int) -> Int? {
        let (n, m) = (a.count, b.count)
        guard limit >= 0, abs(n - m) <= limit else { return nil }
        if n == 0 || m == 0 { return max(n, m) }
        let beyond = limit + 1
        // Two rows of m + 1 cells; cells outside the band hold `beyond`.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (m + 1)) { cells -> Int? in
            var previous = UnsafeMutableBufferPointer(rebasing: cells[0...m])
            var current = UnsafeMutableBufferPointer(rebasing: cells[(m + 1)...])
            previous.initialize(repeating: beyond)
            current.initialize(repeating: beyond)
            for j in 0...min(m, limit) { previous[j] = j }
            for i in 1...n {
                let low = max(1, i - limit), high = min(m, i + limit)
                current[low - 1] = low == 1 && i <= limit ? i : beyond
                var rowMinimum = current[low - 1]
                var j = low
                while j <= high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, beyond)
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                    j += 1
                }
                if high < m { current[high + 1] = beyond }
                if rowMinimum > limit { return nil }
                swap(&previous, &current)
            }
            return previous[m] <= limit ? previous[m] : nil
        }
    }

    /// The Levenshtein distance, with two rows of memory. It costs the product of the lengths:
    /// callers bound what they compare.
    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The optimal string alignment distance (Levenshtein's, with a swap of two neighbouring
    /// characters as one edit) when it is at most `limit`, else `nil`. A row whose every cell
    /// exceeds `limit` ends the search: no later row can come back under it.
    package static func typoDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
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
