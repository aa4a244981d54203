import SettingsL10nCore

/// Decides whether a new key is a small edit of an old one, so that the old translation can be
/// carried over (marked for review) instead of being lost to a retyped title.
///
/// The measure, on both strings normalized (case folded, runs of white space collapsed, ends
/// trimmed, trailing `. ! ? : …` removed):
/// - equal after normalization: a match (case, spacing or final punctuation changed);
/// - otherwise the two must have the same number of words, differ in at most two words, each
///   differing pair a typo-sized edit (character similarity ≥ 0.75), and the whole strings
///   must have character similarity ≥ 0.8.
///
/// Similarity is `1 − LevenshteinDistance / max(length)`, in Unicode scalars. Requiring
/// typo-sized edits *within* words is what stops "Show on lock screen" from matching "Show on
/// home screen": strings that merely share words never match.
enum FuzzyMatch {
    static let wordThreshold = 0.75
    static let stringThreshold = 0.8
    static let maximumDifferingWords = 2
    /// Strings longer than this (in Unicode scalars, normalized) match only when equal after
    /// normalization: the edit distance costs the product of the lengths, and a title of
    /// thousands of characters is no typo-sized edit away from another anyway.
    static let maximumEditedLength = 400

    /// A key made ready for scoring once, however many keys it is scored against.
    struct Prepared {
        /// The normalized text.
        let text: String
        let scalars: [Unicode.Scalar]
        /// How many words `scalars` holds (they are separated by single spaces).
        let wordCount: Int
        /// Whether the text is ASCII (one scalar a byte).
        var isASCII: Bool { text.utf8.count == scalars.count }

        /// `nil` for text that normalizes to nothing.
        init?(_ key: String) {
            // ASCII text (nearly every key) normalized on the stack, then made its string and
            // scalars: no array in between (a merge where every table changes prepares each
            // table's obsolete keys).
            let ascii: (text: String, scalars: [Unicode.Scalar], spaces: Int)?? = FuzzyMatch.withNormalizedASCII(key) { normalized in
                guard !normalized.isEmpty else { return nil }
                var spaces = 0
                let scalars = [Unicode.Scalar](unsafeUninitializedCapacity: normalized.count) { scalars, made in
                    for index in 0..<normalized.count {
                        let byte = normalized[index]
                        if byte == 0x20 { spaces += 1 }
                        scalars[index] = Unicode.Scalar(byte)
                    }
                    made = normalized.count
                }
                return (String(decoding: normalized, as: UTF8.self), scalars, spaces)
            }
            switch ascii {
            case .some(.some(let made)):
                text = made.text
                scalars = made.scalars
                wordCount = made.spaces + 1
            case .some(.none):
                return nil
            case .none:
                text = FuzzyMatch.normalizeUnicode(key)
                guard !text.isEmpty else { return nil }
                scalars = Array(text.unicodeScalars)
                wordCount = scalars.count { $0 == " " } + 1
            }
        }
    }

    /// The score of `old` as a predecessor of `new` (1 for equal after normalization), or `nil`
    /// when they are not close enough.
    static func score(_ old: String, _ new: String) -> Double? {
        guard let a = Prepared(old), let b = Prepared(new) else { return nil }
        return score(a, b)
    }

