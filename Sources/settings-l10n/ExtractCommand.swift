import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "List every localizable string of the bundle by table, and export XLIFF for translators.",
        discussion: """
        Walks Root.plist and its device variants, every child pane reachable through File, and \
        every other top-level .plist, and collects Title, FooterText, Titles and ShortTitles under \
        each file's StringsTable. Reads the bundle; never writes it. Exits 1 when a schema file \
        does not load (its strings are not listed, and no export is written). \
        --xcloc --screenshots draws each language's pages with headless Chromium into its \
        package's Notes/Screenshots, with Xcode's map of each string's frame \
        (localizationStringData.plist) and a JSON map beside each PNG.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var options: BundleOptions

    @Option(help: "The output format: text (each table with its strings counted) or json (every string with its occurrences).")
    var format: Format = .text

    @Option(help: ArgumentHelp("Write one XLIFF 1.2 document per locale into this folder (<dir>/<lang>.xliff).", valueName: "dir"), transform: PathOption.value)
    var xliff: String?

    @Option(help: ArgumentHelp("Write one Xcode localization package per locale into this folder (<dir>/<lang>.xcloc), which Xcode opens.", valueName: "dir"), transform: PathOption.value)
    var xcloc: String?

    @Option(help: ArgumentHelp("Write one Xcode String Catalog per table into this folder (<dir>/<Table>.xcstrings), with every language's translations.", valueName: "dir"), transform: PathOption.value)
    var xcstrings: String?

    @Option(name: .customLong("locale"), help: ArgumentHelp("Export only this locale (repeatable) with --xliff, --xcloc or --xcstrings (whose catalogs then hold the development language and these); default: every .lproj but the development language.", valueName: "lang"), transform: LocaleOption.value)
    var locales: [String] = []

    @Flag(help: "With --xcloc: draw each language's pages with headless Chromium into its package's Notes/Screenshots, with Xcode's map of every string's frame (localizationStringData.plist) and a JSON map beside each PNG.")
    var screenshots = false

    @Option(help: ArgumentHelp("Pixels per point of the screenshots: 1, 2 or 3 (--screenshots).", valueName: "n"))
    var scale: Int?

    @Option(help: ArgumentHelp("The Chromium to draw with (--screenshots); default: SETTINGS_L10N_BROWSER, else \(Browser.namesSaid) on PATH.", valueName: "path"), transform: PathOption.value)
    var browser: String?

    @Option(help: ArgumentHelp("The longest the browser may take to answer, in seconds (--screenshots).", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Replace export files that exist and differ from the export (a translator's returned XLIFF is refused otherwise).")
    var force = false

    func validate() throws {
        if !locales.isEmpty, xliff == nil, xcloc == nil, xcstrings == nil {
            throw ValidationError("--locale chooses the locales of --xliff, --xcloc or --xcstrings; give one of them too")
        }
        if screenshots, xcloc == nil { throw ValidationError("--screenshots draws the pages into each .xcloc package: give --xcloc <dir> too") }
        if !screenshots {
            for (option, given) in [("--scale", scale != nil), ("--browser", browser != nil), ("--timeout", timeout != nil)] where given {
                throw ValidationError("\(option) is for --screenshots")
            }
        }
        try ScreenshotRendering.validate(scale: scale, timeout: timeout)
    }

    func run() throws {
        let loaded = try options.load()
        try loaded.requireFolders(for: locales)
        for (path, option) in [(xliff, "--xliff"), (xcloc, "--xcloc"), (xcstrings, "--xcstrings")] {
            if let path { try OutputGuard.refuseInsideBundle(path, bundle: loaded.source, option: option) }
        }
        let (bundle, catalog) = (loaded.bundle, loaded.catalog)
        let formatter = TextDiagnosticFormatter(paths: options.diagnosticPaths)
        var readingProblems = bundle.diagnostics.filter { [.plistSyntax, .fileUnreadable, .stringsTableInvalid, .childPaneFileInvalid].contains($0.rule) || $0.saysInputNotRead }
        // Every schema file that did not load, or that a child pane could not open, whatever the rule.
        readingProblems += bundle.unloadedSchemaFiles.map(\.reason).filter { !readingProblems.contains($0) }
        printError(formatter.format(readingProblems + catalog.diagnostics), ifNotEmpty: true)
        let exporting = xliff != nil || xcloc != nil || xcstrings != nil
        if exporting { try refuseExports(after: readingProblems) }
        // An export without a schema file's strings is not written (translators would get part
        // of the bundle); the listing of what loaded is still printed, then the refusal.
        if exporting, let subject = bundle.unloadedSchemaSubject, let condition = bundle.schemaLoadCondition {
            printListing(catalog)
            throw RefusedWork("no export was written: it would lack the strings of \(subject); export again once \(condition) (the error above says what is wrong)")
        }
        if exporting {
            if !options.quiet { loaded.noteTablesHiddenByTopLevel("import writes from these exports") }
            // Every format's files staged, then all put in place: a refusal of one writes none.
            var staging = ExportStaging(force: force)
            // What each format wrote: a document or package per language, a catalog per table.
            var perLanguage: [String] = [], catalogs: [String] = []
            // The browser is looked for before anything is made: without one, exit 3 and what to install.
            let drawing = screenshots ? try PackageScreenshots(loaded: loaded, browser: Browser.find(named: browser, for: "extract --screenshots"),
                                                               timeout: timeout ?? ScreenshotRendering.defaultTimeout, scale: scale ?? ScreenshotRendering.defaultScale) : nil
            defer { drawing?.close() }
            do {
                if let xliff { perLanguage += try stageXLIFF(catalog: catalog, bundle: bundle, to: xliff, into: &staging) }
                if let xcloc { perLanguage += try stagePackages(catalog: catalog, bundle: bundle, to: xcloc, screenshots: drawing, into: &staging) }
                if let xcstrings { catalogs = try stageStringCatalogs(catalog: catalog, bundle: bundle, to: xcstrings, into: &staging) }
            } catch {
                let stopped = staging.stopping(with: error)
                staging.discard()
                throw stopped
            }
            drawing?.close()
            try staging.finish(refuse: refuseExports(after:), formatter: formatter)
            // A bundle with no language but the development one has nothing to translate into:
            // said, not an empty folder left for the user to wonder about (even with --quiet).
            if xliff != nil || xcloc != nil, perLanguage.isEmpty {
                let development = bundle.developmentLocalization(catalog.developmentLanguage)?.name ?? catalog.developmentLanguage
                printError("note: no XLIFF document or package was written: the bundle has no language besides the development language (\(development)); create <lang>.lproj (fr.lproj) and run settings-l10n merge, then export again")
            }
            // --quiet: an export says nothing when it went well, and lists no strings.
            if options.quiet { return }
            for line in perLanguage + catalogs { printError(line) }
        }
        printListing(catalog)
        // The strings of a schema file that did not load are not in the list.
        if !bundle.unloadedSchemaFiles.isEmpty { throw ExitCode(1) }
    }

    private func printListing(_ catalog: Catalog) {
        switch format {
        case .text: printOutput(catalog.text)
        case .json: catalog.writeJSON(into: printJSON)
        }
    }

    /// Stages one XLIFF document per locale, each made, checked and staged in turn (memory holds
    /// one); returns what to say once they are written.
    private func stageXLIFF(catalog: Catalog, bundle: SettingsBundle, to folder: String, into staging: inout ExportStaging) throws -> [String] {
        var written: [String] = []
        do {
            try XLIFFExporter.export(catalog: catalog, bundle: bundle, locales: locales) { export, diagnostics in
                staging.diagnostics += diagnostics
                let path = joinedPath(folder, export.folder + ".xliff")
                staging.add(path, XLIFFWriter.bytes(export.document), for: export.folder + ".lproj", below: folder, writing: "the XLIFF documents")
                written.append("wrote \(TerminalText.escaped(path)): \(Self.unitCounts(export.document, folder: export.folder, bundle: bundle, catalog: catalog))")
            }
        } catch {
            throw CommandFailure(error.description)
        }
        return written
    }

    /// `58 units, 55 with a translation`: what an exported document holds. The development
    /// language's (asked for with `--locale`) is said to be for reading: import refuses it, the
    /// source text being the schema's and the development tables'.
    static func unitCounts(_ document: XLIFFDocument, folder: String, bundle: SettingsBundle, catalog: Catalog) -> String {
        let units = document.files.lazy.flatMap(\.units)
        let count = units.count
        let isDevelopment = folder == bundle.developmentLocalization(catalog.developmentLanguage)?.name
        return "\(count.grouped) unit\(count == 1 ? "" : "s"), \(units.filter { $0.target != nil }.count.grouped) with a translation"
            + (isDevelopment ? " (the development language: a copy to read; import takes nothing back into it, its text is the schema's and \(folder).lproj's)" : "")
    }
}
