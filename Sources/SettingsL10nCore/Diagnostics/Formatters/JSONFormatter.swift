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
        writer.fixedKey("configuration")
        writer.optional(report.configuration)
        writer.fixedKey("strict")
        writer.bool(report.strict)
        writer.endObject()
        writer.finish(into: write)
    }

    /// Each severity as a JSON string, by rank.
    private static let quotedSeverities = Severity.allCases.sorted().map { JSONWriter.quoted($0.rawValue) }

    /// The members of a finding, prepared for its depth (inside the document's array).
    private static let prettyKeys = JSONWriter.PreparedKeys(memberNames, depth: 3, pretty: true)
    private static let compactKeys = JSONWriter.PreparedKeys(memberNames, depth: 3, pretty: false)
    private static let memberNames: [StaticString] = ["severity", "rule", "message", "file", "line", "column", "keyPath", "key"]

    /// Elements of the `diagnostics` array, as a fragment of the document (with a leading comma
    /// when elements precede them).
    private static func elements(_ diagnostics: ArraySlice<Diagnostic>, pretty: Bool, afterElements: Bool) -> String {
        // About 350 bytes a finding, pretty: the buffer rarely grows (each growth copies it).
        var writer = JSONWriter(pretty: pretty, depth: 1, capacity: 400 * diagnostics.count + 64)
        let keys = pretty ? prettyKeys : compactKeys
        writer.resumeArray(afterElements: afterElements)
        // Runs of findings share a file and a rule: each is escaped once per run.
        var file: String?, quotedFile: [UInt8] = []
        var rule: RuleID?, quotedRule: [UInt8] = []
        for diagnostic in diagnostics {
            let location = diagnostic.location
            if location.file != file {
                file = location.file
                quotedFile = JSONWriter.quoted(location.file)
            }
            if diagnostic.rule != rule {
                rule = diagnostic.rule
                quotedRule = JSONWriter.quoted(diagnostic.rule.rawValue)
            }
            writer.element()
            writer.beginObject()
            writer.key(keys, 0)
            writer.raw(bytes: Self.quotedSeverities[diagnostic.severity.rank])
            writer.key(keys, 1)
            writer.raw(bytes: quotedRule)
            writer.key(keys, 2)
            writer.string(diagnostic.message)
            writer.key(keys, 3)
            writer.raw(bytes: quotedFile)
            writer.key(keys, 4)
            writer.optional(location.line)
            writer.key(keys, 5)
            writer.optional(location.column)
            writer.key(keys, 6)
            writer.optional(location.keyPath)
            writer.key(keys, 7)
            writer.optional(location.key)
            writer.endObject()
        }
        return writer.fragment()
    }
}
