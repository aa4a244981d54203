/// SARIF 2.1.0, which code-scanning tools read (GitHub's upload-sarif action among them): one
/// run whose driver lists every rule, one result per finding.
///
/// Files are URIs relative to the working folder, as the text and GitHub formats print them
/// (`MyApp/Settings.bundle/de.lproj/Root.strings`), with the base id `WORKING_DIRECTORY`, which
/// the run maps to that folder's absolute URI; a file outside it (or every file, with
/// `--absolute-paths`) is an absolute `file:` URI. GitHub's code scanning ignores base ids and
/// reads a relative URI from the repository's root, where its workflows run the tool (a URI
/// relative to the bundle's folder named no file there). Each result carries the baseline's
/// fingerprint as a partial fingerprint, so tools track a finding across line moves as the
/// baseline does.
public struct SARIFDiagnosticFormatter: DiagnosticFormatter {
    /// How files are named: the bundle's path as given, or its absolute path.
    public var paths: DiagnosticPaths
    /// The absolute path of the working folder.
    public var workingDirectory: String

    public static let baseID = "WORKING_DIRECTORY"
    public static let fingerprintName = "settingsL10nFingerprint/v3"

    public init(paths: DiagnosticPaths, workingDirectory: String) {
        self.paths = paths
        self.workingDirectory = workingDirectory
    }

    public func format(_ report: DiagnosticReport, into write: (String) -> Void) {
        let ruleIndex = Dictionary(report.rules.enumerated().map { ($1.id, $0) }) { first, _ in first }
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.fixedKey("$schema")
        writer.string("https://json.schemastore.org/sarif-2.1.0.json")
        writer.fixedKey("version")
        writer.string("2.1.0")
        writer.fixedKey("runs")
        writer.beginArray()
        writer.element()
        writer.beginObject()
        writeTool(report.rules, to: &writer)
        writer.fixedKey("originalUriBaseIds")
        writer.beginObject()
        writer.key(Self.baseID)
        writer.beginObject()
        writer.fixedKey("uri")
        writer.string(Self.fileURI(workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"))
        writer.endObject()
        writer.endObject()
        writer.fixedKey("results")
        writer.beginArray()
        for diagnostic in report.diagnostics {
            writer.element()
            writeResult(diagnostic, ruleIndex: ruleIndex[diagnostic.rule], to: &writer)
            writer.drain(ifLargerThan: 1 << 16, into: write)
        }
        writer.endArray()
        // The configuration file the check used, relative to the bundle, and whether warnings fail
        // the run (--strict), in the run's property bag; levels stay the findings' own.
        writer.fixedKey("properties")
        writer.beginObject()
        writer.fixedKey("configuration")
        writer.optional(report.configuration)
        writer.fixedKey("strict")
        writer.bool(report.strict)
        writer.endObject()
        writer.endObject()
        writer.endArray()
        writer.endObject()
        writer.finish(into: write)
    }

    private func writeTool(_ rules: [RuleDescriptor], to writer: inout JSONWriter) {
        writer.fixedKey("tool")
        writer.beginObject()
        writer.fixedKey("driver")
        writer.beginObject()
        writer.fixedKey("name")
        writer.string("settings-l10n")
        writer.fixedKey("version")
        writer.string(SettingsL10nVersion.current)
        writer.fixedKey("informationUri")
        writer.string(SettingsL10nVersion.homepage)
        writer.fixedKey("rules")
        writer.beginArray()
        for rule in rules {
            writer.element()
            writer.beginObject()
            writer.fixedKey("id")
            writer.string(rule.id.rawValue)
            writer.fixedKey("shortDescription")
            writer.beginObject()
            writer.fixedKey("text")
            writer.string(rule.summary)
            writer.endObject()
            writer.fixedKey("defaultConfiguration")
            writer.beginObject()
            writer.fixedKey("level")
            writer.string(Self.level(rule.defaultSeverity))
            writer.endObject()
            writer.fixedKey("helpUri")
            writer.string(rule.helpURI)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.endObject()
    }

    private func writeResult(_ diagnostic: Diagnostic, ruleIndex: Int?, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.fixedKey("ruleId")
        writer.string(diagnostic.rule.rawValue)
        if let ruleIndex {
            writer.fixedKey("ruleIndex")
            writer.integer(Int64(ruleIndex))
        }
        writer.fixedKey("level")
        writer.string(Self.level(diagnostic.severity))
        writer.fixedKey("message")
        writer.beginObject()
        writer.fixedKey("text")
        writer.string(diagnostic.message)
        writer.endObject()
        writer.fixedKey("locations")
        writer.beginArray()
        writer.element()
        writeLocation(diagnostic.location, to: &writer)
        writer.endArray()
        writer.fixedKey("partialFingerprints")
        writer.beginObject()
        writer.key(Self.fingerprintName)
        writer.string(diagnostic.fingerprint)
        writer.endObject()
        writer.endObject()
    }

    private func writeLocation(_ location: SourceLocation, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.fixedKey("physicalLocation")
        writer.beginObject()
        writer.fixedKey("artifactLocation")
        writer.beginObject()
        writer.fixedKey("uri")
        let shown = paths.path(of: location)
        // `./MyApp/…` and `MyApp/../MyApp/…` as the repository's path (`MyApp/…`): code scanning
        // matches URIs with its files' paths as they are.
        let relative = shown.hasPrefix("/") ? nil : Self.normalized(shown, relative: true)
        if shown.hasPrefix("/") {
            writer.string(Self.fileURI(shown))
        } else if let relative, relative == ".." || relative.hasPrefix("../") {
            writer.string(Self.fileURI(Self.normalized(workingDirectory + "/" + shown)))
        } else {
            writer.string(Self.percentEncoded(relative ?? shown))
            writer.fixedKey("uriBaseId")
            writer.string(Self.baseID)
        }
        writer.endObject()
        if let line = location.line, line > 0 {
            writer.fixedKey("region")
            writer.beginObject()
            writer.fixedKey("startLine")
            writer.integer(Int64(line))
            if let column = location.column, column > 0 {
                writer.fixedKey("startColumn")
                writer.integer(Int64(column))
            }
            writer.endObject()
        }
        writer.endObject()
        if let name = location.keyPath ?? location.key {
            writer.fixedKey("logicalLocations")
            writer.beginArray()
            writer.element()
            writer.beginObject()
            writer.fixedKey("fullyQualifiedName")
            writer.string(name)
            writer.fixedKey("kind")
            writer.string(location.keyPath != nil ? "member" : "variable")
            writer.endObject()
            writer.endArray()
        }
        writer.endObject()
    }

    /// A bundle-relative path as a path relative to the bundle's parent (`../x` leaves the bundle).
    /// A path without `.` and `..` components where they can go (`/w/a/../b` is `/w/b`,
    /// `./a/../b` is `b`); a `relative` one keeps the `..` that lead above where it starts.
    static func normalized(_ path: String, relative: Bool = false) -> String {
        var kept: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == ".." {
                if let last = kept.last, last != ".." { kept.removeLast() } else if relative { kept.append(component) }
            } else {
                kept.append(component)
            }
        }
        return (relative ? "" : "/") + kept.joined(separator: "/")
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `file:///absolute/path/`, percent-encoded.
    static func fileURI(_ path: String) -> String {
        "file://" + percentEncoded(path)
    }

    /// A path as a URI reference: everything but unreserved characters and `/` percent-encoded
    /// in UTF-8.
    static func percentEncoded(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text += "%" + hex(byte)
            }
        }
        return text
    }
}
