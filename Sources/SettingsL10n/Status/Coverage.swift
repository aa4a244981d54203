/// How far one table of one localization covers the catalog: what `status` shows and what the
/// `missing-translation`, `development-entry-missing`, `stale-key`, `needs-review` and
/// `table-missing` rules report, from one computation so the two always agree.
public struct TableCoverage: Hashable, Sendable {
    public enum FileState: String, Hashable, Sendable {
        case present, missing, unreadable
    }

    /// The `.lproj` folder name without extension.
    public var locale: String
    public var table: String
    /// `de.lproj/Root.strings`.
    public var path: String
    public var isDevelopmentLanguage: Bool
    public var file: FileState
    /// The catalog keys of the table, in order.
    public var total: Int
    /// Live keys with a value that is neither waiting for review nor the filled-in source text.
    public var translated: Int
    /// Entries (effective, live or stale) marked as needing review.
    public var fuzzy: [StringsEntry]
    /// Live keys without a value, in catalog order (every key when the file is missing).
    public var missing: [LocalizableString]
    /// Live keys whose value is the source text put there by `merge --fill source`.
    public var filled: [StringsEntry]
    /// Effective entries no schema file uses.
    public var stale: [StringsEntry]

    /// The share of live keys translated, from 0 to 100.
    public var percent: Double {
        total == 0 ? 100 : Double(translated) * 100 / Double(total)
    }
}

public enum Coverage {
    /// The coverage of every catalog table in every checked localization.
    public static func tables(_ context: CheckContext) -> [TableCoverage] {
        context.localizations.flatMap { localization in
            context.catalog.tables.map { coverage(of: $0, in: localization, isDevelopment: context.isDevelopment(localization)) }
        }
    }

    static func coverage(of table: CatalogTable, in localization: Localization, isDevelopment: Bool) -> TableCoverage {
        let path = "\(localization.folder)/\(table.name).strings"
        var coverage = TableCoverage(locale: localization.name, table: table.name, path: path, isDevelopmentLanguage: isDevelopment,
                                     file: .present, total: table.strings.count, translated: 0, fuzzy: [], missing: [], filled: [], stale: [])
        guard let file = localization.table(named: table.name) else {
            coverage.file = .missing
            coverage.missing = table.strings
            return coverage
        }
        guard let document = file.document else {
            coverage.file = .unreadable
            coverage.missing = table.strings
            return coverage
        }
        var effective: [String: StringsEntry] = [:]
        let entries = TableRules.effectiveEntries(document)
        for entry in entries { effective[entry.key] = entry }
        let live = Set(table.keys)
        for entry in entries {
            if entry.needsReview { coverage.fuzzy.append(entry) }
            if !live.contains(entry.key) { coverage.stale.append(entry) }
        }
        for string in table.strings {
            guard let entry = effective[string.key], entry.stringValue != nil else {
                coverage.missing.append(string)
                continue
            }
            if entry.isUntranslatedFill {
                coverage.filled.append(entry)
            } else if !entry.needsReview {
                coverage.translated += 1
            }
        }
        return coverage
    }
}
