import SettingsL10nCore
import SettingsL10nExtract
import SettingsL10nResolve

/// Reconciles `.lproj` tables with the catalog, never losing a translation.
///
/// Guarantees (see `docs/cli-contract.md`): no translation of a live key changes or is lost;
/// obsolete entries are kept (marked) unless pruned; the development language holds every key;
/// other languages never receive an empty value; encoding, byte-order mark, line endings and
/// people's comments are kept; a second merge changes nothing; a table that does not parse is
/// left untouched.
public enum Merger {
    /// Merges every table of the catalog in every localization (or those of `locales`) and
    /// collects what changes. For large bundles, prefer the streaming form.
    public static func merge(bundle: SettingsBundle, catalog: Catalog, locales: [String] = [],
                             options: MergeOptions = MergeOptions()) -> MergeResult {
        var result = MergeResult()
        merge(bundle: bundle, catalog: catalog, locales: locales, options: options) { outcome in
            if let update = outcome.update { result.updates.append(update) }
            result.reports.append(outcome.report)
        }
        return result
    }

    /// One table's merge: its report, and the new file when it changes.
    public struct Outcome: Sendable {
        public var report: TableMergeReport
        public var update: TableUpdate?
    }

    /// Merges table by table, several at once, and hands each outcome to `body` in order
    /// (localization by localization, table by table), so that the caller writes or prints it
    /// and nothing but a few tables is held at a time.
    /// - Parameter progress: told as each localization starts (done so far, total, folder name).
    public static func merge(bundle: SettingsBundle, catalog: Catalog, locales: [String] = [],
                             options: MergeOptions = MergeOptions(),
                             progress: ((_ done: Int, _ total: Int, _ localization: String) -> Void)? = nil,
                             body: (Outcome) throws -> Void) rethrows {
        try merge(bundle: bundle, catalog: catalog, locales: locales, options: options, progress: progress,
                  prepare: { _ in () }, body: { outcome, _ in try body(outcome) })
    }

    /// Every text `--fill-from` may look up in an app's translations (`AppTranslations(wanting:)`):
    /// the development language's text of each string of the catalog, its key where that table
    /// has none, as the merge of each table asks.
    /// `nil` (every text may be asked for) where a development table cannot be read from the
    /// disk now: the merge reads it again, and leaves the tables that need it untouched if it
    /// still cannot.
    public static func fillSourceTexts(bundle: SettingsBundle, catalog: Catalog) -> Set<StringsKey>? {
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        var texts: Set<StringsKey> = []
        for table in catalog.tables {
            let source = SharedTableWork.sourceText(of: table.name, in: development)
            if source.unknown != nil || source.unreadByDevice != nil { return nil }
            for string in table.strings { texts.insert(source.text[string.key].map { StringsKey($0) } ?? string.key) }
        }
        return texts
    }

