import SettingsL10nCore
import SettingsL10nExtract
import SettingsL10nCollation

/// A table the resolver needs but cannot read: rendering stops with its file and line.
public struct ResolveError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var position: TextPosition?
    public var message: String

    public var description: String {
        let place = position.map { ":\($0.line)" + ($0.column.map { ":\($0)" } ?? "") } ?? ""
        return "\(file)\(place): \(message)"
    }
}

/// The Settings app's behaviour as a function: picks the `.lproj` for a locale, looks every
/// string up in one table (a missing key shows as written), keeps what the device idiom shows,
/// follows child panes once each, and orders `DisplaySortedByTitle` lists by the locale's
/// collation (ties keep their order; `Values`, `Titles` and `ShortTitles` move together).
public struct Resolver: Sendable {
    public let bundle: SettingsBundle
    public let catalog: Catalog
    public let idiom: Idiom
    /// Read the bundle as InAppSettingsKit does inside the app: `.inApp.plist` versions first.
    public let inApp: Bool

    public init(bundle: SettingsBundle, catalog: Catalog, idiom: Idiom = .phone, inApp: Bool = false) {
        self.bundle = bundle
        self.catalog = catalog
        self.idiom = idiom
        self.inApp = inApp
    }

    /// The locales `--locale all` means: every `.lproj` of the bundle but `Base`.
    public var allLocales: [String] {
        bundle.localizations.filter { $0.name != "Base" }.map(\.name)
    }

    /// Resolves one locale (a language tag, a folder name, or a pseudo-locale).
    /// - Throws: `ResolveError` when a table it needs does not parse.
    public func resolve(_ locale: String) throws(ResolveError) -> LocalizedLocale {
        let pseudo = PseudoLocale(rawValue: locale)
        let development = bundle.localization(forLanguage: catalog.developmentLanguage)
        let localization = pseudo == nil
            ? LocaleMatcher.localization(for: locale, in: bundle, developmentLanguage: catalog.developmentLanguage)
            : development
        let lookup = try Lookup(localization: localization, development: development, pseudo: pseudo, catalog: catalog)
        let collationTag = pseudo == nil ? (LanguageTag.bcp47(folderName: locale) ?? locale) : "en"
        let collator = (try? Collator(locale: collationTag)) ?? (try? Collator(locale: "und"))
        var pages: [LocalizedPage] = []
        var visited: Set<String> = []
        // Depth first, in the order the rows lead to the pages, each page once.
        func visit(_ path: String, title: String?) {
            guard !visited.contains(path), let file = bundle.schemaFile(at: path) else { return }
            visited.insert(path)
            var specifiers: [LocalizedSpecifier] = []
            var children: [(String, String?)] = []
            for specifier in file.specifiers where isShown(specifier) {
                var row = LocalizedSpecifier(specifier: specifier, title: nil, footerText: nil, file: nil, options: nil)
                row.title = specifier.title.map { lookup.text($0, in: file) }
                row.footerText = specifier.footerText.map { lookup.text($0, in: file) }
                if specifier.type == .childPane, let name = specifier.file, PaneWalk.problem(withFileName: name) == nil,
                   let child = schemaFile(named: name) {
                    row.file = child.path
                    children.append((child.path, row.title))
                }
                row.options = options(of: specifier, file: file, lookup: lookup, collator: collator)
                specifiers.append(row)
            }
            pages.append(LocalizedPage(file: path, title: title, specifiers: specifiers))
            for (child, childTitle) in children { visit(child, title: childTitle) }
        }
        if let root = schemaFile(named: "Root") { visit(root.path, title: nil) }
        return LocalizedLocale(locale: locale, localization: localization?.name,
                               collation: pseudo == nil ? (collator?.actualLocale ?? "root") : "root",
                               isRightToLeft: pseudo == .rightToLeft || (pseudo == nil && LocaleMatcher.isRightToLeft(localization?.name ?? locale)),
                               pages: pages, completeness: lookup.completeness(over: visited))
    }

