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
            return "\(first.shownPath)\(also) could not be opened (\(place): \(first.reason.message)), \(advice)"
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

/// One `.strings` file of a localization. Its bytes are read when a command needs them, once
/// per pass, so that a large bundle never holds every table (let alone every parsed one) at once.
public struct StringsTableFile: Hashable, Sendable {
    /// The table name (`Root` for `Root.strings`).
    public var name: String
    /// The path relative to the bundle (`de.lproj/Root.strings`).
    public var path: String
    public var content: Content
    /// Whether the file is a symbolic link (to a file inside the bundle): read, never written.
    public var isLink: Bool

    public enum Content: Hashable, Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// Why the file could not be read.
        case unreadable(String)
        /// A symbolic link that points outside the bundle: never read.
        case linkOutsideBundle
        /// In the bundle, read on demand.
        case deferred(DeferredFile)
    }

    package init(name: String, path: String, content: Content, isLink: Bool = false) {
        self.name = name
        self.path = path
        self.content = content
        self.isLink = isLink
    }

    package init(name: String, path: String, bytes: [UInt8]) {
        self.init(name: name, path: path, content: .bytes(bytes))
    }

    /// The file's bytes, or why they cannot be read; reads a deferred file (again) each time.
    public func read() -> Result<[UInt8], TableReadError> {
        switch content {
        case .bytes(let bytes): .success(bytes)
        case .unreadable(let message): .failure(.unreadable(path: path, message: message))
        case .linkOutsideBundle: .failure(.linkOutsideBundle(path: path))
        case .deferred(let file): file.read().mapError { .unreadable(path: path, message: $0.message) }
        }
    }

    /// The table as a lossless document, for editing. Each call reads and parses the file again.
    public func parse(limits: ReadLimits = .standard) throws(TableReadError) -> StringsDocument {
        try Self.parse(read().get(), path: path, limits: limits)
    }

    /// `bytes` (read from the file at `path`) as a lossless document, for the commands that
    /// write tables. A UTF-16 file without a byte-order mark is refused as the device reads it
    /// (check calls it an error, render shows its keys): what it holds for the device is not what
    /// an editor shows, so no command writes over it.
    public static func parse(_ bytes: [UInt8], path: String, limits: ReadLimits = .standard) throws(TableReadError) -> StringsDocument {
        let document: StringsDocument
        do {
            document = try StringsParser.parse(bytes, limits: limits)
        } catch {
            // A table the device reads as a property list: never rewritten in another form.
            if let form = StringsTableForm.propertyListForm(of: bytes), (try? StringsParser.scanPropertyList(bytes, limits: limits)) != nil {
                throw .propertyListForm(path: path, form: form)
            }
            throw .malformed(path: path, error: error)
        }
        if let notice = document.notices.first(where: { $0.kind == .utf16WithoutByteOrderMark }) {
            throw .misencoded(path: path, message: notice.message)
        }
        return document
    }

    /// The table's entries for lookups (no text around them). Each call reads the file again.
    package func scan(limits: ReadLimits = .standard) throws(TableReadError) -> StringsScan {
        let bytes = try read().get()
        do {
            return try StringsParser.scan(bytes, limits: limits)
        } catch {
            // An old-style dictionary, an XML or a binary property list: CFBundle reads those too.
            do {
                if let (scan, _) = try StringsParser.scanPropertyList(bytes, limits: limits) { return scan }
            } catch let plistError {
                throw .malformed(path: path, error: plistError)
            }
            throw .malformed(path: path, error: error)
        }
    }

    /// The file's bytes, when they can be read.
    package var bytes: [UInt8]? {
        try? read().get()
    }

    /// The values the device reads (`nil` when the table cannot be read).
    public func values() -> [StringsKey: String]? {
        try? deviceTable()
    }

    /// The values the device reads: the scanned table, except that a UTF-16 file without a
    /// byte-order mark is read as CoreFoundation reads it, its first two bytes skipped and the
    /// rest taken as big-endian (so a little-endian file does not parse at all).
    /// - Throws: when the device cannot read the table, and so shows its keys as written.
    package func deviceTable(limits: ReadLimits = .standard) throws(TableReadError) -> [StringsKey: String] {
        try deviceScan(limits: limits).table
    }

    /// The entries the device reads, as `deviceTable` describes.
    package func deviceScan(limits: ReadLimits = .standard) throws(TableReadError) -> StringsScan {
        let scanned = try scan(limits: limits)
        guard scanned.encoding != .utf8, !scanned.hasByteOrderMark, let bytes else { return scanned }
        let asRead = [0xFE, 0xFF] + bytes.dropFirst(2).prefix((bytes.count - 2) & ~1)
        guard let rescanned = try? StringsParser.scan(asRead, limits: limits) else {
            let message = StringsTokenizerMessages.utf16WithoutByteOrderMark(bigEndian: scanned.encoding == .utf16BigEndian)
            throw .misencoded(path: path, message: message)
        }
        return rescanned
    }
}

