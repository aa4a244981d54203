/// A schema file of the bundle that did not load, and why (the diagnostic that says so).
public struct UnloadedSchemaFile: Hashable, Sendable {
    public var path: String
    public var reason: Diagnostic

    package init(path: String, reason: Diagnostic) {
        self.path = path
        self.reason = reason
    }

    /// The path as a message shows it: escaped for a terminal (a child pane's `File` may hold a
    /// line break), and `""` when empty (`File = ""`).
    public var shownPath: String { Self.shown(path) }

    /// A path as a message shows it (see `shownPath`).
    public static func shown(_ path: String) -> String {
        path.isEmpty ? "\"\"" : TerminalText.escaped(path)
    }

    /// Whether this is a child pane's `File` that opens nothing (refused, or naming no file),
    /// reported where the `File` is written rather than in a file of its own.
    public var isPaneReference: Bool { reason.location.file != path }

    /// Whether `path` is a file of the bundle (there, but it did not load): neither a child
    /// pane's `File` that opens nothing nor the Root.plist a bundle lacks.
    public var isInBundle: Bool { !isPaneReference && reason.rule != .rootPlistMissing }

    /// Whether it is not there at all: the Root.plist a bundle lacks, or the file a child
    /// pane's `File` names (`child-pane-file-missing`).
    private var isAbsent: Bool { reason.rule == .rootPlistMissing || reason.rule == .childPaneFileMissing }

    /// What went wrong, after the path: `did not load`, `could not be opened` (a child pane's
    /// `File` that opens nothing it may), or `is missing` (a bundle without Root.plist, a
    /// child pane's file that is not there).
    public var failure: String {
        isAbsent ? "is missing" : isPaneReference ? "could not be opened" : "did not load"
    }

    /// `failure` said of several files: `did not load`, `could not be opened`, `are missing`.
    public var failureOfMany: String {
        isAbsent ? "are missing" : failure
    }

    /// What must happen for it, in the words of `failure`: `loads`, `can be opened`, `is added`
    /// (a missing file: added, or its rows removed).
    var remedy: (one: String, many: String) {
        isAbsent ? ("is added", "are added") : isPaneReference ? ("can be opened", "can be opened") : ("loads", "load")
    }
}

extension [UnloadedSchemaFile] {
    /// The paths, each once (three device variants of a page may name one missing pane), in order.
    public var distinctPaths: [String] {
        var seen: Set<String> = []
        return map(\.path).filter { seen.insert($0).inserted }
    }
}
