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
                  }, written: { comments.append(Array($0)) })
        self.entries = entries.sorted { $0.lexicographicallyPrecedes($1) }
        self.comments = comments.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether `a` and `b` hold the same (`TableContent(a) == TableContent(b)`): their hashes
    /// first, then, where those agree, their bytes.
    static func same(_ a: StringsDocument, _ b: StringsDocument) -> Bool {
        guard a.entries.count == b.entries.count, Fingerprint(a) == Fingerprint(b) else { return false }
        return TableContent(a) == TableContent(b)
    }

    /// The hashes of a table's entries and of its people's comments, each sorted.
    private struct Fingerprint: Equatable {
        var entries: [UInt64]
        var comments: [UInt64]

        init(_ document: StringsDocument) {
            var entries: [UInt64] = [], comments: [UInt64] = []
            entries.reserveCapacity(document.entries.count)
            var current: UInt64 = 0
            TableContent.walk(document, entry: { current = StringsTrivia.commentHash($0) },
                              managed: { current = Self.mix(current, StringsTrivia.commentHash($0)) },
                              endEntry: { entries.append($0 ? Self.mix(current, 1) : current) },
                              written: { comments.append(StringsTrivia.commentHash($0)) })
            self.entries = entries.sorted()
            self.comments = comments.sorted()
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
    /// section; `written` with each comment people wrote (above an entry, after it on its line,
    /// after the last entry).
    private static func walk(_ document: StringsDocument, entry: (UnsafeBufferPointer<UInt8>) -> Void,
                             managed: (UnsafeBufferPointer<UInt8>) -> Void, endEntry: (Bool) -> Void,
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
            endEntry(isObsolete)
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
