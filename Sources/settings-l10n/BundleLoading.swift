import SettingsL10n

/// A failure that is not a finding (unreadable bundle, unwritable file): a message, and an
/// exit code of 3.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

/// A command line the tool cannot carry out as given (an option that names the wrong kind of
/// file, a catalog path that is a folder): a message, and an exit code of 2.
struct UsageFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

/// The command ran but refused to do its work because of a problem in the bundle (a schema
/// file that did not load): a message, and an exit code of 1.
struct RefusedWork: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

/// A bundle read from disk, with its configuration and catalog.
struct LoadedBundle {
    var bundle: SettingsBundle
    var source: DiskBundleSource
    var configuration: CheckConfiguration
    var catalog: Catalog
}

extension BundleOptions {
    /// Reads the bundle named on the command line, its configuration and its catalog.
    /// `refusingHiddenSource`: refuse a development language whose folder merge would make in
    /// front of the one a device set to it shows (every command but render, which shows each
    /// language as the device does and makes no folder).
    func load(refusingHiddenSource: Bool = true) throws -> LoadedBundle {
        let configuration = try configuration()
        let source: DiskBundleSource
        let bundle: SettingsBundle
        do {
            source = try DiskBundleSource(path: self.bundle)
            bundle = try BundleLoader.load(from: source, layout: layout(configuration))
        } catch {
            let hint = suggestedBundle.map { "; did you mean \($0)?" } ?? ""
            throw CommandFailure("cannot read the bundle: \(error.description)\(hint)")
        }
        guard bundle.hasSchemaFile else {
            if let layout = bundle.localizedRootMessage { throw CommandFailure("\(self.bundle) is not read: \(layout)") }
            throw CommandFailure(BundleLocation.notABundleMessage(self.bundle, suggestion: suggestedBundle))
        }
        let language = language(configuration)
        if refusingHiddenSource, bundle.developmentLocalization(language) == nil,
           let hidden = LocalizationMatcher.folderHidden(byFolderFor: language, among: bundle.localizations.map(\.name)),
           let broader = bundle.localizations.first(where: { $0.name == hidden }) {
            // merge would make <language>.lproj, which a device set to that language shows
            // instead of the folder that holds the source texts: its keys, untranslated.
            let shown = TerminalText.escaped(language)
            let named = developmentLanguage != nil ? "--development-language \(shown)"
                : configuration.developmentLanguage != nil ? "the configuration's \"developmentLanguage\" \(shown)" : "the development language \(shown) (the default)"
            throw ConfigurationFailure(message: "\(named) names no .lproj folder of the bundle, which has \(TerminalText.escaped(broader.folder)): "
                + "merge would make \(TerminalText.escaped(language)).lproj, which devices set to \(TerminalText.escaped(language)) show instead of it; "
                + "give the folder's language (--development-language \(TerminalText.escaped(broader.name)), or \"developmentLanguage\": \"\(TerminalText.escaped(broader.name))\" in the configuration); nothing was read")
        }
        let catalog = Extractor.catalog(of: bundle, developmentLanguage: language,
                                        tableFallback: fallback(configuration), policy: configuration.translationPolicy,
                                        host: host(configuration))
        return LoadedBundle(bundle: bundle, source: source, configuration: configuration, catalog: catalog)
    }

    /// The Settings bundle close to the path given, which is not one (`BundleLocation`).
    var suggestedBundle: String? {
        BundleLocation.suggestion(for: bundle) { path in
            try? DiskBundleSource(path: path).entries(inFolder: "", limit: 10_000)
        }
    }

    /// How diagnostics name files: the bundle path as given, so they are relative to the
    /// working directory (or absolute when it was).
    var diagnosticPaths: DiagnosticPaths {
        DiagnosticPaths(prefix: bundle)
    }
}

extension LoadedBundle {
    /// Refuses to write while a schema file did not load (exit 1): first each one, where it
    /// went wrong (`Settings.bundle/Root.plist:267:4: error: …`, as check reports it), then
    /// `<what>: <the bundle's refusal>`. Does nothing when every schema file loaded.
    func refuseWritingWhileUnloaded(_ what: String, paths: DiagnosticPaths) throws {
        guard let refusal = bundle.schemaWriteRefusal else { return }
        printUnloadedSchemaFiles(paths: paths)
        throw RefusedWork("\(what): \(refusal)")
    }

    /// Refuses `<command> --prune` (exit 1, nothing written) while a schema file has a finding
    /// that may be why keys look unused (`Checker.pruneDoubts`: Titles that lost an entry, a
    /// misspelled `IASKSubtitel`, a lost StringsTable): the translations it would remove are the
    /// ones the fix needs. The findings go to standard error first; `report` gets the message
    /// (merge's JSON report says it too).
    func refusePruningWhileDoubtful(_ command: String, paths: DiagnosticPaths, report: (String) -> Void = { _ in }) throws {
        let doubts = Checker.pruneDoubts(bundle: bundle, catalog: catalog, configuration: configuration)
        guard !doubts.isEmpty else { return }
        printError(TextDiagnosticFormatter(paths: paths).format(doubts), ifNotEmpty: true)
        let one = doubts.count == 1
        let message = "\(command) --prune changed nothing: the \(DiagnosticReport.counted(doubts)) above in the schema files may be why keys look unused; fix \(one ? "it" : "them"), then prune (or \(command) without --prune)"
        report(message)
        throw RefusedWork(message)
    }

    /// Where each schema file that did not load went wrong, on standard error, as check says it.
    func printUnloadedSchemaFiles(paths: DiagnosticPaths) {
        printError(TextDiagnosticFormatter(paths: paths).format(bundle.unloadedSchemaFiles.map(\.reason)), ifNotEmpty: true)
    }

    /// Says, before a command writes tables, which of them the device never reads because a
    /// top-level table of that name comes first in every language (check's `table-outside-lproj`).
    /// `writes`: what is written, as the note says it (`merge writes`).
    func noteTablesHiddenByTopLevel(_ writes: String) {
        for (path, table) in Checker.hiddenByTopLevel(bundle, catalog: catalog, configuration: configuration) {
            printError("note: \(TerminalText.escaped(path)) lies at the bundle's top level, where the device reads it in every language: what \(writes) into the .lproj folders' \(TerminalText.escaped(table)) tables is never shown (settings-l10n check says what to do)")
        }
    }

    /// Says that a bundle keeping its tables at its top level with no `.lproj` folder
    /// (`SettingsBundle.keepsTablesAtTopLevel`) is not localized, and what that means for the
    /// command (`merge changes nothing`), with what to do: in the same words in every command.
    func noteNotLocalized(_ bundlePath: String, consequence: String) {
        guard bundle.keepsTablesAtTopLevel(using: catalog.tableNames) else { return }
        printError("note: \(TerminalText.escaped(bundlePath)) keeps its tables at its top level and has no .lproj folder, so it is not localized and \(consequence); "
            + "to localize it, move its tables into \(catalog.developmentLanguage).lproj and run settings-l10n merge")
    }

    /// Refuses `--locale`s that no `.lproj` folder holds (exit 3), in the same words in every
    /// command: a typo must not pass as an empty report.
    func requireFolders(for locales: [String]) throws {
        let unmatched = bundle.unmatchedLocales(locales, developmentLanguage: catalog.developmentLanguage)
        if !unmatched.isEmpty { throw CommandFailure(bundle.noFolderMessage(for: unmatched)) }
    }
}
