import SettingsL10nCore
import SettingsL10nExtract
import SettingsL10nResolve

/// Applies checked sections of XLIFF documents to the tables they name, in memory: each table
/// is read and parsed once, however many sections name it, and becomes one update at the end.
struct ImportPlanner {
    private let bundle: SettingsBundle
    private let development: Localization?
    /// Units that appear more than once for one table (`XLIFFImporter.repeatedUnits`), over the
    /// sections applied, and the repeated keys already imported (or counted), by table path.
    private var repeats = XLIFFImporter.RepeatedUnits()
    private var repeatsTold: [String: Set<StringsKey>] = [:]
    private var tables: [String: Table] = [:]
    private var tableOrder: [String] = []
    private var sourceValues: [String: [StringsKey: String]] = [:]
    private var outcome = ImportResult()
    /// The `import-replaced` warnings, with the table each is about: told only for the tables
    /// that are written.
    private var replaced: [(table: String, diagnostic: Diagnostic)] = []
    /// The review mark of a unit waiting for review; `nil`: as the section's document says
    /// (`ReviewMark.importedComment(from:)`).
    var reviewComment: String?
    /// What the user runs once a table can be read again (`import again`, `sync again`).
    var again = "import again"
    /// Whether the units of a table the disk does not give are rejected with a finding each
    /// (import); sync tells such a table itself (`ImportResult.notRead`), and writes nothing.
    var rejectsNotRead = true
    /// The finding for a table a language lacks that is not made, because one holding only
    /// what was written into it would hide the table the device reads now (`NewTableRefusal`).
    var newTableRefusal: (NewTableRefusal) -> Diagnostic = NewTableRefusal.importFinding

    /// The strings of each table by key, and each key's rank, built once per table name.
    private var catalogIndex: [String: (strings: [StringsKey: LocalizableString], ranks: [StringsKey: Int])] = [:]

    /// A table on its way to an update.
    private struct Table {
        var original: [UInt8]?
        var document: StringsDocument
        /// The entry the device reads for each key (the last one), by index into the document.
        var effective: [StringsKey: Int] = [:]
        /// New entries, inserted all at once at the end (one by one is quadratic), by key.
        var added: [StringsKey: StringsEntry] = [:]
        var addedOrder: [StringsKey] = []
        var layout = StringsLayout()
        var ranks: [StringsKey: Int] = [:]
        var written = 0
        /// Why the table may not be written (a link), with where its units came from: refused
        /// only if the import would change it.
        var refusal: (reason: String, location: SourceLocation)?
        /// The table is written as a property list: read to tell what the import changes, never
        /// written (refused when it would change it).
        var isPropertyListForm = false
        /// For a table the language lacks: the file the device reads instead, its values, the
        /// catalog's table and where the units came from; made only if it hides none of them.
        var fallback: (path: String, shown: [StringsKey: String], table: CatalogTable, location: SourceLocation)?

        /// The translation the table holds for `key`: the value the device reads, unless it is
        /// empty or the development text `merge --fill source` put there.
        func translation(of key: StringsKey) -> String? {
            guard let entry = effective[key].map({ document.entries[$0] }), !entry.isUntranslatedFill, let value = entry.stringValue, !value.isEmpty else { return nil }
            return value
        }
    }

    init(bundle: SettingsBundle, catalog: Catalog, sections: [XLIFFImporter.Section]) {
        self.bundle = bundle
        self.development = bundle.developmentLocalization(catalog.developmentLanguage)
        findRepeats(in: sections)
    }

    /// Finds the units of `sections` that are in them more than once (`XLIFFImporter.repeatedUnits`),
    /// the sections applied next.
    mutating func findRepeats(in sections: [XLIFFImporter.Section]) {
        var sources: [String: [StringsKey: String]] = [:]
        for name in Set(sections.map(\.table.name)) { sources[name] = sourceText(of: name) }
        repeats = XLIFFImporter.repeatedUnits(sections) { unit, section in
            unit.source == Self.currentSource(of: unit, in: sources[section.table.name] ?? [:])
        }
    }

    /// The development text a unit translates today: the development language's value of its
    /// key, else the key itself (as the device shows a key the table lacks).
    private static func currentSource(of unit: XLIFFUnit, in source: [StringsKey: String]) -> String {
        source[StringsKey(unit.id)] ?? unit.id
    }

