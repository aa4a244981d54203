import SettingsL10n

/// `extract --xcloc` and `extract --xcstrings`: the files Xcode and translators exchange.
extension ExtractCommand {
    /// Stages `<dir>/<lang>.xcloc` per locale in Xcode's layout: `contents.json`,
    /// `Localized Contents/<lang>.xliff` (sections named `<bundle>/<lang>.lproj/<Table>.strings`,
    /// as in Xcode's exports), `Source Contents/` with the development language's tables, and
    /// `Notes/`: empty, or with `screenshots`, the language's pages drawn with their maps; each
    /// package made, checked and staged in turn (memory holds one).
    /// Returns what to say once they are written.
    func stagePackages(catalog: Catalog, bundle: SettingsBundle, to folder: String, screenshots: PackageScreenshots? = nil,
                       into staging: inout ExportStaging) throws -> [String] {
        let bundleName = options.bundleName
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        let sourceLanguage = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        let what = "the packages"
        var written: [String] = []
        // The development language's tables, the same in every package: read once.
        var sources: [(path: String, bytes: [UInt8])]?
        do {
            try XLIFFExporter.export(catalog: catalog, bundle: bundle, locales: locales, originalPrefix: bundleName + "/") { export, diagnostics in
                staging.diagnostics += diagnostics
                let language = export.document.files.first?.targetLanguage ?? export.folder
                let package = joinedPath(folder, language + ".xcloc")
                let owner = export.folder + ".lproj"
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
                staging.add(joinedPath(package, "contents.json"), XcodeJSON.bytes(contents), for: owner, below: folder, writing: what)
                staging.add(joinedPath(package, "Localized Contents/" + language + ".xliff"), XLIFFWriter.bytes(export.document),
                            for: owner, below: folder, writing: what)
                if sources == nil { sources = sourceTables(catalog: catalog, development: development, staging: &staging) }
                for source in sources ?? [] {
                    staging.add(joinedPath(package, "Source Contents/" + bundleName + "/" + source.path), source.bytes,
                                for: owner, below: folder, writing: what)
                }
                var drawn = ""
                if let screenshots {
                    let count = try screenshots.stage(export.folder, in: package, bundle: bundleName, owner: owner, below: folder, into: &staging)
                    drawn = ", \(count.grouped) screenshot\(count == 1 ? "" : "s")"
                } else {
                    staging.addFolder(joinedPath(package, "Notes"), below: folder, writing: what)
                }
                written.append("wrote \(TerminalText.escaped(package)): \(Self.unitCounts(export.document, folder: export.folder, bundle: bundle, catalog: catalog))\(drawn)")
            }
        } catch {
            throw CommandFailure(error.description)
        }
        return written
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

    /// Stages `<dir>/<Table>.xcstrings` per table, each made, checked and staged in turn
    /// (memory holds one), with the languages of `--locale` only when it is given; returns what
    /// to say once they are written.
    func stageStringCatalogs(catalog: Catalog, bundle: SettingsBundle, to folder: String, into staging: inout ExportStaging) throws -> [String] {
        var written: [String] = []
        let diagnostics: [Diagnostic]
        // Into the catalog a folder already holds for the table, whatever the case of its
        // extension (as sync does); one named after the table in another case is refused.
        let tables = catalog.tables.map(\.name)
        let names = try SyncCommand.catalogNames(inFolder: folder, kind: LocalFile.kind(of: folder), tables: tables,
                                                 option: "--xcstrings", outcome: "nothing was written")
        let nameOfTable = Dictionary(zip(tables, names), uniquingKeysWith: { first, _ in first })
        do {
            diagnostics = try StringCatalogExporter.export(catalog: catalog, bundle: bundle, locales: locales) { table, stringCatalog in
                let path = joinedPath(folder, nameOfTable[table] ?? table + ".xcstrings")
                staging.add(path, stringCatalog.bytes, for: table + ".strings", below: folder, writing: "the String Catalogs")
                let entries = stringCatalog.entries
                let units = entries.reduce(0) { $0 + $1.units.count }
                written.append("wrote \(TerminalText.escaped(path)): \(entries.count.grouped) string\(entries.count == 1 ? "" : "s"), \(units.grouped) string unit\(units == 1 ? "" : "s")")
            }
        } catch {
            throw CommandFailure(error.description)
        }
        staging.diagnostics += diagnostics
        return written
    }

    /// Refuses to write any export when a file of the bundle could not be read (a failing disk,
    /// a folder that cannot be listed): the export would look whole without its translations.
    func refuseExports(after diagnostics: [Diagnostic]) throws {
        let unreadable = diagnostics.filter(\.saysInputNotRead)
        guard !unreadable.isEmpty else { return }
        throw CommandFailure("\(unreadable.count == 1 ? "a file" : "\(unreadable.count) files") of the bundle could not be read (above); no export was written")
    }
}
