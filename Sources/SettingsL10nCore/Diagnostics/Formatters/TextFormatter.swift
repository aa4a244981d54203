/// Compiler-style lines that Xcode and editors turn into clickable issues:
/// `<path>:<line>:<column>: error|warning|note: <message> [<rule>]`.
public struct TextDiagnosticFormatter: LineDiagnosticFormatter {
    public var paths: DiagnosticPaths
    /// Whether to colour severities with ANSI escapes (terminals only, never with `NO_COLOR`).
    public var colors: Bool

    public init(paths: DiagnosticPaths, colors: Bool = false) {
        self.paths = paths
        self.colors = colors
    }

    /// One diagnostic's line, without its line break.
    public func line(_ diagnostic: Diagnostic) -> String {
        // A file name or message from input never acts on the terminal or the log.
        var text = TerminalText.escaped(paths.path(of: diagnostic.location))
        if let line = diagnostic.location.line {
            text += ":\(line)"
            if let column = diagnostic.location.column { text += ":\(column)" }
        }
        let severity = diagnostic.severity.rawValue
        text += ": " + (colors ? color(severity, for: diagnostic.severity) : severity) + ": "
        text += TerminalText.escaped(diagnostic.message)
        if let keyPath = diagnostic.location.keyPath, diagnostic.location.line == nil {
            text += " (at \(TerminalText.escaped(keyPath.description)))"
        }
        text += " [\(diagnostic.rule)]"
        return text
    }

    private func color(_ text: String, for severity: Severity) -> String {
        let code = switch severity {
        case .error: "1;31"
        case .warning: "1;35"
        case .note: "1;30"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
