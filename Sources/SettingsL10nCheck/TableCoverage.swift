import SettingsL10nCore
import SettingsL10nExtract

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
    public var fuzzy: [StringsScan.Entry]
    /// Live keys without a value, in catalog order (every key when the file is missing).
    public var missing: [LocalizableString]
    /// Live keys whose value is the source text put there by `merge --fill source`.
    public var filled: [StringsScan.Entry]
    /// Effective entries no schema file uses.
    public var stale: [StringsScan.Entry]

    /// The share of live keys translated, from 0 to 100.
    public var percent: Double {
        total == 0 ? 100 : Double(translated) * 100 / Double(total)
    }
}