    /// `merge`, with `prepare` applied to each outcome on the thread that merged it (a diff to
    /// print, say), so that work runs on all cores too; `body` receives both, in order.
    public static func merge<Prepared: Sendable>(bundle: SettingsBundle, catalog: Catalog, locales: [String] = [],
                                                 options: MergeOptions = MergeOptions(),
                                                 progress: ((_ done: Int, _ total: Int, _ localization: String) -> Void)? = nil,
                                                 prepare: @escaping @Sendable (Outcome) -> Prepared,
                                                 body: (Outcome, Prepared) throws -> Void) rethrows {
        let (localizations, development) = merged(bundle: bundle, catalog: catalog, locales: locales)
        // What each table needs in every language, made once; its source text and location
        // comments only when a language needs them (--check reports most tables without).
        let shared = parallelMap(catalog.tables) { table in
            SharedTableWork(table, otherHostKeys: catalog.otherHostKeys[table.name] ?? [], unshownKeys: catalog.unshownKeys[table.name] ?? [:]) {
                SharedTableWork.sourceText(of: table.name, in: development)
            }
        }
        // A bundle that keeps its tables at its top level, with no .lproj folder, is not
        // localized: no folder is made for it (check's table-outside-lproj would then say that
        // every language reads the top level's tables, and the folder's never).
        let unlocalized = bundle.keepsTablesAtTopLevel(using: catalog.tableNames)
        // Nor is a table made that a top-level one hides in every language: the device would never read it.
        let topLevel = Set(bundle.unlocalizedTables.map(\.name))
        var jobs: [(localization: Int, table: Int, file: StringsTableFile?, isDevelopment: Bool, permission: TableWritePermission,
                    fallback: NewTableFallback?)] = []
        // What the device reads for a table a language lacks (each file read once): a table made there
        // must not hide it. Only --fill-from makes one partial (--fill source fills every string).
        var fallbackValues: [String: [StringsKey: String]] = [:], lists: [String: SearchList] = [:]
        func fallback(of table: String, for localization: Localization) -> NewTableFallback? {
            if lists[localization.folder] == nil { lists[localization.folder] = SearchList(preferred: [localization.name], bundle: bundle) }
            guard let file = bundle.fallbackTable(named: table, for: localization, list: lists[localization.folder]) else { return nil }
            let values = fallbackValues[file.path] ?? file.values() ?? [:]
            fallbackValues[file.path] = values
            return (file.path, values, development?.folder)
        }
        for (place, localization) in localizations.enumerated() {
            let isDevelopment = Self.isDevelopment(localization, development: development, catalog: catalog)
            let files = localization.tables.firstByName()  // the folder's files by name, found once
            for index in catalog.tables.indices where !unlocalized {
                let name = catalog.tables[index].name, file = files[name]
                if file == nil, topLevel.contains(name) { continue }
                jobs.append((place, index, file, isDevelopment, bundle.writePermission(file: file, in: localization),
                             file == nil && !isDevelopment && options.fillFrom != nil ? fallback(of: name, for: localization) : nil))
            }
        }
        let tables = catalog.tables, chosen = localizations
        var announced = -1
        // Tables are merged on all cores without waiting for one another; each outcome is handed
        // on in order as soon as those before it are.
        try parallelStream(jobs, { job in
            let outcome = mergeTable(tables[job.table], file: job.file, in: chosen[job.localization], isDevelopment: job.isDevelopment,
                                     shared: shared[job.table], options: options,
                                     permission: job.permission, fallback: job.fallback)
            return (job.localization, outcome, prepare(outcome))
        }, consume: { place, outcome, prepared in
            if place > announced {
                announced = place
                progress?(place, chosen.count, chosen[place].folder)
            }
            try body(outcome, prepared)
        })
    }

    /// The file the device reads for a table a language lacks, and its values (`NewTableRefusal`).
    typealias NewTableFallback = (path: String, shown: [StringsKey: String], developmentFolder: String?)

