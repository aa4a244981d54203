#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SettingsL10n
import SettingsL10nFiles

/// What `check` writes: the report in each format, the baseline, the input file list.
extension CheckCommand {
    /// Writes the report in the chosen format, to standard output or `--output`. `files`: the
    /// files the check read (the JUnit report's suites).
    func write(_ report: DiagnosticReport, paths: DiagnosticPaths, files: [String]) throws {
        let colors = output == nil && StandardStream.output.isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        // Under --strict the text and GitHub formats print the warnings that fail the run as
        // errors; the others keep each finding's own severity.
        let printed = format == .text || format == .github ? report.failing() : report
        let formatter: any DiagnosticFormatter = switch format {
        case .text: TextDiagnosticFormatter(paths: paths, colors: colors)
        case .json: JSONDiagnosticFormatter()
        case .github: GitHubDiagnosticFormatter(paths: paths)
        case .sarif: SARIFDiagnosticFormatter(paths: paths, workingDirectory: FileManager.default.currentDirectoryPath)
        case .gitlab: GitLabDiagnosticFormatter(paths: paths)
        case .junit: JUnitDiagnosticFormatter(paths: paths, files: files)
        }
        guard let output else {
            // Every formatter escapes what it quotes from input; the GitHub one writes workflow
            // commands, the text one colour on a terminal, and JSON and SARIF are JSON, which
            // `forLog`'s escapes would break.
            switch format {
            case .json, .sarif, .gitlab: formatter.format(printed, into: printJSON)
            case .junit: formatter.format(printed, into: printXML)
            case .github: formatter.format(printed, into: printWorkflowCommands)
            case .text: formatter.format(printed) { printOutput($0, colors: colors) }
            }
            return
        }
        try writeFile(output, formatter.format(printed), what: "the report")
    }

    /// The files a check of `context` read, relative to the bundle: its schema files, the tables
    /// at its top level and the tables of the localizations it checked.
    static func checkedFiles(_ context: CheckContext) -> [String] {
        (context.bundle.schemaFiles.map(\.path) + context.bundle.unlocalizedTables.map(\.path) + context.localizations.flatMap { $0.tables.map(\.path) }).sorted()
    }

    /// `--write-baseline`: every finding accepted, unless a file could not be read.
    func write(baselineOf diagnostics: [Diagnostic], to path: String, configuration: CheckConfiguration) throws {
        // A file the disk did not give is no finding to accept: the baseline would hide the
        // fault, and miss the findings the file holds.
        let unreadable = diagnostics.filter { $0.rule == .fileUnreadable }
        if let first = unreadable.first {
            printError(TextDiagnosticFormatter(paths: options.diagnosticPaths).format(unreadable), ifNotEmpty: true)
            throw CommandFailure("no baseline was written: \(unreadable.count == 1 ? first.location.file : "\(unreadable.count) files") could not be read (above); run again once they can be")
        }
        try writeFile(path, Baseline(diagnostics).json, what: "the baseline")
        if !options.quiet {
            // The configuration's baseline is read on its own; another needs naming each time.
            let configured = options.configuredPath(configuration.baseline, setting: "baseline", configuration: configuration)
            let usedAnyway = configured.map { LocalFile.resolvedPath($0) == LocalFile.resolvedPath(path) } ?? false
            printError("wrote \(path): \(DiagnosticReport.count(diagnostics.count, "finding")) accepted; "
                + (usedAnyway ? "the configuration's \"baseline\" names it, so check compares with it from now on" : "check with --baseline \(path) from now on"))
        }
    }

