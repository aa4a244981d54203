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
        var diagnostics: [Diagnostic] = []
        let sourceLanguage = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        let exports = targets.map { localization in
            Export(folder: localization.name, document: document(
                for: localization, catalog: catalog, development: development, sourceLanguage: sourceLanguage,
                diagnostics: &diagnostics))
        }
        return (exports, diagnostics)
    }

    private static func document(for localization: Localization, catalog: Catalog, development: Localization?,
                                 sourceLanguage: String, diagnostics: inout [Diagnostic]) -> XLIFFDocument {
        let targetLanguage = LanguageTag.bcp47(folderName: localization.name) ?? localization.name
        var files: [XLIFFFile] = []
        for table in catalog.tables {
            let sourceTable = development?.table(named: table.name)?.document
            let sourceValues = sourceTable?.table ?? [:]
            let targetFile = localization.table(named: table.name)
            if let targetFile, targetFile.document == nil {
                diagnostics.append(Diagnostic(
                    .warning, rule: "strings-syntax",
                    "\(targetFile.path) cannot be read, so its translations are not in the export; fix it and export again",
                    at: SourceLocation(file: targetFile.path)))
            }
            let targetDocument = targetFile?.document
            let targetValues = targetDocument?.table ?? [:]
            var units: [XLIFFUnit] = []
            for string in table.strings {
                let source = sourceValues[string.key] ?? string.key
                var unit = XLIFFUnit(id: string.key, source: source)
                let entry = targetDocument?.indexOfEffectiveEntry(forKey: string.key).map { targetDocument!.entries[$0] }
                // A value filled in with the source text by `merge --fill source` is not a translation.
                if let translation = targetValues[string.key], !translation.isEmpty, entry?.isUntranslatedFill != true {
                    unit.target = translation
                    unit.state = entry?.needsReview == true ? "needs-review-translation" : "translated"
                }
                unit.notes = string.occurrences.map { $0.describe { sourceValues[$0] ?? $0 } }
                unit.locations = string.occurrences.map { XLIFFLocation(file: $0.file, line: $0.position?.line) }
                guard [unit.id, unit.source, unit.target ?? ""].allSatisfy(XLIFFWriter.isRepresentable) else {
                    diagnostics.append(Diagnostic(
                        .warning, rule: "xliff-unrepresentable",
                        "\"\(string.key)\" holds a control character that XML cannot carry; it is left out of \(localization.name).xliff",
                        at: SourceLocation(file: string.occurrences[0].file, position: string.occurrences[0].position,
                                           keyPath: string.occurrences[0].keyPath)))
                    continue
                }
                units.append(unit)
            }
            let developmentFolder = development?.folder ?? "\(sourceLanguage).lproj"
            files.append(XLIFFFile(original: "\(developmentFolder)/\(table.name).strings",
                                   sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, units: units))
        }
        return XLIFFDocument(files: files)
    }
}

/// A translation exchange that cannot go ahead: nothing was written.
public struct ExchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