    /// Merges one table of one localization (`file`: its file there, `nil` when it has none;
    /// `fallback`: what the device reads instead then, which a table made of fills alone must
    /// not hide).
    static func mergeTable(_ table: CatalogTable, file: StringsTableFile?, in localization: Localization, isDevelopment: Bool,
                           shared: SharedTableWork, options: MergeOptions,
                           permission: TableWritePermission = .allowed, fallback: NewTableFallback? = nil) -> Outcome {
        let path = "\(localization.folder)/\(table.name).strings"
        var report = TableMergeReport(locale: localization.name, table: table.name, path: path, isDevelopmentLanguage: isDevelopment)
        if case .unknown(let reason) = permission {
            report.problem = "not merged: \(reason)"
            return Outcome(report: report, update: nil)
        }
        report.fileExists = file != nil
        var document: StringsDocument?
        var original: [UInt8]?
        if let file {
            do {
                let bytes = try file.read().get()
                original = bytes
                document = try StringsTableFile.parse(bytes, path: file.path)
            } catch {
                switch error {
                case .malformed(_, let syntax):
                    report.problem = "does not parse: \(syntax.message); it was left untouched"
                    report.problemPosition = syntax.position
                case .unreadable, .linkOutsideBundle, .misencoded:
                    report.problem = "cannot be read: \(error.message); it was left untouched"
                case .propertyListForm:
                    if let unchanged = unchangedInItsForm(table, file: file, in: localization, isDevelopment: isDevelopment,
                                                          shared: shared, options: options, report: report) {
                        return unchanged
                    }
                    report.problem = "not merged: \(error.message); it was left untouched"
                }
                report.missing = table.strings.filter { isDevelopment || $0.needsTranslation }.map(\.key.string)
                return Outcome(report: report, update: nil)
            }
        }
        if !isDevelopment { report.appLanguage = options.fillFrom?.language(forFolder: localization.name) }
        let merged = mergeTable(table, document: document, language: localization.name, isDevelopment: isDevelopment,
                                shared: shared, options: options, report: &report)
        // A table made of the app's translations alone (--fill-from without --fill source)
        // would show the other strings as their keys, where the device shows the fallback's text.
        // A new file holds what the report says was added and filled (also under --check,
        // which makes no document).
        let made = report.added.map { StringsKey($0) } + report.filledFromApp.map { StringsKey($0.key) }
        if file == nil, !made.isEmpty, let fallback,
           let refusal = NewTableRefusal(making: path, of: table, holding: Set(made), count: made.count,
                                         fallback: (fallback.path, fallback.shown), developmentFolder: fallback.developmentFolder,
                                         location: SourceLocation(file: path)) {
            let holding = report.filledFromApp.count == refusal.written
                ? "the app's \(DiagnosticReport.count(refusal.written, "translation"))" : "its \(refusal.written.grouped) entr\(refusal.written == 1 ? "y" : "ies")"
            let remedy = refusal.fallsBackToAnotherLanguage ? refusal.remedy : "add --fill source to make it whole (the others marked untranslated, showing the source text)"
            report.problem = "not made: \(refusal.consequence(holding: holding)); \(remedy)"
            // Nothing was filled: what the app offered is missing still, as in a table not read.
            report.missing = table.strings.filter(\.needsTranslation).map(\.key.string)
            report.filledFromApp = []
            report.added = []
            return Outcome(report: report, update: nil)
        }
        // Where the report shows entries added or removed, the bytes differ: --check need not make them.
        if options.reportOnly, report.changesEntries {
            return changed(report, created: original == nil, permission: permission, update: nil)
        }
        guard let merged else { return Outcome(report: report, update: nil) }
        let update = TableUpdate(path: path, original: original, document: merged)
        guard update.updated != original else { return Outcome(report: report, update: nil) }
        // Bytes that differ in order or line breaks alone: the table holds what merge would write.
        if let document, TableContent.same(document, merged) { report.layoutOnly = true }
        return changed(report, created: original == nil, permission: permission, update: update)
    }

    /// The outcome of a table whose bytes change: reported changed, or, where the folder may not
    /// be written, left as it is with the reason.
    private static func changed(_ report: TableMergeReport, created: Bool, permission: TableWritePermission,
                                update: TableUpdate?) -> Outcome {
        var report = report
        if case .readOnly(let reason) = permission {
            report.problem = "needs changes that were not made: \(reason)"
            return Outcome(report: report, update: nil)
        }
        report.changed = true
        report.created = created
        return Outcome(report: report, update: update)
    }

    /// Why a table is left as it is for want of the development text, or `nil`. The comments of
    /// an assembled table and the fills of a language are made from it: where the disk did not
    /// give it, neither is made; where the device cannot read it, the comments name the keys as
    /// the device shows them, and no fill is made (`fills`: the table needs one).
    private static func unknownText(_ text: SharedTableWork.Text, fills: Bool, options: MergeOptions) -> String? {
        if !options.reportOnly || fills, let unknown = text.unknown {
            return "not merged: \(unknown), and its text is what \(options.reportOnly ? "the fills need" : "the comments and fills are made from"); it was left untouched"
        }
        if fills, let unread = text.unreadByDevice {
            return "not merged: \(unread), and its text is what the fills need; it was left untouched"
        }
        return nil
    }

