#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore
import SettingsL10nExtract

/// Takes a table apart into its header, its entries with their own leading text, and its
/// trailer, and puts it back together in a new order, touching no byte it does not have to.
///
/// Made in two steps: `init` finds which entry the device uses for each key (enough to say what a
/// merge adds, carries over or removes), `prepareText` takes the header and the obsolete marker
/// out and measures the layout, which entries, pieces and the assembly need.
struct TableAssembly {
    /// An entry on its way into the merged table.
    struct Piece {
        var entry: StringsEntry
        /// Whether the entry needs the layout's separator (a blank line) when it is not first:
        /// it was the first entry, or it is new.
        var needsSeparator: Bool

        /// Replaces the location comment settings-l10n wrote above the entry, if it has one.
        /// `comment` is the UTF-8 of the location comment the entry should have.
        mutating func updateLocationComment(_ comment: UnsafeBufferPointer<UInt8>) {
            // On the bytes where they lie, without making strings: most often the first comment
            // is the location comment, already right, or there is none.
            let replaced: String? = entry.withLeadingTriviaUTF8 { bytes in
                var index = 0
                while let range = StringsTrivia.nextComment(in: bytes, from: index) {
                    let text = UnsafeBufferPointer(rebasing: bytes[range])
                    if GeneratedComment.isLocation(text) {
                        guard text.count != comment.count || memcmp(text.baseAddress!, comment.baseAddress!, text.count) != 0 else { return nil }
                        var updated = Array(bytes)
                        updated.replaceSubrange(range, with: comment)
                        return String(decoding: updated, as: UTF8.self)
                    }
                    index = range.upperBound
                }
                return nil
            }
            if let replaced { entry.leadingTrivia = replaced }
        }
    }

    private var document: StringsDocument
    private(set) var header = ""
    /// The text of a table that has no entry, kept as it is when none is added.
    private var entrylessText: String?
    /// The entry that opened the obsolete section, with its leading text as it was: when it
    /// still opens the section, in the same place, it is left exactly as it was.
    private var obsoleteOpener: (key: StringsKey, wasFirst: Bool, leading: String)?
    /// Each catalog key's rank, shared by every language: such keys are found by rank.
    private let ranks: KeyIndex
    /// The index of the entry the device uses (the last) for each ranked key, or -1.
    private var effectiveOfRank: [Int]
    /// The index of the entry the device uses for each key without a rank.
    private var effectiveIndex: [StringsKey: Int] = [:]
    /// Keys without a rank (no catalog string uses them), in the order of their effective entries.
    private(set) var unrankedOrder: [StringsKey] = []
    /// Entries overridden by a later one with the same key.
    private(set) var duplicates: [DuplicateEntry] = []
    /// Each overridden entry (by index) with the key of the entry that overrides it.
    private var overridden: [(key: StringsKey, index: Int)] = []
    /// People's comments of overridden entries, moved to the entry that overrides them.
    private var inheritedComments: [StringsKey: [String]] = [:]
    /// The layout most entries follow (set by `prepareText`).
    private(set) var layout = StringsLayout()
    /// Whether `prepareText` ran: pieces and the assembly need it.
    private var isPrepared = false
    var lineEnding: LineEnding { document.lineEnding }

    /// Finds the entry the device uses for each key of `document`; `ranks` numbers the
    /// catalog's keys (the table's others are found by name).
    init(document: StringsDocument, ranks: KeyIndex = KeyIndex([:])) {
        self.document = document
        self.ranks = ranks
        self.effectiveOfRank = [Int](repeating: -1, count: ranks.dictionary.count)
        let entries = document.entries
        // Every thread shares the ranks: looked up in place (see KeyIndex).
        // Tables are mostly written in catalog order: each key is tried first as the one after
        // the previous.
        // Keys are read in place: a catalog key needs no String (see StringsEntry).
        // The file is opened once for every key (see `StringsEntry.forEachKeyUTF8`).
        let rankOfEntry: [Int?] = ranks.withLookup { lookup in
            var expected = 0
            var ranks: [Int?] = []
            ranks.reserveCapacity(entries.count)
            StringsEntry.forEachKeyUTF8(in: entries) { _, key in
                let rank = lookup.value(ofUTF8: key, expecting: expected)
                if let rank { expected = rank + 1 }
                ranks.append(rank)
            }
            return ranks
        }
        for (index, entry) in entries.enumerated() {
            let previous: Int?
            let rank = rankOfEntry[index]
            if let rank {
                previous = effectiveOfRank[rank] >= 0 ? effectiveOfRank[rank] : nil
                effectiveOfRank[rank] = index
            } else {
                previous = effectiveIndex.updateValue(index, forKey: entry.key)
            }
            if let previous {
                let key = entry.key, overriddenEntry = entries[previous]
                duplicates.append(DuplicateEntry(key: key.string, position: overriddenEntry.position, value: overriddenEntry.stringValue))
                overridden.append((key, previous))
            }
        }
        // Keys no schema file uses, in the order of their effective (last) entries.
        unrankedOrder = effectiveIndex.sorted { $0.value < $1.value }.map(\.key)
        duplicates.sort { $0.position.line < $1.position.line }
    }

