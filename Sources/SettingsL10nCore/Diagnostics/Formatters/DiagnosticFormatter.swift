/// Writes diagnostics in one output format: one formatter per format, each in its own file
/// (text, JSON, GitHub workflow commands), as Periphery's output formatters are.
public protocol DiagnosticFormatter: Sendable {
    /// Writes the document for `report` to `write`, in order, in chunks of about 64 KiB (a
    /// check can report tens of thousands of findings; none needs the whole text at once).
    func format(_ report: DiagnosticReport, into write: (String) -> Void)
}

extension DiagnosticFormatter {
    /// The whole document as one string.
    public func format(_ report: DiagnosticReport) -> String {
        var text = ""
        format(report) { text += $0 }
        return text
    }

    /// The document listing each of `diagnostics` on its own.
    public func format(_ diagnostics: [Diagnostic], into write: (String) -> Void) {
        format(DiagnosticReport(diagnostics: diagnostics, listsEach: true), into: write)
    }

    /// The document listing each of `diagnostics` on its own, as one string.
    public func format(_ diagnostics: [Diagnostic]) -> String {
        format(DiagnosticReport(diagnostics: diagnostics, listsEach: true))
    }
}

/// A format with one line per finding (compiler-style text, GitHub workflow commands): a group
/// of findings is one line too, its summary at the place of the first.
public protocol LineDiagnosticFormatter: DiagnosticFormatter {
    /// One diagnostic's line, without its line break.
    func line(_ diagnostic: Diagnostic) -> String
}

extension LineDiagnosticFormatter {
    public func format(_ report: DiagnosticReport, into write: (String) -> Void) {
        withoutActuallyEscaping(write) { write in
            var output = ChunkedOutput(write)
            for item in report.items {
                switch item {
                case .single(let diagnostic), .group(let diagnostic, _): output.append(line(diagnostic))
                }
                output.append("\n")
            }
            output.finish()
        }
    }
}

/// How a formatter names files: diagnostics carry paths relative to the bundle, and people
/// want them as they typed the bundle (relative to the working directory) or absolute.
public struct DiagnosticPaths: Hashable, Sendable {
    /// Put before each bundle-relative path: the bundle's path as given, or its absolute path.
    public var prefix: String

    public init(prefix: String) {
        self.prefix = prefix.count > 1 && prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    }

    /// The path of the location's file as people see it. A file beside or above the bundle (the
    /// configuration, `../.settings-l10n.json`) is named as they would type it:
    /// `.settings-l10n.json`, not `Settings.bundle/../.settings-l10n.json`.
    public func path(of location: SourceLocation) -> String {
        if location.file.hasPrefix("/") || prefix.isEmpty { return location.file }
        var folder = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        var file = Substring(location.file)
        while file.hasPrefix("../") {
            let last = folder.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            guard !folder.isEmpty, last != "..", last != ".", !last.isEmpty else { break }
            folder = String(folder.dropLast(last.count))
            if folder.hasSuffix("/"), folder.count > 1 { folder.removeLast() }
            file = file.dropFirst(3)
        }
        if folder.isEmpty { return String(file) }
        return folder.hasSuffix("/") ? folder + file : folder + "/" + file
    }
}

/// Collects lines into chunks of about 64 KiB for a formatter's `write`.
struct ChunkedOutput {
    private var chunk = ""
    private let write: (String) -> Void

    init(_ write: @escaping (String) -> Void) {
        self.write = write
    }

    mutating func append(_ text: String) {
        chunk += text
        if chunk.utf8.count >= 1 << 16 {
            write(chunk)
            chunk.removeAll(keepingCapacity: true)
        }
    }

    package mutating func finish() {
        if !chunk.isEmpty { write(chunk) }
        chunk = ""
    }
}