/// A table that cannot be used: unreadable, or not a valid `.strings` file.
public enum TableReadError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, message: String)
    case linkOutsideBundle(path: String)
    case malformed(path: String, error: SyntaxError)
    /// Text the device decodes differently and cannot read (UTF-16 without a byte-order mark).
    case misencoded(path: String, message: String)
    /// A table written as a property list (`StringsTableForm`), which the device reads and every
    /// command reads, but which settings-l10n does not write: only commands that write say it.
    case propertyListForm(path: String, form: StringsTableForm)

    public var path: String {
        switch self {
        case .unreadable(let path, _), .linkOutsideBundle(let path), .malformed(let path, _), .misencoded(let path, _),
             .propertyListForm(let path, _): path
        }
    }

    /// Where in the file the problem is (tables that do not parse).
    public var position: TextPosition? {
        if case .malformed(_, let error) = self { return error.position }
        return nil
    }

    /// What is wrong, without the path.
    public var message: String {
        switch self {
        case .unreadable(_, let message), .misencoded(_, let message): message
        case .linkOutsideBundle: BundleLoader.outsideLinkMessage
        case .malformed(_, let error): error.message
        case .propertyListForm(_, let form): Self.propertyListFormMessage(form)
        }
    }

    /// Why a table in property-list form is not written, and how to make it writable.
    static func propertyListFormMessage(_ form: StringsTableForm) -> String {
        "the table is written as \(form), which the device reads but settings-l10n does not write; to change it with settings-l10n, "
            + "convert it to \"key\" = \"value\"; lines first: export its language (extract --xliff), move the file away, and import the export"
    }

    /// The problem as a diagnostic (`file-unreadable`, `link-outside-bundle` or `strings-syntax`).
    public var diagnostic: Diagnostic {
        switch self {
        case .unreadable(let path, let message):
            Diagnostic(.error, rule: .fileUnreadable, message, at: SourceLocation(file: path))
        case .linkOutsideBundle(let path):
            BundleLoader.outsideLink(path)
        case .malformed(let path, let error):
            Diagnostic(.error, rule: .stringsSyntax, error.message, at: SourceLocation(file: path, position: error.position))
        case .misencoded(let path, let message):
            Diagnostic(.error, rule: .stringsEncoding, message, at: SourceLocation(file: path))
        case .propertyListForm(let path, let form):
            Diagnostic(.error, rule: .stringsSyntax, Self.propertyListFormMessage(form), at: SourceLocation(file: path))
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let message), .misencoded(let path, let message): "\(path): \(message)"
        case .propertyListForm(let path, let form): "\(path): \(Self.propertyListFormMessage(form))"
        case .linkOutsideBundle(let path): "\(path): \(BundleLoader.outsideLinkMessage)"
        case .malformed(let path, let error): "\(path):\(error.position.map { "\($0.line):\($0.column ?? 1):" } ?? "") \(error.message)"
        }
    }
}

/// A file of a bundle, read when it is needed: the source it comes from, its path there, and
/// the size limit. Two are equal when they name the same file of the same loaded source.
public struct DeferredFile: Hashable, Sendable {
    /// The source, boxed so that files of one load can be told from another's.
    final class Source: Sendable {
        let source: any BundleSource
        init(_ source: any BundleSource) { self.source = source }
    }

    let source: Source
    public let path: String
    public let limit: Int

    init(source: Source, path: String, limit: Int) {
        self.source = source
        self.path = path
        self.limit = limit
    }

    package func read() -> Result<[UInt8], BundleReadError> {
        Result { () throws(BundleReadError) in try source.source.contents(of: path, limit: limit) }
    }

    public static func == (lhs: DeferredFile, rhs: DeferredFile) -> Bool {
        lhs.source === rhs.source && lhs.path == rhs.path && lhs.limit == rhs.limit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(path)
    }
}
