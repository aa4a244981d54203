/// Renders diagnostics as the JSON document of the command-line contract (`check --format json`).
public enum DiagnosticJSONRenderer {
    /// The document's text.
    public static func render(_ diagnostics: [Diagnostic], pretty: Bool = true) -> String {
        var text = ""
        render(diagnostics, pretty: pretty) { text += $0 }
        return text
    }

    /// The document's text in chunks of about 64 KiB, handed to `write` in order: a check can
    /// report tens of thousands of diagnostics, and none of them needs the whole text in memory.
    public static func render(_ diagnostics: [Diagnostic], pretty: Bool = true, into write: (String) -> Void) {
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.fixedKey("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics {
            writer.element()
            writer.beginObject()
            writer.fixedKey("severity")
            writer.string(diagnostic.severity.rawValue)
            writer.fixedKey("rule")
            writer.string(diagnostic.rule)
            writer.fixedKey("message")
            writer.string(diagnostic.message)
            writer.fixedKey("file")
            writer.string(diagnostic.location.file)
            writer.fixedKey("line")
            writer.optional(diagnostic.location.line)
            writer.fixedKey("column")
            writer.optional(diagnostic.location.column)
            writer.fixedKey("keyPath")
            writer.optional(diagnostic.location.keyPath)
            writer.endObject()
            writer.drain(ifLargerThan: 1 << 16, into: write)
        }
        writer.endArray()
        writer.fixedKey("errorCount")
        writer.integer(Int64(diagnostics.count { $0.severity == .error }))
        writer.fixedKey("warningCount")
        writer.integer(Int64(diagnostics.count { $0.severity == .warning }))
        writer.fixedKey("noteCount")
        writer.integer(Int64(diagnostics.count { $0.severity == .note }))
        writer.endObject()
        writer.finish(into: write)
    }
}
