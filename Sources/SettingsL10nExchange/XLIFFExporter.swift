import SettingsL10nCore
import SettingsL10nExtract

/// Builds the XLIFF documents translators receive: one per locale, one `<file>` per table.
public enum XLIFFExporter {
    /// One exported locale: the `.lproj` folder name and the document.
    public struct Export: Hashable, Sendable {
        /// The folder name without `.lproj` (`pt_BR`): the document is written as `<folder>.xliff`.
        public var folder: String
        public var document: XLIFFDocument
    }

    /// Documents for `locales` (folder names or tags), or for every `.lproj` other than the
    /// development language when `locales` is empty.
    /// - Returns: the documents, and warnings about tables that cannot be read (their targets are
    ///   left out) or strings XML cannot carry.
    /// - Throws: `ExchangeError` when a requested locale has no `.lproj` folder.
    public static func export(catalog: Catalog, bundle: SettingsBundle, locales: [String] = [],
                              originalPrefix: String = "") throws(ExchangeError) -> (exports: [Export], diagnostics: [Diagnostic]) {
        var exports: [Export] = []
        var diagnostics: [Diagnostic] = []
        try export(catalog: catalog, bundle: bundle, locales: locales, originalPrefix: originalPrefix) { export, problems in
            exports.append(export)
            diagnostics += problems
        }
        return (exports, diagnostics)
    }

    /// Builds the documents one locale at a time and hands each to `body` with its warnings, so
    /// that a large bundle never holds every document at once. `originalPrefix` goes before each
    /// `<file original>` (`Settings.bundle/` in an `.xcloc`, as Xcode names the bundle's tables).
    public static func export(catalog: Catalog, bundle: SettingsBundle, locales: [String] = [], originalPrefix: String = "",
                              body: (Export, [Diagnostic]) throws -> Void) throws(ExchangeError) {
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        let targets = try targets(of: bundle, development: development, locales: locales)
        let sourceLanguage = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        var sourceValues: [String: [StringsKey: String]] = [:]
        var sourceDiagnostics: [Diagnostic] = []
        for table in catalog.tables {
            sourceValues[table.name] = Self.sourceValues(of: table.name, in: development, diagnostics: &sourceDiagnostics)
        }
        for localization in targets {
            var diagnostics: [Diagnostic] = sourceDiagnostics
            sourceDiagnostics = []
            let document = document(for: localization, catalog: catalog, sourceValues: sourceValues,
                                    developmentFolder: originalPrefix + (development?.folder ?? "\(sourceLanguage).lproj"),
                                    sourceLanguage: sourceLanguage, diagnostics: &diagnostics)
            do {
                try body(Export(folder: localization.name, document: document), diagnostics)
            } catch let error as ExchangeError {
                throw error
            } catch {
                throw ExchangeError("\(error)")
            }
        }
    }

    /// The values of the development language's table, as the device reads them: `[:]` where
    /// there is none or the device cannot read it (the keys are then the source text, as the
    /// device shows them, with a warning that says so); an error where the file exists but the
    /// disk does not give it, since every unit's source would be wrong.
    package static func sourceValues(of table: String, in development: Localization?, diagnostics: inout [Diagnostic]) -> [StringsKey: String] {
        guard let file = development?.table(named: table) else { return [:] }
        do {
            return try file.deviceTable()
        } catch {
            if !noteUnreadable(error, diagnostics: &diagnostics) { diagnostics.append(keysAsSources(error, table: table)) }
            return [:]
        }
    }

    /// The warning for a development table the device cannot read (it does not parse, or is
    /// UTF-16 without a byte-order mark): the export's sources are the keys, which is what the
    /// device shows, and not the text the table means to give.
    private static func keysAsSources(_ error: TableReadError, table: String) -> Diagnostic {
        let problem = error.diagnostic
        let why = switch error {
        case .misencoded: "is UTF-16 without a byte-order mark, which the device cannot read"
        default: "does not parse (\(problem.message))"
        }
        return Diagnostic(.warning, rule: problem.rule,
                          "\(error.path) \(why), so the device shows the keys of \(table).strings and they are the export's source texts; fix it and export again",
                          at: problem.location)
    }

    /// An error for a table that was not read (not one that does not parse): the disk did not
    /// give it, or it links out of the bundle. It stops every export: whether `error` was one.
    /// `consequence` says what the command does then.
    private static func noteUnreadable(_ error: TableReadError, consequence: String = exportConsequence,
                                       diagnostics: inout [Diagnostic]) -> Bool {
        switch error {
        case .unreadable(let path, let message):
            diagnostics.append(notRead(path, message, consequence))
        case .linkOutsideBundle(let path):
            diagnostics.append(Diagnostic(.error, rule: .linkOutsideBundle, "\(path) is a symbolic link that points outside the bundle, which is never followed, \(consequence)",
                                          at: SourceLocation(file: path)))
        default:
            return false
        }
        return true
    }

    /// The `file-unreadable` error of a table at `path` the disk did not give, for `message`, and
    /// what the command does then.
    static func notRead(_ path: String, _ message: String, _ consequence: String) -> Diagnostic {
        Diagnostic(.error, rule: .fileUnreadable, "\(path) cannot be read (\(message)), \(consequence)", at: SourceLocation(file: path))
    }

    static let exportConsequence = "so no export is written; fix it and export again"

    /// A translation found in a table: its value, and whether it waits for review.
    struct Translation {
        var value: String
        var needsReview: Bool