    /// The findings that are not in the baseline at `path`, and how many of its entries no
    /// longer occur.
    /// `checkedFolders`: under `--locale`, the `.lproj` folders checked (the others' entries are
    /// not fixed, only not looked for); `nil`: every folder.
    func compare(_ diagnostics: [Diagnostic], with path: String, schemaFiles: [SchemaFile], checkedFolders: Set<String>? = nil) throws -> (new: [Diagnostic], fixed: Int) {
        let rewrite = writeBaselineCommand(path)
        let accepted = try Self.readBaseline(path, rewrite: rewrite)
        if accepted.isPositional {
            printError("note: \(path) is a version 1 baseline, which names schema findings by their position: a row inserted above one makes it new again; write it again with \(rewrite) (version 3 names each specifier by its Key or Title)")
        }
        guard let checkedFolders else { return accepted.compare(diagnostics, schemaFiles: schemaFiles) }
        return accepted.compare(diagnostics, schemaFiles: schemaFiles) { file in
            // A file of an .lproj folder that was not checked; any other (a schema file, a
            // top-level table) was.
            guard let (language, _) = LanguageFolding.split(file) else { return true }
            return checkedFolders.contains(language + ".lproj")
        }
    }

    /// `--print-input-files`: the files whose change changes the result.
    func printInputFileList(_ loaded: LoadedBundle, settings: CheckSettings, paths: DiagnosticPaths) throws {
        // The top level's tables too: one there is what every language reads (table-outside-lproj).
        let files = loaded.bundle.schemaFiles.map(\.path) + loaded.bundle.unlocalizedTables.map(\.path) + loaded.bundle.localizations.flatMap { $0.tables.map(\.path) }
        // The configuration and the baseline decide the result too: editing them must run the check again.
        let catalogPath = options.optionalCatalogPath(catalog, configuration: loaded.configuration)
        let catalogs = try catalogPath.map { try SyncCommand.targets($0, tables: loaded.catalog.tables.map(\.name), reading: true).map(\.path) } ?? []
        let decisive = ([options.configurationFile?.path, settings.baseline].compactMap { $0 } + catalogs)
            .map { absolutePaths ? URL(fileURLWithPath: $0).standardizedFileURL.path : $0 }
        printOutput(try Self.inputFileList(files.sorted().map { paths.path(of: SourceLocation(file: $0)) } + decisive))
    }

    /// The lines of `--print-input-files`: one file a line, as Xcode's file lists and the
    /// pre-commit hook read them. A name that cannot be one line as it is (one holding a line
    /// break, another control character, or a GitHub workflow command: what `TerminalText`
    /// escapes) is refused with the others, since its escaped form would name another file.
    static func inputFileList(_ paths: [String]) throws -> String {
        let unlistable = paths.filter { TerminalText.escaped($0) != $0 }
        guard unlistable.isEmpty else {
            let shown = unlistable.prefix(DiagnosticReport.keysShown).map { TerminalText.escaped($0) }.joined(separator: ", ")
                + (unlistable.count > DiagnosticReport.keysShown ? ", …" : "")
            throw RefusedWork("cannot list \(shown): a file name that holds a line break or a control character, or that GitHub's runner would run as a workflow command, cannot be one line of an input file list, which names each file as it is; rename \(unlistable.count == 1 ? "it" : "them")")
        }
        return paths.map { $0 + "\n" }.joined()
    }

    func writeFile(_ path: String, _ text: String, what: String) throws {
        do {
            try LocalFile.write(Array(text.utf8), to: path, creatingFolders: true)
        } catch {
            throw CommandFailure("cannot write \(what) to \(path): \(error.reason); choose a file you can write")
        }
    }

    /// The command that writes the baseline at `path` for this bundle, ready to paste.
    func writeBaselineCommand(_ path: String) -> String {
        "settings-l10n check \(options.commandLine) --write-baseline \(shellQuoted(path))"
    }

    /// `rewrite`: the command that writes it (`writeBaselineCommand`), for the advice.
    static func readBaseline(_ path: String, rewrite: String) throws -> Baseline {
        do {
            return try Baseline.parse(LocalFile.read(path, limit: Baseline.maximumSize))
        } catch let error as LocalFile.ReadError {
            throw CommandFailure("\(error.message); write a baseline first with \(rewrite)")
        } catch {
            throw CommandFailure("\(path) is not a baseline: \(error); write it again with \(rewrite)")
        }
    }
}
