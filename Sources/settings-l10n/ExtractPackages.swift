import SettingsL10n

/// `extract --xcloc` and `extract --xcstrings`: the files Xcode and translators exchange.
extension ExtractCommand {
    /// Writes `<dir>/<lang>.xcloc` per locale in Xcode's layout: `contents.json`,
    /// `Localized Contents/<lang>.xliff` (sections named `<bundle>/<lang>.lproj/<Table>.strings`,
    /// as in Xcode's exports), `Source Contents/` with the development language's tables, and
    /// an empty `Notes/`.
    func exportPackages(catalog: Catalog, bundle: SettingsBundle, to folder: String, formatter: some DiagnosticFormatter) throws {
        let bundleName = options.bundleName
        let result: (exports: [XLIFFExporter.Export], diagnostics: [Diagnostic])
        do {
            result = try XLIFFExporter.export(catalog: catalog, bundle: bundle, locales: locales, originalPrefix: bundleName + "/")
        } catch {
            throw CommandFailure(error.description)
        }
        printError(formatter.format(result.diagnostics), ifNotEmpty: true)
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        let sourceLanguage = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        do {
            for export in result.exports {
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
                try write(Array(XcodeJSON.text(contents).utf8), to: joinedPath(package, "contents.json"))
                try write(Array(XLIFFWriter.xml(export.document).utf8),
                          to: joinedPath(package, "Localized Contents/" + language + ".xliff"))
                for table in catalog.tables {
                    guard let file = development?.table(named: table.name), let bytes = file.bytes else { continue }
                    try write(bytes, to: joinedPath(package, "Source Contents/" + bundleName + "/" + file.path))
                }
                try LocalFile.createFolders(joinedPath(package, "Notes"))
                let units = export.document.files.flatMap(\.units)
                printError("wrote \(joinedPath(folder, language + ".xcloc")): \(units.count) units, \(units.filter { $0.target != nil }.count) with a translation")
            }
        } catch let error as LocalFile.WriteError {
            throw CommandFailure("cannot write the packages into \(folder): \(error.reason); choose a folder you can write to")
        }
    }

    /// Writes `<dir>/<Table>.xcstrings` per table.
    func exportStringCatalogs(catalog: Catalog, bundle: SettingsBundle, to folder: String, formatter: some DiagnosticFormatter) throws {
        let (catalogs, diagnostics) = StringCatalogExporter.export(catalog: catalog, bundle: bundle)
        printError(formatter.format(diagnostics), ifNotEmpty: true)
        do {
            for (table, stringCatalog) in catalogs {
                try write(Array(stringCatalog.text.utf8), to: joinedPath(folder, table + ".xcstrings"))
                let entries = stringCatalog.entries
                let units = entries.reduce(0) { $0 + $1.units.count }
                printError("wrote \(joinedPath(folder, table + ".xcstrings")): \(entries.count) strings, \(units) string units")
            }
        } catch let error as LocalFile.WriteError {
            throw CommandFailure("cannot write the String Catalogs into \(folder): \(error.reason); choose a folder you can write to")
        }
    }

    /// Writes a file atomically, creating its folder; refuses one import would not read back.
    private func write(_ bytes: [UInt8], to path: String) throws {
        let limit = ReadLimits.standard.maximumDocumentSize
        guard bytes.count <= limit else {
            throw CommandFailure("\(path) would be \(bytes.count) bytes, more than import reads (\(limit)); it was not written")
        }
        try LocalFile.write(bytes, to: path, creatingFolders: true)
    }
}
