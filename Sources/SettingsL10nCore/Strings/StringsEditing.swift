/// How new entries are laid out in a document: with a comment above each, and with a blank line
/// between entries, following what most of the document's entries already do.
package struct StringsLayout: Hashable, Sendable {
    package var commentsEntries: Bool
    package var blankLineBetweenEntries: Bool

    package init(commentsEntries: Bool = true, blankLineBetweenEntries: Bool = true) {
        self.commentsEntries = commentsEntries
        self.blankLineBetweenEntries = blankLineBetweenEntries
    }

    /// The layout most entries of `document` follow; Xcode's (comment and blank line) for an
    /// empty document.
    package init(of document: StringsDocument) {
        let entries = document.entries
        guard !entries.isEmpty else {
            self.init()
            return
        }
        let commented = entries.count { $0.withLeadingTriviaUTF8(StringsTrivia.containsComment) }
        let separated = entries.dropFirst().count { $0.withLeadingTriviaUTF8(StringsTrivia.startsWithLineBreak) }
        self.init(commentsEntries: commented * 2 >= entries.count,
                  blankLineBetweenEntries: entries.count == 1 ? commented > 0 : separated * 2 >= entries.count - 1)
    }
}

extension StringsEntry {
    /// A new `"key" = "value";` entry, with `comment` above it when the layout has comments.
    package static func make(key: StringsKey, value: String, comment: String?, layout: StringsLayout,
                            lineEnding: LineEnding) -> StringsEntry {
        let eol = lineEnding.rawValue
        var leading = layout.blankLineBetweenEntries ? eol : ""
        if layout.commentsEntries, let comment {
            leading += "/* " + sanitizeComment(comment) + " */" + eol
        }
        let source = StringsWriting.entrySource(key: key.string, value: value)
        var entry = StringsEntry(leadingTrivia: leading, source: source, trailingTrivia: eol, key: key,
                                 value: .string(value), position: TextPosition(line: 0), valuePosition: TextPosition(line: 0))
        let keyLength = StringsWriting.quoted(key.string).utf8.count
        entry.keyEnd = keyLength
        entry.valueRange = (keyLength + 3)..<(source.utf8.count - 1)
        return entry
    }

    /// Comment text that cannot close the comment early.
    package static func sanitizeComment(_ text: String) -> String {
        text.replacingEvery("*/", with: "* /")
    }

    /// This entry with `value`, the key and spacing kept as written. An unchanged value gives
    /// the entry back untouched, whatever quoting it used.
    package func withValue(_ value: String) -> StringsEntry {
        if stringValue == value { return self }
        var entry = self
        let bytes = Array(source.utf8)
        let quoted = StringsWriting.quoted(value)
        if let range = valueRange {
            entry.source = String(decoding: bytes[..<range.lowerBound], as: UTF8.self) + quoted
                + String(decoding: bytes[range.upperBound...], as: UTF8.self)
            entry.valueRange = range.lowerBound..<(range.lowerBound + quoted.utf8.count)
        } else {
            let keyToken = String(decoding: bytes[..<keyEnd], as: UTF8.self)
            entry.source = keyToken + " = " + quoted + ";"
            entry.valueRange = (keyEnd + 3)..<(keyEnd + 3 + quoted.utf8.count)
        }
        entry.value = .string(value)
        return entry
    }

    /// This entry with its settings-l10n marks (needs review, untranslated) replaced by
    /// `comment`, written right above the entry, or removed when `comment` is nil.
    package func withReviewMark(_ comment: String?, lineEnding: LineEnding) -> StringsEntry {
        var entry = self
        entry.leadingTrivia = Self.removingReviewMarks(from: leadingTrivia)
        if let comment {
            entry.leadingTrivia += comment + lineEnding.rawValue
        }
        return entry
    }

    static func removingReviewMarks(from trivia: String) -> String {
        var text = trivia
        while let start = text.byteRange(of: ReviewMark.prefix) ?? text.byteRange(of: ReviewMark.untranslatedPrefix) {
            guard let end = text.byteRange(of: "*/", from: start.upperBound) else { break }
            var upper = end.upperBound
            if upper < text.endIndex, text[upper].isNewline {
                upper = text.index(after: upper)
            }
            text.removeSubrange(start.lowerBound..<upper)
        }
        return text
    }
}

