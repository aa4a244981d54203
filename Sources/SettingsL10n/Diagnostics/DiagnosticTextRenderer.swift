/// Renders diagnostics as compiler-style lines that Xcode and editors turn into clickable
/// issues: `<path>:<line>:<column>: error|warning|note: <message> [<rule>]`.
public struct DiagnosticTextRenderer: Sendable {
    /// Prefixed to each bundle-relative file (the bundle's path as given, or absolute).
    public var pathPrefix: String
    /// Whether to colour severities with ANSI escapes (terminals only, never with `NO_COLOR`).
    public var colors: Bool

    public init(pathPrefix: String, colors: Bool = false) {
        self.pathPrefix = pathPrefix
        self.colors = colors
    }

    public func path(of location: SourceLocation) -> String {
        if location.file.hasPrefix("/") || pathPrefix.isEmpty { return location.file }
        return pathPrefix.hasSuffix("/") ? pathPrefix + location.file : pathPrefix + "/" + location.file
    }

    public func line(_ diagnostic: Diagnostic) -> String {
        var text = path(of: diagnostic.location)
        if let line = diagnostic.location.line {
            text += ":\(line)"
            if let column = diagnostic.location.column { text += ":\(column)" }
        }
        let severity = diagnostic.severity.rawValue
        text += ": " + (colors ? color(severity, for: diagnostic.severity) : severity) + ": "
        text += diagnostic.message
        if let keyPath = diagnostic.location.keyPath, diagnostic.location.line == nil {
            text += " (at \(keyPath))"
        }
        text += " [\(diagnostic.rule)]"
        return text
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        var text = ""
        render(diagnostics) { text += $0 }
        return text
    }

    /// The lines in chunks of about 64 KiB, handed to `write` in order.
    public func render(_ diagnostics: [Diagnostic], into write: (String) -> Void) {
        var chunk = ""
        for diagnostic in diagnostics {
            chunk += line(diagnostic)
            chunk += "\n"
            if chunk.utf8.count >= 1 << 16 {
                write(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { write(chunk) }
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
