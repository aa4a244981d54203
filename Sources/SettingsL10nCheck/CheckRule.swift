import SettingsL10nCore
import SettingsL10nExtract

/// One rule of `check`: a stable id, a default severity, a one-line explanation, and a function
/// from the bundle to diagnostics. Rules never print; the checker applies the configuration.
public protocol CheckRule: Sendable {
    /// The stable id users name in configuration and in `[rule]` suffixes.
    var id: RuleID { get }
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

        // The option lists of the schema, and each catalog table's keys, numbered once for every
        // localization, with the keys option lists show (for the display rules).
        var listsOfTable: [String: [SchemaOptionList]] = [:]
        var schemaLists: [(list: SchemaOptionList, table: String?)] = []
        let tableNames = Set(catalog.tables.map(\.name))
        for (file, specifier) in specifiers {
            guard let titleKeys = specifier.titles, titleKeys.count > 1 else { continue }
            let list = SchemaOptionList(order: schemaLists.count, file: file.path, specifier: specifier,
                                        titleKeys: titleKeys, shortTitleKeys: specifier.shortTitles ?? [])
            // A table with no key at all (every title empty) is not in the catalog: its options
            // show their keys, as in a file without a table.
            let table = catalog.tableOfFile[file.path].flatMap { tableNames.contains($0) ? $0 : nil }
            schemaLists.append((list, table))
            if let table { listsOfTable[table, default: []].append(list) }
        }
        var tableKeys: [String: TableKeys] = [:]
        for table in catalog.tables { tableKeys[table.name] = TableKeys(table: table, optionLists: listsOfTable[table.name] ?? []) }
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
        // The option lists a display rule reports something about, in schema order, then in
        // the order of the localizations.
        var optionLists: [LocalizedOptions] = []
        for (list, table) in schemaLists {
            guard let table else {
                let localized = list.localized(tablePath: nil, locale: nil) { _ in nil }
                if DisplayRules.mayReport(localized) { optionLists.append(localized) }
                continue
            }
            for localization in localizations {
                let path = "\(localization.folder)/\(table).strings"
                if let index = factIndex[path] {
                    if let localized = tableFacts[index].reportableOptionLists[list.order] { optionLists.append(localized) }
                } else {
                    // No such table in this language: every option shows its key.
                    let localized = list.localized(tablePath: path, locale: localization.name) { _ in nil }
                    if DisplayRules.mayReport(localized) { optionLists.append(localized) }
                }
            }
        }
        self.optionLists = optionLists
    }

    /// The option lists, per checked localization, that a display rule reports something about.
    let optionLists: [LocalizedOptions]

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