    /// Merges one table. Returns the new document, or `nil` when there is no file and nothing
    /// to write into one.
    static func mergeTable(_ table: CatalogTable, document: StringsDocument?, language: String = "", isDevelopment: Bool,
                           shared: SharedTableWork, options: MergeOptions,
                           report: inout TableMergeReport) -> StringsDocument? {
        var assembly = TableAssembly(document: document ?? StringsDocument(), ranks: shared.rankIndex)
        report.duplicates = assembly.duplicates
        // New entries follow the table's layout. --check first finds out whether entries change,
        // which the keys alone tell, and assembles only a table whose entries do not.
        if !options.reportOnly { assembly.prepareText() }

        // Live keys, in the catalog's order, by rank (a copy of each catalog string would be a
        // contended retain: the threads merging other languages share them).
        var keptRanks: [Int] = []
        var missing: [Int] = []
        for rank in table.strings.indices {
            if assembly.hasEffectiveEntry(rank: rank) {
                keptRanks.append(rank)
            } else if isDevelopment || table.strings[rank].needsTranslation {
                // Another language shows a string that needs no translation as written: it is
                // neither missing nor filled in.
                missing.append(rank)
            }
        }
        report.kept = keptRanks.count

        // Obsolete keys: effective entries no schema file uses for this host, in file order. A key
        // only the other host shows (InAppSettingsKit's multi-value footer, say) is not obsolete:
        // the app still shows it, so it stays live, after this host's keys, and is never pruned.
        // So is a key the app reads itself (`keep`).
        let otherHostKeys = shared.otherHostKeys
        let unused = assembly.unrankedOrder
        let isLive = { (key: StringsKey) in otherHostKeys.contains(key) || options.keeps(key) }
        let obsolete = unused.filter { !isLive($0) }
        let otherHostKeysUsed = unused.filter(isLive)
        report.kept += otherHostKeysUsed.count

        let fills = !missing.isEmpty && !isDevelopment && (options.fillSource || options.fillFrom != nil)
        if let problem = unknownText(shared.sharedText, fills: fills, options: options) {
            report.problem = problem
            report.missing = missing.map { table.strings[$0].key.string }
            return nil
        }
        let filled = fillMissing(missing, of: table, obsolete: obsolete, assembly: assembly, language: language, isDevelopment: isDevelopment,
                                 shared: shared, options: options, report: &report)
        var obsoleteKept: [StringsKey] = []
        for key in obsolete {
            // A key the schema holds where no host shows it: obsolete (or pruned) for that reason, said.
            if !shared.unshownKeys.isEmpty, let use = shared.unshownKeys[key] { report.notShown.append(NotShownKey(key: key.string, use: use)) }
            if options.prune, !options.protectsFromPruning(key, in: report.path) {
                report.pruned.append(key.string)
            } else {
                obsoleteKept.append(key)
                report.obsolete.append(key.string)
                if options.prune { report.notPruned.append(key.string) } else if !options.protectsFromPruning(key, in: report.path) { report.prunable += 1 }
            }
        }
        // The caller knows from the report that the table changes (and `fillMissing` made no entries).
        if options.reportOnly, report.changesEntries { return nil }
        if document == nil, keptRanks.isEmpty, filled.isEmpty, otherHostKeysUsed.isEmpty, obsoleteKept.isEmpty { return nil }

        assembly.prepareText()
        var pieces: [TableAssembly.Piece] = []
        pieces.reserveCapacity(keptRanks.count + filled.count + otherHostKeysUsed.count)
        let text = shared.sharedText
        text.locationBytes.withUnsafeBufferPointer { locationBytes in
            for rank in keptRanks {
                var piece = assembly.effectivePiece(rank: rank)!
                piece.updateLocationComment(UnsafeBufferPointer(rebasing: locationBytes[text.locationRanges[rank]]))
                pieces.append(piece)
            }
        }
        if !filled.isEmpty {
            pieces = inRankOrder(pieces, ranks: keptRanks, filled: filled, missing: missing, of: table)
        }
        pieces += otherHostKeysUsed.map { assembly.effectivePiece(for: $0)! }
        return assembly.assemble(live: pieces, obsolete: obsoleteKept.map { assembly.effectivePiece(for: $0)! })
    }

    /// The live pieces (in rank order, `ranks` theirs) with the filled ones among them, each at
    /// its key's rank: one pass over both (`missing` is in rank order too), where a sort looked
    /// the rank of both sides up at every comparison (a tenth of `merge` where every table changes).
    private static func inRankOrder(_ pieces: [TableAssembly.Piece], ranks: [Int], filled: [StringsKey: TableAssembly.Piece],
                                    missing: [Int], of table: CatalogTable) -> [TableAssembly.Piece] {
        var merged: [TableAssembly.Piece] = []
        merged.reserveCapacity(pieces.count + filled.count)
        var next = 0
        for rank in missing {
            guard let piece = filled[table.strings[rank].key] else { continue }
            while next < pieces.count, ranks[next] < rank {
                merged.append(pieces[next])
                next += 1
            }
            merged.append(piece)
        }
        merged += pieces[next...]
        return merged
    }

