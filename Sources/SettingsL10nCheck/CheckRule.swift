import SettingsL10nCore
import SettingsL10nExtract

/// One rule of `check`: a stable id, a default severity, a one-line explanation, and a function
/// from the bundle to diagnostics. Rules never print; the checker applies the configuration.
public protocol CheckRule: Sendable {
    /// The stable id users name in configuration and in `[rule]` suffixes.
    var id: RuleID { get }
    var defaultSeverity: Severity { get }
    /// What the rule finds, in one line (`docs/rules.md` lists these).
    var summary: String { get }
    /// How a group of its findings about many keys of one table reads, with `{count}`; `nil`
    /// (the default) for rules whose findings are listed one by one.
    var groupMessage: String? { get }
    /// The command that fixes its findings, which the summary names; `nil` (the default) when
    /// people must fix them.
    var fix: RuleFix? { get }
    func diagnostics(in context: CheckContext) -> [Diagnostic]
}

extension CheckRule {
    public var groupMessage: String? { nil }
    public var fix: RuleFix? { nil }

    /// What reports say about the rule.
    public var descriptor: RuleDescriptor {
        RuleDescriptor(id: id, defaultSeverity: defaultSeverity, summary: summary, groupMessage: groupMessage, fix: fix)
    }

    /// A diagnostic of this rule at its default severity.
    func diagnostic(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(defaultSeverity, rule: id, message, at: location)
    }

    func diagnostic(_ message: String, file: String, position: TextPosition? = nil, keyPath: PlistKeyPath? = nil,
                    key: String? = nil) -> Diagnostic {
        diagnostic(message, at: SourceLocation(file: file, position: position, keyPath: keyPath, key: key))
    }

    func diagnostic(_ message: String, file: String, position: TextPosition? = nil, key: StringsKey) -> Diagnostic {
        diagnostic(message, at: SourceLocation(file: file, position: position, key: key))
    }
}
