import SettingsL10nCore
import SettingsL10nExtract

/// What the host shows of a bundle before any language is chosen: the pages in the order the
/// rows lead to them (depth first, each page once), the rows each page shows on the idiom, and
/// the keys each row looks up. Every language resolves the same plan.
struct ResolvePlan: Sendable {
    struct Page: Sendable {
        let file: SchemaFile
        /// The row that opens the page first (its page's place in `pages`, its place in the
        /// page's rows); `nil` for the root page.
        let openedBy: (page: Int, row: Int)?
        let rows: [Row]
        /// The keys the rows look up, each once; a `Key` is a place in it.
        let keyTexts: [String]
    }

    /// A key a row looks up: its text's place in the page's `keyTexts`, and its place in the
    /// page's catalog table (-1 when the catalog does not hold it), so that each language finds
    /// its text by place, without hashing the key. Two numbers, not the text: reading them
    /// counts no reference on a string that the threads resolving other locales share.
    struct Key: Sendable {
        let text: Int32
        let rank: Int32
    }

    struct Row: Sendable {
        let written: WrittenSpecifier
        /// The keys of the fields the host shows (`nil` when it shows none, or the field is absent).
        let title: Key?
        let footerText: Key?
        /// The path of the page a child pane opens.
        let childPath: String?
        let options: Options?
    }

    struct Options: Sendable {
        let values: [PlistValue]
        /// Title and short title keys, each empty when the host shows none.
        let titles: [Key?]
        let shortTitles: [Key?]
        /// `DisplaySortedByTitle` on a list the Settings app sorts.
        let isSortedByTitle: Bool
    }

    let pages: [Page]
    /// The paths of the pages.
    let paths: Set<String>
    let keys: CatalogKeyIndex

    init(bundle: SettingsBundle, catalog: Catalog, idiom: Idiom) {
        let host = catalog.host
        let keys = CatalogKeyIndex(catalog)
        self.keys = keys
        var pages: [Page] = []
        var paths: Set<String> = []
        let finder = PageFinder(bundle: bundle, host: host, idiom: idiom)
        /// Adds the page at `path` unless it is there already (or no schema file is there).
        func enter(_ path: String, openedBy: (page: Int, row: Int)?) -> Bool {
            guard !paths.contains(path), let file = finder.schemaFile(at: path) else { return false }
            paths.insert(path)
            let pageHost: SettingsHost = file.name.isInApp ? .inAppSettingsKit : host
            var keyTexts = KeyTexts(ranks: catalog.tableOfFile[file.path].flatMap { keys.positions[$0] } ?? [:])
            let rows = file.specifiers.filter { finder.isShown($0, in: pageHost) }.map {
                Self.row($0, host: pageHost, finder: finder, keys: &keyTexts)
            }
            pages.append(Page(file: file, openedBy: openedBy, rows: rows, keyTexts: keyTexts.texts))
            return true
        }
        // Depth first, each page once, on a stack of its own (each page's place and its next
        // row): a chain of thousands of child panes cannot overflow the thread's.
        var stack: [(page: Int, row: Int)] = []
        if let root = finder.schemaFile(named: bundle.layout.rootPage), enter(root.path, openedBy: nil) { stack.append((0, 0)) }
        while let top = stack.last {
            guard top.row < pages[top.page].rows.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].row += 1
            if let child = pages[top.page].rows[top.row].childPath, enter(child, openedBy: top) {
                stack.append((pages.count - 1, 0))
            }
        }
        self.pages = pages
        self.paths = paths
    }

    private static func row(_ specifier: Specifier, host: SettingsHost, finder: PageFinder, keys: inout KeyTexts) -> Row {
        let fields = specifier.shownFields(in: host)
        func key(_ text: String?) -> Key? { text.map { keys.key($0) } }
        let type = specifier.type
        var childPath: String?
        if type == .childPane, let name = specifier.file, PaneWalk.problem(withFileName: name) == nil {
            childPath = finder.schemaFile(named: name)?.path
        }
        let options = specifier.values.map { values in
            Options(values: values,
                    titles: fields.contains(.titles) ? (specifier.titles ?? []).map(key) : [],
                    shortTitles: fields.contains(.shortTitles) ? (specifier.shortTitles ?? []).map(key) : [],
                    isSortedByTitle: specifier.displaySortedByTitle && (type == .multiValue || type == .radioGroup))
        }
        return Row(written: WrittenSpecifier(specifier),
                   title: fields.contains(.title) ? key(specifier.title) : nil,
                   footerText: fields.contains(.footerText) ? key(specifier.footerText) : nil,
                   childPath: childPath, options: options)
    }
}

/// The keys of one page, numbered as they are first met.
private struct KeyTexts {
    let ranks: [StringsKey: Int]
    var texts: [String] = []
    /// Keys compared as the device compares them: `Café` in NFC and in NFD are two keys.
    var places: [StringsKey: Int32] = [:]

    init(ranks: [StringsKey: Int]) {
        self.ranks = ranks
    }

    mutating func key(_ text: String) -> ResolvePlan.Key {
        let key = StringsKey(text)
        let rank = Int32(ranks[key] ?? -1)
        if let place = places[key] { return ResolvePlan.Key(text: place, rank: rank) }
        let place = Int32(texts.count)
        texts.append(text)
        places[key] = place
        return ResolvePlan.Key(text: place, rank: rank)
    }
}

/// Which schema files and rows a host shows on an idiom.
struct PageFinder {
    let host: SettingsHost
    let idiom: Idiom
    /// The bundle's schema files by path, and by base name in the bundle's order: found once,
    /// not searched for each page (a chain of 10,000 panes made that 10,000 searches of 10,000).
    private let filesByPath: [String: SchemaFile]
    private let filesByBase: [String: [SchemaFile]]

    init(bundle: SettingsBundle, host: SettingsHost, idiom: Idiom) {
        self.host = host
        self.idiom = idiom
        filesByPath = Dictionary(bundle.schemaFiles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        filesByBase = Dictionary(grouping: bundle.schemaFiles) { $0.name.base }
    }

    /// The schema file at `path`, if the bundle has one.
    func schemaFile(at path: String) -> SchemaFile? {
        filesByPath[path]
    }

    /// The schema file the host opens for a base name on this idiom: the device variant
    /// (`Root~ipad.plist`) if there is one, else the plain file. In-app files are not the
    /// Settings app's; InAppSettingsKit reads them first (`Root~ipad.inApp.plist`, `Root.inApp.plist`).
    func schemaFile(named base: String) -> SchemaFile? {
        let candidates = filesByBase[base] ?? []
        let inApp = host == .inAppSettingsKit
        let order: [(inApp: Bool, idiom: Idiom?)] = (inApp ? [(true, idiom), (true, nil)] : []) + [(false, idiom), (false, nil)]
        for (isInApp, wanted) in order {
            if let file = candidates.first(where: { $0.name.isInApp == isInApp && $0.name.idiom == wanted }) { return file }
        }
        return nil
    }

    /// Whether the host shows the specifier on this idiom (`SupportedUserInterfaceIdioms`).
    func isShown(_ specifier: Specifier, in host: SettingsHost) -> Bool {
        guard specifier.isShown(in: host) else { return false }
        guard let idioms = specifier.supportedUserInterfaceIdioms else { return true }
        return idioms.contains(idiom.schemaName)
    }
}
