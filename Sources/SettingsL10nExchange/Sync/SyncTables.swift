import SettingsL10nCore
import SettingsL10nExtract

/// The tables' side of a sync: what each table of each language holds, read once, and what the
/// tables say about each key of the catalog.
struct SyncTables {
    typealias Translation = XLIFFExporter.Translation

    /// What one table holds for a key in one language.
    enum Held {
        /// A translation (a value that is not empty and not `merge --fill source`'s source text).
        case translation(Translation)
        /// The table exists but has none: the device shows the key as written.
        case absent
        /// The language has no file for the table: the device shows what the table it falls
        /// back to holds.
        case noFile

        var translation: Translation? {
            if case .translation(let translation) = self { translation } else { nil }
        }
    }

    /// By table path (`de.lproj/Root.strings`), the translations it holds by key; only the
    /// tables that exist and could be read.
    private var values: [String: [StringsKey: Translation]] = [:]
    /// Tables that could not be read: nothing is taken from them, nothing written into them.
    private(set) var unreadable: Set<String> = []
    /// Those of them the disk did not give (an I/O error, not a table the device cannot read):
    /// what they hold is unknown, so the sync writes nothing at all.
    private(set) var notRead: Set<String> = []
    /// What the sync does when the disk does not give a table.
    static let notReadConsequence = "so sync cannot tell what the catalog and the tables should hold and writes neither; fix it and sync again"
    static func path(_ table: String, _ language: SyncLanguages.Language) -> String {
        "\(language.localization.folder)/\(table).strings"
    }

    /// Reads every table of the catalog in every language (and Base's, for fallbacks); a table
    /// that cannot be read is an error that says it is left alone.
    static func read(used: UsedStrings, languages: SyncLanguages, base: Localization?, diagnostics: inout [Diagnostic]) -> SyncTables {
        var tables = SyncTables()
        let base = base.flatMap { localization in languages.all.contains { $0.localization.folder == localization.folder } ? nil : localization }
        for table in used.tables {
            for language in languages.all {
                var problems: [Diagnostic] = []
                let found = XLIFFExporter.translations(of: table.name, in: language.localization, unreadable: notReadConsequence,
                                                       diagnostics: &problems)
                let path = path(table.name, language)
                if let problem = problems.first {
                    tables.unreadable.insert(path)
                    if problem.saysInputNotRead {
                        // The disk's error, named: a sync that went on without the table would
                        // make a catalog short of its translations.
                        tables.notRead.insert(path)
                        diagnostics.append(problem)
                        continue
                    }
                    diagnostics.append(Diagnostic(
                        .error, rule: problem.rule,
                        "the table cannot be read as the device reads it, so sync took no translation from it and wrote none into it; fix it and sync again",
                        at: SourceLocation(file: path)))
                    continue
                }
                guard language.localization.table(named: table.name) != nil else { continue }
                // An empty value takes no part in sync, as before exports carried it: the table
                // neither gives it to the catalog nor keeps the catalog's text out.
                tables.values[path] = found.filter { !$0.value.value.isEmpty }
            }
            if let base, base.table(named: table.name) != nil {
                // Read for what the disk does not give: the planner reads it again, as the
                // table a new one would hide (`NewTableRefusal`).
                var problems: [Diagnostic] = []
                _ = XLIFFExporter.translations(of: table.name, in: base, unreadable: notReadConsequence, diagnostics: &problems)
                if !problems.isEmpty {
                    tables.unreadable.insert("\(base.folder)/\(table.name).strings")
                    if let problem = problems.first(where: \.saysInputNotRead) {
                        tables.notRead.insert("\(base.folder)/\(table.name).strings")
                        diagnostics.append(problem)
                    }
                }
            }
        }
        return tables
    }

    /// What the table `table` of `language` holds for `key`; `nil` when it cannot be read.
    func held(_ key: StringsKey, in table: String, _ language: SyncLanguages.Language) -> Held? {
        let path = Self.path(table, language)
        guard !unreadable.contains(path) else { return nil }
        guard let found = values[path] else { return .noFile }
        return found[key].map(Held.translation) ?? .absent
    }

