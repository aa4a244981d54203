import SettingsL10nCore
import SettingsL10nExtract

/// What the rules look at: the bundle as read, its catalog, and the localizations to check.
public struct CheckContext: Sendable {
    public let bundle: SettingsBundle
    public let catalog: Catalog
    /// The development language's folder, if the bundle has one.
    package let development: Localization?
    /// The localizations whose tables are checked: every `.lproj` but `Base` (unless it holds
    /// the development language's), or those asked for.
    package let localizations: [Localization]
    /// Whether every localization is checked (no `--locale` chose some).
    package let checksWholeBundle: Bool
    /// Whether `--locale` named the development language.
    package let checksDevelopmentLanguage: Bool
    /// What each table of those localizations holds, read once (in parallel) when the context
    /// is made: the table rules and `status` work from these, not from the files.
    package let tableFacts: [TableFacts]
    /// What each table at the bundle's top level that a schema file uses holds (`table-outside-lproj`):
    /// the device reads it in every language, so whether it parses is checked as a folder's is.
    package let topLevelFacts: [TableFacts]
    /// The coverage of each catalog table in each checked localization, missing files included.
    package let coverage: [TableCoverage]
    /// The translations an Xcode String Catalog of the bundle (`sync`) marks `needs_review`:
    /// reported as `needs-review`, like the review marks of the tables.
    public var catalogReviews: [CatalogReview] = []

    /// What shows a schema file: InAppSettingsKit for `.inApp.plist` files, else the catalog's host.
    package func host(of file: SchemaFile) -> SettingsHost {
        file.name.isInApp ? .inAppSettingsKit : catalog.host
    }

    /// Reads the tables of the chosen localizations. `displayRules: false` leaves out what only
    /// the display rules need (each language's option lists): `status` reads coverage alone.
    /// `readsTables: false` reads none, for the rules about the schema files alone.
    public init(bundle: SettingsBundle, catalog: Catalog, locales: [String] = [], displayRules: Bool = true, readsTables: Bool = true) {
        self.bundle = bundle
        self.catalog = catalog
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        self.development = development
        // Base.lproj is checked when it holds the development language's tables (no en.lproj).
        let localizations = !readsTables ? [] : bundle.localizations.filter { $0.name != "Base" || $0.folder == development?.folder }
            .matching(locales: locales.map { $0 == catalog.developmentLanguage ? (development?.name ?? $0) : $0 })
            .sorted { LanguageTag.precedes($0.name, $1.name) }
        self.localizations = localizations
        checksWholeBundle = locales.isEmpty
        checksDevelopmentLanguage = locales.contains(catalog.developmentLanguage)
        let specifiers = bundle.schemaFiles.flatMap { file in file.specifiers.map { (file, $0) } }
        self.specifiers = specifiers

        // Each catalog table's keys, numbered once for every localization, with the keys its
        // option lists show; each table read once, in parallel.
        let schemaLists = displayRules ? Self.schemaOptionLists(specifiers, catalog: catalog) : []
        var tableKeys: [String: TableKeys] = [:]
        for table in catalog.tables {
            var keys = TableKeys(table: table, optionLists: schemaLists.filter { $0.table == table.name }.map(\.list))
            keys.mergeComments = MergeComments(table, otherHostKeys: catalog.otherHostKeys[table.name] ?? [], policy: catalog.translationPolicy) {
                development?.table(named: table.name)?.values() ?? [:]
            }
            tableKeys[table.name] = keys
        }
        let keysOfTables = tableKeys
        let jobs = localizations.flatMap { localization in localization.tables.map { (localization, $0) } }
        // Read table by table, every language's copy of a table in turn, so that the table's
        // keys stay in the processor's cache (language by language, each lookup missed it);
        // the facts are kept in language order.
        let order = jobs.indices.sorted { (jobs[$0].1.name, $0) < (jobs[$1].1.name, $1) }
        let read = parallelMap(order) { job in
            let (localization, file) = jobs[job]
            return TableFacts.read(file, in: localization, keys: keysOfTables[file.name], isDevelopment: localization.folder == development?.folder)
        }
        var place = [Int](repeating: 0, count: jobs.count)
        for (position, job) in order.enumerated() { place[job] = position }
        let tableFacts = place.map { read[$0] }
        self.tableFacts = tableFacts
        let topLevel = Localization(folder: "", tables: [])
        topLevelFacts = !readsTables ? [] : bundle.topLevelTables(using: catalog.tableNames).map { TableFacts.read($0, in: topLevel, keys: nil, isDevelopment: false) }
        var factIndex: [String: Int] = [:]
        for (index, facts) in tableFacts.enumerated() { factIndex[facts.path] = index }
        self.factIndex = factIndex
        let policy = catalog.translationPolicy
        coverage = localizations.flatMap { localization in
            catalog.tables.map { table in
                let path = "\(localization.folder)/\(table.name).strings"
                if let index = factIndex[path], var covered = tableFacts[index].coverage {
                    // Keys the app reads itself are never stale (TranslationPolicy.keep), nor
                    // are those only the other host shows, which merge --prune keeps.
                    if !policy.keep.isEmpty { covered.stale.removeAll { policy.isKept($0.key) } }
                    if let otherHost = catalog.otherHostKeys[table.name] { covered.stale.removeAll { otherHost.contains($0.key) } }
                    return covered
                }
                var missing = TableCoverage.missingFile(table, locale: localization.name, path: path,
                                                        isDevelopmentLanguage: localization.folder == development?.folder)
                // A folder that was not read (its listing failed, or it links out of the
                // bundle) may hold the table: whether it does is unknown, and so is its coverage.
                if localization.listingProblem != nil { missing.file = .unreadable }
                return missing
            }
        }
        optionLists = Self.reportableOptionLists(schemaLists, localizations: localizations, tableFacts: tableFacts, factIndex: factIndex)
    }

