import SettingsL10n

/// `extract --xcloc` and `extract --xcstrings`: the files Xcode and translators exchange.
extension ExtractCommand {
    /// Writes `<dir>/<lang>.xcloc` per locale in Xcode's layout: `contents.json`,
    /// `Localized Contents/<lang>.xliff` (sections named `<bundle>/<lang>.lproj/<Table>.strings`,
    /// as in Xcode's exports), `Source Contents/` with the development language's tables, and
    /// an empty `Notes/`.
    func exportPackages(catalog: Catalog, bundle: SettingsBundle, to folder: String, formatter: some DiagnosticFormatter) throws {
        let bundleName = options.bundleName
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        let sourceLanguage = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        // Each package made, checked and staged in turn (memory holds one), as `exportXLIFF`.
        var staging = ExportStaging(folder: folder, force: force)
        var packages: [(path: String, units: Int, translated: Int)] = []
        // The development language's tables, the same in every package: read once.
        var sources: [(path: String, bytes: [UInt8])]?
        do {
            try XLIFFExporter.export(catalog: catalog, bundle: bundle, locales: locales, originalPrefix: bundleName + "/") { export, diagnostics in
                staging.diagnostics += diagnostics
                let language = export.document.files.first?.targetLanguage ?? export.folder
                let package = joinedPath(folder, language + ".xcloc")
                let contents: JSONValue = .object([
                    ("developmentRegion", .string(sourceLanguage)),
                    ("project", .string(bundleName)),
                    ("targetLocale", .string(language)),
                    ("toolInfo", .object([
                        ("toolBuildNumber", .string(SettingsL10nVersion.current)), ("toolID", .string("settings-l10n")),
                        ("toolName", .string("settings-l10n")), ("toolVersion", .string(SettingsL10nVersion.current)),
                    ])),
                    ("version", .string("1.0")),
                ])
                staging.add(joinedPath(package, "contents.json"), XcodeJSON.bytes(contents))
                staging.add(joinedPath(package, "Localized Contents/" + language + ".xliff"), XLIFFWriter.bytes(export.document))
                if sources == nil { sources = sourceTables(catalog: catalog, development: development, staging: &staging) }
                for source in sources ?? [] {
                    staging.add(joinedPath(package, "Source Contents/" + bundleName + "/" + source.path), source.bytes)
                }
                let units = export.document.files.lazy.flatMap(\.units)
                packages.append((package, units.count, units.filter { $0.target != nil }.count))
            }
        } catch {
            throw CommandFailure(error.description)
        }
        let cannotWrite = { (reason: String) in "cannot write the packages into \(folder): \(reason); choose a folder you can write to" }
        try staging.finish(refuse: refuseExports(after:), cannotWrite: cannotWrite, formatter: formatter)
        do {
            for package in packages {
                try LocalFile.createFolders(joinedPath(package.path, "Notes"))
                printError("wrote \(package.path): \(package.units.grouped) units, \(package.translated.grouped) with a translation")
            }
        } catch {
            throw CommandFailure(cannotWrite(error.reason))
        }
    }

    /// The development language's tables of the catalog, by path in the bundle; `[]` and the
    /// export refused when one cannot be read.
    private func sourceTables(catalog: Catalog, development: Localization?,
                              staging: inout ExportStaging) -> [(path: String, bytes: [UInt8])] {
        var tables: [(path: String, bytes: [UInt8])] = []
        for table in catalog.tables {
            guard let file = development?.table(named: table.name) else { continue }
            switch file.read() {
            case .success(let bytes): tables.append((file.path, bytes))
            case .failure(let error):
                staging.readFailure = "\(file.path) cannot be read (\(error.message)); no export was written"
                return []
            }
        }
        return tables
    }

    /// Writes `<dir>/<Table>.xcstrings` per table.
    func exportStringCatalogs(catalog: Catalog, bundle: SettingsBundle, to folder: String, formatter: some DiagnosticFormatter) throws {
        let (catalogs, diagnostics) = StringCatalogExporter.export(catalog: catalog, bundle: bundle)
        printError(formatter.format(diagnostics), ifNotEmpty: true)
        try refuseExports(after: diagnostics)
        let files = catalogs.map { (path: joinedPath(folder, $0.table + ".xcstrings"), bytes: $0.catalog.bytes) }
        try checkSizes(files)
        try OutputGuard.refuseLinks(below: folder, to: files.map(\.path))
        try OutputGuard.refuseOverwrites(files, force: force)
        do {
            try LocalFile.write(files: files, creatingFolders: true)
            for (file, (_, stringCatalog)) in zip(files, catalogs) {
                let entries = stringCatalog.entries
                let units = entries.reduce(0) { $0 + $1.units.count }
                printError("wrote \(file.path): \(entries.count.grouped) strings, \(units.grouped) string units")
            }
        } catch {
            throw CommandFailure("cannot write the String Catalogs into \(folder): \(error.reason); choose a folder you can write to")
        }
    }

    /// Refuses to write any export when a file of the bundle could not be read (a failing disk,
    /// a folder that cannot be listed): the export would look whole without its translations.
    func refuseExports(after diagnostics: [Diagnostic]) throws {
        let unreadable = diagnostics.filter { $0.rule == .fileUnreadable }
        guard !unreadable.isEmpty else { return }
        throw CommandFailure("\(unreadable.count == 1 ? "a file" : "\(unreadable.count) files") of the bundle could not be read (above); no export was written")
    }

    /// Refuses files import would not read back, before any is written.
    private func checkSizes(_ files: [(path: String, bytes: [UInt8])]) throws {
        let limit = ReadLimits.standard.maximumDocumentSize
        if let large = files.first(where: { $0.bytes.count > limit }) {
            throw CommandFailure("\(large.path) would be \(large.bytes.count.grouped) bytes, more than import reads (\(limit.grouped)); nothing was written")
        }
    }
}
