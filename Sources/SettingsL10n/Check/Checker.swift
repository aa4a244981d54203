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
        return diagnostics.sorted(by: order)
    }

    static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let left = a.location, right = b.location
        if left.file != right.file { return left.file < right.file }
        if (left.line ?? 0) != (right.line ?? 0) { return (left.line ?? 0) < (right.line ?? 0) }
        if (left.column ?? 0) != (right.column ?? 0) { return (left.column ?? 0) < (right.column ?? 0) }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}