    /// Applies the units of one section to its table.
    mutating func apply(_ section: XLIFFImporter.Section) {
        let source = sourceText(of: section.table.name)
        let strings = index(of: section.table).strings
        // A String Catalog has no <file>: a finding about its language's table names the first
        // string the table's translations come from (one with a translation that is not
        // rejected), else its first string.
        let position = section.file.position ?? (section.file.units.first { unit in
            unit.carriesTranslation && unit.target != nil
                && problem(with: unit, in: section, known: strings[StringsKey(unit.id)] != nil, source: source) == nil
        } ?? section.file.units.first)?.position
        let location = SourceLocation(file: section.documentPath, position: position)
        guard var table = table(for: section, at: location) else { return }
        for unit in section.file.units {
            let at = SourceLocation(file: section.documentPath, position: unit.position)
            let key = StringsKey(unit.id)
            // A conflict is told where the translations are.
            if repeats.conflicts[section.tablePath]?[key] != nil, !unit.carriesTranslation, !unit.varies { continue }
            if let problem = problem(with: unit, in: section, known: strings[key] != nil, source: source) {
                outcome.rejected.append(Diagnostic(.error, rule: problem.rule, problem.message, at: at))
                continue
            }
            if repeatsElsewhere(unit, key: key, table: section.tablePath) { continue }
            if repeats.repeated[section.tablePath]?[key] != nil { repeatsTold[section.tablePath, default: []].insert(key) }
            guard unit.carriesTranslation, let target = unit.target else {
                outcome.untranslated += 1
                continue
            }
            let review = unit.needsReview
                ? reviewComment ?? ReviewMark.importedComment(from: section.documentPath) : nil
            if let held = table.translation(of: key), held != target {
                replaced.append((section.tablePath, Diagnostic(
                    .warning, rule: .importReplaced,
                    "\(section.tablePath) has \(MessageText.quoted(held)) for \(MessageText.quoted(unit.id)); the document's \(MessageText.quoted(target)) replaces it",
                    at: SourceLocation(file: section.documentPath, position: unit.position, key: unit.id))))
            }
            if Self.write(target, review: review, for: strings[key]!, in: &table, sourceText: { source[StringsKey($0)] ?? $0 }) {
                table.written += 1
            } else {
                outcome.unchanged += 1
            }
        }
        tables[section.tablePath] = table
    }

    /// The updates of every table that changes, and what was not imported.
    func result() -> ImportResult {
        var planner = self
        planner.settleTables()
        var result = planner.outcome
        result.updates = planner.settled.updates
        result.written = planner.settled.written
        result.rejected += planner.settled.rejected
        let written = Set(result.updates.map(\.path))
        result.replaced = planner.replaced.filter { written.contains($0.table) }.map(\.diagnostic)
        return result
    }

    /// Makes the updates of the tables planned so far, which no later section may name (the
    /// session's documents have sections for different tables), and lets their parsed documents
    /// go: an import of forty languages held every table of the bundle parsed until the end.
    mutating func settleTables() {
        let current = settle(tables, order: tableOrder)
        settled.updates += current.updates
        settled.written.merge(current.written) { $1 }
        settled.rejected += current.rejected
        tables = [:]
        tableOrder = []
    }

    /// The updates of tables settled by `settleTables()`, and the refusals of those that may
    /// not be written (told after every unit's problems, as `result()` tells them).
    private var settled: (updates: [TableUpdate], written: [String: Int], rejected: [Diagnostic]) = ([], [:], [])

    /// The update of each table in `order` that changes, or the refusal of one that may not.
    private func settle(_ tables: [String: Table], order: [String]) -> (updates: [TableUpdate], written: [String: Int], rejected: [Diagnostic]) {
        var settled: (updates: [TableUpdate], written: [String: Int], rejected: [Diagnostic]) = ([], [:], [])
        for path in order {
            // A table that does not exist is created only to hold a translation, and only where
            // it would not hide a text the device shows now.
            guard var table = tables[path], table.original != nil || table.written > 0 else { continue }
            if table.isPropertyListForm, table.written == 0 { continue }
            if table.original == nil, let fallback = table.fallback,
               let refusal = NewTableRefusal(making: path, of: fallback.table, holding: Set(table.addedOrder), count: table.written,
                                             fallback: (fallback.path, fallback.shown), developmentFolder: development?.folder,
                                             location: fallback.location) {
                settled.rejected.append(newTableRefusal(refusal))
                continue
            }
            table.document.insert(contentsOf: table.addedOrder.map { table.added[$0]! }, following: table.ranks, layout: table.layout)
            let update = TableUpdate(path: path, original: table.original, document: table.document)
            guard update.original != update.updated || table.isPropertyListForm else { continue }
            if let (reason, location) = table.refusal {
                settled.rejected.append(Diagnostic(
                    .error, rule: .importTableRefused,
                    "\(table.written) translation\(table.written == 1 ? " was" : "s were") not imported into \(path): \(reason)",
                    at: location))
                continue
            }
            settled.updates.append(update)
            settled.written[path] = table.written
        }
        return settled
    }

