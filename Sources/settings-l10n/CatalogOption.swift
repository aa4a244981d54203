import SettingsL10n

extension BundleOptions {
    /// The String Catalog of the bundle: `--catalog`, else the configuration's `"catalog"`
    /// (relative to the configuration file).
    func catalogPath(_ explicit: String?, configuration: CheckConfiguration, command: String) throws -> String {
        if let explicit { return explicit }
        guard let configured = configuration.catalog, let file = configurationFile else {
            throw UsageFailure("\(command) needs the String Catalog: give --catalog Settings.xcstrings, or \"catalog\" in \(CheckConfiguration.fileName)")
        }
        return Self.configuredPath(configured, besideConfiguration: file.path)
    }

    /// The catalog path, or `nil` when neither `--catalog` nor the configuration names one.
    func optionalCatalogPath(_ explicit: String?, configuration: CheckConfiguration) -> String? {
        if let explicit { return explicit }
        guard let configured = configuration.catalog, let file = configurationFile else { return nil }
        return Self.configuredPath(configured, besideConfiguration: file.path)
    }

    /// The configured path from the configuration's folder, `folder/..` folded away
    /// (`Sources/App/../../Settings.xcstrings` → `Settings.xcstrings`).
    private static func configuredPath(_ path: String, besideConfiguration file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return path }
        let joined = joinedPath(slash == file.startIndex ? "/" : String(file[..<slash]), path)
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, !last.isEmpty, last != "..", last != "." {
                parts.removeLast()
            } else if part != "." || parts.isEmpty {
                parts.append(part)
            }
        }
        let folded = parts.joined(separator: "/")
        return folded.isEmpty ? "." : folded
    }
}

/// A String Catalog file of the user's, read for `sync` and `check --catalog`.
enum CatalogFile {
    /// Its bytes, the catalog, and where each string's key is. A file that cannot be read or is
    /// no valid catalog is a `CommandFailure` naming it (and the line), followed by `advice`
    /// (read, invalid) for what the command did and what to do.
    static func read(_ path: String, advice: (read: String, invalid: String) = ("", ""))
        throws -> (bytes: [UInt8], catalog: StringCatalog, positions: [StringsKey: TextPosition]) {
        let bytes: [UInt8]
        do {
            bytes = try LocalFile.read(path, limit: ReadLimits.standard.maximumDocumentSize)
        } catch {
            throw CommandFailure(error.message + advice.read)
        }
        do {
            let (catalog, positions) = try StringCatalog.readLocated(bytes)
            return (bytes, catalog, positions)
        } catch {
            throw CommandFailure("\(path)\(TextPosition.pathSuffix(error.position)): not a valid String Catalog: \(error.message)\(advice.invalid)")
        }
    }
}

/// The translations waiting for review in the catalogs of a bundle (`check --catalog`).
enum CatalogReviews {
    /// Reads the catalog (or the folder of per-table catalogs) at `path` and lists its
    /// `needs_review` units of strings the schema uses.
    static func read(_ path: String, loaded: LoadedBundle) throws -> [CatalogReview] {
        let tables = loaded.catalog.tables
        var reviews: [CatalogReview] = []
        let targets = try SyncCommand.targets(path, tables: tables.map(\.name))
        if path.hasSuffix(".xcstrings"), LocalFile.kind(of: path) == .missing {
            throw CommandFailure("the String Catalog \(path) does not exist; create it with settings-l10n sync \(shellQuoted(loaded.source.rootPath)) --catalog \(shellQuoted(path))")
        }
        for target in targets where LocalFile.kind(of: target.path) == .file {
            let (_, catalog, positions) = try CatalogFile.read(target.path)
            let keys = Set(tables.filter { target.tables.contains($0.name) }.flatMap(\.keys))
            let file = SyncCommand.bundleRelative(target.path, bundle: loaded.source.rootPath)
            reviews += catalog.unitsNeedingReview(of: keys).map {
                CatalogReview(file: file, position: positions[$0.key], key: $0.key, language: $0.language)
            }
        }
        return reviews
    }
}
