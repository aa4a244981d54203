import SettingsL10nCore
import SettingsL10nExtract

/// Applies checked sections of XLIFF documents to the tables they name, in memory: each table
/// is read and parsed once, however many sections name it, and becomes one update at the end.
struct ImportPlanner {
    private let bundle: SettingsBundle
    private let development: Localization?
    private let conflicts: [String: [String: [String]]]
    private var tables: [String: Table] = [:]
    private var tableOrder: [String] = []
    private var sourceValues: [String: [String: String]] = [:]
    private var outcome = ImportResult()

    /// A table on its way to an update.
    private struct Table {
        var original: [UInt8]?
        var document: StringsDocument
        var written = 0
        /// Why the table may not be written (a link), with where its units came from: refused
        /// only if the import would change it.
        var refusal: (reason: String, location: SourceLocation)?
    }

    init(bundle: SettingsBundle, catalog: Catalog, sections: [XLIFFImporter.Section]) {
        self.bundle = bundle
        self.development = bundle.developmentLocalization(catalog.developmentLanguage)
        self.conflicts = XLIFFImporter.conflictingUnits(sections)
    }

    /// Applies the units of one section to its table.
    mutating func apply(_ section: XLIFFImporter.Section) {
        let location = SourceLocation(file: section.documentPath, position: section.file.position)
        guard var table = table(for: section, at: location) else { return }
        let source = sourceText(of: section.table.name)
        let ranks = Dictionary(uniqueKeysWithValues: section.table.keys.enumerated().map { ($1, $0) })
        // A new entry gets the location comment merge writes above every entry it adds, so that
        // a later merge leaves it as it is.
        var layout = StringsLayout(of: table.document)
        layout.commentsEntries = true
        for unit in section.file.units {
            let at = SourceLocation(file: section.documentPath, position: unit.position)
            if let problem = problem(with: unit, in: section, source: source) {
                outcome.rejected.append(Diagnostic(.error, rule: problem.rule, problem.message, at: at))
                continue
            }
            guard let target = unit.target, !target.isEmpty, unit.state != "new", unit.state != "needs-translation" else {
                outcome.untranslated += 1
                continue
            }
            let review = unit.state?.hasPrefix("needs-review") == true ? ReviewMark.importedComment : nil
            if Self.write(target, review: review, for: section.table.string(forKey: unit.id)!, in: &table.document,
                          ranks: ranks, layout: layout, sourceText: { source[$0] ?? $0 }) {
                table.written += 1
            } else {
                outcome.unchanged += 1
            }
        }
        tables[section.tablePath] = table
    }

    /// The updates of every table that changes, and what was not imported.
    func result() -> ImportResult {
        var result = outcome
        for path in tableOrder {
            // A table that does not exist is created only to hold a translation.
            guard let table = tables[path], table.original != nil || table.written > 0 else { continue }
            let update = TableUpdate(path: path, original: table.original, document: table.document)
            guard update.original != update.updated else { continue }
            if let (reason, location) = table.refusal {
                result.rejected.append(Diagnostic(
                    .error, rule: .importTableRefused,
                    "\(table.written) translation\(table.written == 1 ? " was" : "s were") not imported into \(path): \(reason)",
                    at: location))
                continue
            }
            result.updates.append(update)
            result.written[path] = table.written
        }
        return result
    }

    /// The section's table as planned so far, read on first use; `nil` (its units rejected)
    /// when it may not be written or cannot be read.
    private mutating func table(for section: XLIFFImporter.Section, at location: SourceLocation) -> Table? {
        let path = section.tablePath
        func notImported(_ reason: String) -> Table? {
            let count = section.file.units.count
            outcome.rejected.append(Diagnostic(.error, rule: .importTableRefused,
                                               "\(count) unit\(count == 1 ? " was" : "s were") not imported into \(path): \(reason)",
                                               at: location))
            return nil
        }
        var refusal: (reason: String, location: SourceLocation)?
        switch bundle.writePermission(table: section.table.name, in: section.localization) {
        case .allowed: break
        case .unknown(let reason): return notImported(reason)
        case .readOnly(let reason): refusal = (reason, location)
        }
        if var table = tables[path] {
            table.refusal = table.refusal ?? refusal
            return table
        }
        var table = Table(original: nil, document: StringsDocument(), refusal: refusal)
        if let existing = section.localization.table(named: section.table.name) {
            do {
                let bytes = try existing.read().get()
                table.original = bytes
                table.document = try StringsTableFile.parse(bytes, path: existing.path)
            } catch {
                let position = error.position.map { ":\($0)" } ?? ""
                return notImported("the table cannot be read (\(path)\(position): \(error.message)); fix it and import again")
            }
        }
        tableOrder.append(path)
        return table
    }

    /// Why a unit is not imported, or `nil` when it may be.
    private func problem(with unit: XLIFFUnit, in section: XLIFFImporter.Section,
                         source: [String: String]) -> (rule: RuleID, message: String)? {
        let id = MessageText.quoted(unit.id)
        guard section.table.string(forKey: unit.id) != nil else {
            return (.importUnknownKey, "unit \(id) is not used by any schema file of the table \(section.table.name) any more; it was not imported")
        }
        if let places = conflicts[section.tablePath]?[unit.id] {
            return (.importConflict, "unit \(id) is in the documents \(places.count) times with different translations (\(places.joined(separator: ", "))); none of them was imported: keep one")
        }
        let currentSource = source[unit.id] ?? unit.id
        guard unit.source == currentSource else {
            return (.importSourceChanged, "unit \(id): its source \(MessageText.quoted(unit.source)) no longer matches the development text \(MessageText.quoted(currentSource)); export again and translate the new text")
        }
        return nil
    }

    /// The development language's values of a table, read once.
    private mutating func sourceText(of table: String) -> [String: String] {
        if let values = sourceValues[table] { return values }
        let values = development?.table(named: table)?.values() ?? [:]
        sourceValues[table] = values
        return values
    }

    /// Writes one translation; returns whether the table changed.
    static func write(_ value: String, review: String?, for string: LocalizableString, in document: inout StringsDocument,
                      ranks: [String: Int], layout: StringsLayout, sourceText: (String) -> String) -> Bool {
        if let index = document.indexOfEffectiveEntry(forKey: string.key) {
            let old = document.entries[index]
            var entry = old.withValue(value)
            if (review != nil) != old.needsReview || old.isUntranslatedFill || (review != nil && !old.leadingTrivia.contains(review!)) {
                entry = entry.withReviewMark(review, lineEnding: document.lineEnding)
            }
            document.entries[index] = entry
            return entry != old
        }
        var entry = StringsEntry.make(key: string.key, value: value, comment: string.comment(sourceText: sourceText),
                                      layout: layout, lineEnding: document.lineEnding)
        if let review { entry = entry.withReviewMark(review, lineEnding: document.lineEnding) }
        document.insert(entry, following: ranks, layout: layout)
        return true
    }
}
