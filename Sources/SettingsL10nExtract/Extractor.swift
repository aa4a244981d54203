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
    /// `Titles` and `ShortTitles`, under the file's `StringsTable`: the fields `host` shows
    /// (`Specifier.shownFields(in:)`; `.inApp.plist` files are InAppSettingsKit's whatever the
    /// host). Empty or white-space-only strings are not keys; non-string entries are reported.
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
        // What the other host shows too: merge --prune never deletes what either host needs.
        // The two hosts' collections are independent: made side by side.
        let other: SettingsHost = host == .settingsApp ? .inAppSettingsKit : .settingsApp
        let collections = parallelMap([host, other]) { side in
            var collected = Collected(host: side, tableOfFile: tableOfFile)
            var diagnostics: [Diagnostic] = []
            for file in bundle.schemaFiles { collected.add(file, diagnostics: &diagnostics) }
            return (collected: collected, diagnostics: diagnostics)
        }
        let collected = collections[0].collected, otherCollection = collections[1].collected
        catalog.diagnostics = collections[0].diagnostics.map { $0.spoken(by: host) }
        catalog.unlocalized = collected.unlocalized
        let tables = collected.tables
        for (table, strings) in otherCollection.tables {
            let onlyThere = Set(strings.map(\.key)).subtracting(tables[table]?.map(\.key) ?? [])
            if !onlyThere.isEmpty { catalog.otherHostKeys[table] = onlyThere }
        }

        var used = Set<Int>()
        catalog.tables = collected.tableOrder.sorted().map { name in
            CatalogTable(name: name, strings: tables[name]!.map { string in
                var string = string
                let pattern = policy.doNotTranslatePattern(naming: string.key)
                if let pattern { used.insert(pattern) }
                string.needsTranslation = pattern == nil && TranslationPolicy.hasLetter(string.key)
                return string
            })
        }
        let usedPatterns = Set(used.map { doNotTranslate[$0] })
        catalog.unusedDoNotTranslate = doNotTranslate.filter { !usedPatterns.contains($0) }.map(\.text)
        return catalog
    }

    /// The strings of schema files as one host shows them, by table, in order of first use.
    struct Collected: Sendable {
        let host: SettingsHost
        let tableOfFile: [String: String?]
        /// Each table's strings in order of first use, and each key's place among them; a file's
        /// table is found once, each of its strings hashed once.
        private(set) var tableOrder: [String] = []
        private var tableSlot: [String: Int] = [:]
        private var strings: [[LocalizableString]] = []
        private var indexByKey: [[String: Int]] = []
        var unlocalized: [UnlocalizedFile] = []

        init(host: SettingsHost, tableOfFile: [String: String?]) {
            self.host = host
            self.tableOfFile = tableOfFile
        }

        /// The strings of each table, by name.
        var tables: [String: [LocalizableString]] {
            Dictionary(uniqueKeysWithValues: zip(tableOrder, strings))
        }

        mutating func add(_ file: SchemaFile, diagnostics: inout [Diagnostic]) {
            let host: SettingsHost = file.name.isInApp ? .inAppSettingsKit : self.host
            // A StringsTable that names no table (`../x`): the file's strings go nowhere.
            if file.hasInvalidStringsTable { return }
            let table = tableOfFile[file.path] ?? nil
            var unlocalizedKeys: [String] = []
            var fileSlot: Int?
            for specifier in file.specifiers {
                for (key, occurrence) in occurrences(in: specifier, host: host, file: file.path, diagnostics: &diagnostics) {
                    guard let table else {
                        if !unlocalizedKeys.contains(key) { unlocalizedKeys.append(key) }
                        continue
                    }
                    let place = fileSlot ?? slot(of: table)
                    fileSlot = place
                    if let index = indexByKey[place][key] {
                        strings[place][index].occurrences.append(occurrence)
                    } else {
                        indexByKey[place][key] = strings[place].count
                        strings[place].append(LocalizableString(key: key, occurrences: [occurrence]))
                    }
                }
            }
            if table == nil, !unlocalizedKeys.isEmpty {
                unlocalized.append(UnlocalizedFile(file: file.path, strings: unlocalizedKeys))
            }
        }

        /// The slot of `table`, made when the table is first used.
        private mutating func slot(of table: String) -> Int {
            if let slot = tableSlot[table] { return slot }
            tableSlot[table] = tableOrder.count
            tableOrder.append(table)
            strings.append([])
            indexByKey.append([:])
            return tableOrder.count - 1
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
            case .title, .footerText:
                guard let text = key(value, file: file, diagnostics: &diagnostics) else { continue }
                found.append((text, Occurrence(
                    file: file, position: value.position, keyPath: value.keyPath, specifierType: typeName,
                    field: field, specifierTitle: title)))
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
