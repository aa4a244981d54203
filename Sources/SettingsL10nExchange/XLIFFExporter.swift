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
    public static func export(catalog: Catalog, bundle: SettingsBundle, locales: [String] = []) throws(ExchangeError) -> (exports: [Export], diagnostics: [Diagnostic]) {
        var exports: [Export] = []
        var diagnostics: [Diagnostic] = []
        try export(catalog: catalog, bundle: bundle, locales: locales) { export, problems in
            exports.append(export)
            diagnostics += problems
        }
        return (exports, diagnostics)
    }

    /// Builds the documents one locale at a time and hands each to `body` with its warnings, so
    /// that a large bundle never holds every document at once.
    public static func export(catalog: Catalog, bundle: SettingsBundle, locales: [String] = [],
                              body: (Export, [Diagnostic]) throws -> Void) throws(ExchangeError) {
        let development = bundle.localization(forLanguage: catalog.developmentLanguage)
        var targets: [Localization] = []
        if locales.isEmpty {
            targets = bundle.localizations.filter { $0.folder != development?.folder && $0.name != "Base" }
        } else {
            for locale in locales {
                guard let localization = bundle.localization(forLanguage: locale) else {
                    throw ExchangeError("the bundle has no \(locale).lproj folder; create it (it may stay empty) to export \(locale)")
                }
                targets.append(localization)
            }
        }
        let sourceLanguage = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        var sourceValues: [String: [String: String]] = [:]
        for table in catalog.tables {
            sourceValues[table.name] = development?.table(named: table.name)?.values() ?? [:]
        }
        for localization in targets {
            var diagnostics: [Diagnostic] = []
            let document = document(for: localization, catalog: catalog, sourceValues: sourceValues,
                                    developmentFolder: development?.folder ?? "\(sourceLanguage).lproj",
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

    private static func document(for localization: Localization, catalog: Catalog, sourceValues: [String: [String: String]],
                                 developmentFolder: String, sourceLanguage: String,
                                 diagnostics: inout [Diagnostic]) -> XLIFFDocument {
        let targetLanguage = LanguageTag.bcp47(folderName: localization.name) ?? localization.name
        var files: [XLIFFFile] = []
        for table in catalog.tables {
            let source = sourceValues[table.name] ?? [:]
            var targets: [String: StringsScan.Entry] = [:]
            if let targetFile = localization.table(named: table.name) {
                do {
                    for entry in try targetFile.scan().entries { targets[entry.key] = entry }
                } catch {
                    diagnostics.append(Diagnostic(
                        .warning, rule: .stringsSyntax,
                        "\(targetFile.path) cannot be read, so its translations are not in the export; fix it and export again",
                        at: SourceLocation(file: targetFile.path)))
                }
            }
            var units: [XLIFFUnit] = []
            for string in table.strings {
                var unit = XLIFFUnit(id: string.key, source: source[string.key] ?? string.key, translate: string.needsTranslation)
                let entry = targets[string.key]
                // A value filled in with the source text by `merge --fill source` is not a translation.
                if let entry, let translation = entry.value, !translation.isEmpty, !entry.isUntranslatedFill {
                    unit.target = translation
                    unit.state = entry.needsReview ? "needs-review-translation" : "translated"
                }
                unit.notes = string.occurrences.map { $0.describe { source[$0] ?? $0 } }
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
