/// Reads a Settings bundle as the Settings app does, and never outside it.
public enum BundleLoader {
    /// Reads every schema file and localization of the bundle behind `source`.
    ///
    /// Schema files are read and parsed; tables are listed, and read and parsed by each command
    /// when it needs them (`StringsTableFile.parse`, `scan`), so a bundle of thousands of
    /// tables is never all in memory. Problems with single files become diagnostics (a table
    /// that cannot be read, when a command reads it); only a bundle folder that cannot be
    /// listed at all throws.
    ///
    /// - Parameter layout: the root page the walk starts at (`Root`, or InAppSettingsKit's
    ///   `Main`), and the generated panes that may be missing (the configuration's).
    public static func load(from source: some BundleSource, limits: ReadLimits = .standard,
                            layout: BundleLayout = .standard) throws(BundleReadError) -> SettingsBundle {
        var bundle = SettingsBundle()
        bundle.layout = layout
        let tableSource = DeferredFile.Source(source)
        let topLevel = try source.entries(inFolder: "", limit: limits.maximumFolderEntries)
        var files: [String: SchemaFile] = [:]
        // The schema files are read and parsed on all cores, then taken in folder order.
        let schemaNames = topLevel.filter { $0.kind == .file && $0.name.hasSuffix(".plist") && $0.name != "Info.plist" }.map(\.name)
        let reads = Dictionary(uniqueKeysWithValues: zip(schemaNames, parallelMap(schemaNames) { name in
            readSchemaFile(name, from: source, limits: limits)
        }))
        let listings = readLocalizations(topLevel, from: source, tableSource: tableSource, limits: limits)
        for entry in topLevel {
            let isSchemaName = entry.name.hasSuffix(".plist")
            switch entry.kind {
            case .linkOutsideBundle:
                let diagnostic = outsideLink(entry.name)
                bundle.diagnostics.append(diagnostic)
                if isSchemaName { bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: entry.name, reason: diagnostic)) }
                // A language whose folder is not read is still a language: what it holds is
                // unknown, and nothing is written into it or made without it.
                if entry.name.hasSuffix(".lproj") {
                    var localization = Localization(folder: entry.name, tables: [], listingProblem: outsideLinkMessage, isLink: true)
                    localization.pointsOutside = true
                    bundle.localizations.append(localization)
                }
                // So is a table of every language: it comes first on each search list.
                if entry.name.hasSuffix(".strings"), entry.name.count > 8 {
                    bundle.unlocalizedTables.append(StringsTableFile(name: String(entry.name.dropLast(8)), path: entry.name, content: .linkOutsideBundle, isLink: true))
                }
            case .other where entry.name.hasSuffix(".strings") && entry.name.count > 8:
                // A pipe or a dangling link where a table of every language goes: a table that
                // cannot be read, which comes first on every search list.
                bundle.diagnostics.append(TableReadError.unreadable(path: entry.name, message: notRegularFileMessage).diagnostic)
                bundle.unlocalizedTables.append(StringsTableFile(name: String(entry.name.dropLast(8)), path: entry.name,
                                                                 content: .unreadable(notRegularFileMessage), isLink: entry.isLink))
            case .other where entry.name.hasSuffix(".lproj"):
                // A dangling link, a pipe: no folder the disk gives.
                bundle.diagnostics.append(Diagnostic(.error, rule: .fileUnreadable, notFolderMessage + "; its tables are not read, and none is written",
                                                     at: SourceLocation(file: entry.name)))
                bundle.localizations.append(Localization(folder: entry.name, tables: [], listingProblem: notFolderMessage, isLink: entry.isLink))
            case .nameNotUTF8:
                let diagnostic = nameNotUTF8(entry.name)
                bundle.diagnostics.append(diagnostic)
                if isSchemaName { bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: entry.name, reason: diagnostic)) }
            case .other where isSchemaName:
                let diagnostic = Diagnostic(.error, rule: .fileUnreadable, notRegularFileMessage, at: SourceLocation(file: entry.name))
                bundle.diagnostics.append(diagnostic)
                bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: entry.name, reason: diagnostic))
            case .file where entry.name == "Info.plist":
                // The bundle's own Info.plist is not a page.
                bundle.otherEntries.append(entry)
                bundle.developmentRegion = developmentRegion(from: source, limits: limits)
            case .file where entry.name.hasSuffix(".strings") && entry.name.count > 8:
                bundle.unlocalizedTables.append(StringsTableFile(
                    name: String(entry.name.dropLast(8)), path: entry.name,
                    content: .deferred(DeferredFile(source: tableSource, path: entry.name, limit: limits.maximumFileSize)), isLink: entry.isLink))
            case .file where isSchemaName:
                take(reads[entry.name] ?? readSchemaFile(entry.name, from: source, limits: limits), path: entry.name,
                     files: &files, bundle: &bundle)
            case .folder where entry.name.hasSuffix(".lproj"):
                let (localization, diagnostics) = listings[entry.name]!
                bundle.localizations.append(localization)
                bundle.diagnostics += diagnostics
            default:
                bundle.otherEntries.append(entry)
            }
        }
        loadSubfolderPanes(files: &files, bundle: &bundle, from: source, limits: limits, layout: layout)
        walkPanes(files: files, bundle: &bundle)
        reportMissingRoot(files: files, bundle: &bundle)
        // In check's order (file, line, column): the first is the one messages name.
        bundle.unloadedSchemaFiles.sort { a, b in
            (a.reason.location.file, a.reason.location.line ?? 0, a.reason.location.column ?? 0)
                < (b.reason.location.file, b.reason.location.line ?? 0, b.reason.location.column ?? 0)
        }
        return bundle
    }

    /// Walks the child panes from the root page (`PaneWalk`) and takes the files in walk order,
    /// the links between them, and what opens nothing.
    private static func walkPanes(files: [String: SchemaFile], bundle: inout SettingsBundle) {
        var walk = PaneWalk(files: files, unloaded: bundle.unloadedSchemaFiles.map(\.path), layout: bundle.layout)
        walk.run()
        bundle.missingGeneratedPanes = walk.missingGenerated
        // A pane that opens nothing hides keys as a file that did not load does: its table may
        // hold them.
        bundle.unloadedSchemaFiles += walk.unopened.map { UnloadedSchemaFile(path: $0.file, reason: $0.reason) }
        // A property list no pane opens, not a Root page, and with neither PreferenceSpecifiers
        // nor StringsTable is not a page (Info.plist, a data file the app reads): it is kept as
        // another file, and not reported.
        var notPages: Set<String> = []
        bundle.schemaFiles = walk.ordered.filter { file in
            guard !file.isReachable, file.name.base != bundle.layout.rootPage,
                  file.root.value.dictionaryValue?["PreferenceSpecifiers"] == nil, file.root.value.dictionaryValue?["StringsTable"] == nil
            else { return true }
            bundle.otherEntries.append(BundleFolderEntry(name: file.path, kind: .file))
            notPages.insert(file.path)
            return false
        }
        bundle.paneLinks = walk.links
        bundle.diagnostics += walk.diagnostics
        bundle.diagnostics.removeAll { notPages.contains($0.location.file) }
        // A file no pane opens is never shown, so it shows no empty page either: it is reported
        // as unreachable only (`schema-file-unreachable`).
        let unreachable = Set(bundle.schemaFiles.filter { !$0.isReachable }.map(\.path))
        bundle.diagnostics.removeAll { $0.rule == .preferenceSpecifiersMissing && unreachable.contains($0.location.file) }
    }

    /// A bundle without Root.plist (nor a Root of a device) is reported. When it has no Root at
    /// all (not even InAppSettingsKit's Root.inApp.plist, which an app showing its settings only
    /// in-app may use alone), its Root counts as a file that did not load: which keys it used is
    /// unknown, so none may be called stale (merge --prune would delete their translations). A
    /// Root.plist that is there but did not load is reported by what went wrong with it.
    private static func reportMissingRoot(files: [String: SchemaFile], bundle: inout SettingsBundle) {
        let root = bundle.layout.rootPage
        func isRoot(_ name: SchemaFileName?, inApp: Bool) -> Bool {
            name.map { $0.base == root && (inApp || !$0.isInApp) } ?? false
        }
        func hasRoot(inApp: Bool) -> Bool {
            files.values.contains { isRoot($0.name, inApp: inApp) }
                || bundle.unloadedSchemaFiles.contains { isRoot(SchemaFileName(fileName: $0.path), inApp: inApp) }
        }
        guard !hasRoot(inApp: false) else { return }
        // A folder of that name is not "no Root.plist" to whoever sees it in the bundle.
        let isFolder = bundle.otherEntries.contains { $0.name == root + ".plist" && $0.kind == .folder }
        let missing = Diagnostic(
            .error, rule: .rootPlistMissing,
            bundle.localizedRootMessage.map { "the bundle has no \(root).plist at its top level: " + $0 }
                ?? (isFolder ? rootIsFolder(root) : rootIsMissing(root)) + ", so the Settings app shows no settings for the app"
                + (isFolder ? "" : otherRootHint(files: files, root: root)),
            at: SourceLocation(file: root + ".plist"))
        bundle.diagnostics.insert(missing, at: 0)
        if !hasRoot(inApp: true) { bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: root + ".plist", reason: missing)) }
    }

    /// When exactly one top-level page is opened by no child pane (`Main.plist`), it is likely
    /// the page an app hands InAppSettingsKit instead of Root: how to say so.
    private static func otherRootHint(files: [String: SchemaFile], root: String) -> String {
        var opened: Set<String> = []
        for file in files.values {
            for specifier in file.specifiers where specifier.type == .childPane { if let name = specifier.file { opened.insert(name) } }
        }
        let candidates = Set(files.values.filter { !$0.path.contains("/") && $0.name.base != root && !opened.contains($0.name.base) }.map(\.name.base))
        guard candidates.count == 1, let page = candidates.first else { return "" }
        return "; if the app hands InAppSettingsKit \(page).plist as its root page, say so with --root-page \(page) (or \"rootPage\": \"\(page)\" in the configuration)"
    }

    /// Why a bundle has no root page (`Root`, or the configuration's), as messages begin.
    static func rootIsMissing(_ root: String) -> String { "the bundle has no \(root).plist" }
    static func rootIsFolder(_ root: String) -> String { "\(root).plist is a folder, not a property list" }

    package static let outsideLinkMessage = "this symbolic link points outside the bundle; it was not followed"
    static let notRegularFileMessage = "not a regular file (a pipe, socket, device or dangling link); it was not read"
    static let notFolderMessage = "it is not a folder: a dangling link, a pipe, a socket or a device"
    static let tableFolderMessage = "a folder, not a file: no table can be read from it; it was not read"

    static func outsideLink(_ path: String) -> Diagnostic {
        Diagnostic(.error, rule: .linkOutsideBundle, outsideLinkMessage, at: SourceLocation(file: path))
    }

    static func nameNotUTF8(_ path: String) -> Diagnostic {
        Diagnostic(.warning, rule: .fileNameEncoding,
                   "this name is not valid UTF-8 (shown with U+FFFD where its bytes are invalid); iOS cannot hold such a file, so it was skipped: rename it",
                   at: SourceLocation(file: path))
    }

    /// Rules whose finding means the schema file's specifiers (and so its keys) are unknown.
    private static func hidesKeys(_ rule: RuleID) -> Bool {
        rule == .schemaRootNotDictionary || rule == .preferenceSpecifiersNotArray || rule == .stringsTableInvalid
    }

    /// `CFBundleDevelopmentRegion` of the bundle's Info.plist, if it has one.
    private static func developmentRegion(from source: some BundleSource, limits: ReadLimits) -> String? {
        guard let bytes = try? source.contents(of: "Info.plist", limit: limits.maximumFileSize),
              let (root, _) = try? PropertyListReader.read(bytes, limits: limits) else { return nil }
        return root.value.dictionaryValue?["CFBundleDevelopmentRegion"]?.value.stringValue
    }

    /// Adds a schema file as read to `files`, or what went wrong to the bundle's findings.
    static func take(_ read: SchemaRead, path: String, files: inout [String: SchemaFile], bundle: inout SettingsBundle) {
        switch read {
        case .loaded(let file):
            bundle.diagnostics += file.diagnostics
            files[path] = file
            if let reason = file.diagnostics.first(where: { Self.hidesKeys($0.rule) }) {
                bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: path, reason: reason))
            }
        case .failed(let diagnostic):
            bundle.diagnostics.append(diagnostic)
            bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: path, reason: diagnostic))
        }
    }

    enum SchemaRead: Sendable {
        case loaded(SchemaFile)
        case failed(Diagnostic)
    }

    static func readSchemaFile(_ path: String, from source: some BundleSource, limits: ReadLimits) -> SchemaRead {
        let bytes: [UInt8]
        do {
            bytes = try source.contents(of: path, limit: limits.maximumFileSize)
        } catch {
            return .failed(Diagnostic(.error, rule: .fileUnreadable, error.message, at: SourceLocation(file: path)))
        }
        do {
            let (root, format) = try PropertyListReader.read(bytes, limits: limits)
            return .loaded(SchemaFile(path: path, root: root, format: format))
        } catch {
            return .failed(Diagnostic(
                .error, rule: .plistSyntax, "not a property list: \(error.message)",
                at: SourceLocation(file: path, position: error.position)))
        }
    }

    /// The .lproj folders of `topLevel`, listed on all cores (a large bundle has thousands of
    /// tables), by folder name, each with what its listing reported.
    private static func readLocalizations(_ topLevel: [BundleFolderEntry], from source: some BundleSource, tableSource: DeferredFile.Source,
                                          limits: ReadLimits) -> [String: (Localization, [Diagnostic])] {
        let folders = topLevel.filter { $0.kind == .folder && $0.name.hasSuffix(".lproj") }
        return Dictionary(uniqueKeysWithValues: zip(folders.map(\.name), parallelMap(folders) { entry in
            var diagnostics: [Diagnostic] = []
            let localization = readLocalization(entry.name, isLink: entry.isLink, from: source, tableSource: tableSource,
                                                limits: limits, diagnostics: &diagnostics)
            return (localization, diagnostics)
        }))
    }

    private static func readLocalization(_ folder: String, isLink: Bool, from source: some BundleSource, tableSource: DeferredFile.Source,
                                         limits: ReadLimits, diagnostics: inout [Diagnostic]) -> Localization {
        var tables: [StringsTableFile] = []
        let entries: [BundleFolderEntry]
        do {
            entries = try source.entries(inFolder: folder, limit: limits.maximumFolderEntries)
        } catch {
            diagnostics.append(Diagnostic(.error, rule: .fileUnreadable, error.message + "; its tables are not read, and none is written",
                                          at: SourceLocation(file: folder)))
            return Localization(folder: folder, tables: [], listingProblem: error.message, isLink: isLink)
        }
        var plistNames: [String] = []
        for entry in entries {
            let path = folder + "/" + entry.name
            if entry.kind == .file, entry.name.hasSuffix(".plist") { plistNames.append(entry.name) }
            guard entry.name.hasSuffix(".strings"), entry.name.count > 8 else {
                if entry.kind == .linkOutsideBundle { diagnostics.append(outsideLink(path)) }
                if entry.kind == .nameNotUTF8 { diagnostics.append(nameNotUTF8(path)) }
                continue
            }
            let name = String(entry.name.dropLast(8))
            // A table that cannot be read is still a table: commands report it, and never write over it.
            let content: StringsTableFile.Content
            switch entry.kind {
            case .file: content = .deferred(DeferredFile(source: tableSource, path: path, limit: limits.maximumFileSize))
            case .linkOutsideBundle:
                diagnostics.append(outsideLink(path))
                content = .linkOutsideBundle
            case .other: content = .unreadable(notRegularFileMessage)
            case .nameNotUTF8:
                diagnostics.append(nameNotUTF8(path))
                continue
            // A folder named like a table is where the device looks for the table, and finds
            // none it can read: a table that cannot be read (it was called no file, and merge
            // then failed on it, run after run, as a file that appeared while it worked).
            case .folder: content = .unreadable(tableFolderMessage)
            }
            tables.append(StringsTableFile(name: name, path: path, content: content, isLink: entry.isLink || isLink))
        }
        var localization = Localization(folder: folder, tables: tables, isLink: isLink)
        localization.plistNames = plistNames
        return localization
    }
}

extension Diagnostic {
    /// Whether it says that a file or folder the bundle's strings come from was not read: the
    /// disk did not give it (`file-unreadable`), or it is a table or a `.lproj` folder that
    /// links out of the bundle, which is never followed (`link-outside-bundle`). What a command
    /// makes without it (a String Catalog, an export) would look whole and lack what it holds.
    /// (A schema file that links out is a schema file that did not load, which every command
    /// that writes refuses on its own.)
    public var saysInputNotRead: Bool {
        switch rule {
        case .fileUnreadable: true
        case .linkOutsideBundle: file.hasSuffix(".strings") || file.hasSuffix(".lproj")
        default: false
        }
    }
}
