import SettingsL10nCore
import SettingsL10nExtract
import SettingsL10nICU

/// What to render: a user's preferred languages, most preferred first, as iOS's Language &
/// Region list holds them (`it`, then `fr`), or a pseudo-locale.
public struct LocaleRequest: Hashable, Sendable {
    /// The name the output gives it (`sv`, `it,fr`, `pseudo-long`).
    public var name: String
    public var languages: [String]

    public init(name: String, languages: [String]) {
        self.name = name
        self.languages = languages
    }

    /// One language (or pseudo-locale): `--locale sv`.
    public init(_ language: String) {
        self.init(name: language, languages: [language])
    }
}

/// The Settings app's behaviour as a function: picks the `.lproj` folders for the user's
/// languages as CoreFoundation does (`SearchList`), looks each table up along them (a key
/// the table lacks shows as written), keeps the rows and fields the host shows on the device,
/// follows child panes once each, and orders `DisplaySortedByTitle` lists as `localizedCompare:`
/// does in the user's language (`Values`, `Titles` and `ShortTitles` move together).
public struct Resolver: Sendable {
    public let bundle: SettingsBundle
    public let catalog: Catalog
    public let idiom: Idiom

    /// What shows the bundle: the catalog's host (InAppSettingsKit reads `.inApp.plist`
    /// versions first and shows its own rows).
    public var host: SettingsHost { catalog.host }

    public init(bundle: SettingsBundle, catalog: Catalog, idiom: Idiom = .phone) {
        self.bundle = bundle
        self.catalog = catalog
        self.idiom = idiom
    }

    /// The locales `--locale all` means: every `.lproj` of the bundle but `Base`.
    public var allLocales: [String] {
        bundle.localizations.filter { $0.name != "Base" }.map(\.name)
    }

    /// Resolves one language (a tag, a folder name, or a pseudo-locale).
    public func resolve(_ locale: String) -> LocalizedLocale {
        resolve(LocaleRequest(locale))
    }

    /// Resolves what a user with these preferred languages sees. A table that cannot be read
    /// shows its keys, as on the device, and is reported in `problems`.
    public func resolve(_ request: LocaleRequest) -> LocalizedLocale {
        let pseudo = request.languages.count == 1 ? PseudoLocale(rawValue: request.languages[0]) : nil
        let search = SearchList(preferred: pseudo == nil ? request.languages : [catalog.developmentLanguage], bundle: bundle)
        let lookup = Lookup(search: search, bundle: bundle, catalog: catalog, idiom: idiom, pseudo: pseudo)
        let language = pseudo == nil ? (request.languages.first ?? "und") : "en"
        let collator = (try? Collator(locale: LanguageTag.bcp47(folderName: language) ?? language)) ?? (try? Collator(locale: "und"))
        var pages: [LocalizedPage] = []
        var visited: Set<String> = []
        // Depth first, in the order the rows lead to the pages, each page once.
        func visit(_ path: String, title: String?) {
            guard !visited.contains(path), let file = bundle.schemaFile(at: path) else { return }
            visited.insert(path)
            var children: [(String, String?)] = []
            let host: SettingsHost = file.name.isInApp ? .inAppSettingsKit : self.host
            let page = lookup.page(file)
            let specifiers = file.specifiers.filter { isShown($0, in: host) }.map { specifier in
                let row = row(specifier, in: file, host: host, lookup: page, collator: collator)
                if let child = row.file { children.append((child, row.title)) }
                return row
            }
            pages.append(LocalizedPage(file: path, title: title, specifiers: specifiers))
            for (child, childTitle) in children { visit(child, title: childTitle) }
        }
        if let root = schemaFile(named: "Root") { visit(root.path, title: nil) }
        // A pseudo-locale transforms the development language's text: its folder is the one read.
        let chosen = search.chosen.flatMap { bundle.localization(named: $0 + ".lproj")?.name }
        return LocalizedLocale(locale: request.name, languages: request.languages, localization: chosen,
                               searchList: search.folders,
                               collation: pseudo == nil ? (collator?.actualLocale ?? "root") : "root",
                               isRightToLeft: pseudo == .rightToLeft || (pseudo == nil && LocalizationMatcher.isRightToLeft(chosen ?? language)),
                               pages: pages, completeness: lookup.completeness(over: visited),
                               tables: lookup.files, problems: lookup.problems)
    }

    /// One row as shown: the fields the host shows, looked up, and its options.
    private func row(_ specifier: Specifier, in file: SchemaFile, host: SettingsHost, lookup: Lookup.PageLookup, collator: Collator?) -> LocalizedSpecifier {
        let fields = specifier.shownFields(in: host)
        var row = LocalizedSpecifier(specifier: specifier, title: nil, footerText: nil, file: nil, options: nil)
        if fields.contains(.title) { row.title = specifier.title.map(lookup.text) }
        if fields.contains(.footerText) { row.footerText = specifier.footerText.map(lookup.text) }
        if specifier.type == .childPane, let name = specifier.file, PaneWalk.problem(withFileName: name) == nil,
           let child = schemaFile(named: name) {
            row.file = child.path
        }
        row.options = options(of: specifier, file: file, fields: fields, lookup: lookup, collator: collator)
        return row
    }

    /// The schema file the host opens for a base name on this idiom: the device variant
    /// (`Root~ipad.plist`) if there is one, else the plain file. In-app files are not the
    /// Settings app's; InAppSettingsKit reads them first (`Root~ipad.inApp.plist`, `Root.inApp.plist`).
    func schemaFile(named base: String) -> SchemaFile? {
        let candidates = bundle.schemaFiles.filter { $0.name.base == base }
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

    private func options(of specifier: Specifier, file: SchemaFile, fields: [LocalizableField], lookup: Lookup.PageLookup,
                         collator: Collator?) -> [LocalizedOption]? {
        guard let values = specifier.values else { return nil }
        let titles = fields.contains(.titles) ? specifier.titles ?? [] : []
        let shortTitles = fields.contains(.shortTitles) ? specifier.shortTitles : nil
        var options: [LocalizedOption] = []
        for (index, value) in values.enumerated() {
            let title = index < titles.count ? titles[index].map(lookup.text) : nil
            var short: String?
            if let shortTitles, index < shortTitles.count, let key = shortTitles[index] { short = lookup.text(key) }
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
}
