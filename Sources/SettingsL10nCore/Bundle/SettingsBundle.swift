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
    /// Schema files that are in the bundle but could not be read or understood: which keys they
    /// use is unknown, so no table may be written until they load (see `writePermission`).
    public var unloadedSchemaFiles: [UnloadedSchemaFile]
    /// `.strings` files at the bundle's top level, outside every `.lproj`: the device finds a
    /// table here before any localization's.
    public var unlocalizedTables: [StringsTableFile] = []
    /// Whether the bundle keeps tables its schema files use (`tables`) at its top level and has
    /// no `.lproj` folder: it is not localized, those tables are the ones every language reads,
    /// and no command makes a `.lproj` folder for it (check's `table-outside-lproj` speaks of the
    /// other case). A top-level `.strings` file no schema file uses does not count.
    public func keepsTablesAtTopLevel(using tables: Set<String>) -> Bool {
        localizations.isEmpty && !topLevelTables(using: tables).isEmpty
    }

    /// The `.strings` files at the top level that are tables of `tables` (those schema files
    /// use), or a device's variant of one.
    public func topLevelTables(using tables: Set<String>) -> [StringsTableFile] {
        unlocalizedTables.filter { tables.contains(Self.tableOfTopLevelFile($0.name).table) }
    }

    /// The table a top-level `.strings` file (its name without the extension) is, and the
    /// device it serves when it is a variant (`Privacy~ipad`): one suffix, as CFBundle adds one
    /// to the table it looks for (`SchemaFileName` takes off every suffix of a schema file).
    public static func tableOfTopLevelFile(_ name: String) -> (table: String, idiom: Idiom?) {
        for idiom in Idiom.allCases where name.hasSuffix(idiom.fileSuffix) && name.count > idiom.fileSuffix.count {
            return (String(name.dropLast(idiom.fileSuffix.count)), idiom)
        }
        return (name, nil)
    }
    /// The bundle's development region, from an Info.plist's `CFBundleDevelopmentRegion` (a
    /// Settings.bundle usually has no Info.plist).
    public var developmentRegion: String?
    /// The root page and the generated panes the bundle was read with.
    public var layout = BundleLayout.standard
    /// Generated panes a child pane opens that the bundle does not hold now (`generatedPanes`).
    public var missingGeneratedPanes: [MissingGeneratedPane] = []

    /// The root pages inside `.lproj` folders (`en.lproj/Root.plist`), by path: a layout that
    /// is read nowhere (see `localizedRootMessage`).
    public var localizedRootPages: [String] {
        localizations.flatMap { localization in
            localization.plistNames.filter { SchemaFileName(fileName: $0)?.base == layout.rootPage }.map { localization.folder + "/" + $0 }
        }.sorted()
    }

    /// What every command says of a bundle whose root page is only inside `.lproj` folders, or
    /// `nil` when it is not so laid out. CFBundle's resource lookup (`CFBundle_Resources.c`,
    /// `_createQueryTableAtPath`) would find such a file, the user's language's folder first,
    /// but Apple's documentation puts schema files at the bundle's top level and does not say
    /// whether the Settings app looks up Root.plist that way: not settled, so not read.
    public var localizedRootMessage: String? {
        let pages = localizedRootPages
        guard !pages.isEmpty else { return nil }
        let root = layout.rootPage + ".plist"
        let shown = pages.count > 3 ? pages.prefix(3).joined(separator: ", ") + ", … (+\(pages.count - 3))" : pages.joined(separator: ", ")
        return "\(root) is only inside .lproj folders (\(shown)), a localized root page that settings-l10n does not read: "
            + "Apple's Settings Application Schema Reference has schema files at the bundle's top level, and whether the Settings app "
            + "looks for \(root) in .lproj folders (as CFBundle's resource lookup would, the user's language's first) is not documented; "
            + "move one \(root) to the bundle's top level, with its strings in each .lproj's \(layout.rootPage).strings"
    }

    /// The tables left alone while a generated pane is missing: its strings, which may be
    /// there, are unknown.
    public var tablesLeftAlone: Set<String> { Set(missingGeneratedPanes.flatMap(\.tables)) }

    package init(schemaFiles: [SchemaFile] = [], localizations: [Localization] = [],
                paneLinks: [PaneLink] = [], diagnostics: [Diagnostic] = [], otherEntries: [BundleFolderEntry] = [],
                unloadedSchemaFiles: [UnloadedSchemaFile] = []) {
        self.schemaFiles = schemaFiles
        self.localizations = localizations
        self.paneLinks = paneLinks
        self.diagnostics = diagnostics
        self.otherEntries = otherEntries
        self.unloadedSchemaFiles = unloadedSchemaFiles
    }

    public func schemaFile(at path: String) -> SchemaFile? {
        schemaFiles.first { $0.path == path }
    }

    public func localization(named folder: String) -> Localization? {
        localizations.first { $0.folder == folder }
    }
}

extension SettingsBundle {
    /// The paths of `unloadedSchemaFiles`, each once, in check's order.
    public var unloadedSchemaPaths: [String] { unloadedSchemaFiles.distinctPaths }

