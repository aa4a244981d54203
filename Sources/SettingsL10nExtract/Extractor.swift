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
    /// `Titles` and `ShortTitles` (and for InAppSettingsKit its own keys, each value of an
    /// `IASKSubtitle` dictionary, and the rows a list group nests), under the file's
    /// `StringsTable`: the fields `host` shows (`Specifier.shownFields(in:)`; `.inApp.plist`
    /// files are InAppSettingsKit's whatever the host). Empty or white-space-only strings are not keys; non-string entries are reported.
    ///
    /// Strings whose key has no letter, or matches one of `doNotTranslate`, need no translation.
    public static func catalog(of bundle: SettingsBundle, developmentLanguage: String = "en",
                               tableFallback: TableFallback = .none, doNotTranslate: [GlobPattern] = [],
                               host: SettingsHost = .settingsApp) -> Catalog {
        catalog(of: bundle, developmentLanguage: developmentLanguage, tableFallback: tableFallback,
                policy: TranslationPolicy(doNotTranslate: doNotTranslate), host: host)
    }

    /// The catalog, each string marked as needing a translation or not by `policy`, which the
    /// catalog keeps for every command that counts translations.
    public static func catalog(of bundle: SettingsBundle, developmentLanguage: String = "en",
                               tableFallback: TableFallback = .none, policy: TranslationPolicy,
                               host: SettingsHost = .settingsApp) -> Catalog {
        let doNotTranslate = policy.doNotTranslate
        var catalog = Catalog(developmentLanguage: developmentLanguage)
        catalog.translationPolicy = policy
        catalog.host = host
        let existingTables = Set(bundle.localizations.flatMap { $0.tables.map(\.name) })
        let tableOfFile = Dictionary(uniqueKeysWithValues: bundle.schemaFiles.map {
            ($0.path, tableName(of: $0, fallback: tableFallback, existingTables: existingTables))
        })
        catalog.tableOfFile = tableOfFile.compactMapValues { $0 }
        // Each file's strings on all cores, then each table's from its files, in walk order.
        let files = parallelMap(bundle.schemaFiles) { file in
            FileStrings(file, table: tableOfFile[file.path] ?? nil, host: host)
        }
        var tableOrder: [String] = []
        var filesOfTable: [String: [Int]] = [:]
        for (index, file) in files.enumerated() {
            catalog.diagnostics += file.diagnostics.map { $0.spoken(by: host) }
            if let unlocalized = file.unlocalized { catalog.unlocalized.append(unlocalized) }
            guard let table = file.table else { continue }
            if filesOfTable[table] == nil { tableOrder.append(table) }
            filesOfTable[table, default: []].append(index)
        }
        let groups = filesOfTable
        let tables = parallelMap(tableOrder) { name in
            TableStrings(name, files: groups[name]!.map { files[$0] }, policy: policy)
        }
        var used = Set<Int>()
        for table in tables {
            used.formUnion(table.usedPatterns)
            // What the other host shows too: merge --prune never deletes what either host needs.
            if !table.otherHostKeys.isEmpty { catalog.otherHostKeys[table.name] = table.otherHostKeys }
            if !table.unshownKeys.isEmpty { catalog.unshownKeys[table.name] = table.unshownKeys }
        }
        // A table is in the catalog once a file uses one of its strings; a table a missing
        // generated pane uses is left alone (its keys are unknown).
        let leftAlone = bundle.tablesLeftAlone
        catalog.tables = tables.filter { !$0.strings.isEmpty && !leftAlone.contains($0.name) }.sorted { $0.name < $1.name }
            .map { CatalogTable(name: $0.name, strings: $0.strings) }
        let usedPatterns = Set(used.map { doNotTranslate[$0] })
        catalog.unusedDoNotTranslate = doNotTranslate.filter { !usedPatterns.contains($0) }.map(\.text)
        return catalog
    }

    /// The strings of one schema file as `host` shows them, and the keys only the other host
    /// shows (InAppSettingsKit's multi-value footer, say) or the app reads itself
    /// (`Extractor.appKeys`).
    struct FileStrings: Sendable {
        /// The file's table; `nil` when it has none (or its StringsTable names none).
        let table: String?
        var strings: [(key: StringsKey, occurrence: Occurrence)] = []
        var otherHostKeys: [StringsKey] = []
        /// Strings of fields no host shows (`Extractor.unshown`).
        var unshown: [(StringsKey, Occurrence)] = []
        var diagnostics: [Diagnostic] = []
        var unlocalized: UnlocalizedFile?

        init(_ file: SchemaFile, table: String?, host: SettingsHost) {
            // A StringsTable that names no table (`../x`): the file's strings go nowhere.
            self.table = file.hasInvalidStringsTable ? nil : table
            if file.hasInvalidStringsTable { return }
            // `.inApp.plist` files are InAppSettingsKit's whatever the host: both hosts see the same.
            let shownBy: SettingsHost = file.name.isInApp ? .inAppSettingsKit : host
            let other: SettingsHost? = file.name.isInApp ? nil : (host == .settingsApp ? .inAppSettingsKit : .settingsApp)
            var unlocalizedKeys: [String] = [], seen: Set<StringsKey> = []
            for specifier in file.specifiers {
                // A list group's item and add rows are InAppSettingsKit's too (`nestedSpecifiers`).
                var found: [(String, Occurrence)] = []
                for row in [specifier] + specifier.nestedSpecifiers(in: shownBy) {
                    found += occurrences(in: row, host: shownBy, file: file.path, diagnostics: &diagnostics)
                }
                if table == nil {
                    for (key, _) in found where seen.insert(StringsKey(key)).inserted { unlocalizedKeys.append(key) }
                    continue
                }
                strings += found.map { (key: StringsKey($0.0), occurrence: $0.1) }
                unshown += Extractor.unshown(in: specifier, file: file.path).map { (StringsKey($0.0), $0.1) }
                if let other {
                    for (row, fields) in specifier.fieldsShownOnly(in: other, notIn: shownBy) {
                        otherHostKeys += keys(in: row, fields: fields).map { StringsKey($0) }
                    }
                }
                // What the app reads itself, named under a member of its own: live as well.
                otherHostKeys += Extractor.appKeys(in: specifier).map { StringsKey($0) }
            }
            if table == nil, !unlocalizedKeys.isEmpty { unlocalized = UnlocalizedFile(file: file.path, strings: unlocalizedKeys) }
        }
    }

    /// The strings of one table, in order of first use over its files, each marked as needing a
    /// translation or not by `policy`.
    struct TableStrings: Sendable {
        let name: String
        var strings: [LocalizableString] = []
        /// The keys of the table only the other host shows, or the app reads itself.
        var otherHostKeys: Set<StringsKey> = []
        /// The keys of the table no host shows anywhere, with their first place.
        var unshownKeys: [StringsKey: Occurrence] = [:]
        /// The `doNotTranslate` patterns (by index) that named a key.
        var usedPatterns: Set<Int> = []

        /// The value at a dictionary slot, read in place (`&dictionary[key, default: new]`).
        private static func value(_ slot: inout Int) -> Int { slot }

        init(_ name: String, files: [FileStrings], policy: TranslationPolicy) {
            self.name = name
            // Sized once, and each key hashed once: found, or inserted with the next index.
            var indexByKey: [StringsKey: Int] = [:]
            indexByKey.reserveCapacity(files.reduce(0) { $0 + $1.strings.count })
            for file in files {
                for (key, occurrence) in file.strings {
                    let next = strings.count
                    let index = Self.value(&indexByKey[key, default: next])
                    if index == next {
                        strings.append(LocalizableString(key: key, occurrences: [occurrence]))
                    } else {
                        strings[index].occurrences.append(occurrence)
                    }
                }
            }
            for file in files {
                for key in file.otherHostKeys where indexByKey[key] == nil { otherHostKeys.insert(key) }
            }
            for file in files {
                for (key, occurrence) in file.unshown where indexByKey[key] == nil && !otherHostKeys.contains(key) && unshownKeys[key] == nil {
                    unshownKeys[key] = occurrence
                }
            }
            for index in strings.indices {
                let pattern = policy.doNotTranslatePattern(naming: strings[index].key)
                if let pattern { usedPatterns.insert(pattern) }
                strings[index].needsTranslation = pattern == nil && TranslationPolicy.hasLetter(strings[index].key.string)
                    && !TranslationPolicy.isAddress(strings[index])
            }
        }
    }

    /// Whether the text has a letter of any script (`TranslationPolicy.hasLetter`).
    static func hasLetter(_ text: String) -> Bool {
        TranslationPolicy.hasLetter(text)
    }

    /// The table that localizes `file`, or `nil` when it is not localized.
    static func tableName(of file: SchemaFile, fallback: TableFallback, existingTables: Set<String>) -> String? {
        if let name = file.stringsTableName { return name }
        if file.hasInvalidStringsTable { return nil }
        switch fallback {
        case .none: return nil
        case .fileName: return existingTables.contains(file.name.base) ? file.name.base : "Root"
        }
    }

    /// The strings of one specifier with their occurrences, in field order.
    static func occurrences(in specifier: Specifier, host: SettingsHost, file: String,
                            diagnostics: inout [Diagnostic]) -> [(String, Occurrence)] {
        var found: [(String, Occurrence)] = []
        let title = specifier.title, typeName = specifier.typeName
        for field in specifier.shownFields(in: host) {
            guard let value = specifier.field(field.rawValue) else { continue }
            switch field {
            case .titles, .shortTitles:
                let elements = value.elements
                let titles = specifier.titles
                for (index, element) in elements.enumerated() {
                    guard let text = key(element, file: file, diagnostics: &diagnostics) else { continue }
                    let abbreviated = field == .shortTitles && index < (titles?.count ?? 0) ? titles?[index] : nil
                    found.append((text, Occurrence(
                        file: file, position: element.position, keyPath: element.keyPath,
                        specifierType: typeName, field: field, optionIndex: index,
                        optionCount: elements.count, specifierTitle: title, abbreviates: abbreviated)))
                }
            default:
                // A dictionary of subtitles, one per value: each is looked up.
                for looked in field == .subtitle && value.value.dictionaryValue != nil ? value.entries : [value] {
                    guard let text = key(looked, file: file, diagnostics: &diagnostics) else { continue }
                    found.append((text, Occurrence(
                        file: file, position: looked.position, keyPath: looked.keyPath, specifierType: typeName,
                        field: field, specifierTitle: title)))
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
        guard !isBlank(text) else { return nil }
        return text
    }

    /// The keys of `fields` of `specifier`, without occurrences or findings (for what only the
    /// other host shows).
    static func keys(in specifier: Specifier, fields: [LocalizableField]) -> [String] {
        var keys: [String] = []
        for field in fields {
            guard let value = specifier.field(field.rawValue) else { continue }
            let values = switch field {
            case .titles, .shortTitles: value.elements
            case .subtitle where value.value.dictionaryValue != nil: value.entries
            default: [value]
            }
            for looked in values {
                if let text = looked.value.stringValue, !isBlank(text) { keys.append(text) }
            }
        }
        return keys
    }

    /// Whether `text` is empty or white space only: not a key.
    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
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
