/// Reads a Settings bundle as the Settings app does, and never outside it.
public enum BundleLoader {
    /// Reads every schema file and localization of the bundle behind `source`.
    ///
    /// Schema files are read and parsed; tables are listed, and read and parsed by each command
    /// when it needs them (`StringsTableFile.parse`, `scan`), so a bundle of thousands of
    /// tables is never all in memory. Problems with single files become diagnostics (a table
    /// that cannot be read, when a command reads it); only a bundle folder that cannot be
    /// listed at all throws.
    public static func load(from source: some BundleSource, limits: ReadLimits = .standard) throws(BundleReadError) -> SettingsBundle {
        var bundle = SettingsBundle()
        let tableSource = DeferredFile.Source(source)
        let topLevel = try source.entries(inFolder: "", limit: limits.maximumFolderEntries)
        var files: [String: SchemaFile] = [:]
        for entry in topLevel {
            switch entry.kind {
            case .linkOutsideBundle:
                bundle.diagnostics.append(outsideLink(entry.name))
            case .file where entry.name.hasSuffix(".plist"):
                if let file = readSchemaFile(entry.name, from: source, limits: limits, diagnostics: &bundle.diagnostics) {
                    files[entry.name] = file
                }
            case .folder where entry.name.hasSuffix(".lproj"):
                bundle.localizations.append(readLocalization(entry.name, from: source, tableSource: tableSource, limits: limits,
                                                             diagnostics: &bundle.diagnostics))
            default:
                bundle.otherEntries.append(entry)
            }
        }
        var walk = PaneWalk(files: files)
        walk.run()
        bundle.schemaFiles = walk.ordered
        bundle.paneLinks = walk.links
        bundle.diagnostics += walk.diagnostics
        if !files.values.contains(where: { $0.name.base == "Root" && !$0.name.isInApp }) {
            bundle.diagnostics.insert(Diagnostic(
                .error, rule: "root-plist-missing",
                "the bundle has no Root.plist, so the Settings app shows no settings for the app",
                at: SourceLocation(file: "Root.plist")), at: 0)
        }
        return bundle
    }

    private static func outsideLink(_ path: String) -> Diagnostic {
        Diagnostic(.error, rule: "link-outside-bundle",
                   "this symbolic link points outside the bundle; it was not followed",
                   at: SourceLocation(file: path))
    }

    private static func readSchemaFile(_ path: String, from source: some BundleSource, limits: ReadLimits,
                                       diagnostics: inout [Diagnostic]) -> SchemaFile? {
        let bytes: [UInt8]
        do {
            bytes = try source.contents(of: path, limit: limits.maximumFileSize)
        } catch {
            diagnostics.append(Diagnostic(.error, rule: "file-unreadable", error.message, at: SourceLocation(file: path)))
            return nil
        }
        do {
            let (root, format) = try PropertyListReader.read(bytes, limits: limits)
            let file = SchemaFile(path: path, root: root, format: format)
            diagnostics += file.diagnostics
            return file
        } catch {
            diagnostics.append(Diagnostic(
                .error, rule: "plist-syntax", "not a property list: \(error.message)",
                at: SourceLocation(file: path, position: error.position)))
            return nil
        }
    }

    private static func readLocalization(_ folder: String, from source: some BundleSource, tableSource: DeferredFile.Source,
                                         limits: ReadLimits, diagnostics: inout [Diagnostic]) -> Localization {
        var tables: [StringsTableFile] = []
        let entries: [BundleFolderEntry]
        do {
            entries = try source.entries(inFolder: folder, limit: limits.maximumFolderEntries)
        } catch {
            diagnostics.append(Diagnostic(.error, rule: "file-unreadable", error.message, at: SourceLocation(file: folder)))
            return Localization(folder: folder, tables: [])
        }
        for entry in entries {
            let path = folder + "/" + entry.name
            if entry.kind == .linkOutsideBundle {
                diagnostics.append(outsideLink(path))
                continue
            }
            guard entry.kind == .file, entry.name.hasSuffix(".strings"), entry.name.count > 8 else { continue }
            let name = String(entry.name.dropLast(8))
            tables.append(StringsTableFile(name: name, path: path,
                                           content: .deferred(DeferredFile(source: tableSource, path: path, limit: limits.maximumFileSize))))
        }
        return Localization(folder: folder, tables: tables)
    }
}
