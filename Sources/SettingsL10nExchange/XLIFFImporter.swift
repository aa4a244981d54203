import SettingsL10nCore
import SettingsL10nExtract

/// What importing XLIFF documents would do.
public struct ImportResult: Hashable, Sendable {
    /// The tables whose bytes change.
    public var updates: [TableUpdate] = []
    /// Per updated table path, how many translations were written (changed or added).
    public var written: [String: Int] = [:]
    /// Units not applied: their source no longer matches, their key is gone, or their table
    /// cannot be read.
    public var rejected: [Diagnostic] = []
    /// Units without a target (or with an empty one), left alone.
    public var untranslated = 0
    /// Units whose target is already what the table holds.
    public var unchanged = 0
}

/// Brings translated XLIFF back into the `.lproj` tables.
public enum XLIFFImporter {
    /// Plans the import of `documents` (each with the path it was read from, for messages).
    ///
    /// Every document is checked first: one that names a table or language the bundle does not
    /// have throws, and nothing is written. Units are then applied with the merger's guarantees:
    /// values change in place with the key and spacing as written, new entries go where the
    /// catalog's order puts them, encoding, byte-order mark, line endings and comments are kept,
    /// and an empty value is never written.
    public static func plan(documents: [(path: String, document: XLIFFDocument)], bundle: SettingsBundle,
                            catalog: Catalog) throws(ExchangeError) -> ImportResult {
        let sections = try sections(of: documents, bundle: bundle, catalog: catalog)
        var planner = ImportPlanner(bundle: bundle, catalog: catalog, sections: sections)
        for section in sections { planner.apply(section) }
        return planner.result()
    }

    /// One `<file>` of a document, checked: the table of the bundle it goes into.
    struct Section {
        var documentPath: String
        var file: XLIFFFile
        var localization: Localization
        var table: CatalogTable

        var tablePath: String { "\(localization.folder)/\(table.name).strings" }
    }

    /// The sections of every document, each checked against the bundle before anything changes.
    static func sections(of documents: [(path: String, document: XLIFFDocument)], bundle: SettingsBundle,
                         catalog: Catalog) throws(ExchangeError) -> [Section] {
        let development = bundle.localization(forLanguage: catalog.developmentLanguage)
        let developmentTag = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage)?.lowercased()
        var sections: [Section] = []
        for (path, document) in documents {
            for file in document.files {
                func refuse(_ message: String) -> ExchangeError {
                    ExchangeError(message + "; nothing was imported", path: path, position: file.position)
                }
                guard let table = catalog.table(named: file.tableName) else {
                    throw refuse("<file original=\(MessageText.quoted(file.original))> is for the table \(file.tableName), which no schema file of the bundle uses")
                }
                guard let language = file.targetLanguage, !language.isEmpty else {
                    throw refuse("<file original=\(MessageText.quoted(file.original))> has no target-language")
                }
                guard let localization = bundle.localization(forLanguage: language) else {
                    throw refuse("the target language \(language) has no .lproj folder in the bundle; create \(language).lproj first")
                }
                if localization.folder == development?.folder {
                    throw refuse("the target language \(language) is the development language")
                }
                if let developmentTag, LanguageTag.bcp47(folderName: file.sourceLanguage)?.lowercased() != developmentTag {
                    throw refuse("the source language \(file.sourceLanguage) is not the development language \(catalog.developmentLanguage)")
                }
                sections.append(Section(documentPath: path, file: file, localization: localization, table: table))
            }
        }
        return sections
    }

    /// Units that appear more than once for one table, with different targets or states: by
    /// table path and key, every place such a unit is.
    static func conflictingUnits(_ sections: [Section]) -> [String: [String: [String]]] {
        var seen: [String: [String: [(place: String, target: String?, state: String?)]]] = [:]
        for section in sections {
            for unit in section.file.units {
                let place = unit.position.map { "line \($0.line)" } ?? "a unit"
                seen[section.tablePath, default: [:]][unit.id, default: []].append((place, unit.target, unit.state))
            }
        }
        var conflicts: [String: [String: [String]]] = [:]
        for (tablePath, units) in seen {
            for (key, occurrences) in units where occurrences.count > 1 {
                let first = occurrences[0]
                if occurrences.contains(where: { $0.target != first.target || $0.state != first.state }) {
                    conflicts[tablePath, default: [:]][key] = occurrences.map(\.place)
                }
            }
        }
        return conflicts
    }
}
