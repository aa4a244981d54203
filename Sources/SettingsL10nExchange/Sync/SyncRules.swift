import SettingsL10nCore

/// The rules of `sync`: what it could not reconcile between a String Catalog and the tables.
/// `settings-l10n rules` lists them after check's, and the configuration switches them off or
/// re-levels them (`"rules": {"sync-conflict": "off"}`) and silences their findings (`ignore`),
/// as it does check's.
public enum SyncRules {
    public static let all: [RuleDescriptor] = [
        RuleDescriptor(id: .syncConflict, defaultSeverity: .warning,
                       summary: "sync: a table holds another translation than the catalog where another table of the same key holds the catalog's, so the table was edited where the catalog was not; the catalog's translation wins."),
        RuleDescriptor(id: .syncTablesDisagree, defaultSeverity: .warning,
                       summary: "sync: the tables give one key different texts (or one of them none), and a String Catalog holds one string per key: the catalog takes none of them; where the development language's texts differ, sync writes the key into no table."),
        RuleDescriptor(id: .syncTableMissing, defaultSeverity: .warning,
                       summary: "sync: a language has no file for a table, and one holding only the catalog's translations would hide the table the device falls back to; the catalog keeps them until merge --fill source makes the table whole."),
        RuleDescriptor(id: .syncLanguageMissing, defaultSeverity: .warning,
                       summary: "sync: the catalog has translations into a language with no .lproj folder in the bundle (or into another spelling of a language it also has, DE beside de, or into a name that is no language), so they do not ship."),
        RuleDescriptor(id: .syncAppStrings, defaultSeverity: .note,
                       summary: "sync: the catalog holds strings Xcode extracted from the app's code (no extractionState, extracted_with_value or migrated), which no schema file uses: sync never marks them stale nor removes them; a catalog of the bundle's own keeps the two apart."),
    ]

    /// The ids of `all`.
    public static let ids: Set<RuleID> = Set(all.map(\.id))

    /// The findings as the configuration has them: those of sync's rules at the severity it
    /// gives (none when it switches the rule off), without those an `ignore` entry matches. Other
    /// findings (a table that cannot be read, a translation refused) are not sync's to silence:
    /// they say what sync left undone, and stay as they are.
    public static func configured(_ diagnostics: [Diagnostic], severities: [RuleID: Severity?], ignore: [Suppression]) -> [Diagnostic] {
        let silenced = SuppressionSet(ignore)
        return diagnostics.compactMap { diagnostic in
            guard ids.contains(diagnostic.rule) else { return diagnostic }
            var configured = diagnostic
            switch severities[diagnostic.rule] {
            case .some(nil): return nil
            case .some(let severity?): configured.severity = severity
            case nil: break
            }
            return silenced.matchesAny(configured) ? nil : configured
        }
    }
}
