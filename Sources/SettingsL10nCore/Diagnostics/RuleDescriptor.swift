/// What a report says about a rule: its id, default severity, one-line summary, the phrase for
/// a group of its findings, the command that fixes its findings, and where its documentation
/// is. `check` describes its rules with these; formatters (SARIF's rule list, grouped text) and
/// the summary read them.
public struct RuleDescriptor: Hashable, Sendable {
    public var id: RuleID
    public var defaultSeverity: Severity
    public var summary: String
    /// How a group of findings of this rule in one file reads, with `{count}` for their number
    /// (`{count} strings not translated`); `nil` for rules whose findings are never grouped.
    public var groupMessage: String?
    /// The command that makes its findings go away, for the summary; `nil` when people must.
    public var fix: RuleFix?

    public init(id: RuleID, defaultSeverity: Severity, summary: String, groupMessage: String? = nil, fix: RuleFix? = nil) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.groupMessage = groupMessage
        self.fix = fix
    }

    /// The rule's row in `docs/rules.md`, as this version has it.
    public var helpURI: String {
        "\(SettingsL10nVersion.homepage)/blob/v\(SettingsL10nVersion.current)/docs/rules.md#rule-\(id.rawValue)"
    }
}

/// The command that fixes the findings of a rule, as the summary says it:
/// "2,733 stale keys are removed by `settings-l10n merge --prune`".
public struct RuleFix: Hashable, Sendable {
    /// The subcommand, with its options after the bundle (`merge`, `merge --prune`).
    public var command: String
    /// What the findings are called (`stale key`, singular), or `nil` to call them by their
    /// severity (`warning`, `error`).
    public var noun: String?
    /// What the command does to them (`fixed`, `removed`).
    public var verb: String

    public init(command: String, noun: String? = nil, verb: String = "fixed") {
        self.command = command
        self.noun = noun
        self.verb = verb
    }

    /// The command line for a bundle and the options given with it (already quoted for the
    /// shell): `settings-l10n merge VLC/Settings.bundle --prune`.
    public func commandLine(arguments: String?) -> String {
        let words = command.split(separator: " ", maxSplits: 1).map(String.init)
        var line = "settings-l10n " + (words.first ?? "")
        if let arguments, !arguments.isEmpty { line += " " + arguments }
        if words.count > 1 { line += " " + words[1] }
        return line
    }
}