    /// Entries for the keys a table lacks: a translation carried over from a similar obsolete
    /// key, the app's translation (`--fill-from`), or the source text (the development
    /// language, `--fill source`), each marked; the others are reported missing. With
    /// `reportOnly`, only reported: a filled key changes the table, which is then not assembled.
    private static func fillMissing(_ missing: [Int], of table: CatalogTable, obsolete: [StringsKey], assembly: TableAssembly, language: String,
                                    isDevelopment: Bool, shared: SharedTableWork, options: MergeOptions,
                                    report: inout TableMergeReport) -> [StringsKey: TableAssembly.Piece] {
        guard !missing.isEmpty else { return [:] }
        // The source text and location comments, asked for once, and only by a table that needs them.
        var sharedText: SharedTableWork.Text?
        func text() -> SharedTableWork.Text {
            if let sharedText { return sharedText }
            let made = shared.sharedText
            sharedText = made
            return made
        }
        func source(_ key: StringsKey) -> String { text().sourceText[key] ?? key.string }
        let ranks = shared.ranks
        let missingKeys = missing.map { table.strings[$0].key }
        // A missing key may be a small edit of an obsolete one: carry its translation over.
        var filled: [StringsKey: TableAssembly.Piece] = [:]
        var carried: Set<StringsKey> = []
        let makesEntries = !options.reportOnly
        if !isDevelopment {
            let given = obsolete.isEmpty ? [] : assembly.carriedOverMarks()
            let candidates = obsolete.filter {
                assembly.hasNonEmptyValue($0) && (given.isEmpty || !given.contains(ReviewMark.comment(carriedOverFrom: $0.string)))
            }
            let prepared = missing.map { shared.preparedKeys[$0] }
            let pairing = FuzzyMatch.pairing(newKeys: missingKeys, prepared: prepared, oldKeys: candidates)
            report.fuzzyUncompared = pairing.uncompared
            carried.reserveCapacity(pairing.pairs.count)
            for (new, old, score) in pairing.pairs {
                carried.insert(new)
                report.fuzzy.append(FuzzyCarryOver(key: new.string, from: old.string, score: score))
                guard makesEntries else { continue }
                let entry = StringsEntry.make(key: new, value: assembly.value(of: old)!, comment: nil,
                                              layout: assembly.layout, lineEnding: assembly.lineEnding)
                    .withReviewMark(ReviewMark.comment(carriedOverFrom: old.string), lineEnding: assembly.lineEnding)
                filled[new] = assembly.newPiece(entry, location: text().location(ranks[new]!))
            }
        }
        for (rank, key) in zip(missing, missingKeys) where carried.isEmpty || !carried.contains(key) {
            if !isDevelopment, let app = options.fillFrom, let (found, exact) = app.translation(of: source(key), language: language) {
                report.filledFromApp.append(AppFill(key: key.string, origin: found.origin, exact: exact))
                guard makesEntries else { continue }
                let entry = StringsEntry.make(key: key, value: found.value, comment: nil, layout: assembly.layout,
                                              lineEnding: assembly.lineEnding)
                    .withReviewMark(ReviewMark.comment(filledFrom: found.origin, exact: exact), lineEnding: assembly.lineEnding)
                filled[key] = assembly.newPiece(entry, location: text().location(rank))
                continue
            }
            if !isDevelopment, let refused = options.fillFrom?.refusal(of: source(key), language: language) { report.refusedFromApp.append(refused) }
            if isDevelopment || options.fillSource {
                report.added.append(key.string)
                guard makesEntries else { continue }
                var entry = StringsEntry.make(key: key, value: isDevelopment ? key.string : source(key),
                                              comment: nil, layout: assembly.layout, lineEnding: assembly.lineEnding)
                if !isDevelopment {
                    entry = entry.withReviewMark(ReviewMark.untranslatedComment, lineEnding: assembly.lineEnding)
                }
                filled[key] = assembly.newPiece(entry, location: text().location(rank))
            } else {
                report.missing.append(key.string)
            }
        }
        return filled
    }
}
