import SettingsL10nCore
import SettingsL10nExtract

/// What a table holds, as `merge --check` judges a change: its entries as written (key and
/// value), each with the comments settings-l10n manages above it (where it is shown, review
/// marks) and whether it is in the obsolete section, and the comments people wrote, wherever
/// they are. Not its order, its blank lines or its final line break: a table that differs from
/// what merge writes only in those holds the same (a translation platform's order, say).
///
/// Compared as bytes, as keys are (by code units: a comment or entry spelled in NFD where merge
/// writes NFC is a change), and first by a hash of each entry and comment (`same`): most tables
/// whose bytes change hold something else too, which the hashes tell without making an array
/// or a string per entry (making strings of both tables was half of `merge --dry-run` where
/// every table changes).
struct TableContent: Equatable {
    private var entries: [[UInt8]]
    private var comments: [[UInt8]]

    init(_ document: StringsDocument) {
        var entries: [[UInt8]] = [], comments: [[UInt8]] = []
        entries.reserveCapacity(document.entries.count)
        var current: [UInt8] = []
        Self.walk(document, entry: { current = Array($0) }, managed: { current.append(0); current += $0 },
                  endEntry: { isObsolete in
                      if isObsolete { current += Self.obsoleteSuffix }
                      entries.append(current)
                      return true
                  }, written: { comments.append(Array($0)) })
        self.entries = entries.sorted { $0.lexicographicallyPrecedes($1) }
        self.comments = comments.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether `a` and `b` hold the same (`TableContent(a) == TableContent(b)`): their hashes
    /// first, then, where those agree, their bytes.
    static func same(_ a: StringsDocument, _ b: StringsDocument) -> Bool {
        guard a.entries.count == b.entries.count, !gainsObsoleteSection(a, b) else { return false }
        // `b` is read only until an entry that `a` has not: most tables whose bytes change hold
        // something else, and one entry says so.
        let first = Fingerprint(a)
        guard let second = Fingerprint(b, against: first), first == second else { return false }
        return TableContent(a) == TableContent(b)
    }

    /// Whether `b` has merge's obsolete section and `a` has none: the commonest change of a
    /// table whose entries stay (its stale keys moved below the marker), which the hashes would
    /// tell only at its last entry. Told without walking `a`: one search of its file's bytes for
    /// the marker; then only the entries of `b` that are not places in that file are read.
    private static func gainsObsoleteSection(_ a: StringsDocument, _ b: StringsDocument) -> Bool {
        guard let first = a.entries.first, !StringsEntry.leadingTriviaMayContain(a.entries, obsoletePrefix) else { return false }
        for entry in b.entries where !entry.isInSameFile(as: first) {
            var opens = false
            entry.withLeadingTriviaUTF8 { leading in
                forEachComment(in: leading) { comment in opens = opens || hasPrefix(comment, obsoletePrefix) }
            }
            if opens { return true }
        }
        return false
    }

    /// The hashes of a table's entries and of its people's comments, each sorted.
    private struct Fingerprint: Equatable {
        var entries: [UInt64]
        var comments: [UInt64]

        init(_ document: StringsDocument) {
            self.init(document, against: nil)!
        }

        /// The fingerprint of `document`; with `other`, `nil` as soon as an entry's hash is not
        /// one of `other`'s (the two differ), without reading the rest of the document.
        init?(_ document: StringsDocument, against other: Fingerprint?) {
            var entries: [UInt64] = [], comments: [UInt64] = []
            entries.reserveCapacity(document.entries.count)
            var current: UInt64 = 0, isForeign = false
            TableContent.walk(document, entry: { current = StringsTrivia.commentHash($0) },
                              managed: { current = Self.mix(current, StringsTrivia.commentHash($0)) },
                              endEntry: { isObsolete in
                                  let hash = isObsolete ? Self.mix(current, 1) : current
                                  entries.append(hash)
                                  isForeign = other.map { !Self.sortedContains($0.entries, hash) } ?? false
                                  return !isForeign
                              },
                              written: { comments.append(StringsTrivia.commentHash($0)) })
            if isForeign { return nil }
            self.entries = entries.sorted()
            self.comments = comments.sorted()
        }

        /// Whether the sorted `hashes` hold `hash` (a binary search).
        static func sortedContains(_ hashes: [UInt64], _ hash: UInt64) -> Bool {
            var (low, high) = (0, hashes.count)
            while low < high {
                let middle = (low + high) / 2
                if hashes[middle] < hash { low = middle + 1 } else { high = middle }
            }
            return low < hashes.count && hashes[low] == hash
        }

        static func mix(_ hash: UInt64, _ other: UInt64) -> UInt64 {
            let (high, low) = (hash ^ 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: other | 1)
            return high ^ low ^ other
        }
    }

    private static let obsoleteSuffix: [UInt8] = [1] + Array("obsolete".utf8)
    private static let obsoletePrefix = Array(GeneratedComment.obsoletePrefix.utf8)
    private static let markPrefixes = [Array(ReviewMark.prefix.utf8), Array(ReviewMark.untranslatedPrefix.utf8)]

    /// Goes through `document`: for each entry, `entry` with its text as written, `managed` with
    /// each comment settings-l10n manages above it, `endEntry` with whether it is in the obsolete
    /// section (which returns whether to go on: `false` ends the walk there); `written` with each
    /// comment people wrote (above an entry, after it on its line, after the last entry).
    private static func walk(_ document: StringsDocument, entry: (UnsafeBufferPointer<UInt8>) -> Void,
                             managed: (UnsafeBufferPointer<UInt8>) -> Void, endEntry: (Bool) -> Bool,
                             written: (UnsafeBufferPointer<UInt8>) -> Void) {
        var isObsolete = false
        for item in document.entries {
            item.withSourceUTF8(entry)
            item.withLeadingTriviaUTF8 { leading in
                forEachComment(in: leading) { comment in
                    if hasPrefix(comment, obsoletePrefix) {
                        isObsolete = true
                    } else if StringsTrivia.isLocationComment(comment) || markPrefixes.contains(where: { hasPrefix(comment, $0) }) {
                        managed(comment)
                    } else {
                        written(comment)
                    }
                }
            }
            item.withTrailingTriviaUTF8 { forEachComment(in: $0, written) }
            guard endEntry(isObsolete) else { return }
        }
        var trailer = document.trailer
        trailer.withUTF8 { forEachComment(in: $0, written) }
    }

    private static func forEachComment(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        while let range = StringsTrivia.nextComment(in: bytes, from: start) {
            body(UnsafeBufferPointer(rebasing: bytes[range]))
            start = range.upperBound
        }
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && prefix.indices.allSatisfy { bytes[$0] == prefix[$0] }
    }
}
