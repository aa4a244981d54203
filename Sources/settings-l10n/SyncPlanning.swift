import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

/// One catalog of a sync: where it is, what it held, and what the sync makes of it.
struct SyncPlan {
    /// The catalog's path as given on the command line.
    var path: String
    /// Its bytes as read, or `nil` when it does not exist yet.
    var original: [UInt8]?
    /// What the sync does. Its catalog is the one planned only until `init` has made its bytes:
    /// a sync of a catalog per table plans every catalog before it writes one, and held every
    /// planned document (a tree of values, several times its text) until the end.
    var result: CatalogSyncResult
    /// The bytes the catalog will hold: its own when nothing changes. Made once (each use made
    /// them anew, three times a run).
    let bytes: [UInt8]
    /// How many strings and string units the catalog holds after the sync, for the summary.
    let strings: Int
    let units: Int

    init(path: String, original: [UInt8]?, result: CatalogSyncResult) {
        self.path = path
        self.original = original
        self.result = result
        bytes = result.catalogChanged ? result.catalog.bytes : original ?? []
        var strings = 0, units = 0
        if result.catalogChanged {
            result.catalog.forEachEntry { entry in
                strings += 1
                units += entry.units.count
            }
        }
        self.strings = strings
        self.units = units
        self.result.catalog = StringCatalog(document: .object([]))
    }
}

extension SyncCommand {
    /// Reads one catalog (if it exists) and plans its sync; a catalog that cannot be read or
    /// synced stops the command before anything is written.
    func plan(_ target: (path: String, tables: [String]), loaded: LoadedBundle) throws -> SyncPlan {
        let path = target.path
        var original: [UInt8]?
        var catalog: StringCatalog?
        var positions: [StringsKey: TextPosition] = [:]
        switch LocalFile.kind(of: path) {
        case .missing: break
        case .folder: throw UsageFailure("\(path) is a folder, not a String Catalog; nothing was written")
        case .file:
            let read = try CatalogFile.read(path, advice: ("; nothing was written",
                                                           "; fix it (or move it away to start a new catalog); nothing was written"))
            (original, catalog, positions) = (read.bytes, read.catalog, read.positions)
        }
        let input = CatalogSyncInput(path: Self.bundleRelative(path, bundle: loaded.source.rootPath), catalog: catalog,
                                     positions: positions, tables: target.tables)
        let result: CatalogSyncResult
        do {
            result = try CatalogSync.plan(input, bundle: loaded.bundle, catalog: loaded.catalog, prune: prune, preferTables: preferTables)
        } catch {
            throw CommandFailure("\(path)\(TextPosition.pathSuffix(error.position)): \(error.message)")
        }
        let plan = SyncPlan(path: path, original: original, result: result)
        let limit = ReadLimits.standard.maximumDocumentSize
        if plan.result.catalogChanged, plan.bytes.count > limit {
            throw CommandFailure("\(path) would be \(plan.bytes.count.grouped) bytes, more than settings-l10n reads (\(limit.grouped)); nothing was written")
        }
        return plan
    }

    /// Writes the tables (atomically, each only if it is still the one read), then the catalog
    /// (atomically, only if it is still the one read: exchanged and checked, a save Xcode made
    /// meanwhile put back, as tables are). A table that changed meanwhile is left alone and
    /// reported; a catalog that changed meanwhile too, and the command fails.
    func write(_ plan: inout SyncPlan, into source: DiskBundleSource) throws {
        let updates = plan.result.updates
        if !updates.isEmpty {
            let errors = try TableUpdate.write(updates, into: source,
                                               then: "the catalog was not written; fix the problem and sync again")
            var written: [TableUpdate] = []
            for (update, error) in zip(updates, errors) {
                guard let error else {
                    written.append(update)
                    continue
                }
                let diagnostic = Diagnostic(.error, rule: .importTableRefused, "not written: \(error.message)", at: SourceLocation(file: update.path))
                printError(TextDiagnosticFormatter(paths: options.diagnosticPaths).format([diagnostic]))
                plan.result.diagnostics.append(diagnostic)
            }
            plan.result.updates = written
        }
        guard plan.result.catalogChanged else { return }
        do {
            try LocalFile.replace(readFile: plan.path, with: plan.bytes, expected: plan.original, creatingFolders: true)
        } catch where error.conflict {
            throw CommandFailure("\(plan.path) changed while settings-l10n was working (Xcode saved it?); it was left as it was\(Self.tablesWritten(plan)); sync again")
        } catch {
            throw CommandFailure("cannot write \(plan.path): \(error.reason); it was left as it was\(Self.tablesWritten(plan)); fix the problem and sync again")
        }
    }

    /// `; written: de.lproj/Root.strings (1 file)`: the tables written before the catalog could
    /// not be, named as a refused write names them (`BundleWriteError.writtenList`).
    static func tablesWritten(_ plan: SyncPlan) -> String {
        BundleWriteError.writtenList(plan.result.updates.map(\.path)).map { "; " + $0 } ?? ""
    }

    /// `path` relative to the bundle folder (`../Settings.xcstrings`), as diagnostics name
    /// files; absolute when the two share nothing.
    static func bundleRelative(_ path: String, bundle root: String) -> String {
        // Split and compared in bytes (see BundlePath).
        let target = BundlePath.components(LocalFile.resolvedPath(path), omittingEmpty: true).map(String.init)
        let base = BundlePath.components(root, omittingEmpty: true).map(String.init)
        let common = zip(target, base).prefix { $0.utf8.elementsEqual($1.utf8) }.count
        guard common > 0 else { return LocalFile.resolvedPath(path) }
        return (Array(repeating: "..", count: base.count - common) + target.dropFirst(common)).joined(separator: "/")
    }
}