    /// Takes the header and the obsolete-section marker out of the entries' text and measures
    /// the layout: before any piece is taken or made.
    mutating func prepareText() {
        guard !isPrepared else { return }
        isPrepared = true
        layout = StringsLayout(of: document)
        var entries = document.entries
        // The obsolete-section marker is placed anew by each merge: take it out first.
        var opener: (key: StringsKey, wasFirst: Bool, leading: String)?
        for index in entries.indices {
            // Most entries have no marker: looked for in place, without making their text a string.
            guard entries[index].withLeadingTriviaUTF8(Self.mayHoldObsoleteMarker) else { continue }
            let leading = entries[index].leadingTrivia
            let cleaned = Self.removingObsoleteMarker(leading)
            guard cleaned.utf8.count != leading.utf8.count else { continue }
            entries[index].leadingTrivia = cleaned
            if opener == nil { opener = (entries[index].key, index == 0, leading) }
        }
        obsoleteOpener = opener
        if entries.isEmpty {
            // A table with no entry: its comments become the header above the first new entry.
            var text = document.trailer
            entrylessText = text
            if !text.isEmpty {
                if !StringsTrivia.endsWithLineBreak(text) { text += document.lineEnding.rawValue }
                if layout.blankLineBetweenEntries, StringsTrivia.headerEnd(of: text) != text.endIndex {
                    text += document.lineEnding.rawValue
                }
            }
            header = text
            document.trailer = ""
        } else {
            entrylessText = nil
            let leading = entries[0].leadingTrivia
            let split = StringsTrivia.headerEnd(of: leading)
            header = String(leading[..<split])
            entries[0].leadingTrivia = String(leading[split...])
        }
        // The comments of overridden entries, as they read without the header and the marker.
        for (key, index) in overridden {
            inheritedComments[key, default: []] += entries[index].comments.filter { !GeneratedComment.isGenerated($0) }
        }
        document.entries = entries
    }

    /// Whether the device uses an entry for the catalog key of rank `rank`.
    func hasEffectiveEntry(rank: Int) -> Bool {
        effectiveOfRank[rank] >= 0
    }

    /// The index of the entry the device uses for `key`.
    private func effectiveEntry(_ key: StringsKey) -> Int? {
        if let rank = ranks.dictionary[key] { return effectiveOfRank[rank] >= 0 ? effectiveOfRank[rank] : nil }
        return effectiveIndex[key]
    }

    func value(of key: StringsKey) -> String? {
        effectiveEntry(key).flatMap { document.entries[$0].stringValue }
    }

    /// Whether the entry the device uses for `key` has a string value that is not empty.
    func hasNonEmptyValue(_ key: StringsKey) -> Bool {
        effectiveEntry(key).map { document.entries[$0].hasNonEmptyStringValue } ?? false
    }

    /// The review marks of the live entries (keys of the catalog) that say a translation was
    /// carried over from an old key (`ReviewMark.comment(carriedOverFrom:)`), as written. While
    /// such a mark stands, its old key has given its translation: merge gives it to no other
    /// missing key (it did not the first time, which one key took), so merging twice changes
    /// nothing the second time.
    func carriedOverMarks() -> Set<String> {
        var marks: Set<String> = []
        let carried = Array((ReviewMark.prefix + ": carried over from ").utf8)
        // Most tables hold no such mark: one search of the file says so, where each entry's
        // comments would be read.
        guard StringsEntry.leadingTriviaMayContain(document.entries, carried) else { return marks }
        for index in effectiveOfRank where index >= 0 {
            let entry = document.entries[index]
            guard entry.needsReview else { continue }
            entry.withLeadingTriviaUTF8 { bytes in
                var from = 0
                while let range = StringsTrivia.nextComment(in: bytes, from: from) {
                    let text = bytes[range]
                    if text.starts(with: carried) { marks.insert(String(decoding: text, as: UTF8.self)) }
                    from = range.upperBound
                }
            }
        }
        return marks
    }

    /// The entry the device uses for `key`, with the comments of entries it overrides.
    func effectivePiece(for key: StringsKey) -> Piece? {
        effectiveEntry(key).map(piece)
    }

