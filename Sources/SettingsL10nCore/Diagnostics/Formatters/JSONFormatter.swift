/// The JSON document of the command-line contract (`check --format json`).
public struct JSONDiagnosticFormatter: DiagnosticFormatter {
    public var pretty: Bool

    public init(pretty: Bool = true) {
        self.pretty = pretty
    }

    public func format(_ report: DiagnosticReport, into write: (String) -> Void) {
        let diagnostics = report.diagnostics
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.fixedKey("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics {
            let location = diagnostic.location
            writer.element()
            writer.beginObject()
            writer.fixedKey("severity")
            writer.string(diagnostic.severity.rawValue)
            writer.fixedKey("rule")
            writer.string(diagnostic.rule.rawValue)
            writer.fixedKey("message")
            writer.string(diagnostic.message)
            writer.fixedKey("file")
            writer.string(location.file)
            writer.fixedKey("line")
            writer.optional(location.line)
            writer.fixedKey("column")
            writer.optional(location.column)
            writer.fixedKey("keyPath")
            writer.optional(location.keyPath)
            writer.fixedKey("key")
            writer.optional(location.key)
            writer.endObject()
            writer.drain(ifLargerThan: 1 << 16, into: write)
        }
        writer.endArray()
        writer.fixedKey("errorCount")
        writer.integer(Int64(report.errorCount))
        writer.fixedKey("warningCount")
        writer.integer(Int64(report.warningCount))
        writer.fixedKey("noteCount")
        writer.integer(Int64(report.noteCount))
        writer.endObject()
        writer.finish(into: write)
    }
}
