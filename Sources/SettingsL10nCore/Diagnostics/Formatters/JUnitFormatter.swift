/// JUnit XML, which Jenkins, GitLab, Bitrise, Azure DevOps and most CI dashboards read as test
/// results (the schema of Jenkins' xUnit plugin, `junit-10.xsd`).
///
/// Each file the check read is a `<testsuite>` named by its path (as the text format prints it).
/// Each finding is a `<testcase>` of its file's suite, named by its rule and what it is about
/// (`missing-translation "Sound"`, `plist-syntax line 12`), holding a `<failure>` whose `type` is
/// the finding's severity, `message` its message, and text its line of the text format. A file
/// with no finding has one test case, `settings-l10n check`, that passed, so a dashboard counts
/// the files checked. Findings outside the files read (the configuration, a String Catalog) get
/// suites of their own, after the others.
public struct JUnitDiagnosticFormatter: DiagnosticFormatter {
    public var paths: DiagnosticPaths
    /// The files the check read, relative to the bundle, in the order their suites come.
    public var files: [String]

    public init(paths: DiagnosticPaths, files: [String]) {
        self.paths = paths
        self.files = files
    }

    /// The name of the test case of a file without findings.
    public static let passedCase = "settings-l10n check"

    public func format(_ report: DiagnosticReport, into write: (String) -> Void) {
        var byFile: [String: [Diagnostic]] = [:]
        var order = files
        var listed = Set(files)
        for diagnostic in report.diagnostics {
            if listed.insert(diagnostic.file).inserted { order.append(diagnostic.file) }
            byFile[diagnostic.file, default: []].append(diagnostic)
        }
        let failures = report.diagnostics.count
        let tests = failures + order.count { byFile[$0] == nil }
        var out = XMLOutput()
        out.literal("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites")
        out.attribute(" name", "settings-l10n check")
        out.attribute(" tests", String(tests))
        out.attribute(" failures", String(failures))
        out.literal(" errors=\"0\">\n")
        let text = TextDiagnosticFormatter(paths: paths)
        for file in order {
            let name = Self.field(paths.path(of: SourceLocation(file: file)))
            let findings = byFile[file] ?? []
            out.literal("  <testsuite")
            out.attribute(" name", name)
            out.attribute(" tests", String(max(findings.count, 1)))
            out.attribute(" failures", String(findings.count))
            out.literal(" errors=\"0\" skipped=\"0\" time=\"0\">\n")
            if findings.isEmpty {
                out.literal("    <testcase")
                out.attribute(" classname", name)
                out.attribute(" name", Self.passedCase)
                out.literal(" time=\"0\"/>\n")
            }
            for diagnostic in findings {
                out.literal("    <testcase")
                out.attribute(" classname", name)
                out.attribute(" name", Self.field(Self.caseName(diagnostic)))
                out.literal(" time=\"0\">\n      <failure")
                out.attribute(" type", diagnostic.severity.rawValue)
                out.attribute(" message", Self.field(diagnostic.message))
                out.literal(">")
                // The text format's line: already escaped by TerminalText, as every line it prints.
                out.text(Self.field(text.line(diagnostic)))
                out.literal("</failure>\n    </testcase>\n")
            }
            out.literal("  </testsuite>\n")
            if out.bytes.count >= 1 << 16 {
                write(String(decoding: out.bytes, as: UTF8.self))
                out.bytes.removeAll(keepingCapacity: true)
            }
        }
        out.literal("</testsuites>\n")
        write(String(decoding: out.bytes, as: UTF8.self))
    }

    /// A test case's name: the rule, then the key, the specifier or the line it is about.
    static func caseName(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        if let key = location.key { return "\(diagnostic.rule) \(MessageText.quoted(key))" }
        if let anchor = location.anchor ?? location.keyPath { return "\(diagnostic.rule) \(anchor)" }
        if let line = location.line { return "\(diagnostic.rule) line \(line)" }
        return diagnostic.rule.rawValue
    }

    /// A piece of input as the report holds it: escaped as every printed text is
    /// (`TerminalText`: no control character, no workflow command), and the two noncharacters
    /// XML 1.0 cannot hold written as `\UFFFE` and `\UFFFF`, so the document is XML whatever the
    /// bundle holds.
    static func field(_ text: String) -> String {
        var escaped = TerminalText.escaped(text)
        if escaped.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) {
            escaped = escaped.replacingEvery("\u{FFFE}", with: "\\UFFFE").replacingEvery("\u{FFFF}", with: "\\UFFFF")
        }
        return escaped
    }
}
