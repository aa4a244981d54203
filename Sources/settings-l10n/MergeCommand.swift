import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Bring every .lproj table in line with the schema, never losing a translation.",
        discussion: """
        The development language receives every key (a new key's value is its text); other \
        languages keep every translation of a live key, receive translations carried over from \
        a slightly different old key (marked for review), and have their missing keys reported. \
        Entries follow the schema's order; keys no schema uses move to an obsolete section at \
        the end, still live, until --prune. Files keep their encoding, byte-order mark, line \
        endings and comments; a table that does not parse is left untouched (exit 1).
        """
    )

    enum Fill: String, ExpressibleByArgument, CaseIterable {
        case source
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var options: BundleOptions

    @Option(name: .customLong("locale"), help: ArgumentHelp("Merge only this locale (repeatable).", valueName: "lang"))
    var locales: [String] = []

    @Flag(help: "Write nothing; print a unified diff of the changes.")
    var dryRun = false

    @Flag(help: "Write nothing; exit 1 when a merge would change a file (for CI).")
    var check = false

    @Flag(help: "Remove obsolete entries (keys no schema file uses).")
    var prune = false

    @Option(help: ArgumentHelp("source (the only value): add missing keys to other languages with the source text, marked untranslated.", valueName: "source"))
    var fill: Fill?

    @Option(help: ArgumentHelp("Fill missing translations from the app's own: its .xcstrings, or a folder holding <lang>.lproj/*.strings (and .xcstrings). A key takes the app's translation of the same source text (else of the same text but for case and trailing punctuation), marked for review. The app's languages are matched to the folders as render matches them (zh-Hans fills zh_CN.lproj).", valueName: "path"))
    var fillFrom: String?

    @Option(help: "The report format: text (to standard error) or json (to standard output).")
    var format: Format = .text

    func validate() throws {
        if dryRun, check { throw ValidationError("--dry-run and --check cannot be combined") }
        if dryRun, format == .json { throw ValidationError("--dry-run prints a diff; it cannot be combined with --format json") }
    }

    func run() throws {
        let loaded = try options.load()
        let (bundle, source, catalog) = (loaded.bundle, loaded.source, loaded.catalog)
        try loaded.requireFolders(for: locales)
        if let refusal = bundle.schemaWriteRefusal, format == .json { printJSON(MergeResult(refusal: refusal).json.rendered()) }
        try loaded.refuseWritingWhileUnloaded("merge changed nothing", paths: options.diagnosticPaths)
        var appTranslations = try fillFrom.map { try AppTranslationSource.read($0, developmentLanguage: catalog.developmentLanguage) }
        if var app = appTranslations {
            // The app's languages meet the folders as render's languages do (zh-Hans fills zh_CN.lproj).
            try requireICU(for: "merge --fill-from")
            let development = AppTranslations.languageKey(catalog.developmentLanguage)
            let languages = app.languageNames.filter { AppTranslations.languageKey($0) != development }
            app.assign(LocalizationMatcher.sources(for: bundle.localizations.map(\.name), among: languages))
            appTranslations = app
        }
        let merging = ProgressLine("merging")
        let writes = !dryRun && !check
        let writer = BackgroundWriter(bundle: source)
        var result = MergeResult()
        var changed = 0
        // Each table is printed (--dry-run: its diff, made on the thread that merged it), or
        // handed to the writer, as soon as it is merged; the writer writes batches on threads of
        // its own while the merge goes on.
        // The text report's lines about each table are made on the thread that merged it too (a
        // bundle of thousands of tables has as many), ready to print.
        let dryRun = dryRun, verb = writes ? "written" : "would change", summarize = format == .text
        var summaries: [String] = []
        defer { ProcessLifetime.keep(loaded, result, summaries, appTranslations as Any) }  // freed by the exit, not one by one
        Merger.merge(bundle: bundle, catalog: catalog, locales: locales,
                     options: MergeOptions(prune: prune, fillSource: fill == .source, fillFrom: appTranslations,
                                           keep: loaded.configuration.keep, ignore: loaded.configuration.ignore,
                                           reportOnly: check),
                     progress: { done, total, folder in merging.update(done + 1, of: total, folder) },
                     prepare: { outcome in
                         (diff: dryRun ? outcome.update?.unifiedDiff : nil,
                          summary: summarize ? MergeResult.summary(of: outcome.report, verb: verb) : "")
                     }) { outcome, prepared in
            result.reports.append(outcome.report)
            summaries.append(prepared.summary)
            // --check has no update for a table it knows changes: the report says so.
            if outcome.report.changed { changed += 1 }
            let diff = prepared.diff
            guard let update = outcome.update else { return }
            if let diff {
                printAsWritten(diff)
            } else if writes {
                writer.add(BundleFileWrite(path: update.path, bytes: update.updated, expected: update.original),
                           report: result.reports.count - 1)
            }
        }
        let failures = writer.finish(sweeping: writes)
        merging.finish()
        for failure in failures where failure.error.kind == .conflict {
            result.reports[failure.report].problem = "not written: \(failure.error.message)"
            result.reports[failure.report].changed = false
            result.reports[failure.report].created = false
            if summarize { summaries[failure.report] = MergeResult.summary(of: result.reports[failure.report], verb: verb) }
        }
        if let failure = failures.first(where: { $0.error.kind == .failure }) {
            throw CommandFailure("\(failure.error) (the other tables were written; run merge again)")
        }
        if let unflushed = BundleWriteError.unflushedSummary(failures.map(\.error).filter { $0.kind == .notDurable }) {
            throw CommandFailure(unflushed)
        }
        switch format {
        case .json: printJSON(result.json.rendered())
        case .text: printError(quiet(summaries, result).joined() + (options.quiet ? "" : result.summaryFooter), ifNotEmpty: true)
        }
        if check, changed > 0 {
            let choices = locales.flatMap { ["--locale", shellQuoted($0)] } + (prune ? ["--prune"] : []) + (fill.map { ["--fill", $0.rawValue] } ?? [])
                + (fillFrom.map { ["--fill-from", shellQuoted($0)] } ?? [])
            printError("\(changed.grouped) table\(changed == 1 ? " is" : "s are") out of date; run settings-l10n merge \(([options.commandLine] + choices).joined(separator: " "))")
            throw ExitCode(1)
        }
        if result.hasProblems {
            throw ExitCode(1)
        }
    }

    /// The summaries to print: all, or under --quiet those of the tables that need attention (a
    /// problem, or out of date under --check).
    private func quiet(_ summaries: [String], _ result: MergeResult) -> [String] {
        options.quiet ? zip(result.reports, summaries).filter { $0.0.problem != nil || (check && $0.0.changed) }.map(\.1) : summaries
    }
}