    static func score(_ a: Prepared, _ b: Prepared) -> Double? {
        // Equal texts (canonically: "é" is "e" and a combining accent) score 1; ASCII texts of
        // different lengths cannot be equal, and most pairs stop at that.
        if !(a.isASCII && b.isASCII) || a.scalars.count == b.scalars.count, a.text == b.text { return 1 }
        guard a.scalars.count <= maximumEditedLength, b.scalars.count <= maximumEditedLength else { return nil }
        // Similarity can be no higher than the length ratio allows: skip hopeless pairs cheaply,
        // by the formula of the similarity itself (the distance is at least the difference of the
        // lengths). Written as `difference <= (1 - threshold) * length`, it had refused pairs of
        // similarity exactly 0.8 ("Lock" and "Locka": 0.2 is not exact in binary).
        let lengthA = a.scalars.count, lengthB = b.scalars.count
        guard 1 - Double(abs(lengthA - lengthB)) / Double(max(lengthA, lengthB)) >= stringThreshold else { return nil }
        guard a.wordCount == b.wordCount else { return nil }
        // One word each: the word is the whole text, whose stricter test follows.
        let byWord = a.wordCount > 1
        return a.scalars.withUnsafeBufferPointer { a in
            b.scalars.withUnsafeBufferPointer { b in
                // The words side by side, in place (as many in each).
                if byWord {
                    var differing = 0
                    var startA = 0, startB = 0
                    while startA <= a.count {
                        let endA = a[startA...].firstIndex(of: " ") ?? a.count
                        let endB = b[startB...].firstIndex(of: " ") ?? b.count
                        let wordA = UnsafeBufferPointer(rebasing: a[startA..<endA]), wordB = UnsafeBufferPointer(rebasing: b[startB..<endB])
                        if !wordA.elementsEqual(wordB) {
                            differing += 1
                            guard differing <= maximumDifferingWords,
                                  EditDistance.similarity(wordA, wordB, atLeast: wordThreshold) != nil else { return nil }
                        }
                        startA = endA + 1
                        startB = endB + 1
                    }
                }
                return EditDistance.similarity(a, b, atLeast: stringThreshold)
            }
        }
    }

    /// Lower case, single spaces, no surrounding space, no trailing sentence punctuation.
    static func normalize(_ text: String) -> String {
        normalizeASCII(text) ?? normalizeUnicode(text)
    }

    /// `normalize` for any text, character by character.
    static func normalizeUnicode(_ text: String) -> String {
        var words = text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        while let last = words.last, ".!?:…".contains(last) { words.removeLast() }
        while words.last == " " { words.removeLast() }
        return words
    }

