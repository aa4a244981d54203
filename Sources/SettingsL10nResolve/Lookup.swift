import SettingsL10nCore
import SettingsL10nExtract

/// Looking strings up as the device does: for each table, the one file the search list finds,
/// read once; a key the file lacks, or a file that cannot be read, shows the key itself.
struct Lookup {
    private var values: [String: [String: String]] = [:]
    private let pseudo: PseudoLocale?
    private let catalog: Catalog
    /// Each catalog table and the file read for it (`nil` when no place has one).
    private(set) var files: [LocalizedLocale.TableSource] = []
    /// Tables found that cannot be read: their keys show as written.
    private(set) var problems: [Diagnostic] = []

    /// For a pseudo-locale, `search` is the development language's: its text is transformed.
    init(search: SearchList, bundle: SettingsBundle, catalog: Catalog, idiom: Idiom, pseudo: PseudoLocale?) {
        self.pseudo = pseudo
        self.catalog = catalog
        for table in catalog.tables {
            let file = search.tableFile(table.name, idiom: idiom, in: bundle)
            files.append(LocalizedLocale.TableSource(table: table.name, path: file?.path))
            guard let file else { continue }
            do {
                values[table.name] = try file.deviceTable()
            } catch {
                problems.append(error.diagnostic)
            }
        }
    }

    /// The lookups of one page: its table found once, then each key.
    func page(_ file: SchemaFile) -> PageLookup {
        let table = catalog.tableOfFile[file.path]
        return PageLookup(values: table.flatMap { values[$0] }, hasTable: table != nil, pseudo: pseudo)
    }

    /// The strings of the table a page uses.
    struct PageLookup {
        let values: [String: String]?
        let hasTable: Bool
        let pseudo: PseudoLocale?

        /// The text the Settings app shows for `key` on this page.
        func text(_ key: String) -> String {
            guard hasTable else { return key }
            let text = values?[key] ?? key
            return pseudo.map { $0.translate(text) } ?? text
        }
    }

    /// The share of the strings of the shown files that the tables translate (1 for a
    /// pseudo-locale).
    func completeness(over files: Set<String>) -> Double {
        if pseudo != nil { return 1 }
        var total = 0, translated = 0
        let tableNames = Set(files.compactMap { catalog.tableOfFile[$0] })
        for table in catalog.tables where tableNames.contains(table.name) {
            total += table.strings.count
            translated += table.strings.filter { values[table.name]?[$0.key] != nil }.count
        }
        return total == 0 ? 1 : Double(translated) / Double(total)
    }
}