    /// The schema file the Settings app opens for a base name on this idiom: the device
    /// variant (`Root~ipad.plist`) if there is one, else the plain file. In-app files are not
    /// the Settings app's; in-app, they come first (`Root~ipad.inApp.plist`, `Root.inApp.plist`).
    func schemaFile(named base: String) -> SchemaFile? {
        let candidates = bundle.schemaFiles.filter { $0.name.base == base }
        let order: [(inApp: Bool, idiom: Idiom?)] = (inApp ? [(true, idiom), (true, nil)] : []) + [(false, idiom), (false, nil)]
        for (isInApp, wanted) in order {
            if let file = candidates.first(where: { $0.name.isInApp == isInApp && $0.name.idiom == wanted }) { return file }
        }
        return nil
    }

    /// Whether the specifier shows on this idiom (`SupportedUserInterfaceIdioms`).
    func isShown(_ specifier: Specifier) -> Bool {
        guard let idioms = specifier.supportedUserInterfaceIdioms else { return true }
        return idioms.contains(idiom.schemaName)
    }

    private func options(of specifier: Specifier, file: SchemaFile, lookup: Lookup, collator: Collator?) -> [LocalizedOption]? {
        guard let values = specifier.values else { return nil }
        let titles = specifier.titles ?? []
        let shortTitles = specifier.shortTitles
        var options: [LocalizedOption] = []
        for (index, value) in values.enumerated() {
            let title = index < titles.count ? titles[index].map { lookup.text($0, in: file) } : nil
            var short: String?
            if let shortTitles, index < shortTitles.count, let key = shortTitles[index] { short = lookup.text(key, in: file) }
            options.append(LocalizedOption(value: value, title: title ?? Self.describe(value), shortTitle: short))
        }
        if specifier.displaySortedByTitle, [.multiValue, .radioGroup].contains(specifier.type), let collator {
            options = collator.sortedIndices(options.map(\.title)).map { options[$0] }
        }
        return options
    }

    /// What the Settings app shows for an option without a title: its value.
    package static func describe(_ value: PlistValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .boolean(let flag): flag ? "YES" : "NO"
        default: ""
        }
    }

    /// Looking strings up: one table per schema file in the chosen localization.
    struct Lookup {
        var tables: [String: [String: String]] = [:]
        var pseudo: PseudoLocale?
        var sourceText: [String: [String: String]] = [:]
        let catalog: Catalog

        init(localization: Localization?, development: Localization?, pseudo: PseudoLocale?, catalog: Catalog) throws(ResolveError) {
            self.pseudo = pseudo
            self.catalog = catalog
            for table in catalog.tables {
                if let file = (pseudo == nil ? localization : development)?.table(named: table.name) {
                    do {
                        let values = try file.scan().table
                        if pseudo == nil { tables[table.name] = values } else { sourceText[table.name] = values }
                    } catch {
                        switch error {
                        case .malformed(let path, let syntax):
                            throw ResolveError(file: path, position: syntax.position,
                                               message: "the table does not parse: \(syntax.message); fix it to render this locale (the device would show every key of it as written)")
                        case .unreadable(let path, _), .linkOutsideBundle(let path):
                            throw ResolveError(file: path, position: nil, message: "the table cannot be read: \(error.message)")
                        }
                    }
                }
            }
        }

        /// The text the Settings app shows for `key` on a page of `file`.
        func text(_ key: String, in file: SchemaFile) -> String {
            guard let table = catalog.tableOfFile[file.path] else { return key }
            if let pseudo { return pseudo.translate(sourceText[table]?[key] ?? key) }
            return tables[table]?[key] ?? key
        }

        /// The share of the strings of the shown files that the table translates.
        func completeness(over files: Set<String>) -> Double {
            if pseudo != nil { return 1 }
            var total = 0, translated = 0
            let tableNames = Set(files.compactMap { catalog.tableOfFile[$0] })
            for table in catalog.tables where tableNames.contains(table.name) {
                total += table.strings.count
                translated += table.strings.filter { tables[table.name]?[$0.key] != nil }.count
            }
            return total == 0 ? 1 : Double(translated) / Double(total)
        }
    }
}
