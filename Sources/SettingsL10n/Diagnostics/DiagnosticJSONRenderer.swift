/// Renders diagnostics as the JSON document of the command-line contract (`check --format json`).
public enum DiagnosticJSONRenderer {
    /// The document's text, written straight out (a check can report thousands of diagnostics).
    public static func render(_ diagnostics: [Diagnostic], pretty: Bool = true) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.key("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics {
            writer.element()
            writer.beginObject()
            writer.key("severity")
            writer.string(diagnostic.severity.rawValue)
            writer.key("rule")
            writer.string(diagnostic.rule)
            writer.key("message")
            writer.string(diagnostic.message)
            writer.key("file")
            writer.string(diagnostic.location.file)
            writer.key("line")
            writer.optional(diagnostic.location.line)
            writer.key("column")
            writer.optional(diagnostic.location.column)
            writer.key("keyPath")
            writer.optional(diagnostic.location.keyPath)
            writer.endObject()
        }
        writer.endArray()
        writer.key("errorCount")
        writer.integer(Int64(diagnostics.count { $0.severity == .error }))
        writer.key("warningCount")
        writer.integer(Int64(diagnostics.count { $0.severity == .warning }))
        writer.key("noteCount")
        writer.integer(Int64(diagnostics.count { $0.severity == .note }))
        writer.endObject()
        return writer.finish()
    }
}