    /// `normalize` for ASCII text, byte by byte; `nil` for any other text.
    static func normalizeASCII(_ text: String) -> String? {
        withNormalizedASCII(text) { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` applied to the UTF-8 of `normalizeASCII(text)`, made on the stack; `nil` (without
    /// calling `body`) when the text is not ASCII.
    @inline(__always)
    static func withNormalizedASCII<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var text = text
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(bytes.count, 1)) { buffer in
                normalizeASCII(bytes, into: buffer).map { body(UnsafeBufferPointer(rebasing: buffer[..<$0])) }
            }
        }
    }

    /// Writes `normalizeASCII` of the UTF-8 `bytes` into `output` (as long as `bytes`) and
    /// returns how many bytes it wrote; `nil` when the text is not ASCII.
    static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        precondition(output.count >= bytes.count)
        var count = 0
        var pendingSpace = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = count > 0
                continue
            }
            if pendingSpace {
                output[count] = 0x20
                count += 1
                pendingSpace = false
            }
            output[count] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
            count += 1
        }
        trimming: while count > 0 {
            switch output[count - 1] {
            case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ":"): count -= 1
            default: break trimming
            }
        }
        while count > 0, output[count - 1] == 0x20 { count -= 1 }
        return count
    }

    /// Pairs new keys with the old keys they most likely replace: each old key at most once,
    /// best scores first, ties to the earlier new key; ambiguous ties between old keys are
    /// skipped rather than guessed.
    static func pairs(newKeys: [String], oldKeys: [String]) -> [(new: String, old: String)] {
        pairing(newKeys: newKeys.map { StringsKey($0) }, prepared: nil, oldKeys: oldKeys.map { StringsKey($0) }).pairs.map { ($0.new.string, $0.old.string) }
    }

    /// The work a merge allows itself for comparing one table's new keys with its old ones:
    /// about a second. Comparing every pair costs new x old x length², quadratic;
    /// beyond this the keys equal after normalization are still paired (through a hash), and
    /// the others are left as they are: their translations stay under the obsolete keys.
    static let comparisonBudget = 4_000_000

    /// What pairing found, and how many new keys were not compared for want of budget.
    struct Pairing {
        /// Each new key with the old key it replaces, and their `score`.
        var pairs: [(new: StringsKey, old: StringsKey, score: Double)]
        var uncompared = 0
    }

    /// `pairs`, with the new keys already prepared (`prepared[i]` for `newKeys[i]`), as a
    /// merge does once per table for every language.
    static func pairing(newKeys: [StringsKey], prepared: [Prepared?]?, oldKeys: [StringsKey]) -> Pairing {
        guard !newKeys.isEmpty, !oldKeys.isEmpty else { return Pairing(pairs: []) }
        let preparedOld = oldKeys.map { Prepared($0.string) }
        let preparedNew = newKeys.indices.map { prepared?[$0] ?? Prepared(newKeys[$0].string) }
        // Equal after normalization scores 1, the best there is: found through a hash, which
        // holds the one old key of each text (-1 where several have it: a tie, not guessed).
        var oldByText: [String: Int] = [:]
        oldByText.reserveCapacity(preparedOld.count)
        for (index, old) in preparedOld.enumerated() {
            if let old, oldByText.updateValue(index, forKey: old.text) != nil { oldByText[old.text] = -1 }
        }
        var candidates: [(newIndex: Int, oldIndex: Int, score: Double)] = []
        var unmatched: [Int] = []
        for (index, new) in preparedNew.enumerated() {
            guard let new else { continue }
            if let equal = oldByText[new.text] {
                if equal >= 0 { candidates.append((index, equal, 1)) }
            } else {
                unmatched.append(index)
            }
        }
        let uncompared = compare(unmatched, preparedNew, with: preparedOld, into: &candidates)
        candidates.sort { $0.score != $1.score ? $0.score > $1.score : $0.newIndex < $1.newIndex }
        var usedNew = [Bool](repeating: false, count: newKeys.count), usedOld = [Bool](repeating: false, count: oldKeys.count)
        var result: [(index: Int, pair: (new: StringsKey, old: StringsKey, score: Double))] = []
        for candidate in candidates where !usedNew[candidate.newIndex] && !usedOld[candidate.oldIndex] {
            usedNew[candidate.newIndex] = true
            usedOld[candidate.oldIndex] = true
            result.append((candidate.newIndex, (newKeys[candidate.newIndex], oldKeys[candidate.oldIndex], candidate.score)))
        }
        return Pairing(pairs: result.sorted { $0.index < $1.index }.map(\.pair), uncompared: uncompared)
    }

    /// Scores the new keys `indices` against every old key, when the budget allows; returns how
    /// many were not compared.
    private static func compare(_ indices: [Int], _ preparedNew: [Prepared?], with preparedOld: [Prepared?],
                                into candidates: inout [(newIndex: Int, oldIndex: Int, score: Double)]) -> Int {
        guard !indices.isEmpty else { return 0 }
        // The cost of a pair grows with the product of the lengths (the edit distance's band).
        func length(_ prepared: Prepared?) -> Int { min(prepared?.scalars.count ?? 0, maximumEditedLength) }
        let newLength = indices.reduce(0) { $0 + length(preparedNew[$1]) } / indices.count
        let oldLength = preparedOld.reduce(0) { $0 + length($1) } / preparedOld.count
        let (pairs, overflow) = indices.count.multipliedReportingOverflow(by: preparedOld.count)
        let (cost, overflow2) = pairs.multipliedReportingOverflow(by: 1 + newLength * oldLength / 144)
        guard !overflow, !overflow2, cost <= comparisonBudget else { return indices.count }
        for newIndex in indices {
            let new = preparedNew[newIndex]!
            // The best score, and how many old keys reach it: one is a candidate, more a tie.
            var best = 0.0, bestIndex = -1, reaching = 0
            for (oldIndex, old) in preparedOld.enumerated() {
                guard let old, let score = score(old, new) else { continue }
                if reaching == 0 || score > best {
                    (best, bestIndex, reaching) = (score, oldIndex, 1)
                } else if score == best {
                    reaching += 1
                }
            }
            if reaching == 1 { candidates.append((newIndex, bestIndex, best)) }
        }
        return 0
    }
}