    /// The option lists of the schema with two or more titles, in schema order, each with the
    /// catalog table that localizes it (`nil` for a file without one, or a table with no key at
    /// all, whose options show their keys).
    private static func schemaOptionLists(_ specifiers: [(file: SchemaFile, specifier: Specifier)],
                                          catalog: Catalog) -> [(list: SchemaOptionList, table: String?)] {
        let tableNames = catalog.tableNames
        var lists: [(list: SchemaOptionList, table: String?)] = []
        for (file, specifier) in specifiers {
            guard let titleKeys = specifier.titles, titleKeys.count > 1 else { continue }
            let list = SchemaOptionList(order: lists.count, file: file.path, specifier: specifier,
                                        titleKeys: titleKeys, shortTitleKeys: specifier.shortTitles ?? [])
            lists.append((list, catalog.tableOfFile[file.path].flatMap { tableNames.contains($0) ? $0 : nil }))
        }
        return lists
    }

    /// The option lists a display rule reports something about, in schema order, then in the
    /// order of the localizations.
    private static func reportableOptionLists(_ lists: [(list: SchemaOptionList, table: String?)], localizations: [Localization],
                                              tableFacts: [TableFacts], factIndex: [String: Int]) -> [LocalizedOptions] {
        // Each table's facts in each language, found once (not once per list), and read in
        // place (a copy of the facts per list would copy all they hold).
        var factsOfTable: [String: [Int?]] = [:]
        for case let (_, table?) in lists where factsOfTable[table] == nil {
            factsOfTable[table] = localizations.map { factIndex["\($0.folder)/\(table).strings"] }
        }
        var reportable: [LocalizedOptions] = []
        for (list, table) in lists {
            guard let table, let places = factsOfTable[table] else {
                let localized = list.localized(tablePath: nil, locale: nil) { _ in nil }
                if DisplayRules.mayReport(localized) { reportable.append(localized) }
                continue
            }
            for (localization, place) in zip(localizations, places) {
                if let place {
                    if let localized = tableFacts[place].reportableOptionLists[list.order] { reportable.append(localized) }
                } else {
                    // No such table in this language: every option shows its key.
                    let path = "\(localization.folder)/\(table).strings"
                    let localized = list.localized(tablePath: path, locale: localization.name) { _ in nil }
                    if DisplayRules.mayReport(localized) { reportable.append(localized) }
                }
            }
        }
        return reportable
    }

    /// The option lists, per checked localization, that a display rule reports something about.
    let optionLists: [LocalizedOptions]

    private let factIndex: [String: Int]

    /// The facts of a table file (`de.lproj/Root.strings`), if it exists and is checked.
    package func facts(at path: String) -> TableFacts? {
        factIndex[path].map { tableFacts[$0] }
    }

    package func isDevelopment(_ localization: Localization) -> Bool {
        localization.folder == development?.folder
    }

    /// The localizations other than the development language.
    package var translations: [Localization] {
        localizations.filter { !isDevelopment($0) }
    }

    /// The specifiers of every schema file, with their file.
    package let specifiers: [(file: SchemaFile, specifier: Specifier)]
}

/// A translation of an Xcode String Catalog, for a string the schema uses, that waits for review
/// (its state is `needs_review`).
public struct CatalogReview: Hashable, Sendable {
    /// The catalog, as findings name files (relative to the bundle: `../Settings.xcstrings`).
    public var file: String
    /// Where the string is in the catalog.
    public var position: TextPosition?
    public var key: StringsKey
    /// The catalog's language tag (`de`, `zh-Hans`).
    public var language: String

    public init(file: String, position: TextPosition?, key: StringsKey, language: String) {
        self.file = file
        self.position = position
        self.key = key
        self.language = language
    }
}
