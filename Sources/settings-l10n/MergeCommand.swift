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
        Entries follow the schema's order; keys no row of the schema shows move to an obsolete section at \
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

    @Option(name: .customLong("locale"), help: ArgumentHelp("Merge only this locale (repeatable).", valueName: "lang"), transform: LocaleOption.value)
    var locales: [String] = []

    @Flag(help: "Write nothing; print a unified diff of the changes.")
    var dryRun = false

    @Flag(help: "Write nothing; exit 1 when a merge would change what a table holds (keys, values, the comments merge writes) or create one (for CI). A table merge would only reorder, or give other line breaks, is said and passes.")
    var check = false

    @Flag(help: "With --check: a table merge would only reorder, or give other line breaks, fails too.")
    var strict = false

    @Flag(help: "Remove obsolete entries: keys no schema file uses, or uses only where no host shows them (a slider's Title).")
    var prune = false

    @Option(help: ArgumentHelp("source (the only value): add missing keys to other languages with the source text, marked untranslated.", valueName: "source"))
    var fill: Fill?

    @Option(help: ArgumentHelp("Fill missing translations from the app's own: its .xcstrings, or a folder holding <lang>.lproj/*.strings (and .xcstrings). A key takes the app's translation of the same source text (else of the same text but for case and trailing punctuation), marked for review. The app's languages are matched to the folders as render matches them (zh-Hans fills zh_CN.lproj).", valueName: "path"), transform: PathOption.value)
    var fillFrom: String?

    @Option(help: "The report format: text (to standard error) or json (to standard output).")
    var format: Format = .text

    func validate() throws {
        if dryRun, check { throw ValidationError("--dry-run and --check cannot be combined") }
        if dryRun, format == .json { throw ValidationError("--dry-run prints a diff; it cannot be combined with --format json") }
        if strict, !check { throw ValidationError("--strict is a stricter --check; give --check too") }
    }

    /// What merge says of the tables at the bundle's top level: a bundle that keeps them there,
    /// with no `.lproj` folder (`SettingsBundle.keepsTablesAtTopLevel`), is not merged; a folder's
    /// table one of them hides is never shown.
    private func noteTopLevelTables(_ loaded: LoadedBundle) {
        loaded.noteNotLocalized(options.bundle, consequence: "merge changes nothing")
        loaded.noteTablesHiddenByTopLevel(check || dryRun ? "merge would write" : "merge writes")
    }

    func run() throws {
        let loaded = try options.load()
        let (bundle, source, catalog) = (loaded.bundle, loaded.source, loaded.catalog)
        try loaded.requireFolders(for: locales)
        if let refusal = bundle.schemaWriteRefusal, format == .json { printJSON(MergeResult(refusal: refusal).json.rendered()) }
        try loaded.refuseWritingWhileUnloaded("merge changed nothing", paths: options.diagnosticPaths)
        if prune { try refusePruningWhileDoubtful(loaded) }
        if !options.quiet { noteTopLevelTables(loaded) }
        var appTranslations = try fillFrom.map {
            try AppTranslationSource.read($0, developmentLanguage: catalog.developmentLanguage,
                                          wanting: Merger.fillSourceTexts(bundle: bundle, catalog: catalog))
        }
        if var app = appTranslations {
            // The app's languages meet the folders as render's languages do (zh-Hans fills zh_CN.lproj).
            let development = AppTranslations.languageKey(catalog.developmentLanguage)
            let languages = app.languageNames.filter { AppTranslations.languageKey($0) != development }
            app.assign(LocalizationMatcher.sources(for: bundle.localizations.map(\.name), among: languages))
            appTranslations = app
        }
        let merging = ProgressLine("merging")
        let writes = !dryRun && !check
        let writer = BackgroundWriter(bundle: source)
        // The reports of the tables handed to the writer, in order.
        var queued: [Int] = []
        var result = MergeResult()
        // Tables out of date (what they hold changes, or they are made), and tables merge would
        // only reorder or give other line breaks, which --check fails on only with --strict.
        var changed = 0, layoutOnly = 0
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
                         (diff: dryRun ? outcome.update.map(TableDiff.init) : nil,
                          summary: summarize ? MergeResult.summary(of: outcome.report, verb: verb) : "")
                     }) { outcome, prepared in
            result.reports.append(outcome.report)
            summaries.append(prepared.summary)
            // --check has no update for a table it knows changes: the report says so.
            if outcome.report.changed {
                if outcome.report.layoutOnly { layoutOnly += 1 } else { changed += 1 }
            }
            let diff = prepared.diff
            guard let update = outcome.update else { return }
            if !writes, Self.markTooLarge(update, in: &result, summaries: &summaries, summarize ? verb : nil) { return }
            if let diff {
                printDiff(diff)
            } else if writes {
                writer.add(BundleFileWrite(path: update.path, bytes: update.updated, expected: update.original),
                           report: result.reports.count - 1)
                queued.append(result.reports.count - 1)
            }
        }
        let failures = writer.finish(sweeping: writes)
        merging.finish()
        let refusal = Self.markNotWritten(failures, queued: queued, in: &result, summaries: &summaries, summarize ? verb : nil)
        let unflushed = BundleWriteError.unflushedSummary(failures.map(\.error).filter { $0.kind == .notDurable })
        AppTranslationSource.warnRefused(result.reports)
        switch format {
        case .json: printJSON(result.json.rendered())
        case .text: printError(quiet(summaries, result).joined() + (options.quiet ? "" : result.summaryFooter + pruneHint(result, loaded)), ifNotEmpty: true)
        }
        // After each table's line, which says which were written and which not.
        if let failure = refusal ?? unflushed { throw CommandFailure(failure) }
        if check { try reportCheck(outOfDate: changed, layoutOnly: layoutOnly) }
        if result.hasProblems {
            throw ExitCode(1)
        }
    }

    /// What the write would refuse (a table past what the tool reads), said by --dry-run and
    /// --check too, in the words of the write's refusal: marks the last report and, with a
    /// `verb`, its line; whether it did.
    private static func markTooLarge(_ update: TableUpdate, in result: inout MergeResult, summaries: inout [String], _ verb: String?) -> Bool {
        guard update.updated.count > ReadLimits.standard.maximumFileSize else { return false }
        let index = result.reports.count - 1
        result.reports[index].problem = "not written: \(DiskBundleWriter.tooLargeMessage(update.updated.count))"
        result.reports[index].changed = false
        result.reports[index].created = false
        if let verb { summaries[index] = MergeResult.summary(of: result.reports[index], verb: verb) }
        return true
    }

    /// Marks each table the writer did not write (it changed meanwhile, or the system refused
    /// it) `not written: …` in its report and, with a `verb`, its line (`summaries`), and returns
    /// the message of a refusal by the system, naming the tables written, if there was one.
    private static func markNotWritten(_ failures: [BackgroundWriter.Failure], queued: [Int], in result: inout MergeResult,
                                       summaries: inout [String], _ verb: String?) -> String? {
        for failure in failures where failure.error.kind == .conflict || failure.error.kind == .failure {
            result.reports[failure.report].problem = "not written: \(failure.error.message)"
            result.reports[failure.report].changed = false
            result.reports[failure.report].created = false
            if let verb { summaries[failure.report] = MergeResult.summary(of: result.reports[failure.report], verb: verb) }
        }
        let notWritten = Set(failures.filter { $0.error.kind != .notDurable }.map(\.report))
        let reports = result.reports
        return BundleWriteError.failureSummary(failures.map(\.error), written: queued.filter { !notWritten.contains($0) }.map { reports[$0].path },
                                               then: "fix the problem and run merge again")
    }

    /// Refuses `--prune` while a schema file has a finding that may be why keys look unused
    /// (`Checker.pruneDoubts`: Titles that lost an entry, a misspelled `IASKSubtitel`, a lost
    /// StringsTable): the translations it would remove are the ones the fix needs.
    private func refusePruningWhileDoubtful(_ loaded: LoadedBundle) throws {
        try loaded.refusePruningWhileDoubtful("merge", paths: options.diagnosticPaths) { message in
            if format == .json { printJSON(MergeResult(refusal: message).json.rendered()) }
        }
    }

    /// The line that names `--prune` when the merge kept obsolete keys it would remove.
    private func pruneHint(_ result: MergeResult, _ loaded: LoadedBundle) -> String {
        guard !prune else { return "" }
        let choices = locales.flatMap { ["--locale", shellQuoted($0)] }
        return result.pruneHint(pruning: "`settings-l10n merge " + ([options.commandLine] + choices + ["--prune"]).joined(separator: " ") + "`") {
            Checker.pruneDoubts(bundle: loaded.bundle, catalog: loaded.catalog, configuration: loaded.configuration)
        }
    }

    /// The summaries to print: all, or under --quiet those of the tables that need attention (a
    /// problem, or out of date under --check: what it holds changes, or only its order under
    /// --strict).
    private func quiet(_ summaries: [String], _ result: MergeResult) -> [String] {
        guard options.quiet else { return summaries }
        return zip(result.reports, summaries).filter { $0.0.problem != nil || (check && $0.0.changed && (!$0.0.layoutOnly || strict)) }.map(\.1)
    }

    /// What `--check` says last, and its exit status: tables out of date fail; tables merge
    /// would only reorder (or give other line breaks) are said, and fail only with `--strict`.
    private func reportCheck(outOfDate: Int, layoutOnly: Int) throws {
        if layoutOnly > 0, !strict, !options.quiet {
            let its = layoutOnly == 1 ? "its" : "their"
            printError("\(layoutOnly.grouped) table\(layoutOnly == 1 ? " differs" : "s differ") from what merge writes only in the order of \(its) entries or \(its) line breaks: not out of date (--strict fails on them too)")
        }
        let failing = outOfDate + (strict ? layoutOnly : 0)
        guard failing > 0 else { return }
        let choices = locales.flatMap { ["--locale", shellQuoted($0)] } + (prune ? ["--prune"] : []) + (fill.map { ["--fill", $0.rawValue] } ?? [])
            + (fillFrom.map { ["--fill-from", shellQuoted($0)] } ?? [])
        // --quiet: the tables out of date are listed above; no footer (the exit status says it).
        if !options.quiet {
            printError("\(failing.grouped) table\(failing == 1 ? " is" : "s are") out of date; run settings-l10n merge \(([options.commandLine] + choices).joined(separator: " "))")
        }
        throw ExitCode(1)
    }
}
