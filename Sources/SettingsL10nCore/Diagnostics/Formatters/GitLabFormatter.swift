/// GitLab Code Quality: the part of Code Climate's issue format that GitLab reads
/// (`artifacts: reports: codequality`), shown in merge requests and pipelines. A JSON array with
/// one object per finding: `description`, `check_name` (the rule), `fingerprint`, `severity` and
/// `location` (`path` as the other formats print it, relative to the working directory, and
/// `lines.begin`, 1 for a finding about a whole file).
///
/// GitLab keys findings by fingerprint (a report's second finding with one fingerprint replaces
/// the first) and compares a merge request's findings with its target branch's by it, so each is
/// unique in the report and stable across line moves: the SHA-256 of the bundle as named, the
/// baseline's fingerprint, and which finding of that fingerprint it is.
///
/// Severities: a note is `info`, a warning `minor`, an error `major` (as SwiftLint's Code Climate
/// reporter maps its levels); `critical` and `blocker` are not used.
public struct GitLabDiagnosticFormatter: DiagnosticFormatter {
    public var paths: DiagnosticPaths

    public init(paths: DiagnosticPaths) {
        self.paths = paths
    }

    /// GitLab's severity for a finding's.
    public static func severity(_ severity: Severity) -> String {
        switch severity {
        case .note: "info"
        case .warning: "minor"
        case .error: "major"
        }
    }

    public func format(_ report: DiagnosticReport, into write: (String) -> Void) {
        var writer = JSONWriter(pretty: true)
        var occurrences: [String: Int] = [:]
        writer.beginArray()
        for diagnostic in report.diagnostics {
            let fingerprint = diagnostic.fingerprint
            let occurrence = occurrences[fingerprint, default: 0]
            occurrences[fingerprint] = occurrence + 1
            writer.element()
            writeIssue(diagnostic, fingerprint: SHA256.hex("\(paths.prefix)|\(fingerprint)|\(occurrence)"), to: &writer)
            writer.drain(ifLargerThan: 1 << 16, into: write)
        }
        writer.endArray()
        writer.finish(into: write)
    }

    private func writeIssue(_ diagnostic: Diagnostic, fingerprint: String, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.fixedKey("type")
        writer.string("issue")
        writer.fixedKey("check_name")
        writer.string(diagnostic.rule.rawValue)
        writer.fixedKey("description")
        var message = diagnostic.message
        if diagnostic.location.line == nil, let keyPath = diagnostic.location.keyPath { message += " (at \(keyPath))" }
        writer.string(message)
        writer.fixedKey("engine_name")
        writer.string("settings-l10n")
        writer.fixedKey("fingerprint")
        writer.string(fingerprint)
        writer.fixedKey("severity")
        writer.string(Self.severity(diagnostic.severity))
        writer.fixedKey("location")
        writer.beginObject()
        writer.fixedKey("path")
        var path = paths.path(of: diagnostic.location)
        // A path in the repository, as GitLab asks: never `./…`.
        while path.hasPrefix("./") { path.removeFirst(2) }
        writer.string(path)
        writer.fixedKey("lines")
        writer.beginObject()
        writer.fixedKey("begin")
        writer.integer(Int64(max(diagnostic.location.line ?? 1, 1)))
        writer.endObject()
        writer.endObject()
        writer.endObject()
    }
}