    /// The section's table as planned so far, read on first use; `nil` (its units rejected)
    /// when it may not be written or cannot be read.
    private mutating func table(for section: XLIFFImporter.Section, at location: SourceLocation) -> Table? {
        let path = section.tablePath
        func notImported(_ reason: String) -> Table? {
            let count = section.file.units.count
            outcome.rejected.append(Diagnostic(.error, rule: .importTableRefused,
                                               "\(count.grouped) unit\(count == 1 ? " was" : "s were") not imported into \(path): \(reason)",
                                               at: location))
            return nil
        }
        var refusal: (reason: String, location: SourceLocation)?
        switch bundle.writePermission(table: section.table.name, in: section.localization) {
        case .allowed: break
        case .unknown(let reason): return notImported(reason)
        case .readOnly(let reason): refusal = (reason, location)
        }
        // Taken out of the dictionary, so that changing it copies nothing (it is put back by
        // `apply`): a copy per section was quadratic over one `<file>` per unit.
        if var table = tables.removeValue(forKey: path) {
            table.refusal = table.refusal ?? refusal
            return table
        }
        var table = Table(original: nil, document: StringsDocument(), refusal: refusal)
        if let existing = section.localization.table(named: section.table.name) {
            do {
                let bytes = try existing.read().get()
                table.original = bytes
                table.document = try StringsTableFile.parse(bytes, path: existing.path)
                for (index, entry) in table.document.entries.enumerated() { table.effective[entry.key] = index }
            } catch {
                if case .propertyListForm = error, let scan = try? existing.scan() {
                    table.document = StringsDocument(entriesOf: scan)
                    for (index, entry) in table.document.entries.enumerated() { table.effective[entry.key] = index }
                    table.isPropertyListForm = true
                    table.refusal = (error.message, location)
                    tableOrder.append(path)
                    return table
                }
                if case .unreadable(_, let message) = error {
                    outcome.notRead[path] = message
                    if !rejectsNotRead { return nil }
                }
                let position = error.position.map { ":\($0)" } ?? ""
                return notImported("the table cannot be read (\(path)\(position): \(error.message)); fix it and \(again)")
            }
        } else if let fallback = bundle.fallbackTable(named: section.table.name, for: section.localization) {
            table.fallback = (fallback.path, fallback.values() ?? [:], section.table, location)
        }
        // A new entry gets the location comment merge writes above every entry it adds, so that
        // a later merge leaves it as it is.
        table.layout = StringsLayout(of: table.document)
        table.layout.commentsEntries = true
        table.ranks = index(of: section.table).ranks
        tableOrder.append(path)
        return table
    }

    /// The catalog table's strings by key and their ranks, built on first use.
    private mutating func index(of table: CatalogTable) -> (strings: [StringsKey: LocalizableString], ranks: [StringsKey: Int]) {
        if let index = catalogIndex[table.name] { return index }
        var strings: [StringsKey: LocalizableString] = [:]
        var ranks: [StringsKey: Int] = [:]
        for (rank, string) in table.strings.enumerated() {
            strings[string.key] = string
            ranks[string.key] = rank
        }
        catalogIndex[table.name] = (strings, ranks)
        return (strings, ranks)
    }

    /// Whether a unit of a key that is in the documents more than once, and may be imported, is
    /// imported from another place: a place without a translation where another has one, or a
    /// place after the one that was imported (or counted) already.
    private func repeatsElsewhere(_ unit: XLIFFUnit, key: StringsKey, table: String) -> Bool {
        guard let anyTranslated = repeats.repeated[table]?[key] else { return false }
        return (anyTranslated && !unit.carriesTranslation) || repeatsTold[table]?.contains(key) == true
    }

