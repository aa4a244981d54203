/// What `merge` does to the tables of a bundle.
public struct MergeOptions: Hashable, Sendable {
    /// Remove obsolete entries instead of keeping them in the obsolete section.
    public var prune: Bool
    /// Add missing keys to other languages with the source text, marked untranslated.
    public var fillSource: Bool

    public init(prune: Bool = false, fillSource: Bool = false) {
        self.prune = prune
        self.fillSource = fillSource
    }
}

/// The result of merging a bundle: the files that change and a report per table.
public struct MergeResult: Hashable, Sendable {
    public var updates: [TableUpdate] = []
    public var reports: [TableMergeReport] = []

    /// Whether a table could not be merged (it does not parse).
    public var hasProblems: Bool { reports.contains { $0.problem != nil } }
}

/// Reconciles `.lproj` tables with the catalog, never losing a translation.
///
/// Guarantees (see `docs/cli-contract.md`): no translation of a live key changes or is lost;
/// obsolete entries are kept (marked) unless pruned; the development language holds every key;
/// other languages never receive an empty value; encoding, byte-order mark, line endings and
/// people's comments are kept; a second merge changes nothing; a table that does not parse is
/// left untouched.
public enum Merger {
    /// Merges every table of the catalog in every localization (or those of `locales`).
    /// - Parameter progress: told as each localization starts (done so far, total, folder name).
    public static func merge(bundle: SettingsBundle, catalog: Catalog, locales: [String] = [],
                             options: MergeOptions = MergeOptions(),
                             progress: ((_ done: Int, _ total: Int, _ localization: String) -> Void)? = nil) -> MergeResult {
        let development = bundle.localization(forLanguage: catalog.developmentLanguage)
        var localizations = bundle.localizations.filter { $0.name != "Base" }
        if development == nil {
            // The development language must hold every key: its folder is created.
            localizations.append(Localization(folder: "\(catalog.developmentLanguage).lproj", tables: []))
            localizations.sort { $0.folder < $1.folder }
        }
        if !locales.isEmpty {
            let wanted = Set(locales.compactMap { LanguageTag.bcp47(folderName: $0)?.lowercased() })
            localizations = localizations.filter { wanted.contains(LanguageTag.bcp47(folderName: $0.name)?.lowercased() ?? $0.name) }
        }
        var result = MergeResult()
        for (index, localization) in localizations.enumerated() {
            progress?(index, localizations.count, localization.folder)
            let isDevelopment = development.map { $0.folder == localization.folder }
                ?? (localization.name == catalog.developmentLanguage)
            for table in catalog.tables {
                let sourceText = development?.table(named: table.name)?.document?.table ?? [:]
                let path = "\(localization.folder)/\(table.name).strings"
                var report = TableMergeReport(locale: localization.name, table: table.name, path: path,
                                              isDevelopmentLanguage: isDevelopment)
                let file = localization.table(named: table.name)
                switch file?.content {
                case .malformed(let error):
                    report.problem = "does not parse: \(error.message); it was left untouched"
                    report.problemPosition = error.position
                    report.missing = table.keys
                    result.reports.append(report)
                    continue
                case .unreadable(let message):
                    report.problem = "cannot be read: \(message); it was left untouched"
                    report.missing = table.keys
                    result.reports.append(report)
                    continue
                case .parsed, nil:
                    break
                }
                let merged = mergeTable(table, document: file?.document, isDevelopment: isDevelopment,
                                        sourceText: sourceText, options: options, report: &report)
                let original = file?.document?.encoded()
                if let merged {
                    let update = TableUpdate(path: path, original: original, document: merged)
                    if update.updated != original {
                        report.changed = true
                        report.created = original == nil
                        result.updates.append(update)
                    }
                }
                result.reports.append(report)
            }
        }
        return result
    }

    /// Merges one table. Returns the new document, or `nil` when there is no file and nothing
    /// to write into one.
    static func mergeTable(_ table: CatalogTable, document: StringsDocument?, isDevelopment: Bool,
                           sourceText: [String: String], options: MergeOptions,
                           report: inout TableMergeReport) -> StringsDocument? {
        let source = { (key: String) in sourceText[key] ?? key }
        let assembly = TableAssembly(document: document ?? StringsDocument())
        let ranks = Dictionary(uniqueKeysWithValues: table.keys.enumerated().map { ($1, $0) })
        let live = Set(table.keys)
        report.duplicates = assembly.duplicates

        // Live keys, in the catalog's order.
        var pieces: [TableAssembly.Piece] = []
        var missing: [LocalizableString] = []
        for string in table.strings {
            if var piece = assembly.effectivePiece(for: string.key) {
                piece.updateLocationComment(GeneratedComment.location(string, sourceText: source))
                pieces.append(piece)
                report.kept += 1
            } else {
                missing.append(string)
            }
        }

        // Obsolete keys: effective entries no schema file uses, in file order.
        let obsolete = assembly.effectiveOrder.filter { !live.contains($0) }

        // A missing key may be a small edit of an obsolete one: carry its translation over.
        var filled: [String: TableAssembly.Piece] = [:]
        if !isDevelopment {
            let candidates = obsolete.filter { assembly.value(of: $0).map { !$0.isEmpty } ?? false }
            for (new, old) in FuzzyMatch.pairs(newKeys: missing.map(\.key), oldKeys: candidates) {
                let string = table.string(forKey: new)!
                let entry = StringsEntry.make(key: new, value: assembly.value(of: old)!, comment: nil,
                                              layout: assembly.layout, lineEnding: assembly.lineEnding)
                    .withReviewMark(ReviewMark.comment(carriedOverFrom: old), lineEnding: assembly.lineEnding)
                filled[new] = assembly.newPiece(entry, location: GeneratedComment.location(string, sourceText: source))
                report.fuzzy.append(FuzzyCarryOver(key: new, from: old, score: FuzzyMatch.score(old, new) ?? 0))
            }
        }
        for string in missing where filled[string.key] == nil {
            if isDevelopment || options.fillSource {
                var entry = StringsEntry.make(key: string.key, value: isDevelopment ? string.key : source(string.key),
                                              comment: nil, layout: assembly.layout, lineEnding: assembly.lineEnding)
                if !isDevelopment {
                    entry = entry.withReviewMark(ReviewMark.untranslatedComment, lineEnding: assembly.lineEnding)
                }
                filled[string.key] = assembly.newPiece(entry, location: GeneratedComment.location(string, sourceText: source))
                report.added.append(string.key)
            } else {
                report.missing.append(string.key)
            }
        }
        if !filled.isEmpty {
            pieces += filled.values
            pieces.sort { ranks[$0.entry.key]! < ranks[$1.entry.key]! }
        }

        var obsoletePieces: [TableAssembly.Piece] = []
        for key in obsolete {
            if options.prune {
                report.pruned.append(key)
            } else {
                obsoletePieces.append(assembly.effectivePiece(for: key)!)
                report.obsolete.append(key)
            }
        }
        if document == nil, pieces.isEmpty, obsoletePieces.isEmpty { return nil }
        return assembly.assemble(live: pieces, obsolete: obsoletePieces)
    }
}
