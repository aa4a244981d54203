import SettingsL10nCore
import SettingsL10nExtract

/// What `merge` does to the tables of a bundle.
public struct MergeOptions: Hashable, Sendable {
    /// Remove obsolete entries instead of keeping them in the obsolete section.
    public var prune: Bool
    /// Add missing keys to other languages with the source text, marked untranslated.
    public var fillSource: Bool
    /// Add missing keys with the app's own translation of the same source text, marked for
    /// review (`--fill-from`), before `fillSource` fills what is left.
    public var fillFrom: AppTranslations?

    /// Keys the app reads from the tables itself (the configuration's `keep`): live in every
    /// table, after the schema's keys; never obsolete, never pruned.
    public var keep: GlobPatternSet
    /// What the configuration silences (`ignore`): `prune` removes only the keys `check` reports
    /// as stale, so a key whose stale-key finding an entry silences stays, in the obsolete section.
    public var ignore: SuppressionSet
    /// Only the reports are wanted (`merge --check`): a table whose entries change is reported
    /// changed without being assembled, and its outcome carries no update. The reports are
    /// those of a full merge.
    public var reportOnly: Bool

    public init(prune: Bool = false, fillSource: Bool = false, fillFrom: AppTranslations? = nil,
                keep: [GlobPattern] = [], ignore: [Suppression] = [], reportOnly: Bool = false) {
        self.prune = prune
        self.fillSource = fillSource
        self.fillFrom = fillFrom
        self.keep = GlobPatternSet(keep)
        self.ignore = SuppressionSet(ignore)
        self.reportOnly = reportOnly
    }

    /// Whether the app reads `key` itself.
    func keeps(_ key: StringsKey) -> Bool { !keep.isEmpty && keep.matchesAny(key.string) }

    /// Whether `prune` leaves the obsolete `key` of the table at `path`: the configuration
    /// silences its stale-key finding.
    func protectsFromPruning(_ key: StringsKey, in path: String) -> Bool {
        guard !ignore.isEmpty else { return false }
        return ignore.matchesAny(Diagnostic(.warning, rule: .staleKey, "", at: SourceLocation(file: path, key: key)))
    }
}

/// The result of merging a bundle: the files that change and a report per table.
public struct MergeResult: Hashable, Sendable {
    public var updates: [TableUpdate] = []
    public var reports: [TableMergeReport] = []
    /// Why the merge changed nothing at all (a schema file did not load), or `nil`.
    public var refusal: String?

    package init(updates: [TableUpdate] = [], reports: [TableMergeReport] = [], refusal: String? = nil) {
        self.refusal = refusal
        self.updates = updates
        self.reports = reports
    }

    /// Whether a table could not be merged (it does not parse).
    public var hasProblems: Bool { reports.contains { $0.problem != nil } }
}
