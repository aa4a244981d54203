/// What `check` and `status` need from one table of one localization, found in one read of it,
/// so that the table is parsed once and never kept: the entries the table rules report, the
/// coverage of the catalog, and the localized titles of option lists.
public struct TableFacts: Sendable {
    /// The `.lproj` folder name without extension, and the folder.
    public var locale: String
    public var folder: String
    public var table: String
    public var path: String
    public var isDevelopmentLanguage: Bool
    /// Why the table could not be read, if it could not.
    public var problem: TableReadError?
    public var notices: [StringsNotice] = []
    /// Entries that a later entry with the same key overrides, with the later one's line.
    public var duplicates: [(entry: StringsScan.Entry, laterLine: Int)] = []
    public var emptyValues: [StringsScan.Entry] = []
    /// Values that differ from their keys only in white space.
    public var whitespaceValues: [StringsScan.Entry] = []
    /// Entries marked as needing review.
    public var reviews: [StringsScan.Entry] = []
    /// The coverage of the catalog table of the same name (`nil` for other tables).
    public var coverage: TableCoverage?
    /// The effective entries of the keys option lists show, by key.
    public var optionEntries: [String: StringsScan.Entry] = [:]

    /// Reads `file` once and keeps what the rules need.
    static func read(_ file: StringsTableFile, in localization: Localization, catalogTable: CatalogTable?,
                     isDevelopment: Bool, optionKeys: Set<String>) -> TableFacts {
        var facts = TableFacts(locale: localization.name, folder: localization.folder, table: file.name, path: file.path,
                               isDevelopmentLanguage: isDevelopment)
        let scan: StringsScan
        do {
            scan = try file.scan()
        } catch {
            facts.problem = error
            if let catalogTable {
                facts.coverage = TableCoverage(locale: localization.name, table: catalogTable.name, path: file.path,
                                               isDevelopmentLanguage: isDevelopment, file: .unreadable,
                                               total: catalogTable.strings.count, translated: 0, fuzzy: [],
                                               missing: catalogTable.strings, filled: [], stale: [])
            }
            return facts
        }
        facts.notices = scan.notices
        var lastIndex: [String: Int] = [:]
        lastIndex.reserveCapacity(scan.entries.count)
        for (index, entry) in scan.entries.enumerated() { lastIndex[entry.key] = index }
        var effective: [String: StringsScan.Entry] = [:]
        effective.reserveCapacity(lastIndex.count)
        let live = catalogTable.map { Set($0.keys) }
        var coverage = catalogTable.map {
            TableCoverage(locale: localization.name, table: $0.name, path: file.path, isDevelopmentLanguage: isDevelopment,
                          file: .present, total: $0.strings.count, translated: 0, fuzzy: [], missing: [], filled: [], stale: [])
        }
        for (index, entry) in scan.entries.enumerated() {
            let last = lastIndex[entry.key]!
            guard last == index else {
                facts.duplicates.append((entry, scan.entries[last].position.line))
                continue
            }
            effective[entry.key] = entry
            if entry.value == "" { facts.emptyValues.append(entry) }
            if let value = entry.value, value != entry.key, Self.sameIgnoringWhiteSpace(value, entry.key) {
                facts.whitespaceValues.append(entry)
            }
            if entry.needsReview {
                facts.reviews.append(entry)
                coverage?.fuzzy.append(entry)
            }
            if let live, !live.contains(entry.key) { coverage?.stale.append(entry) }
            if optionKeys.contains(entry.key) { facts.optionEntries[entry.key] = entry }
        }
        if let catalogTable, var table = coverage {
            for string in catalogTable.strings {
                guard let entry = effective[string.key], entry.value != nil else {
                    table.missing.append(string)
                    continue
                }
                if entry.isUntranslatedFill {
                    table.filled.append(entry)
                } else if !entry.needsReview {
                    table.translated += 1
                }
            }
            coverage = table
        }
        facts.coverage = coverage
        return facts
    }

    /// Whether two strings are equal once runs of white space count as one space and the ends
    /// are trimmed; without allocating, and most pairs stop at their first character.
    static func sameIgnoringWhiteSpace(_ a: String, _ b: String) -> Bool {
        var left = Squeezed(a.unicodeScalars.makeIterator()), right = Squeezed(b.unicodeScalars.makeIterator())
        while true {
            let x = left.next(), y = right.next()
            if x != y { return false }
            if x == nil { return true }
        }
    }

    /// The scalars of a string with white space squeezed to single spaces and trimmed.
    private struct Squeezed {
        var iterator: String.UnicodeScalarView.Iterator
        var held: Unicode.Scalar?
        var started = false

        init(_ iterator: String.UnicodeScalarView.Iterator) {
            self.iterator = iterator
        }

        mutating func next() -> Unicode.Scalar? {
            if let scalar = held {
                held = nil
                return scalar
            }
            var sawSpace = false
            while let scalar = iterator.next() {
                if scalar.properties.isWhitespace {
                    if started { sawSpace = true }
                    continue
                }
                started = true
                if sawSpace {
                    held = scalar
                    return " "
                }
                return scalar
            }
            return nil
        }
    }
}
