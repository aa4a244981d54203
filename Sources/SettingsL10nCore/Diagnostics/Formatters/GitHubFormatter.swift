/// GitHub Actions workflow commands, which annotate the pull request:
/// `::error file=…,line=…,col=…,title=…::message`.
public struct GitHubDiagnosticFormatter: LineDiagnosticFormatter {
    public var paths: DiagnosticPaths

    public init(paths: DiagnosticPaths) {
        self.paths = paths
    }

    /// One diagnostic's workflow command, without its line break.
    public func line(_ diagnostic: Diagnostic) -> String {
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties = ["file=\(Self.escapeProperty(paths.path(of: diagnostic.location)))"]
        if let line = diagnostic.location.line {
            properties.append("line=\(line)")
            if let column = diagnostic.location.column { properties.append("col=\(column)") }
        }
        properties.append("title=\(Self.escapeProperty("settings-l10n \(diagnostic.rule)"))")
        var message = diagnostic.message
        if diagnostic.location.line == nil, let keyPath = diagnostic.location.keyPath { message += " (at \(keyPath))" }
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
    }

    /// `text` as a workflow command's data: control characters written as escapes (an ESC
    /// would reach the log viewer), then GitHub's own `%`, CR and LF escapes.
    static func escapeData(_ text: String) -> String {
        TerminalText.escaped(text).replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D")
            .replacingEvery("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
    }
}