    /// Why a unit is not imported, or `nil` when it may be.
    private func problem(with unit: XLIFFUnit, in section: XLIFFImporter.Section, known: Bool,
                         source: [StringsKey: String]) -> (rule: RuleID, message: String)? {
        let id = MessageText.quoted(unit.id)
        // A String Catalog's string is one place for all its languages: a finding says which
        // language's translation it is about, where each would read the same.
        let (subject, notImported) = section.catalogLanguage.map { ("the string \(id)", "its \($0) translation was not imported") }
            ?? ("unit \(id)", "it was not imported")
        guard known else {
            return (.importUnknownKey, "\(subject) is not used by any schema file of the table \(section.table.name) any more; \(notImported)")
        }
        if let conflict = repeats.conflicts[section.tablePath]?[StringsKey(unit.id)] {
            let places = conflict.places
            // At most five places: thousands of copies would otherwise each list thousands.
            let listed = places.count <= 5 ? places.joined(separator: ", ")
                : places.prefix(4).joined(separator: ", ") + " and \(DiagnosticReport.grouped(places.count - 4)) more places"
            let language = section.catalogLanguage.map { "\($0) " } ?? ""
            let differing = conflict.inStateOnly ? "the same \(language)translation in different states" : "different \(language)translations"
            return (.importConflict, "\(subject) is in the \(conflict.inOneDocument ? "document" : "documents") \(DiagnosticReport.grouped(places.count)) times with \(differing) (\(listed)); none of them was imported: keep one")
        }
        if unit.varies, let language = section.catalogLanguage {
            return (.importVariations, "\(subject) varies by plural or device in \(language), which a .strings table of a Settings bundle cannot hold (the Settings app reads one text per key); \(notImported): give it one text (Vary by… off in Xcode's editor)")
        }
        let currentSource = Self.currentSource(of: unit, in: source)
        guard unit.source == currentSource else {
            let advice = section.catalogLanguage == nil ? "" : "\(notImported); "
            return (.importSourceChanged, "\(subject): its source \(MessageText.quoted(unit.source)) no longer matches the development text \(MessageText.quoted(currentSource)); \(advice)export again and translate the new text")
        }
        return nil
    }

    /// The development language's values of a table, read once.
    private mutating func sourceText(of table: String) -> [StringsKey: String] {
        if let values = sourceValues[table] { return values }
        let values = development?.table(named: table)?.values() ?? [:]
        sourceValues[table] = values
        return values
    }

    /// Writes one translation; returns whether the table changed.
    private static func write(_ value: String, review: String?, for string: LocalizableString, in table: inout Table,
                              sourceText: (String) -> String) -> Bool {
        let lineEnding = table.document.lineEnding
        func updated(_ old: StringsEntry) -> StringsEntry {
            var entry = old.withValue(value)
            if (review != nil) != old.needsReview || old.isUntranslatedFill || (review != nil && !old.leadingTrivia.contains(review!)) {
                entry = entry.withReviewMark(review, lineEnding: lineEnding)
            }
            return entry
        }
        if let index = table.effective[string.key] {
            let old = table.document.entries[index]
            table.document.entries[index] = updated(old)
            return table.document.entries[index] != old
        }
        if let old = table.added[string.key] {
            table.added[string.key] = updated(old)
            return table.added[string.key] != old
        }
        var entry = StringsEntry.make(key: string.key, value: value, comment: string.comment(sourceText: sourceText),
                                      layout: table.layout, lineEnding: lineEnding)
        if let review { entry = entry.withReviewMark(review, lineEnding: lineEnding) }
        table.added[string.key] = entry
        table.addedOrder.append(string.key)
        return true
    }
}

extension NewTableRefusal {
    /// import's finding: an error (`import-table-refused`), the units not imported.
    static func importFinding(_ refusal: NewTableRefusal) -> Diagnostic {
        let count = refusal.written
        return Diagnostic(
            .error, rule: .importTableRefused,
            "\(count.grouped) translation\(count == 1 ? " was" : "s were") not imported into \(refusal.path): \(refusal.consequence(holding: "the document's \(DiagnosticReport.count(count, "translation"))")); \(refusal.remedy), then import again",
            at: refusal.location)
    }
}
