/// The JSON document of the command-line contract (`check --format json`).
public struct JSONDiagnosticFormatter: DiagnosticFormatter {
    public var pretty: Bool

    public init(pretty: Bool = true) {
        self.pretty = pretty
    }

    /// Diagnostics per piece of the document formatted on one thread; pieces stream out in order
    /// (`parallelStream`), two per core waiting at most, so memory holds a few pieces.
    static let pieceSize = 256

    public func format(_ report: DiagnosticReport, into write: (String) -> Void) {
        let diagnostics = report.diagnostics
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.fixedKey("diagnostics")
        writer.beginArray()
        // The diagnostics are independent: pieces of the array are formatted on all cores.
        let pieces = stride(from: 0, to: diagnostics.count, by: Self.pieceSize).map { $0..<min($0 + Self.pieceSize, diagnostics.count) }
        let pretty = pretty
        parallelStream(pieces, window: 2 * activeCores, { range in
            Self.elements(diagnostics[range], pretty: pretty, afterElements: range.lowerBound > 0)
        }, consume: { text in
            writer.drain(ifLargerThan: 1, into: write)
            write(text)
        })
        if !pieces.isEmpty { writer.resumedElements() }
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

    /// Elements of the `diagnostics` array, as a fragment of the document (with a leading comma
    /// when elements precede them).
    private static func elements(_ diagnostics: ArraySlice<Diagnostic>, pretty: Bool, afterElements: Bool) -> String {
        // About 350 bytes a finding, pretty: the buffer rarely grows (each growth copies it).
        var writer = JSONWriter(pretty: pretty, depth: 1, capacity: 400 * diagnostics.count + 64)
        writer.resumeArray(afterElements: afterElements)
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
        }
        return writer.fragment()
    }
}
