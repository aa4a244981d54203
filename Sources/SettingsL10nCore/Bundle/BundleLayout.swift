/// How a bundle is laid out beyond Apple's reference, as its configuration says: the page the
/// app starts at, and the panes a build step writes.
public struct BundleLayout: Hashable, Sendable {
    /// The root page's base name: `Root` (Apple's: `Root.plist`), or the one an app hands
    /// InAppSettingsKit (`initWithFile:@"Main"` reads `Main.plist`, `Main.inApp.plist`, …).
    public var rootPage: String
    /// Panes a build step generates (LicensePlist's `com.mono0926.LicensePlist.plist`), often
    /// ignored by version control, so that a checkout may lack them.
    public var generatedPanes: [GeneratedPane]

    public init(rootPage: String = "Root", generatedPanes: [GeneratedPane] = []) {
        self.rootPage = rootPage
        self.generatedPanes = generatedPanes
    }

    /// Apple's: `Root.plist`, and no generated pane.
    public static let standard = BundleLayout()

    /// The generated pane a child pane's `File` names, if it names one.
    public func generatedPane(named file: String) -> GeneratedPane? {
        generatedPanes.first { $0.file.matches(file) }
    }

    /// Why `name` cannot be a root page's base name, or `nil` when it can: a plain file name,
    /// without folder or extension.
    public static func problem(withRootPage name: String) -> String? {
        if let problem = PaneWalk.problem(withFileName: name) { return problem }
        if name.contains("/") { return "is a path; name a schema file at the bundle's top level, without .plist (Main)" }
        if name.hasPrefix(".") || name.contains("~") || name.hasSuffix(".inApp") {
            return "is not a base name; write it without a device or .inApp suffix (Main), its variants are read too"
        }
        return nil
    }
}

/// A pane a build step generates, named in the configuration's `generatedPanes`.
public struct GeneratedPane: Hashable, Sendable {
    /// The `File` value that opens it (`com.mono0926.LicensePlist`), or a `*` pattern of them.
    public var file: GlobPattern
    /// Tables its strings are in, which are left alone while it is missing (its keys unknown);
    /// a table no other schema file uses is left alone anyway.
    public var tables: [String]

    public init(file: GlobPattern, tables: [String] = []) {
        self.file = file
        self.tables = tables
    }
}

/// A generated pane that a child pane opens and the bundle does not hold now: its strings are
/// unknown, its tables are left alone, and the rest of the bundle is read, checked, exported and
/// merged as usual.
public struct MissingGeneratedPane: Hashable, Sendable {
    /// The `File` value, as written.
    public var file: String
    /// Where the `File` is written.
    public var location: SourceLocation
    /// The tables the configuration says it uses.
    public var tables: [String]
}
