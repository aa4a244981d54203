import SettingsL10nCore
import SettingsL10nExtract

/// Each catalog table's keys numbered in catalog order, once for every language: a table read
/// for a language fills one slot per key instead of hashing into a dictionary of its own.
struct CatalogKeyIndex: Sendable {
    /// Table name → key → its place in the catalog table.
    let positions: [String: [StringsKey: Int]]
    /// `positions`, for lookups from many threads at once.
    let indexes: [String: KeyIndex]

    init(_ catalog: Catalog) {
        var positions: [String: [StringsKey: Int]] = [:]
        for table in catalog.tables {
            var keys: [StringsKey: Int] = [:]
            keys.reserveCapacity(table.strings.count)
            // A catalog table holds each key once.
            for (index, string) in table.strings.enumerated() { keys[string.key] = index }
            positions[table.name] = keys
        }
        self.positions = positions
        self.indexes = positions.mapValues { KeyIndex($0) }
    }
}

/// Looking strings up as the device does: for each table, the one file the search list finds,
/// read once; a key the file lacks, or a file that cannot be read, shows the key itself.
struct Lookup {
    /// What one table file gives: the value of each catalog key, by catalog place, and the
    /// values of other keys (the last entry of a key wins, as on the device).
    struct TableValues {
        var catalogValues: [String?]
        var otherValues: [StringsKey: String] = [:]
    }

    private var tables: [String: TableValues] = [:]
    private let pseudo: PseudoLocale?
    private let catalog: Catalog
    private let keys: CatalogKeyIndex
    /// Each catalog table and the file read for it (`nil` when no place has one).
    private(set) var files: [LocalizedLocale.TableSource] = []
    /// Tables found that cannot be read: their keys show as written.
    private(set) var problems: [Diagnostic] = []

    /// For a pseudo-locale, `search` is the development language's: its text is transformed.
    init(search: SearchList, bundle: SettingsBundle, catalog: Catalog, keys: CatalogKeyIndex, idiom: Idiom, pseudo: PseudoLocale?) {
        self.pseudo = pseudo
        self.catalog = catalog
        self.keys = keys
        let found = search.tableFiles(catalog.tables.map(\.name), idiom: idiom, in: bundle)
        for (table, file) in zip(catalog.tables, found) {
            files.append(LocalizedLocale.TableSource(table: table.name, path: file?.path))
            guard let file else { continue }
            do {
                tables[table.name] = Self.values(of: try file.deviceScan(), count: table.strings.count,
                                                 positions: keys.indexes[table.name] ?? KeyIndex([:]))
            } catch {
                problems.append(error.diagnostic)
            }
        }
        // A folder of the search list that was not read (its listing failed, or it links out of
        // the bundle) may hold tables the device would read first: said, as the bundle says it.
        for name in search.searchOrder(in: bundle) {
            guard let folder = bundle.localization(named: name + ".lproj"), folder.listingProblem != nil else { continue }
            problems += bundle.diagnostics.filter { $0.location.file == folder.folder }
        }
    }

    private static func values(of scan: StringsScan, count: Int, positions: KeyIndex) -> TableValues {
        var values = TableValues(catalogValues: [String?](repeating: nil, count: count))
        // Every thread shares the positions: looked up in place (see KeyIndex).
        // Keys are looked up by their bytes: only values become strings.
        positions.withLookup { positions in
            scan.withBytes { bytes in
                // Tables are mostly written in catalog order: each key is tried first as the
                // one after the previous.
                var expected = 0
                for index in scan.indices {
                    guard let value = bytes.value(index) else { continue }
                    let key = bytes.key(index)
                    if let position = positions.value(ofUTF8: key, expecting: expected) {
                        expected = position + 1
                        values.catalogValues[position] = String(decoding: value, as: UTF8.self)
                    } else {
                        values.otherValues[StringsKey(utf8: key)] = String(decoding: value, as: UTF8.self)
                    }
                }
            }
        }
        return values
    }

    /// The lookups of one page: its table found once, then each key.
    func page(_ page: ResolvePlan.Page) -> PageLookup {
        let table = catalog.tableOfFile[page.file.path]
        return PageLookup(values: table.flatMap { tables[$0] }, keyTexts: page.keyTexts, hasTable: table != nil, pseudo: pseudo)
    }

    /// The strings of the table a page uses.
    struct PageLookup {
        let values: TableValues?
        let keyTexts: [String]
        let hasTable: Bool
        let pseudo: PseudoLocale?

        /// The text the Settings app shows for a planned key: found by its catalog place; the
        /// key itself where the table lacks it.
        func text(_ key: ResolvePlan.Key) -> String {
            // A page without a table shows its keys as written, pseudo-locales included.
            guard hasTable else { return keyTexts[Int(key.text)] }
            // `values` read in place (binding it would copy it, and count references on its storage).
            let found = key.rank >= 0 ? values?.catalogValues[Int(key.rank)] : values?.otherValues[StringsKey(keyTexts[Int(key.text)])]
            let text = found ?? keyTexts[Int(key.text)]
            return pseudo.map { $0.translate(text) } ?? text
        }
    }
}
