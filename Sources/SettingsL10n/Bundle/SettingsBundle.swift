/// A `Settings.bundle` as read: its schema files in walk order, its localizations, and what
/// went wrong while reading it.
public struct SettingsBundle: Hashable, Sendable {
    /// Schema files: `Root.plist` and its variants, then the child panes in the order a
    /// depth-first walk from them reaches them, then every other top-level `.plist` by name.
    public var schemaFiles: [SchemaFile]
    /// The `*.lproj` folders, by name.
    public var localizations: [Localization]
    /// The links from child panes to the files they open.
    public var paneLinks: [PaneLink]
    /// Problems found while reading: unreadable or malformed files, refused `File` values,
    /// missing child panes, pane cycles, links pointing outside the bundle.
    public var diagnostics: [Diagnostic]
    /// Top-level files and folders that are neither schema files nor `.lproj` folders (images,
    /// and folders that look like localizations but are not, such as `es.lprj`).
    public var otherEntries: [BundleFolderEntry]

    public init(schemaFiles: [SchemaFile] = [], localizations: [Localization] = [],
                paneLinks: [PaneLink] = [], diagnostics: [Diagnostic] = [], otherEntries: [BundleFolderEntry] = []) {
        self.schemaFiles = schemaFiles
        self.localizations = localizations
        self.paneLinks = paneLinks
        self.diagnostics = diagnostics
        self.otherEntries = otherEntries
    }

    public func schemaFile(at path: String) -> SchemaFile? {
        schemaFiles.first { $0.path == path }
    }

    public func localization(named folder: String) -> Localization? {
        localizations.first { $0.folder == folder }
    }
}

/// A child pane specifier and the schema files its `File` opens (device variants included).
public struct PaneLink: Hashable, Sendable {
    public var from: String
    public var keyPath: PlistKeyPath
    public var file: String
    public var targets: [String]
}

/// One `<language>.lproj` folder and its tables.
public struct Localization: Hashable, Sendable {
    /// The folder name (`pt_BR.lproj`).
    public var folder: String
    /// The folder name without `.lproj` (`pt_BR`).
    public var name: String
    /// The `.strings` tables, by name.
    public var tables: [StringsTableFile]

    public init(folder: String, tables: [StringsTableFile]) {
        self.folder = folder
        self.name = folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : folder
        self.tables = tables
    }

    public func table(named name: String) -> StringsTableFile? {
        tables.first { $0.name == name }
    }
}

/// One `.strings` file of a localization, parsed or not.
public struct StringsTableFile: Hashable, Sendable {
    /// The table name (`Root` for `Root.strings`).
    public var name: String
    /// The path relative to the bundle (`de.lproj/Root.strings`).
    public var path: String
    public var content: Content

    public enum Content: Hashable, Sendable {
        case parsed(StringsDocument)
        case malformed(StringsParseError)
        case unreadable(String)
    }

    public init(name: String, path: String, content: Content) {
        self.name = name
        self.path = path
        self.content = content
    }

    public var document: StringsDocument? {
        if case .parsed(let document) = content { return document }
        return nil
    }
}