    /// `effectivePiece` of the catalog key of rank `rank`.
    func effectivePiece(rank: Int) -> Piece? {
        effectiveOfRank[rank] >= 0 ? piece(effectiveOfRank[rank]) : nil
    }

    private func piece(_ index: Int) -> Piece {
        assert(isPrepared, "a piece taken before prepareText")
        var piece = Piece(entry: document.entries[index], needsSeparator: index == 0)
        if !inheritedComments.isEmpty, let comments = inheritedComments[piece.entry.key] {
            // The latest overridden entry's comments first, each on its line: made in one pass
            // (prepending one at a time copied the growing text: 360,000 duplicates took a minute).
            let eol = lineEnding.rawValue
            piece.entry.leadingTrivia = comments.reversed().map { $0 + eol }.joined() + piece.entry.leadingTrivia
        }
        return piece
    }

    /// A new entry with the location comment above it (above any mark it carries).
    func newPiece(_ entry: StringsEntry, location: String) -> Piece {
        assert(isPrepared, "a piece made before prepareText")
        var entry = entry
        let eol = lineEnding.rawValue
        entry.leadingTrivia = StringsTrivia.droppingLeadingLineBreak(entry.leadingTrivia)
        entry.leadingTrivia = (layout.blankLineBetweenEntries ? eol : "") + location + eol + entry.leadingTrivia
        return Piece(entry: entry, needsSeparator: true)
    }

    /// The merged document: header, live entries, the obsolete section, trailer.
    func assemble(live: [Piece], obsolete: [Piece]) -> StringsDocument {
        assert(isPrepared, "assembled before prepareText")
        let eol = lineEnding.rawValue
        var entries: [StringsEntry] = []
        entries.reserveCapacity(live.count + obsolete.count)
        for piece in [live, obsolete].joined() {
            var entry = piece.entry
            let isFirst = entries.isEmpty
            let isFirstObsolete = !obsolete.isEmpty && entries.count == live.count
            if isFirstObsolete, let opener = obsoleteOpener, opener.key == entry.key, opener.wasFirst == isFirst {
                // The section opens with the same entry in the same place: its text (with the
                // header, if it is first) stays exactly as it was.
                entry.leadingTrivia = opener.leading
            } else {
                if isFirstObsolete {
                    let separator = isFirst || !layout.blankLineBetweenEntries ? "" : eol
                    entry.leadingTrivia = separator + GeneratedComment.obsoleteMarker + eol
                        + StringsTrivia.droppingLeadingLineBreak(entry.leadingTrivia)
                } else if isFirst {
                    entry.leadingTrivia = StringsTrivia.droppingLeadingLineBreak(entry.leadingTrivia)
                } else if piece.needsSeparator, layout.blankLineBetweenEntries, !entry.withLeadingTriviaUTF8(StringsTrivia.startsWithLineBreak) {
                    entry.leadingTrivia = eol + entry.leadingTrivia
                }
                if isFirst { entry.leadingTrivia = header + entry.leadingTrivia }
            }
            if let last = entries.indices.last, !entries[last].withTrailingTriviaUTF8(StringsTrivia.endsWithLineBreak) {
                entries[last].trailingTrivia += eol
            }
            entries.append(entry)
        }
        var merged = document
        merged.entries = entries
        if entries.isEmpty { merged.trailer = entrylessText ?? header + merged.trailer }
        return merged
    }

    /// Whether `trivia` may hold the obsolete-section marker: it holds the marker's opening.
    static func mayHoldObsoleteMarker(_ trivia: UnsafeBufferPointer<UInt8>) -> Bool {
        obsoletePrefixBytes.withUnsafeBufferPointer { prefix in
            guard let base = trivia.baseAddress, trivia.count >= prefix.count else { return false }
            // Each `/` found with memchr, the prefix compared there with memcmp.
            var start = 0
            while start + prefix.count <= trivia.count,
                  let found = memchr(base + start, Int32(prefix[0]), trivia.count - prefix.count + 1 - start) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, prefix.baseAddress!, prefix.count) == 0 { return true }
                start = at + 1
            }
            return false
        }
    }

    private static let obsoletePrefixBytes = Array(GeneratedComment.obsoletePrefix.utf8)

    static func removingObsoleteMarker(_ trivia: String) -> String {
        guard let range = trivia.byteRange(of: GeneratedComment.obsoletePrefix),
              let end = trivia.byteRange(of: "*/", from: range.upperBound) else { return trivia }
        var upper = end.upperBound
        if upper < trivia.endIndex, trivia[upper].isNewline { upper = trivia.index(after: upper) }
        var text = trivia
        text.removeSubrange(range.lowerBound..<upper)
        return text
    }
}
