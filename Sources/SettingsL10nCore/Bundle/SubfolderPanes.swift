extension BundleLoader {
    /// Reads the schema files that child panes open in folders of the bundle (`File`
    /// `Licenses/Acknowledgements`, the layout LicensePlist writes), then the ones those open,
    /// until no pane names a new one. The Settings app reads a `File` path from the bundle's
    /// folder, whichever file names it. Each folder is listed once, and only the files a pane
    /// names are read, with their device and in-app variants; every path stays inside the
    /// bundle (the source refuses any other), and no more schema files are read in all than a
    /// folder may hold entries.
    static func loadSubfolderPanes(files: inout [String: SchemaFile], bundle: inout SettingsBundle,
                                   from source: some BundleSource, limits: ReadLimits, layout: BundleLayout) {
        // Each folder's entries by the base name of the schema file they are (`Pane` for
        // `Pane.plist` and `Pane~ipad.plist`): found once, not by reading the whole listing again
        // for each pane that names a file there (a chain of 10,000 panes in ten folders).
        var listings: [String: [String: [BundleFolderEntry]]] = [:]
        var unlisted: Set<String> = []
        var requested: Set<String> = []
        var pending = subfolderFileNames(in: Array(files.values))
        while !pending.isEmpty {
            var paths: [String] = []
            for name in pending.sorted() where requested.insert(name).inserted {
                guard let (folder, base) = PaneWalk.folder(ofFileName: name), !unlisted.contains(folder) else { continue }
                if listings[folder] == nil {
                    do {
                        let entries = try source.entries(inFolder: folder, limit: limits.maximumFolderEntries)
                        listings[folder] = Dictionary(grouping: entries.compactMap { entry in SchemaFileName(fileName: entry.name).map { ($0.base, entry) } },
                                                      by: \.0).mapValues { $0.map(\.1) }
                    } catch {
                        // The pane is then reported as naming no file, and hides keys as one;
                        // a generated pane's folder may be missing (the walk notes it).
                        // A folder that is not there is the pane's own finding (child-pane-file-missing);
                        // a link out of the bundle, the listing's (link-outside-bundle): said once.
                        unlisted.insert(folder)
                        if layout.generatedPane(named: name) != nil || error.isMissing { continue }
                        if bundle.diagnostics.contains(where: { $0.rule == .linkOutsideBundle && $0.file == folder }) { continue }
                        bundle.diagnostics.append(Diagnostic(.error, rule: .fileUnreadable, error.message, at: SourceLocation(file: folder)))
                        continue
                    }
                }
                for entry in listings[folder]![base] ?? [] {
                    paths += variant(entry, in: folder, bundle: &bundle)
                }
            }
            guard files.count + paths.count <= limits.maximumFolderEntries else {
                let diagnostic = Diagnostic(.error, rule: .fileUnreadable,
                                            "child panes open more than \(limits.maximumFolderEntries) schema files; the ones past that were not read",
                                            at: SourceLocation(file: paths[0]))
                bundle.diagnostics.append(diagnostic)
                bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: paths[0], reason: diagnostic))
                return
            }
            let reads = parallelMap(paths) { readSchemaFile($0, from: source, limits: limits) }
            var added: [SchemaFile] = []
            for (path, read) in zip(paths, reads) {
                take(read, path: path, files: &files, bundle: &bundle)
                if let file = files[path] { added.append(file) }
            }
            pending = subfolderFileNames(in: added)
        }
    }

    /// The path of a folder entry a pane names when it is a file to read; links out of the
    /// bundle and other entries are reported (and hide keys, as a file that did not load).
    private static func variant(_ entry: BundleFolderEntry, in folder: String, bundle: inout SettingsBundle) -> [String] {
        let path = folder + "/" + entry.name
        let diagnostic: Diagnostic
        switch entry.kind {
        case .file: return [path]
        case .folder, .nameNotUTF8: return []
        case .linkOutsideBundle: diagnostic = outsideLink(path)
        case .other: diagnostic = Diagnostic(.error, rule: .fileUnreadable, notRegularFileMessage, at: SourceLocation(file: path))
        }
        bundle.diagnostics.append(diagnostic)
        bundle.unloadedSchemaFiles.append(UnloadedSchemaFile(path: path, reason: diagnostic))
        return []
    }

    /// The `File` values of child panes in `files` that name a file in a folder and that the
    /// walk will accept.
    private static func subfolderFileNames(in files: [SchemaFile]) -> Set<String> {
        var names: Set<String> = []
        for file in files {
            for specifier in file.specifiers where specifier.type == .childPane {
                guard let name = specifier.field("File")?.value.stringValue, name.contains("/"),
                      PaneWalk.problem(withFileName: name) == nil else { continue }
                names.insert(name)
            }
        }
        return names
    }
}
