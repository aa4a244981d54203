import SettingsL10nCore
import SettingsL10nExtract

/// The tables' side of a sync: what each table of each language holds, read once, and the
/// catalog's translations written back with import's planner.
struct SyncTables {
    typealias Translation = XLIFFExporter.Translation

    /// By table path (`de.lproj/Root.strings`), the translations it holds by key.
    private var values: [String: [StringsKey: Translation]] = [:]
    /// Tables that could not be read: nothing is taken from them, nothing written into them.
    private(set) var unreadable: Set<String> = []

    static func path(_ table: String, _ language: SyncLanguages.Language) -> String {
        "\(language.localization.folder)/\(table).strings"
    }

    /// Reads every table of the catalog in every language; a table that cannot be read is an
    /// error that says it is left alone.
    static func read(used: UsedStrings, languages: SyncLanguages, diagnostics: inout [Diagnostic]) -> SyncTables {
        var tables = SyncTables()
        for table in used.tables {
            for language in languages.all {
                var problems: [Diagnostic] = []
                let found = XLIFFExporter.translations(of: table.name, in: language.localization, diagnostics: &problems)
                let path = path(table.name, language)
                if let problem = problems.first {
                    tables.unreadable.insert(path)
                    diagnostics.append(Diagnostic(
                        .error, rule: problem.rule,
                        "the table cannot be read as the device reads it, so sync took no translation from it and wrote none into it; fix it and sync again",
                        at: SourceLocation(file: path)))
                    continue
                }
                tables.values[path] = found
                if language.isDevelopment { tables.development[table.name] = found }
            }
        }
        return tables
    }

    /// The development language's values by table name.
    private var development: [String: [StringsKey: Translation]] = [:]

    /// The development text of `key` in the first table of `string` that has one.
    func sourceText(of key: StringsKey, in string: UsedStrings.Used) -> String? {
        string.strings.lazy.compactMap { development[$0.table]?[key]?.value }.first
    }

    /// The translation of `string` into `language` that every table using it agrees on, for
    /// the catalog; `nil` when none has one, or when they differ (a `sync-tables-disagree`
    /// warning then). The development language's value only where it differs from the key.
    func agreed(_ string: UsedStrings.Used, in language: SyncLanguages.Language, catalogPath: String,
                diagnostics: inout [Diagnostic]) -> Translation? {
        var found: [(table: String, translation: Translation)] = []
        for (table, _) in string.strings {
            let path = Self.path(table, language)
            guard let translation = values[path]?[string.key] else { continue }
            if language.isDevelopment, translation.value == string.key.string { continue }
            guard XLIFFWriter.isRepresentable(translation.value) else {
                diagnostics.append(Diagnostic(
                    .warning, rule: .xliffUnrepresentable,
                    "the \(language.tag) translation of \(MessageText.quoted(string.key)) holds a control character or a noncharacter that a String Catalog cannot hold; it is left out of the catalog",
                    at: SourceLocation(file: path, key: string.key)))
                continue
            }
            found.append((table, translation))
        }
        guard let first = found.first else { return nil }
        if found.contains(where: { $0.translation.value != first.translation.value }) {
            let listed = found.map { "\($0.table).strings \(MessageText.quoted($0.translation.value))" }.joined(separator: ", ")
            diagnostics.append(Diagnostic(
                .warning, rule: .syncTablesDisagree,
                "the \(language.tag) translations of \(MessageText.quoted(string.key)) differ between the tables (\(listed)), and the catalog holds one text per string; the catalog takes none of them: translate it in the catalog",
                at: SourceLocation(file: catalogPath, key: string.key)))
            return nil
        }
        return Translation(value: first.translation.value, needsReview: found.contains { $0.translation.needsReview })
    }

    /// Writes the catalog's translations of the strings the schema uses into the tables (with
    /// import's planner), reporting each table value the catalog's replaces.
    static func plan(into result: inout CatalogSyncResult, editor: CatalogEditor, used: UsedStrings, languages: SyncLanguages,
                     tables: SyncTables, bundle: SettingsBundle, catalog: Catalog, catalogPath: String) {
        let development = languages.all.first(where: \.isDevelopment)?.localization
        var sections: [XLIFFImporter.Section] = []
        for table in used.tables {
            let sourceText = development?.table(named: table.name)?.values() ?? [:]
            for language in languages.all {
                let path = path(table.name, language)
                guard !tables.unreadable.contains(path) else { continue }
                var units: [XLIFFUnit] = []
                for string in table.strings {
                    guard let unit = editor.entry(string.key).flatMap({ StringCatalog.unit(in: $0, language: language.tag) }) else { continue }
                    if let held = tables.values[path]?[string.key]?.value, held != unit.value {
                        result.diagnostics.append(Diagnostic(
                            .warning, rule: .syncConflict,
                            "the table has \(MessageText.quoted(held)) for \(MessageText.quoted(string.key)), the catalog \(MessageText.quoted(unit.value)): the catalog's translation wins",
                            at: SourceLocation(file: path, key: string.key)))
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
        for section in sections { planner.apply(section) }
        let planned = planner.result()
        result.updates = planned.updates
        result.written = planned.written
        result.diagnostics += planned.rejected
    }
}

extension StringCatalog {
    /// The plain unit in `language` of a string (its value in the catalog) that a table should
    /// hold: `translated` or `needs_review`, with a value.
    static func unit(in entry: JSONValue, language: String) -> Unit? {
        guard let unit = entry[member: "localizations"]?[member: language]?[member: "stringUnit"],
              let state = unit[member: "state"]?.stringValue, state == "translated" || state == "needs_review",
              let value = unit[member: "value"]?.stringValue, !value.isEmpty else { return nil }
        return Unit(state: state, value: value)
    }
}
