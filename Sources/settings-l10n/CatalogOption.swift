import SettingsL10n
import SettingsL10nFiles

extension BundleOptions {
    /// The String Catalog of the bundle: `--catalog`, else the configuration's `"catalog"`
    /// (relative to the configuration file, through the path policy: a catalog it refuses stops
    /// the command with the finding, exit 2).
    func catalogPath(_ explicit: String?, configuration: CheckConfiguration, command: String) throws -> String {
        if let explicit { return explicit }
        guard let configured = configuration.catalog, let file = configurationFile else {
            throw UsageFailure("\(command) needs the String Catalog: give --catalog Settings.xcstrings, or \"catalog\" in \(CheckConfiguration.fileName)")
        }
        do {
            return try PathPolicy.resolve(configured, setting: "catalog", configurationAt: file.path, insideBundle: configuration.isInsideBundle)
        } catch {
            let finding = Self.refusal(error.reason, configuration: configuration, setting: "catalog", file: file)
            printError(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format([finding]))
            throw ConfigurationFailure(message: "\(command) changed nothing: the configuration's \"catalog\" is refused (above); fix it, or give --catalog")
        }
    }

    /// What messages call the catalog's path: `--catalog` when it was given, else the
    /// configuration's `"catalog"` (the user typed no `--catalog` to be told about).
    func catalogOption(_ explicit: String?) -> String {
        explicit != nil ? "--catalog" : "the configuration's \"catalog\""
    }

    /// The catalog path, or `nil` when neither `--catalog` nor the configuration names one, or
    /// the path policy refused the configuration's (check reports it).
    func optionalCatalogPath(_ explicit: String?, configuration: CheckConfiguration) -> String? {
        if let explicit { return explicit }
        guard let configured = configuration.catalog, let file = configurationFile else { return nil }
        return try? PathPolicy.resolve(configured, setting: "catalog", configurationAt: file.path, insideBundle: configuration.isInsideBundle)
    }

    /// The finding of a path setting the path policy refused, at its value in the file.
    static func refusal(_ reason: String, configuration: CheckConfiguration, setting: String, file: ConfigurationFile) -> Diagnostic {
        Diagnostic(.error, rule: .configurationPathRefused, reason,
                   at: SourceLocation(file: file.path, position: configuration.valuePositions[setting]))
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
        let (catalog, positions) = try parse(bytes, path: path, advice: advice.invalid)
        return (bytes, catalog, positions)
    }

    /// The catalog in `bytes` (the file at `path`), and where each string's key is.
    static func parse(_ bytes: [UInt8], path: String, advice: String = "") throws -> (catalog: StringCatalog, positions: [StringsKey: TextPosition]) {
        do {
            return try StringCatalog.readLocated(bytes)
        } catch {
            throw CommandFailure("\(path)\(TextPosition.pathSuffix(error.position)): not a valid String Catalog: \(error.message)\(advice)")
        }
    }
}

/// The translations waiting for review in the catalogs of a bundle (`check --catalog`).
enum CatalogReviews {
    /// Reads the catalog (or the folder of per-table catalogs) at `path` and lists its
    /// `needs_review` units of strings the schema uses. `bundleWords`: the bundle and its
    /// options as the command line gave them (`BundleOptions.commandLine`), for the advice.
    static func read(_ path: String, loaded: LoadedBundle, option: String = "--catalog", bundleWords: String) throws -> [CatalogReview] {
        if LocalFile.kind(of: path) == .missing {
            // A folder of per-table catalogs that is not there is a mistyped path, as a file is.
            let what = path.hasPathExtension("xcstrings") ? "the String Catalog" : "the folder of String Catalogs"
            throw CommandFailure("\(what) \(path) does not exist; create it with settings-l10n sync \(bundleWords) --catalog \(shellQuoted(path))")
        }
        return try read(path, tables: loaded.catalog.tables, bundleRoot: loaded.source.rootPath, option: option) { file in
            switch LocalFile.kind(of: file) {
            case .missing: nil
            // As sync says it: a folder where a table's catalog would be is no catalog to pass over.
            case .folder: throw UsageFailure("\(file) is a folder, not a String Catalog; nothing was checked")
            case .file: try CatalogFile.read(file).bytes
            }
        }
    }

    /// The same for the catalog tables `tables`, each catalog file's bytes from `contents` (`nil`
    /// where there is none): the files on disk, or as a commit held them (`check --new-since`).
    static func read(_ path: String, tables: [CatalogTable], bundleRoot: String, option: String = "--catalog",
                     contents: (String) throws -> [UInt8]?) throws -> [CatalogReview] {
        var reviews: [CatalogReview] = []
        for target in try SyncCommand.targets(path, tables: tables.map(\.name), reading: true, option: option) {
            guard let bytes = try contents(target.path) else { continue }
            let (catalog, positions) = try CatalogFile.parse(bytes, path: target.path)
            let keys = Set(tables.filter { target.tables.contains($0.name) }.flatMap(\.keys))
            let file = SyncCommand.bundleRelative(target.path, bundle: bundleRoot)
            reviews += catalog.unitsNeedingReview(of: keys).map {
                CatalogReview(file: file, position: positions[$0.key], key: $0.key, language: $0.language)
            }
        }
        return reviews
    }
}