extension StringsDocument {
    /// Inserts `entry` at `index`, keeping every existing byte and the file header in place.
    package mutating func insert(_ entry: StringsEntry, at index: Int, layout: StringsLayout) {
        var entry = entry
        let eol = lineEnding.rawValue
        if entries.isEmpty {
            // The comments of an entry-less file stay at its top.
            entry.leadingTrivia = StringsTrivia.droppingLeadingLineBreak(entry.leadingTrivia)
            if !trailer.isEmpty {
                let header = StringsTrivia.endsWithLineBreak(trailer) ? trailer : trailer + eol
                entry.leadingTrivia = header + (layout.blankLineBetweenEntries ? eol : "") + entry.leadingTrivia
                trailer = ""
            }
            entries.append(entry)
            return
        }
        if index == 0 {
            entry = Self.takingHeader(of: &entries[0], for: entry, layout: layout, lineEnding: lineEnding)
        } else if !entries[index - 1].withTrailingTriviaUTF8(StringsTrivia.endsWithLineBreak) {
            entries[index - 1].trailingTrivia += eol
        }
        entries.insert(entry, at: index)
    }
}

extension StringsDocument {
    /// Inserts many entries where `order` (the catalog's keys and their ranks) puts them, in one
    /// pass: each after the nearest entry whose key comes earlier, else before the first entry,
    /// below the file's header comment; the same places as inserting them one by one in rank
    /// order (a scan and a shift per entry, quadratic over an import of thousands), entries whose
    /// key has no rank at the end in the order given.
    package mutating func insert(contentsOf added: [StringsEntry], following order: [StringsKey: Int], layout: StringsLayout) {
        guard !added.isEmpty else { return }
        let rank = { (entry: StringsEntry) in order[entry.key] ?? Int.max }
        // The last existing entry whose rank is at most r is the largest i with suffixMinimum[i] <= r
        // (suffixMinimum does not decrease), found by binary search.
        var suffixMinimum = entries.map(rank)
        for index in suffixMinimum.indices.reversed().dropFirst() {
            suffixMinimum[index] = min(suffixMinimum[index], suffixMinimum[index + 1])
        }
        func insertionIndex(_ r: Int) -> Int {
            var (low, high) = (0, suffixMinimum.count)  // the first index whose suffix minimum exceeds r
            while low < high {
                let middle = (low + high) / 2
                if suffixMinimum[middle] <= r { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let sorted = added.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        var groups: [[StringsEntry]] = Array(repeating: [], count: entries.count + 1)
        for entry in sorted { groups[insertionIndex(rank(entry))].append(entry) }

        var existing = entries
        var result: [StringsEntry] = []
        result.reserveCapacity(existing.count + added.count)
        for index in 0...existing.count {
            for entry in groups[index] {
                if result.isEmpty, index < existing.count {
                    result.append(Self.takingHeader(of: &existing[index], for: entry, layout: layout, lineEnding: lineEnding))
                } else if result.isEmpty {
                    insert(entry, at: 0, layout: layout)  // an entry-less file: its comments stay on top
                    result = entries
                } else {
                    if !result[result.count - 1].withTrailingTriviaUTF8(StringsTrivia.endsWithLineBreak) {
                        result[result.count - 1].trailingTrivia += lineEnding.rawValue
                    }
                    result.append(entry)
                }
            }
            if index < existing.count { result.append(existing[index]) }
        }
        entries = result
    }

    /// `entry`, to go before `first`, the first entry: it takes the file's header (the first
    /// entry's leading text up to its last blank line).
    private static func takingHeader(of first: inout StringsEntry, for entry: StringsEntry, layout: StringsLayout,
                                     lineEnding: LineEnding) -> StringsEntry {
        var entry = entry
        let leading = first.leadingTrivia
        let split = StringsTrivia.headerEnd(of: leading)
        entry.leadingTrivia = String(leading[..<split]) + StringsTrivia.droppingLeadingLineBreak(entry.leadingTrivia)
        var rest = String(leading[split...])
        if layout.blankLineBetweenEntries, !StringsTrivia.startsWithLineBreak(rest) {
            rest = lineEnding.rawValue + rest
        }
        first.leadingTrivia = rest
        return entry
    }
}
