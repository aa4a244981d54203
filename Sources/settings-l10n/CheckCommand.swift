#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate schema files and tables, with diagnostics Xcode, editors and CI can click.",
        discussion: """
        Text lines read <path>:<line>:<column>: error|warning|note: <message> [<rule>]; findings \
        of one rule about many keys of one table are one line, and so is the same line in many \
        languages (--each lists them all); a summary per rule ends the report on standard error, \
        with the commands that fix what they can. Exit 1 when there is an error, or a warning \
        under --strict; --severity error (or warning) reports only findings that serious, and only \
        they decide the exit status. Rules can be switched off or re-levelled, findings silenced \
        (ignore) and strings marked as needing no translation (doNotTranslate) in \
        .settings-l10n.json beside the bundle (or --config); settings-l10n rules lists the rules. \
        --write-baseline records today's findings; --baseline reports only the ones not in it.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif
    }

    @OptionGroup var options: BundleOptions

    @Option(help: "The output format: text (Xcode and editors), json, github (workflow annotations) or sarif (code scanning).")
    var format: Format = .text

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    @Option(name: .customLong("locale"), help: ArgumentHelp("Check only the tables of this locale (repeatable).", valueName: "lang"))
    var locales: [String] = []

    @Flag(help: "List every finding on its own line (text and github group the findings of one rule in one table, and the same finding in many languages).")
    var each = false

    @Option(help: ArgumentHelp("Report only findings of this severity or a more serious one: error, warning or note. The exit status counts only those.", valueName: "severity"))
    var severity: Severity?

    @Option(help: ArgumentHelp("Report only the findings that are not in this baseline file.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Record every finding in this baseline file (sorted JSON, for version control), and exit 0.", valueName: "file"))
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Write the report into this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Name files by absolute path instead of relative to the working directory.")
    var absolutePaths = false

    @Flag(help: "Print the files check reads (schema files, tables, the configuration file, the --baseline), one per line, and check nothing (for an Xcode input file list).")
    var printInputFiles = false

    @Option(help: ArgumentHelp("The String Catalog kept in sync with the bundle (sync): its needs_review translations are reported like review marks in the tables. A .xcstrings file, or a folder of <Table>.xcstrings. Default: the configuration's \"catalog\".", valueName: "path"))
    var catalog: String?

    @Option(help: ArgumentHelp("When the check passes, write this file (a Swift comment): the output a build system needs to run check again only when the bundle changes.", valueName: "file"))
    var stamp: String?

    func validate() throws {
        if baseline != nil, writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline cannot be combined: write the baseline first, then check against it")
        }
    }

    func run() throws {
        let loaded = try options.load()
        for (path, option) in [(output, "--output"), (writeBaseline, "--write-baseline"), (stamp, "--stamp")] {
            if let path { try OutputGuard.refuseInsideBundle(path, bundle: loaded.source, option: option) }
        }
        let paths = absolutePaths ? DiagnosticPaths(prefix: loaded.source.rootPath) : options.diagnosticPaths
        if printInputFiles {
            let files = loaded.bundle.schemaFiles.map(\.path) + loaded.bundle.localizations.flatMap { $0.tables.map(\.path) }
            // The configuration and the baseline decide the result too: editing them must run the check again.
            let catalogPath = options.optionalCatalogPath(catalog, configuration: loaded.configuration)
            let catalogs = try catalogPath.map { try SyncCommand.targets($0, tables: loaded.catalog.tables.map(\.name)).map(\.path) } ?? []
            let decisive = ([options.configurationFile?.path, baseline].compactMap { $0 } + catalogs)
                .map { absolutePaths ? URL(fileURLWithPath: $0).standardizedFileURL.path : $0 }
            printOutput(try Self.inputFileList(files.sorted().map { paths.path(of: SourceLocation(file: $0)) } + decisive))
            return
        }
        try loaded.requireFolders(for: locales)
        var context = CheckContext(bundle: loaded.bundle, catalog: loaded.catalog, locales: locales)
        if let path = options.optionalCatalogPath(catalog, configuration: loaded.configuration) {
            context.catalogReviews = try CatalogReviews.read(path, loaded: loaded)
        }
        let diagnostics = Checker.check(context, configuration: loaded.configuration)
        ProcessLifetime.keep(loaded, context, diagnostics)
        if let writeBaseline {
            // A file the disk did not give is no finding to accept: the baseline would hide the
            // fault, and miss the findings the file holds.
            let unreadable = diagnostics.filter { $0.rule == .fileUnreadable }
            if let first = unreadable.first {
                printError(TextDiagnosticFormatter(paths: options.diagnosticPaths).format(unreadable), ifNotEmpty: true)
                throw CommandFailure("no baseline was written: \(unreadable.count == 1 ? first.location.file : "\(unreadable.count) files") could not be read (above); run again once they can be")
            }
            try writeFile(writeBaseline, Baseline(diagnostics).json, what: "the baseline")
            printError("wrote \(writeBaseline): \(DiagnosticReport.count(diagnostics.count, "finding")) accepted; check with --baseline \(writeBaseline) from now on")
            return
        }
        // Grouped lines speak of the host too (under --in-app, InAppSettingsKit).
        let rules = Checker.descriptors.map { $0.spoken(by: loaded.catalog.host) }
        var report = DiagnosticReport(diagnostics: diagnostics, rules: rules, listsEach: each)
        report.configuration = options.configurationFile?.location
        report.commandArguments = options.commandLine
        report.fixesWaitFor = loaded.bundle.schemaLoadCondition
        var fixed = 0
        if let baseline {
            let accepted = try Self.readBaseline(baseline)
            if accepted.isPositional {
                printError("note: \(baseline) is a version 1 baseline, which names schema findings by their position: a row inserted above one makes it new again; write it again with check --write-baseline \(baseline) (version 3 names each specifier by its Key or Title)")
            }
            (report.diagnostics, fixed) = accepted.compare(diagnostics, schemaFiles: loaded.bundle.schemaFiles)
        }
        let unfiltered = report.diagnostics.count
        if let severity { report = report.filtered(atLeast: severity) }
        try write(report, paths: paths, source: loaded.source)
        if format == .text || format == .github {
            printError(report.summary, ifNotEmpty: true)
        }
        if let baseline {
            let known = diagnostics.count - unfiltered
            printError("\(DiagnosticReport.count(known, "finding")) \(known == 1 ? "is" : "are") in the baseline \(baseline)\(fixed > 0 ? "; \(DiagnosticReport.grouped(fixed)) baseline entr\(fixed == 1 ? "y is" : "ies are") fixed: rewrite the baseline (check --write-baseline \(baseline))" : "")")
        }
        if report.errorCount > 0 || (strict && report.warningCount > 0) {
            throw ExitCode(1)
        }
        if let stamp {
            try writeFile(stamp, "// settings-l10n check passed: \(options.bundleName) (\(DiagnosticReport.count(report.warningCount, "warning")))\n", what: "the stamp")
        }
    }

    /// Writes the report in the chosen format, to standard output or `--output`.
    private func write(_ report: DiagnosticReport, paths: DiagnosticPaths, source: DiskBundleSource) throws {
        let colors = output == nil && StandardStream.output.isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let formatter: any DiagnosticFormatter = switch format {
        case .text:
            TextDiagnosticFormatter(paths: paths, colors: colors)
        case .json: JSONDiagnosticFormatter()
        case .github: GitHubDiagnosticFormatter(paths: paths)
        case .sarif:
            SARIFDiagnosticFormatter(bundleName: URL(fileURLWithPath: source.rootPath).lastPathComponent,
                                     parentPath: URL(fileURLWithPath: source.rootPath).deletingLastPathComponent().path)
        }
        guard let output else {
            // Every formatter escapes what it quotes from input; the GitHub one writes workflow
            // commands, the text one colour on a terminal, and JSON and SARIF are JSON, which
            // `forLog`'s escapes would break.
            switch format {
            case .json, .sarif: formatter.format(report, into: printJSON)
            case .github: formatter.format(report, into: printWorkflowCommands)
            case .text: formatter.format(report) { printOutput($0, colors: colors) }
            }
            return
        }
        try writeFile(output, formatter.format(report), what: "the report")
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

    private func writeFile(_ path: String, _ text: String, what: String) throws {
        do {
            try LocalFile.write(Array(text.utf8), to: path, creatingFolders: true)
        } catch {
            throw CommandFailure("cannot write \(what) to \(path): \(error.reason); choose a file you can write")
        }
    }

    private static func readBaseline(_ path: String) throws -> Baseline {
        do {
            return try Baseline.parse(LocalFile.read(path, limit: Baseline.maximumSize))
        } catch let error as LocalFile.ReadError {
            throw CommandFailure("\(error.message); write a baseline first with check --write-baseline \(path)")
        } catch {
            throw CommandFailure("\(path) is not a baseline: \(error); write it again with check --write-baseline \(path)")
        }
    }
}

extension Severity: ExpressibleByArgument {}
