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
        let development = bundle.localization(forLanguage: catalog.developmentLanguage)
        let developmentTag = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage)?.lowercased()
        let knownTables = Set(catalog.tables.map(\.name))

        // Check every document before changing anything.
        var work: [(path: String, file: XLIFFFile, localization: Localization)] = []
        for (path, document) in documents {
            for file in document.files {
                let table = file.tableName
                guard knownTables.contains(table) else {
                    throw ExchangeError("<file original=\(MessageText.quoted(file.original))> is for the table \(table), which no schema file of the bundle uses; nothing was imported", path: path, position: file.position)
                }
                guard let language = file.targetLanguage, !language.isEmpty else {
                    throw ExchangeError("<file original=\(MessageText.quoted(file.original))> has no target-language; nothing was imported", path: path, position: file.position)
                }
                guard let localization = bundle.localization(forLanguage: language) else {
                    throw ExchangeError("the target language \(language) has no .lproj folder in the bundle; create \(language).lproj first; nothing was imported", path: path, position: file.position)
                }
                if localization.folder == development?.folder {
                    throw ExchangeError("the target language \(language) is the development language; nothing was imported", path: path, position: file.position)
                }
                if let developmentTag, LanguageTag.bcp47(folderName: file.sourceLanguage)?.lowercased() != developmentTag {
                    throw ExchangeError("the source language \(file.sourceLanguage) is not the development language \(catalog.developmentLanguage); nothing was imported", path: path, position: file.position)
                }
                work.append((path, file, localization))
            }
        }

        var result = ImportResult()
        let conflicts = conflictingUnits(work.map { ("\($0.localization.folder)/\($0.file.tableName).strings", $0.file) })
        var documentsByPath: [String: (original: [UInt8]?, document: StringsDocument, written: Int)] = [:]
        var pathOrder: [String] = []
        var refused: [String: (reason: String, location: SourceLocation)] = [:]
        var sourceValues: [String: [String: String]] = [:]
        for (xliffPath, file, localization) in work {
            let table = catalog.table(named: file.tableName)!
            if sourceValues[table.name] == nil {
                sourceValues[table.name] = development?.table(named: table.name)?.values() ?? [:]
            }
            let source = sourceValues[table.name]!
            let tablePath = "\(localization.folder)/\(table.name).strings"
            let fileLocation = SourceLocation(file: xliffPath, position: file.position)
            func notImported(_ reason: String) -> Diagnostic {
                Diagnostic(.error, rule: .importTableRefused,
                           "\(file.units.count) unit\(file.units.count == 1 ? " was" : "s were") not imported into \(tablePath): \(reason)",
                           at: fileLocation)
            }
            switch bundle.writePermission(table: table.name, in: localization) {
            case .allowed: break
            case .unknown(let reason):
                result.rejected.append(notImported(reason))
                continue
            case .readOnly(let reason):
                // Imported as planned, but refused below if the table changes.
                refused[tablePath] = (reason, fileLocation)
            }
            if documentsByPath[tablePath] == nil {
                if let existing = localization.table(named: table.name) {
                    do {
                        let bytes = try existing.read().get()
                        documentsByPath[tablePath] = (bytes, try StringsTableFile.parse(bytes, path: existing.path), 0)
                    } catch {
                        let position = error.position.map { ":\($0)" } ?? ""
                        result.rejected.append(notImported("the table cannot be read (\(tablePath)\(position): \(error.message)); fix it and import again"))
                        continue
                    }
                } else {
                    documentsByPath[tablePath] = (nil, StringsDocument(), 0)
                }
                pathOrder.append(tablePath)
            }
            guard var state = documentsByPath[tablePath] else { continue }
            let ranks = Dictionary(uniqueKeysWithValues: table.keys.enumerated().map { ($1, $0) })
            let layout = StringsLayout(of: state.document)
            for unit in file.units {
                let location = SourceLocation(file: xliffPath, position: unit.position)
                guard let string = table.string(forKey: unit.id) else {
                    result.rejected.append(Diagnostic(
                        .error, rule: .importUnknownKey,
                        "unit \(MessageText.quoted(unit.id)) is not used by any schema file of the table \(table.name) any more; it was not imported",
                        at: location))
                    continue
                }
                if let others = conflicts[tablePath]?[unit.id] {
                    result.rejected.append(Diagnostic(
                        .error, rule: .importConflict,
                        "unit \(MessageText.quoted(unit.id)) is in the documents \(others.count) times with different translations (\(others.map(\.place).joined(separator: ", "))); none of them was imported: keep one",
                        at: location))
                    continue
                }
                let currentSource = source[unit.id] ?? unit.id
                guard unit.source == currentSource else {
                    result.rejected.append(Diagnostic(
                        .error, rule: .importSourceChanged,
                        "unit \(MessageText.quoted(unit.id)): its source \(MessageText.quoted(unit.source)) no longer matches the development text \(MessageText.quoted(currentSource)); export again and translate the new text",
                        at: location))
                    continue
                }
                guard let target = unit.target, !target.isEmpty, unit.state != "new", unit.state != "needs-translation" else {
                    result.untranslated += 1
                    continue
                }
                let review = unit.state?.hasPrefix("needs-review") == true ? ReviewMark.importedComment : nil
                if apply(target, review: review, for: string, in: &state.document, ranks: ranks, layout: layout,
                         sourceText: { source[$0] ?? $0 }) {
                    state.written += 1
                } else {
                    result.unchanged += 1
                }
            }
            documentsByPath[tablePath] = state
        }
        for path in pathOrder {
            guard let state = documentsByPath[path] else { continue }
            let update = TableUpdate(path: path, original: state.original, document: state.document)
            guard update.original != update.updated else { continue }
            if let (reason, location) = refused[path] {
                result.rejected.append(Diagnostic(
                    .error, rule: .importTableRefused,
                    "\(state.written) translation\(state.written == 1 ? " was" : "s were") not imported into \(path): \(reason)",
                    at: location))
                continue
            }
            result.updates.append(update)
            result.written[path] = state.written
        }
        return result
    }

    /// Units that appear more than once for one table, with different targets or states: by
    /// table path and key, every place such a unit is.
    static func conflictingUnits(_ files: [(tablePath: String, file: XLIFFFile)]) -> [String: [String: [(place: String, target: String?)]]] {
        var seen: [String: [String: [(place: String, target: String?, state: String?)]]] = [:]
        for (tablePath, file) in files {
            for unit in file.units {
                let place = unit.position.map { "line \($0.line)" } ?? "a unit"
                seen[tablePath, default: [:]][unit.id, default: []].append((place, unit.target, unit.state))
            }
        }
        var conflicts: [String: [String: [(place: String, target: String?)]]] = [:]
        for (tablePath, units) in seen {
            for (key, occurrences) in units where occurrences.count > 1 {
                let first = occurrences[0]
                if occurrences.contains(where: { $0.target != first.target || $0.state != first.state }) {
                    conflicts[tablePath, default: [:]][key] = occurrences.map { ($0.place, $0.target) }
                }
            }
        }
        return conflicts
    }

    /// Writes one translation; returns whether the table changed.
    static func apply(_ value: String, review: String?, for string: LocalizableString, in document: inout StringsDocument,
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