    /// Why no table of the bundle may be written, or `nil` when every schema file loaded.
    ///
    /// A schema file that did not load hides which keys are live: merging without it would call
    /// its keys obsolete (and `--prune` would delete their translations).
    public var schemaWriteRefusal: String? {
        guard let first = unloadedSchemaFiles.first else { return nil }
        let others = unloadedSchemaPaths.count - 1
        let also = others > 0 ? " (and \(others) other schema file\(others == 1 ? "" : "s"))" : ""
        let line = first.reason.location.line
        let advice = "so which keys are still used is unknown; fix it (settings-l10n check says how) and run again"
        if first.reason.rule == .rootPlistMissing {
            let root = layout.rootPage
            let why = first.reason.message.hasPrefix(BundleLoader.rootIsFolder(root)) ? BundleLoader.rootIsFolder(root) : BundleLoader.rootIsMissing(root)
            return "\(why)\(also.isEmpty ? "" : " (and \(others) schema file\(others == 1 ? "" : "s") did not load)"), \(advice)"
        }
        // A child pane that opened nothing is reported where its File is written.
        if first.isPaneReference {
            let place = first.reason.location.file + (line.map { ":\($0)" } ?? "")
            return "\(first.shownPath)\(also) \(first.failure) (\(place): \(first.reason.message)), \(advice)"
        }
        let position = line.map { "line \($0): " } ?? ""
        return "\(first.shownPath)\(also) did not load (\(position)\(first.reason.message)), \(advice)"
    }

    /// What must happen before `merge` and `import` write again, in a few words for a summary
    /// line (`Privacy.plist loads`, `Fruit.plist and 3 other schema files can be opened`), or
    /// `nil` when every schema file loaded.
    public var schemaLoadCondition: String? {
        guard let first = unloadedSchemaFiles.first, let subject = unloadedSchemaSubject else { return nil }
        return subject + " " + (unloadedSchemaPaths.count > 1 ? first.remedy.many : first.remedy.one)
    }

    /// The schema files that did not load, as a message names them (`Privacy.plist`,
    /// `Fruit.plist and 3 other schema files`), or `nil` when every schema file loaded.
    public var unloadedSchemaSubject: String? {
        guard let first = unloadedSchemaFiles.first else { return nil }
        let others = unloadedSchemaPaths.count - 1
        return others > 0 ? "\(first.shownPath) and \(others) other schema file\(others == 1 ? "" : "s")" : first.shownPath
    }

    /// Whether the table `name` of `localization` may be written (replaced or created).
    public func writePermission(table name: String, in localization: Localization) -> TableWritePermission {
        writePermission(file: localization.table(named: name), in: localization)
    }

    /// `writePermission(table:in:)` for the table's file, already found (`nil` when the
    /// localization has none).
    public func writePermission(file: StringsTableFile?, in localization: Localization) -> TableWritePermission {
        if let refusal = schemaWriteRefusal { return .unknown(refusal) }
        if let problem = localization.listingProblem {
            return .unknown("\(localization.folder) could not be listed (\(problem)), so what it holds is unknown; nothing in it is written")
        }
        if localization.isLink {
            return .readOnly("\(localization.folder) is a symbolic link, and settings-l10n never writes through links: work on the folder it points to, or replace the link with a folder")
        }
        if let table = file, table.isLink {
            return .readOnly("\(table.path) is a symbolic link, and settings-l10n never writes through links: work on the file it points to, or replace the link with a file")
        }
        return .allowed
    }
}

/// Whether a command may write a table of the bundle.
public enum TableWritePermission: Hashable, Sendable {
    case allowed
    /// What the table should hold cannot be known (a schema file did not load, the folder could
    /// not be listed): it is neither merged nor written.
    case unknown(String)
    /// The table is read through a symbolic link: it is merged, but a change is not written.
    case readOnly(String)

    /// Why the table may not be written, or `nil` when it may.
    public var refusal: String? {
        switch self {
        case .allowed: nil
        case .unknown(let reason), .readOnly(let reason): reason
        }
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
    /// Why the folder could not be listed (it holds too many entries, or no permission): its
    /// tables are then unknown, and none is written.
    public var listingProblem: String?
    /// Whether the folder is a symbolic link (to a folder inside the bundle): read, never written.
    public var isLink: Bool
    /// Whether the folder is a symbolic link that points outside the bundle: not read
    /// (`listingProblem` says so).
    public var pointsOutside = false
    /// The `.plist` files inside the folder (`Root.plist`): not read, but a localized root page
    /// is a layout every command names (`SettingsBundle.localizedRootPages`).
    public var plistNames: [String] = []

    package init(folder: String, tables: [StringsTableFile], listingProblem: String? = nil, isLink: Bool = false) {
        self.folder = folder
        self.name = folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : folder
        self.tables = tables
        self.listingProblem = listingProblem
        self.isLink = isLink
    }

    public func table(named name: String) -> StringsTableFile? {
        tables.first { $0.name == name }
    }
}

extension Sequence<StringsTableFile> {
    /// The files by name, the first of a name kept, as `table(named:)` and a search in order
    /// find it: for looking up many tables with one pass over the files.
    package func firstByName() -> [String: StringsTableFile] {
        var byName: [String: StringsTableFile] = [:]
        for file in self where byName[file.name] == nil { byName[file.name] = file }
        return byName
    }
}
