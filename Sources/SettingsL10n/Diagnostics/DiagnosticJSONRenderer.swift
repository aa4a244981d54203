/// Renders diagnostics as the JSON document of the command-line contract (`check --format json`).
public enum DiagnosticJSONRenderer {
    public static func document(_ diagnostics: [Diagnostic]) -> JSONValue {
        .object([
            ("diagnostics", .array(diagnostics.map { diagnostic in
                .object([
                    ("severity", .string(diagnostic.severity.rawValue)),
                    ("rule", .string(diagnostic.rule)),
                    ("message", .string(diagnostic.message)),
                    ("file", .string(diagnostic.location.file)),
                    ("line", .optional(diagnostic.location.line)),
                    ("column", .optional(diagnostic.location.column)),
                    ("keyPath", .optional(diagnostic.location.keyPath)),
                ])
            })),
            ("errorCount", .integer(Int64(diagnostics.count { $0.severity == .error }))),
            ("warningCount", .integer(Int64(diagnostics.count { $0.severity == .warning }))),
            ("noteCount", .integer(Int64(diagnostics.count { $0.severity == .note }))),
        ])
    }
}
