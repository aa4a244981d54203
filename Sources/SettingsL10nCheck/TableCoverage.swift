import SettingsL10nCore
import SettingsL10nExtract

/// How far one table of one localization covers the catalog: what `status` shows and what the
/// `missing-translation`, `development-entry-missing`, `stale-key`, `needs-review` and
/// `table-missing` rules report, from one computation so the two always agree.
package struct TableCoverage: Hashable, Sendable {
    package enum FileState: String, Hashable, Sendable {
        case present, missing, unreadable
        /// A table of that name at the bundle's top level comes first on every search list: the
        /// device never reads this one (`table-outside-lproj`). Only status marks it.
        case shadowed
    }

    /// The `.lproj` folder name without extension.
    package var locale: String
    package var table: String
    /// `de.lproj/Root.strings`.
    package var path: String
    package var isDevelopmentLanguage: Bool
    package var file: FileState
    /// The catalog keys of the table, in order.
    package var total: Int
    /// Live keys with a value that is neither waiting for review nor the filled-in source text.
    package var translated: Int
    /// Entries (effective, live or stale) marked as needing review.
    package var fuzzy: [StringsScan.Entry]
    /// Live keys without a value, in catalog order (every key when the file is missing).
    package var missing: CatalogStrings
    /// Live keys whose value is the source text put there by `merge --fill source`.
    package var filled: [StringsScan.Entry]
    /// Effective entries no schema file uses.
    package var stale: [StringsScan.Entry]

    /// The share of live keys translated, from 0 to 100.
    package var percent: Double {
        total == 0 ? 100 : Double(translated) * 100 / Double(total)
    }

    /// Counts the catalog keys of `table` as translated, filled with the source text, or
    /// missing, from the last entry of each (`lastOfTracked`, -1 where there is none), as the
    /// catalog's `TranslationPolicy` says. In another language than the development language,
    /// a string that needs no translation is done whatever its entry holds.
    mutating func count(_ table: CatalogTable, entries: StringsScan.Bytes, lastOfTracked: [Int]) {
        // By index: the catalog is shared by every thread, and a copy of each string would be
        // contended retains.
        for position in table.strings.indices {
            let last = lastOfTracked[position]
            let hasValue = last >= 0 && entries.value(last) != nil
            let state = TranslationPolicy.state(
                needsTranslation: isDevelopmentLanguage || table.strings[position].needsTranslation, hasValue: hasValue,
                needsReview: hasValue && entries.needsReview(last), isSourceText: hasValue && entries.isUntranslatedFill(last))
            switch state {
            case .notNeeded, .translated: translated += 1
            case .missing: missing.positions.append(position)
            case .sourceText: filled.append(entries.entry(last))
            case .needsReview: break // counted among the fuzzy entries
            }
        }
    }

    /// The coverage of a table file a language does not have: every string missing, but those
    /// that need no translation outside the development language.
    static func missingFile(_ table: CatalogTable, locale: String, path: String, isDevelopmentLanguage: Bool) -> TableCoverage {
        let missing = CatalogStrings(table, positions: table.strings.indices.filter { isDevelopmentLanguage || table.strings[$0].needsTranslation })
        return TableCoverage(locale: locale, table: table.name, path: path, isDevelopmentLanguage: isDevelopmentLanguage,
                             file: .missing, total: table.strings.count, translated: table.strings.count - missing.count,
                             fuzzy: [], missing: missing, filled: [], stale: [])
    }
}

/// Some strings of a catalog table, by their place in it: every language's coverage names its
/// missing strings without copying them (the threads that read the languages share the catalog,
/// and a copy of each string would be a contended retain of its key and occurrences).
package struct CatalogStrings: RandomAccessCollection, Hashable, Sendable {
    package let table: CatalogTable
    /// Places in `table.strings`, in increasing order.
    package var positions: [Int]

    package init(_ table: CatalogTable, positions: [Int] = []) {
        self.table = table
        self.positions = positions
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { positions.count }
    package subscript(index: Int) -> LocalizableString { table.strings[positions[index]] }

    package static func == (lhs: CatalogStrings, rhs: CatalogStrings) -> Bool {
        lhs.elementsEqual(rhs)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for string in self { hasher.combine(string) }
    }
}