        /// Where the string stands with this translation (`TranslationPolicy`, the definition
        /// status and check count with): translated, or waiting for review.
        func state(of string: LocalizableString) -> TranslationPolicy.State {
            TranslationPolicy.state(needsTranslation: string.needsTranslation, hasValue: true, needsReview: needsReview)
        }
    }

    /// The translations of a table, by key: values that are not empty and were not filled in
    /// with the source text by `merge --fill source`. A table that cannot be read adds a warning.
    /// `unreadable`: what the command does when the disk does not give the table (the error's
    /// consequence).
    static func translations(of table: String, in localization: Localization, unreadable consequence: String = exportConsequence,
                             diagnostics: inout [Diagnostic]) -> [StringsKey: Translation] {
        guard let file = localization.table(named: table) else { return [:] }
        var found: [StringsKey: Translation] = [:]
        do {
            let scanned = try file.scan()
            // UTF-16 without a byte-order mark: the device cannot read it (check, merge, import
            // and status say so), so its text is no translation to hand a translator.
            guard scanned.encoding == .utf8 || scanned.hasByteOrderMark else {
                diagnostics.append(Diagnostic(
                    .warning, rule: .stringsEncoding,
                    "\(file.path) is UTF-16 without a byte-order mark, which the device cannot read, so its translations are not in the export; save it as UTF-8 and export again",
                    at: SourceLocation(file: file.path)))
                return [:]
            }
            // Text the device stops reading at: what follows it is no translation of the table.
            if let notice = scanned.notices.first(where: { $0.kind == .ignoredText }) {
                diagnostics.append(Diagnostic(
                    .warning, rule: .stringsSyntax,
                    "\(file.path): \(notice.message); what follows is not in the export",
                    at: SourceLocation(file: file.path, position: notice.position)))
            }
            // An empty value is what the device shows (nothing: `empty-value` warns of it), and
            // so the table's translation: an export carries it, as status counts it.
            for entry in scanned.entries {
                if let value = entry.value, !entry.isUntranslatedFill {
                    found[entry.key] = Translation(value: value, needsReview: entry.needsReview)
                } else {
                    found[entry.key] = nil
                }
            }
        } catch {
            // The disk, not the text: an export without these translations would look whole.
            if noteUnreadable(error, consequence: consequence, diagnostics: &diagnostics) { return [:] }
            // Where and why, as the development table's warning says it.
            diagnostics.append(Diagnostic(
                .warning, rule: .stringsSyntax,
                "\(file.path) does not parse (\(error.message)), so its translations are not in the export; fix it and export again",
                at: SourceLocation(file: file.path, position: error.position)))
        }
        return found
    }

    /// The localizations to export: those asked for, or every one but the development language.
    static func targets(of bundle: SettingsBundle, development: Localization?, locales: [String]) throws(ExchangeError) -> [Localization] {
        if locales.isEmpty {
            return bundle.localizations.filter { $0.folder != development?.folder && $0.name != "Base" }
        }
        // A folder named twice (`--locale de --locale de`, or `de` and `de-DE` matching the one
        // folder) is exported once.
        var targets: [Localization] = []
        var seen: Set<String> = []
        for locale in locales {
            guard let localization = bundle.localization(forLanguage: locale) else {
                throw ExchangeError(bundle.noFolderMessage(for: [locale]))
            }
            if seen.insert(localization.folder).inserted { targets.append(localization) }
        }
        return targets
    }

    private static func document(for localization: Localization, catalog: Catalog, sourceValues: [String: [StringsKey: String]],
                                 developmentFolder: String, sourceLanguage: String,
                                 diagnostics: inout [Diagnostic]) -> XLIFFDocument {
        let targetLanguage = LanguageTag.bcp47(folderName: localization.name) ?? localization.name
        var files: [XLIFFFile] = []
        for table in catalog.tables {
            let source = sourceValues[table.name] ?? [:]
            let targets = translations(of: table.name, in: localization, diagnostics: &diagnostics)
            var units: [XLIFFUnit] = []
            for string in table.strings {
                var unit = XLIFFUnit(id: string.key.string, source: source[string.key] ?? string.key.string, translate: string.needsTranslation)
                if let translation = targets[string.key] {
                    unit.target = translation.value
                    unit.state = translation.state(of: string).xliffState
                }
                unit.notes = string.occurrences.map { $0.describe { source[StringsKey($0)] ?? $0 } }
                unit.locations = string.occurrences.map { XLIFFLocation(file: $0.file, line: $0.position?.line) }
                guard [unit.id, unit.source, unit.target ?? ""].allSatisfy(XLIFFWriter.isRepresentable) else {
                    diagnostics.append(Diagnostic(
                        .warning, rule: .xliffUnrepresentable,
                        "\(MessageText.quoted(string.key)) holds a control character that XML cannot carry; it is left out of \(localization.name).xliff",
                        at: SourceLocation(file: string.occurrences[0].file, position: string.occurrences[0].position,
                                           keyPath: string.occurrences[0].keyPath)))
                    continue
                }
                units.append(unit)
            }
            files.append(XLIFFFile(original: "\(developmentFolder)/\(table.name).strings",
                                   sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, units: units))
        }
        return XLIFFDocument(files: files)
    }
}

extension TranslationPolicy.State {
    /// The XLIFF 1.2 `state` of a target in this state.
    var xliffState: String {
        self == .needsReview ? "needs-review-translation" : "translated"
    }

    /// The String Catalog `state` of a string unit in this state.
    var stringCatalogState: String {
        self == .needsReview ? "needs_review" : "translated"
    }
}
