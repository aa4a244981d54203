/// One rule of `check`: a stable id, a default severity, a one-line explanation, and a function
/// from the bundle to diagnostics. Rules never print; the checker applies the configuration.
public protocol CheckRule: Sendable {
    /// The stable kebab-case id users name in configuration and in `[rule]` suffixes.
    var id: String { get }
    var defaultSeverity: Severity { get }
    /// What the rule finds, in one line (the README lists these).
    var summary: String { get }
    func diagnostics(in context: CheckContext) -> [Diagnostic]
}

extension CheckRule {
    /// A diagnostic of this rule at its default severity.
    func diagnostic(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(defaultSeverity, rule: id, message, at: location)
    }

    func diagnostic(_ message: String, file: String, position: TextPosition? = nil, keyPath: PlistKeyPath? = nil) -> Diagnostic {
        diagnostic(message, at: SourceLocation(file: file, position: position, keyPath: keyPath))
    }
}

/// What the rules look at: the bundle as read, its catalog, and the localizations to check.
public struct CheckContext: Sendable {
    public let bundle: SettingsBundle
    public let catalog: Catalog
    /// The development language's folder, if the bundle has one.
    public let development: Localization?
    /// The localizations whose tables are checked: every `.lproj` but `Base`, or those asked for.
    public let localizations: [Localization]
    /// What each table of those localizations holds, read once (in parallel) when the context
    /// is made: the table rules and `status` work from these, not from the files.
    public let tableFacts: [TableFacts]
    /// The coverage of each catalog table in each checked localization, missing files included.
    public let coverage: [TableCoverage]

    public init(bundle: SettingsBundle, catalog: Catalog, locales: [String] = []) {
        self.bundle = bundle
        self.catalog = catalog
        let development = bundle.localization(forLanguage: catalog.developmentLanguage)
        self.development = development
        var localizations = bundle.localizations.filter { $0.name != "Base" }
        if !locales.isEmpty {
            let wanted = Set(locales.map { LanguageTag.bcp47(folderName: $0)?.lowercased() ?? $0 })
            localizations = localizations.filter { wanted.contains(LanguageTag.bcp47(folderName: $0.name)?.lowercased() ?? $0.name) }
        }
        self.localizations = localizations
        self.specifiers = bundle.schemaFiles.flatMap { file in file.specifiers.map { (file, $0) } }

        // Each catalog table's keys, numbered once for every localization, with the keys
        // option lists show (for the display rules).
        var optionKeys: [String: [String]] = [:]
        for file in bundle.schemaFiles {
            guard let table = catalog.tableOfFile[file.path] else { continue }
            for specifier in file.specifiers where (specifier.titles?.count ?? 0) > 1 {
                for key in (specifier.titles ?? []) + (specifier.shortTitles ?? []) {
                    if let key { optionKeys[table, default: []].append(key) }
                }
            }
        }
        var tableKeys: [String: TableKeys] = [:]
        for table in catalog.tables { tableKeys[table.name] = TableKeys(table: table, optionKeys: optionKeys[table.name] ?? []) }
        let keysOfTables = tableKeys
        let jobs = localizations.flatMap { localization in localization.tables.map { (localization, $0) } }
        tableFacts = parallelMap(jobs) { localization, file in
            TableFacts.read(file, in: localization, keys: keysOfTables[file.name], isDevelopment: localization.folder == development?.folder)
        }
        var coverage: [TableCoverage] = []
        var factIndex: [String: Int] = [:]
        for (index, facts) in tableFacts.enumerated() { factIndex[facts.path] = index }
        for localization in localizations {
            for table in catalog.tables {
                let path = "\(localization.folder)/\(table.name).strings"
                if let index = factIndex[path], let covered = tableFacts[index].coverage {
                    coverage.append(covered)
                } else {
                    coverage.append(TableCoverage(locale: localization.name, table: table.name, path: path,
                                                  isDevelopmentLanguage: localization.folder == development?.folder, file: .missing,
                                                  total: table.strings.count, translated: 0, fuzzy: [], missing: table.strings,
                                                  filled: [], stale: []))
                }
            }
        }
        self.coverage = coverage
        self.factIndex = factIndex
        self.optionLists = Self.optionLists(specifiers: specifiers, catalog: catalog, tableKeys: tableKeys,
                                            localizations: localizations, tableFacts: tableFacts, factIndex: factIndex)
    }

    /// Each option list with more than one option, per checked localization, with its localized
    /// titles: what the display rules look at.
    let optionLists: [LocalizedOptions]

    private static func optionLists(specifiers: [(file: SchemaFile, specifier: Specifier)], catalog: Catalog,
                                    tableKeys: [String: TableKeys], localizations: [Localization],
                                    tableFacts: [TableFacts], factIndex: [String: Int]) -> [LocalizedOptions] {
        var lists: [LocalizedOptions] = []
        var factsOfTable: [String: [TableFacts?]] = [:]
        for (file, specifier) in specifiers {
            guard let titleKeys = specifier.titles, titleKeys.count > 1 else { continue }
            let shortKeys = specifier.shortTitles ?? []
            guard let tableName = catalog.tableOfFile[file.path], let keys = tableKeys[tableName] else {
                lists.append(LocalizedOptions(file: file.path, specifier: specifier, tablePath: nil, locale: nil,
                                              titles: titleKeys, shortTitles: shortKeys, titleKeys: titleKeys, shortTitleKeys: shortKeys,
                                              titleEntries: titleKeys.map { _ in nil }, shortTitleEntries: shortKeys.map { _ in nil }))
                continue
            }
            let tableFactsOfLocalizations = factsOfTable[tableName] ?? localizations.map { localization in
                factIndex["\(localization.folder)/\(tableName).strings"].map { tableFacts[$0] }
            }
            factsOfTable[tableName] = tableFactsOfLocalizations
            let titleSlots = titleKeys.map { $0.flatMap(keys.optionSlot(ofKey:)) }
            let shortSlots = shortKeys.map { $0.flatMap(keys.optionSlot(ofKey:)) }
            for (localization, facts) in zip(localizations, tableFactsOfLocalizations) {
                func entries(_ slots: [Int?]) -> [StringsScan.Entry?] {
                    slots.map { slot in
                        guard let slot, let facts, slot < facts.optionEntries.count else { return nil }
                        return facts.optionEntries[slot]
                    }
                }
                let titleEntries = entries(titleSlots), shortEntries = entries(shortSlots)
                lists.append(LocalizedOptions(file: file.path, specifier: specifier, tablePath: "\(localization.folder)/\(tableName).strings",
                                              locale: localization.name,
                                              titles: zip(titleKeys, titleEntries).map { key, entry in entry?.value ?? key },
                                              shortTitles: zip(shortKeys, shortEntries).map { key, entry in entry?.value ?? key },
                                              titleKeys: titleKeys, shortTitleKeys: shortKeys,
                                              titleEntries: titleEntries, shortTitleEntries: shortEntries))
            }
        }
        return lists
    }

    private let factIndex: [String: Int]

    /// The facts of a table file (`de.lproj/Root.strings`), if it exists and is checked.
    public func facts(at path: String) -> TableFacts? {
        factIndex[path].map { tableFacts[$0] }
    }

    public func isDevelopment(_ localization: Localization) -> Bool {
        localization.folder == development?.folder
    }

    /// The localizations other than the development language.
    public var translations: [Localization] {
        localizations.filter { !isDevelopment($0) }
    }

    /// The specifiers of every schema file, with their file.
    public let specifiers: [(file: SchemaFile, specifier: Specifier)]
}
