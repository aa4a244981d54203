import SettingsL10nCore
import SettingsL10nExtract

/// What merging one table of one localization did.
public struct TableMergeReport: Hashable, Sendable {
    /// The `.lproj` folder name without extension (`pt_BR`).
    public var locale: String
    public var table: String
    /// `de.lproj/Root.strings`.
    public var path: String
    public var isDevelopmentLanguage: Bool
    /// Keys written anew: with their source text (development language, `--fill source`).
    public var added: [String] = []
    /// Live keys whose entry was kept.
    public var kept = 0
    /// Translations carried over from a similar old key, marked for review.
    public var fuzzy: [FuzzyCarryOver] = []
    /// Missing keys not compared with the obsolete ones for a carry-over: too many pairs to
    /// compare in bounded time (`FuzzyMatch.comparisonBudget`).
    public var fuzzyUncompared = 0
    /// Keys filled in with the app's own translation of their source text (`--fill-from`),
    /// marked for review.
    public var filledFromApp: [AppFill] = []
    /// Missing keys the app's translation would have filled but for a character no table
    /// receives (`AppTranslations.refusal(of:language:)`): the translations not taken.
    public var refusedFromApp: [AppTranslations.Refused] = []
    /// The app's language (as `--fill-from` spells it, `zh-Hans`) that fills this folder, or
    /// `nil` without `--fill-from` or when the app has none for it.
    public var appLanguage: String?
    /// Keys no schema file uses, kept in the obsolete section.
    public var obsolete: [String] = []
    /// Obsolete keys removed by `--prune`.
    public var pruned: [String] = []
    /// Obsolete keys `--prune` left because the configuration silences their stale-key finding.
    public var notPruned: [String] = []
    /// Without `--prune`: how many of the obsolete keys `--prune` would remove (those `check`
    /// reports as `stale-key`).
    public var prunable = 0
    /// Obsolete (or pruned) keys the schema holds only where no host shows them (a slider's
    /// `Title`), with where: obsolete because nothing shows them, not because nothing uses them.
    public var notShown: [NotShownKey] = []
    /// Live keys the table still lacks (the Settings app shows the key itself).
    public var missing: [String] = []
    /// Entries overridden by a later entry of the same key, removed (the device never read them).
    public var duplicates: [DuplicateEntry] = []
    /// Whether the file's bytes change; whether the file is new.
    public var changed = false
    public var created = false
    /// Whether the bytes change but not what the table holds (`TableContent`): only the order
    /// of its entries, its blank lines or its final line break. `merge --check` says so and
    /// passes (unless `--strict`).
    public var layoutOnly = false
    /// Whether the table file exists (before the merge).
    public var fileExists = true
    /// Why the table was left untouched (it does not parse, or cannot be read).
    public var problem: String?
    public var problemPosition: TextPosition?

    package init(locale: String, table: String, path: String, isDevelopmentLanguage: Bool) {
        self.locale = locale
        self.table = table
        self.path = path
        self.isDevelopmentLanguage = isDevelopmentLanguage
    }

    /// Whether the merge adds or removes entries: a key written anew (added, carried over,
    /// filled from the app), pruned, or a duplicate removed. The merged table then parses to
    /// other entries than the file does, so its bytes differ from the file's, whatever the rest.
    var changesEntries: Bool {
        !added.isEmpty || !fuzzy.isEmpty || !filledFromApp.isEmpty || !pruned.isEmpty || !duplicates.isEmpty
    }
}

/// An obsolete key the schema holds only in a field no host shows, and that place.
public struct NotShownKey: Hashable, Sendable {
    public var key: String
    public var use: Occurrence
}

/// A translation moved from an old key to its new spelling.
public struct FuzzyCarryOver: Hashable, Sendable {
    public var key: String
    public var from: String
    public var score: Double
}

/// A key filled in from the app's translations.
public struct AppFill: Hashable, Sendable {
    public var key: String
    /// Where the translation came from (`Localizable.xcstrings`).
    public var origin: String
    /// Whether the source texts were equal (else equal but for case and trailing punctuation).
    public var exact: Bool
}

/// An entry that a later entry with the same key overrides.
public struct DuplicateEntry: Hashable, Sendable {
    public var key: String
    public var position: TextPosition
    public var value: String?
}
