import SettingsL10nCore
import SettingsL10nExtract

/// One rule of `check`: a stable id, a default severity, a one-line explanation, and a function
/// from the bundle to diagnostics. Rules never print; the checker applies the configuration.
public protocol CheckRule: Sendable {
    /// The stable id users name in configuration and in `[rule]` suffixes.
    var id: RuleID { get }
    var defaultSeverity: Severity { get }
    /// What the rule finds, in one line (the README lists these).
    var summary: String { get }
    func diagnostics(in context: CheckContext) -> [Diagnostic]
}

extension CheckRule {
    /// A diagnostic of this rule at its default severity.
    func diagnostic(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(defaultSeverity, rule: id, message, at: location)
    }

    func diagnostic(_ message: String, file: String, position: TextPosition? = nil, keyPath: PlistKeyPath? = nil) -> Diagnostic {
        diagnostic(message, at: SourceLocation(file: file, position: position, keyPath: keyPath))
    }
}
