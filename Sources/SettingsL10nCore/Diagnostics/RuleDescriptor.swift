/// What a report says about a rule: its id, default severity, one-line summary, the phrase for
/// a group of its findings, and where its documentation is. `check` describes its rules with
/// these; formatters (SARIF's rule list, grouped text) read them.
public struct RuleDescriptor: Hashable, Sendable {
    public var id: RuleID
    public var defaultSeverity: Severity
    public var summary: String
    /// How a group of findings of this rule in one file reads, with `{count}` for their number
    /// (`{count} strings not translated`); `nil` for rules whose findings are never grouped.
    public var groupMessage: String?

    public init(id: RuleID, defaultSeverity: Severity, summary: String, groupMessage: String? = nil) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.groupMessage = groupMessage
    }

    /// The README's row for the rule.
    public var helpURI: String {
        "\(SettingsL10nVersion.homepage)#rule-\(id.rawValue)"
    }
}
