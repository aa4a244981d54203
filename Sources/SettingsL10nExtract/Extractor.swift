import SettingsL10nCore

/// How to find the table of a schema file that has no `StringsTable`.
public enum TableFallback: String, Hashable, Sendable, CaseIterable {
    /// As Apple's reference says: the file is not localized.
    case none
    /// As InAppSettingsKit does: a table named after the file if the bundle has one, else `Root`.
    case fileName = "file-name"
}

/// Collects the localizable strings of a bundle into a `Catalog`.
public enum Extractor {
    /// Walks every schema file in walk order and collects `Title`, `FooterText`, and each entry of
    /// `Titles` and `ShortTitles`, under the file's `StringsTable`.
    ///
    /// For the eight standard types only the keys Apple documents as localizable are read (a
    /// slider's `Title` is ignored by the Settings app); for other types (`IASK*`, or a missing
    /// `Type`) all four fields are read. Empty or white-space-only strings are not keys;
    /// non-string entries are reported.
    ///
    /// Strings whose key has no letter, or matches one of `doNotTranslate`, need no translation.
    public static func catalog(of bundle: SettingsBundle, developmentLanguage: String = "en",
                               tableFallback: TableFallback = .none, doNotTranslate: [GlobPattern] = []) -> Catalog {
        var catalog = Catalog(developmentLanguage: developmentLanguage)
        var tableOrder: [String] = []
        var tables: [String: [LocalizableString]] = [:]
        var indexByKey: [String: [String: Int]] = [:]
        let existingTables = Set(bundle.localizations.flatMap { $0.tables.map(\.name) })

        for file in bundle.schemaFiles {
            let table = tableName(of: file, fallback: tableFallback, existingTables: existingTables)
            catalog.tableOfFile[file.path] = table
            var unlocalized: [String] = []
            for specifier in file.specifiers {
                for (key, occurrence) in occurrences(in: specifier, file: file.path, diagnostics: &catalog.diagnostics) {
                    guard let table else {
                        if !unlocalized.contains(key) { unlocalized.append(key) }
                        continue
                    }
                    if tables[table] == nil {
                        tables[table] = []
                        tableOrder.append(table)
                    }
                    if let index = indexByKey[table, default: [:]][key] {
                        tables[table]![index].occurrences.append(occurrence)
                    } else {
                        indexByKey[table, default: [:]][key] = tables[table]!.count
                        tables[table]!.append(LocalizableString(key: key, occurrences: [occurrence]))
                    }
                }
            }
            if table == nil, !unlocalized.isEmpty {
                catalog.unlocalized.append(UnlocalizedFile(file: file.path, strings: unlocalized))
            }
        }
        var used = Set<GlobPattern>()
        catalog.tables = tableOrder.sorted().map { name in
            CatalogTable(name: name, strings: tables[name]!.map { string in
                var string = string
                let pattern = doNotTranslate.first { $0.matches(string.key) }
                if let pattern { used.insert(pattern) }
                string.needsTranslation = pattern == nil && hasLetter(string.key)
                return string
            })
        }
        catalog.unusedDoNotTranslate = doNotTranslate.filter { !used.contains($0) }.map(\.text)
        return catalog
    }

    /// Whether the text has a letter of any script: without one ("1.5", "100 %", "—") it reads
    /// the same in every language.
    static func hasLetter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
            default: false
            }
        }
    }

    /// The table that localizes `file`, or `nil` when it is not localized.
    static func tableName(of file: SchemaFile, fallback: TableFallback, existingTables: Set<String>) -> String? {
        if let name = file.stringsTableName { return name }
        switch fallback {
        case .none: return nil
        case .fileName: return existingTables.contains(file.name.base) ? file.name.base : "Root"
        }
    }

    /// The fields of a specifier that hold localizable strings.
    static func localizableFields(of specifier: Specifier) -> [LocalizableField] {
        guard let schema = specifier.type?.schema else { return LocalizableField.allCases }
        return LocalizableField.allCases.filter { schema.key($0.rawValue)?.isLocalizable == true }
    }

    /// The strings of one specifier with their occurrences, in field order.
    static func occurrences(in specifier: Specifier, file: String,
                            diagnostics: inout [Diagnostic]) -> [(String, Occurrence)] {
        var found: [(String, Occurrence)] = []
        let title = specifier.title
        for field in localizableFields(of: specifier) {
            guard let value = specifier.field(field.rawValue) else { continue }
            switch field {
            case .title, .footerText:
                guard let text = key(value, file: file, diagnostics: &diagnostics) else { continue }
                found.append((text, Occurrence(
                    file: file, position: value.position, keyPath: value.keyPath, specifierType: specifier.typeName,
                    field: field, specifierTitle: title)))
            case .titles, .shortTitles:
                let elements = value.elements
                let titles = specifier.titles
                for (index, element) in elements.enumerated() {
                    guard let text = key(element, file: file, diagnostics: &diagnostics) else { continue }
                    let abbreviated = field == .shortTitles && index < (titles?.count ?? 0) ? titles?[index] : nil
                    found.append((text, Occurrence(
                        file: file, position: element.position, keyPath: element.keyPath,
                        specifierType: specifier.typeName, field: field, optionIndex: index,
                        optionCount: elements.count, specifierTitle: title, abbreviates: abbreviated)))
                }
            }
        }
        return found
    }

    /// The key a localizable value stands for, or `nil` (reported) when it is not a string.
    private static func key(_ value: SchemaValue, file: String, diagnostics: inout [Diagnostic]) -> String? {
        guard let text = value.value.stringValue else {
            diagnostics.append(Diagnostic(
                .warning, rule: .localizableNotString,
                "\(value.keyPath) is \(describe(value.value)), not a string: the Settings app cannot look it up in a table, so it cannot be translated",
                at: SourceLocation(file: file, position: value.position, keyPath: value.keyPath)))
            return nil
        }
        guard !text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else { return nil }
        return text
    }

    private static func describe(_ value: PlistValue) -> String {
        switch value {
        case .integer(let number): "a number (\(number))"
        case .real(let number): "a number (\(number))"
        case .boolean(let flag): "a boolean (\(flag))"
        case .array: "an array"
        case .dictionary: "a dictionary"
        default: "a \(value.typeName)"
        }
    }
}
