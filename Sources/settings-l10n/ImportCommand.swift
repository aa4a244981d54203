#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the translations of XLIFF documents, Xcode exports or String Catalogs into the .lproj tables.",
        discussion: """
        Takes settings-l10n's XLIFF, Xcode's whole-app exports (an .xliff with a <file> per \
        table of the app, a <lang>.xcloc package, or the folder Xcode exported into: only the \
        sections of this bundle's tables are imported, the others are counted and skipped) and \
        <Table>.xcstrings catalogs written by extract --xcstrings. \
        Units whose source no longer matches the development-language text are not applied; \
        they are reported and the exit code is 1. A document that is malformed, has nothing for \
        this bundle, or names a table or language the bundle does not have is an error, and \
        nothing is written. Tables keep their encoding, byte-order mark, line endings and \
        comments; every write is atomic.
        """
    )

    @OptionGroup var options: BundleOptions

    @Argument(help: ArgumentHelp("The documents to import: .xliff, .xcstrings, <lang>.xcloc, or a folder of them.", valueName: "document"), transform: PathOption.value)
    var documents: [String]

    @Flag(help: "Write nothing; print the changes as a unified diff.")
    var dryRun = false

    func validate() throws {
        if documents.isEmpty {
            throw ValidationError("give at least one document to import (.xliff, .xcstrings, .xcloc, or a folder of them)")
        }
    }

    /// What reading one document gave.
    enum ReadDocument: Sendable {
        case document(XLIFFDocument)
        /// A String Catalog with no translation to import: said, and passed over.
        case nothingToImport(String)
        /// Why the import stops (nothing is imported).
        case failure(String)
    }

    /// Reads and parses one document of the import.
    @Sendable static func read(_ input: ImportInputs.Input) -> ReadDocument {
        let path = input.path
        let bytes: [UInt8]
        do {
            bytes = try LocalFile.read(path, limit: ReadLimits.standard.maximumDocumentSize)
        } catch {
            return .failure("\(error.message); nothing was imported")
        }
        let location = { (error: SyntaxError) in path + TextPosition.pathSuffix(error.position) }
        switch input.kind {
        case .xliff:
            let document: XLIFFDocument
            do {
                document = try XLIFFReader.read(bytes)
            } catch {
                return .failure("\(location(error)): not a valid XLIFF document: \(error.message); fix it or export again with settings-l10n extract --xliff; nothing was imported")
            }
            if let package = input.package, let mismatch = XLIFFImporter.packageMismatch(document, path: path, packageName: package) {
                return .failure(mismatch.description)
            }
            return .document(document)
        case .stringCatalog:
            do {
                let table = input.catalogTable!
                // Located: a finding about a string names the line of its key.
                let (stringCatalog, positions) = try StringCatalog.readLocated(bytes)
                let document = stringCatalog.xliff(forTable: table, positions: positions)
                if document.files.isEmpty {
                    return .nothingToImport("\(TerminalText.escaped(path)): no translations into languages other than \(stringCatalog.sourceLanguage); nothing to import from it")
                }
                return .document(document)
            } catch {
                return .failure("\(location(error)): not a valid String Catalog: \(error.message); fix it or export again with settings-l10n extract --xcstrings; nothing was imported")
            }
        }
    }

    func run() throws {
        // The documents are read and parsed on all cores, a window of them at a time (reading
        // was most of an import of a folder of documents), the first window on a thread of its
        // own while the bundle loads (a 60,000-unit XLIFF took as long to read as its bundle to
        // load), then taken in order: the first that fails stops the import. A bundle that does
        // not load is reported first, as before.
        let window = max(2, activeCores)
        let listing = Result { try ImportInputs.documents(of: documents) }
        let reading = (try? listing.get()).map { inputs in BackgroundValue { parallelMap(Array(inputs.prefix(window)), Self.read) } }
        let loaded = try options.load()
        let (bundle, source, catalog) = (loaded.bundle, loaded.source, loaded.catalog)
        let inputs = try listing.get()
        let first = reading?.value ?? []
        var result: ImportResult
        if bundle.schemaWriteRefusal == nil,
           let planned = try planOneByOne(inputs, first: first, window: window, bundle: bundle, catalog: catalog) {
            result = planned
        } else {
            // Two documents with sections for one table (their units may conflict), or a bundle
            // whose refusal comes after every document's errors: every document held at once.
            let outcomes = bundle.schemaWriteRefusal == nil ? parallelMap(inputs, Self.read)
                : first + parallelMap(Array(inputs.dropFirst(first.count)), Self.read)
            var parsed: [(path: String, document: XLIFFDocument)] = []
            for (input, outcome) in zip(inputs, outcomes) {
                switch outcome {
                case .document(let document): parsed.append((input.path, document))
                case .nothingToImport(let message): printError(message)
                case .failure(let message): throw CommandFailure(message)
                }
            }
            try loaded.refuseWritingWhileUnloaded("nothing was imported", paths: options.diagnosticPaths)
            do {
                result = try XLIFFImporter.plan(documents: parsed, bundle: bundle, catalog: catalog, bundleName: options.bundleName)
            } catch {
                throw CommandFailure(error.description)
            }
        }
        if !options.quiet { loaded.noteTablesHiddenByTopLevel(dryRun ? "import would write" : "import writes") }
        // Every translation replaced with a different text, before anything is written.
        printError(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(result.replaced), ifNotEmpty: true)
        let written = dryRun ? printDiffs(result.updates) : try write(&result, into: source)
        // Rejects name the XLIFF documents as they were given (and tables by the bundle path).
        printError(TextDiagnosticFormatter(paths: DiagnosticPaths(prefix: "")).format(result.rejected), ifNotEmpty: true)
        if !result.skipped.isEmpty, !options.quiet {
            let names = Set(result.skipped.map { $0.split(separator: "/").last.map(String.init) ?? $0 }).sorted()
            let shown = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? ", …" : "")
            printError("skipped \(result.skipped.count.grouped) section\(result.skipped.count == 1 ? "" : "s") for other files of the app (\(shown))")
        }
        if !result.unusedTables.isEmpty, !options.quiet {
            printError("skipped \(result.unusedTables.count.grouped) section\(result.unusedTables.count == 1 ? "" : "s") for tables no schema file uses: \(result.unusedTables.joined(separator: ", "))")
        }
        let verb = dryRun ? "would write" : "wrote"
        for update in written where !options.quiet {
            let count = result.written[update.path] ?? 0
            printError("\(update.path): \(verb) \(count.grouped) translation\(count == 1 ? "" : "s")\(update.original == nil ? " (new file)" : "")")
        }
        if !written.isEmpty, !options.quiet, let catalogPath = options.optionalCatalogPath(nil, configuration: loaded.configuration) {
            // The catalog keeps the translations (sync's workflow): its texts win the next sync.
            let count = written.reduce(0) { $0 + (result.written[$1.path] ?? 0) }
            printError("note: this bundle's translations are kept in the configuration's catalog \(TerminalText.escaped(catalogPath)), whose texts the next sync writes back "
                + "over the \(count.grouped) translation\(count == 1 ? "" : "s") import \(dryRun ? "would write" : "wrote") where they differ; carry them into it with "
                + "settings-l10n sync \(options.commandLine) --prefer-tables")
        }
        if written.isEmpty, !options.quiet {
            let waiting = result.untranslated > 0
                ? "; \(result.untranslated) unit\(result.untranslated == 1 ? " has" : "s have") no translation yet" : ""
            printError("no table changes (\(result.unchanged) translation\(result.unchanged == 1 ? "" : "s") already up to date\(waiting))")
        }
        if !result.rejected.isEmpty {
            let units = result.rejected.count
            printError("\(units) problem\(units == 1 ? "" : "s") kept translations from being imported (see above)")
            throw ExitCode(1)
        }
    }

    /// Plans the documents one at a time (`XLIFFImporter.Session`), each let go once planned,
    /// the next window read while one is planned: memory holds two windows of documents, not
    /// every document. The same messages and errors, in the same order, as planning them all at
    /// once: every document's reading errors before any plan's. `nil` (nothing printed) when two
    /// documents have sections for one table: only a plan of every document can weigh them.
    private func planOneByOne(_ inputs: [ImportInputs.Input], first: [ReadDocument], window: Int,
                              bundle: SettingsBundle, catalog: Catalog) throws -> ImportResult? {
        var session = XLIFFImporter.Session(bundle: bundle, catalog: catalog, bundleName: options.bundleName)
        var messages: [String] = []
        var refusal: ExchangeError?
        var start = 0
        var outcomes = first
        while start < inputs.count {
            let end = start + outcomes.count
            let nextInputs = Array(inputs[end..<min(end + window, inputs.count)])
            let next = nextInputs.isEmpty ? nil : BackgroundValue { parallelMap(nextInputs, Self.read) }
            for (input, outcome) in zip(inputs[start..<end], outcomes) {
                switch outcome {
                case .document(let document):
                    guard refusal == nil else { continue }
                    do {
                        guard try session.add(document, path: input.path) else { return nil }
                    } catch {
                        refusal = error
                    }
                case .nothingToImport(let message):
                    messages.append(message)
                case .failure(let message):
                    messages.forEach { printError($0) }
                    throw CommandFailure(message)
                }
            }
            outcomes = []
            start = end
            if let next { outcomes = next.value }
        }
        messages.forEach { printError($0) }
        if let refusal { throw CommandFailure(refusal.description) }
        return session.result()
    }

    private func printDiffs(_ updates: [TableUpdate]) -> [TableUpdate] {
        for update in updates {
            printDiff(update)
        }
        return updates
    }

    /// Writes the updates; a table that changed on disk since it was read becomes a reject.
    /// - Returns: the updates written.
    private func write(_ result: inout ImportResult, into source: DiskBundleSource) throws -> [TableUpdate] {
        let errors = try TableUpdate.write(result.updates, into: source, then: "fix the problem and import again")
        var written: [TableUpdate] = []
        for (update, error) in zip(result.updates, errors) {
            guard let error else {
                written.append(update)
                continue
            }
            let count = result.written[update.path] ?? 0
            result.rejected.append(Diagnostic(.error, rule: .importTableRefused,
                                              "\(count.grouped) translation\(count == 1 ? " was" : "s were") not imported: \(error.message)",
                                              at: SourceLocation(file: options.diagnosticPaths.path(of: SourceLocation(file: update.path)))))
        }
        return written
    }
}

extension TableUpdate {
    /// Writes `updates` through the bundle writer (each atomically, only if the table is still
    /// the one read) and sweeps its temporary files. A failure (not a table changed meanwhile)
    /// stops the command, its message naming what was written and what was not, then `then`
    /// (`BundleWriteError.failureSummary`); so does a folder that could not be flushed.
    /// - Returns: each update's error, `nil` for the ones written.
    static func write(_ updates: [TableUpdate], into source: DiskBundleSource, then: String) throws -> [BundleWriteError?] {
        var writer = DiskBundleWriter(bundle: source)
        let errors = writer.write(updates.map { BundleFileWrite(path: $0.path, bytes: $0.updated, expected: $0.original) })
        writer.sweepTemporaryFiles()
        let written = zip(updates, errors).filter { $0.1 == nil || $0.1?.kind == .notDurable }.map(\.0.path)
        if let failure = BundleWriteError.failureSummary(errors.compactMap { $0 }, written: written, then: then) {
            throw CommandFailure(failure)
        }
        if let unflushed = BundleWriteError.unflushedSummary(errors.compactMap { $0 }.filter { $0.kind == .notDurable }) {
            throw CommandFailure(unflushed)
        }
        return errors
    }
}