    /// What every readable table using `string` holds in `language`, in table order.
    func held(_ string: UsedStrings.Used, in language: SyncLanguages.Language) -> [(table: String, held: Held)] {
        string.strings.compactMap { table, _ in held(string.key, in: table, language).map { (table, $0) } }
    }

    /// The development text of `key` in the first table of `string` that has one.
    func sourceText(of key: StringsKey, in string: UsedStrings.Used, languages: SyncLanguages) -> String? {
        guard let development = languages.development else { return nil }
        return string.strings.lazy.compactMap { held(key, in: $0.table, development)?.translation?.value }.first
    }

    /// Where the development language's tables give `string` different texts (a table without
    /// it shows the key as written): two strings of the schema share a key, and one string of
    /// the catalog cannot stand for both. The texts, each with its table, or `nil`.
    func developmentTexts(of string: UsedStrings.Used, languages: SyncLanguages) -> [(table: String, text: String, hasEntry: Bool)]? {
        guard let development = languages.development, string.strings.count > 1 else { return nil }
        let texts = held(string, in: development).map { table, held in
            (table, held.translation?.value ?? string.key.string, held.translation != nil)
        }
        guard let first = texts.first, texts.contains(where: { $0.1 != first.1 }) else { return nil }
        return texts
    }

    /// The finding of a key the development language's tables give different texts.
    static func splitFinding(_ string: UsedStrings.Used, texts: [(table: String, text: String, hasEntry: Bool)], catalogPath: String) -> Diagnostic {
        let listed = texts.map { table, text, hasEntry in
            hasEntry ? "\(table).strings \(MessageText.quoted(text))" : "\(table).strings none: it shows \(MessageText.quoted(text))"
        }.joined(separator: ", ")
        return Diagnostic(
            .warning, rule: .syncTablesDisagree,
            "\(MessageText.quoted(string.key)) has different development texts in the tables that use it (\(listed)), and a String Catalog holds one string per key: sync takes it from neither table and writes it into neither, in any language; give the two strings different keys in the schema",
            at: SourceLocation(file: catalogPath, key: string.key))
    }

    /// The translation of `string` into `language` for the catalog: the one every table using it
    /// holds (a table that lacks it, or a language that lacks the table, disagrees: taken, it
    /// would be written there, and adoption writes no table). `nil` when none has one, or when
    /// they differ (a `sync-tables-disagree` warning then). The development language's text only
    /// where it differs from the key.
    func agreed(_ string: UsedStrings.Used, in language: SyncLanguages.Language, catalogPath: String,
                diagnostics: inout [Diagnostic]) -> Translation? {
        let found = held(string, in: language)
        var present: [Translation] = []
        for (table, held) in found {
            guard let translation = held.translation else { continue }
            guard XLIFFWriter.isRepresentable(translation.value) else {
                diagnostics.append(Diagnostic(
                    .warning, rule: .xliffUnrepresentable,
                    "the \(language.tag) translation of \(MessageText.quoted(string.key)) holds a control character or a noncharacter that a String Catalog cannot hold; it is left out of the catalog",
                    at: SourceLocation(file: Self.path(table, language), key: string.key)))
                return nil
            }
            present.append(translation)
        }
        guard let first = present.first else { return nil }
        if language.isDevelopment, first.value == string.key.string { return nil }
        if present.count == found.count, present.allSatisfy({ $0.value == first.value && $0.needsReview == first.needsReview }) {
            return first
        }
        let listed = found.map { table, held in
            switch held {
            case .translation(let translation): "\(table).strings \(MessageText.quoted(translation.value))\(translation.needsReview ? " (needs review)" : "")"
            case .absent: "\(table).strings none"
            case .noFile: "no \(table).strings"
            }
        }.joined(separator: ", ")
        diagnostics.append(Diagnostic(
            .warning, rule: .syncTablesDisagree,
            "the \(language.tag) translations of \(MessageText.quoted(string.key)) differ between the tables (\(listed)), and the catalog holds one text per string; the catalog takes none of them: translate it in the catalog",
            at: SourceLocation(file: catalogPath, key: string.key)))
        return nil
    }
}

extension SyncLanguages {
    /// The development language, if the bundle has a folder for it.
    var development: Language? { all.first(where: \.isDevelopment) }
}
