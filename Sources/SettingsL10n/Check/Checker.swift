/// Runs every rule and decides what is reported, at which severity, in which order.
public enum Checker {
    /// Every rule, by area.
    public static let rules: [any CheckRule] =
        LoaderRules.all + SpecifierRules.all + OptionRules.all + PaneRules.all + TableRules.all
        + LocalizationRules.all + DisplayRules.all

    public static var ruleIDs: Set<String> { Set(rules.map(\.id)) }

    /// The diagnostics of the bundle, with the configuration's severities, sorted by file,
    /// line, column and rule.
    public static func check(_ context: CheckContext, configuration: CheckConfiguration = CheckConfiguration()) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for rule in rules {
            switch configuration.severities[rule.id] {
            case .some(nil):
                continue // switched off
            case .some(let severity?):
                diagnostics += rule.diagnostics(in: context).map { var diagnostic = $0; diagnostic.severity = severity; return diagnostic }
            case nil:
                diagnostics += rule.diagnostics(in: context)
            }
        }
        return sorted(diagnostics)
    }

    /// Diagnostics by file, line, column, rule and message. Files and rules are ranked once,
    /// so thousands of diagnostics sort without comparing their paths again and again.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let files = Set(diagnostics.map(\.location.file)).sorted()
        let rules = Set(diagnostics.map(\.rule)).sorted()
        let fileRank = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
        let ruleRank = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let keys = diagnostics.map { diagnostic in
            (fileRank[diagnostic.location.file]!, diagnostic.location.line ?? 0, diagnostic.location.column ?? 0,
             ruleRank[diagnostic.rule]!)
        }
        let order = diagnostics.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            return diagnostics[a].message < diagnostics[b].message
        }
        return order.map { diagnostics[$0] }
    }
}
