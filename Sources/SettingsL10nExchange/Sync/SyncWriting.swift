import SettingsL10nCore
import SettingsL10nExtract

extension SyncTables {
    /// Writes the catalog's translations of the strings the schema uses into the tables (with
    /// import's planner), where a table holds another text or none. Not where the development
    /// language's tables give the key different texts (reported once, by the caller), and not
    /// into a table the language lacks when one holding only these translations would show a
    /// string worse than the table the device falls back to (`sync-table-missing`). A table
    /// value replaced where another table of the key holds the catalog's is a `sync-conflict`.
    static func plan(into result: inout CatalogSyncResult, editor: CatalogEditor, used: UsedStrings, split: Set<StringsKey>,
                     languages: SyncLanguages, tables: SyncTables, bundle: SettingsBundle, catalog: Catalog, catalogPath: String) {
        let development = languages.development?.localization
        var sections: [XLIFFImporter.Section] = []
        for table in used.tables {
            let sourceText = development?.table(named: table.name)?.values() ?? [:]
            for language in languages.all {
                let path = path(table.name, language)
                guard !tables.unreadable.contains(path) else { continue }
                var units: [XLIFFUnit] = []
                for string in table.strings where !split.contains(string.key) {
                    guard let unit = editor.entry(string.key).flatMap({ StringCatalog.unit(in: $0, language: language.tag) }),
                          let held = tables.held(string.key, in: table.name, language) else { continue }
                    if let mine = held.translation, mine.value != unit.value {
                        result.replaced[path, default: []].append(CatalogSyncResult.Replacement(key: string.key.string, table: mine.value, catalog: unit.value))
                        if let conflict = tables.conflict(string.key, table: table.name, holds: mine.value, catalog: unit.value, used: used,
                                                          language: language) {
                            result.diagnostics.append(conflict)
                        }
                    }
                    units.append(XLIFFUnit(id: string.key.string, source: sourceText[string.key] ?? string.key.string, target: unit.value,
                                           state: unit.state == "needs_review" ? "needs-review-translation" : "translated"))
                }
                guard !units.isEmpty else { continue }
                let file = XLIFFFile(original: path, sourceLanguage: languages.all.first?.tag ?? language.tag,
                                     targetLanguage: language.tag, units: units)
                sections.append(XLIFFImporter.Section(documentPath: catalogPath, file: file, localization: language.localization, table: table))
            }
        }
        var planner = ImportPlanner(bundle: bundle, catalog: catalog, sections: sections)
        planner.reviewComment = ReviewMark.catalogComment
        planner.again = "sync again"
        planner.rejectsNotRead = false
        planner.newTableRefusal = Self.refusalToMake
        for section in sections { planner.apply(section) }
        let planned = planner.result()
        result.updates = planned.updates
        result.written = planned.written
        result.replaced = result.replaced.filter { planned.written[$0.key] != nil }
        // A table the disk did not give when it was read again to be written into: as when it
        // was not given the first time, nothing of the sync is written (`tablesNotRead`).
        let notRead = planned.notRead.keys.sorted()
        result.tablesNotRead = Array(Set(result.tablesNotRead + notRead)).sorted()
        result.diagnostics += planned.rejected
        result.diagnostics += notRead.map { XLIFFExporter.notRead($0, planned.notRead[$0]!, notReadConsequence) }
    }

    /// A `sync-conflict` where the table `table` holds `holds` for `key` while the catalog holds
    /// `catalog` and another table of the key holds the catalog's text too: the table changed
    /// where the catalog did not (sync wrote that text into every table). Where no table holds
    /// the catalog's text, the catalog changed: a translator's edit, the ordinary case, no finding.
    func conflict(_ key: StringsKey, table: String, holds: String, catalog: String, used: UsedStrings,
                  language: SyncLanguages.Language) -> Diagnostic? {
        guard let string = used.byKey[key],
              let witness = string.strings.first(where: { $0.table != table && held(key, in: $0.table, language)?.translation?.value == catalog })
        else { return nil }
        return Diagnostic(
            .warning, rule: .syncConflict,
            "the table has \(MessageText.quoted(holds)) for \(MessageText.quoted(key)) where the catalog and \(witness.table).strings have \(MessageText.quoted(catalog)): the table changed where the catalog did not; the catalog's translation wins (change it in the catalog to keep the table's)",
            at: SourceLocation(file: Self.path(table, language), key: key))
    }

    /// sync's finding for a table a language lacks that it did not make (`sync-table-missing`,
    /// a warning): the catalog keeps the translations until the table is whole.
    static func refusalToMake(_ refusal: NewTableRefusal) -> Diagnostic {
        let count = refusal.written
        return Diagnostic(
            .warning, rule: .syncTableMissing,
            "\(refusal.consequence(holding: "the catalog's \(DiagnosticReport.count(count, "translation"))")); the catalog keeps \(count == 1 ? "the translation" : "the translations"): \(refusal.remedy), then sync writes \(count == 1 ? "it" : "them")",
            at: SourceLocation(file: refusal.path))
    }
}

extension StringCatalog {
    /// The plain unit in `language` of a string (its value in the catalog) that a table should
    /// hold: `translated`, or `needs_review`, with a value. A state Xcode does not write (`stale`,
    /// a typo such as `Translated`) is `needs_review`: its text goes into the table with a review
    /// mark, as an XLIFF unit's in such a state does; only `new` is no translation yet.
    static func unit(in entry: JSONValue, language: String) -> Unit? {
        guard let unit = entry[member: "localizations"]?[member: language]?[member: "stringUnit"],
              let state = unit[member: "state"]?.stringValue, state != "new",
              let value = unit[member: "value"]?.stringValue, !value.isEmpty else { return nil }
        return Unit(state: state == "translated" ? "translated" : "needs_review", value: value)
    }
}
