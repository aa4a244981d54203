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
    /// The pages and rows the host shows, the same in every language: found once.
    let plan: ResolvePlan

    /// What shows the bundle: the catalog's host (InAppSettingsKit reads `.inApp.plist`
    /// versions first and shows its own rows).
    public var host: SettingsHost { catalog.host }

    public init(bundle: SettingsBundle, catalog: Catalog, idiom: Idiom = .phone) {
        self.bundle = bundle
        self.catalog = catalog
        self.idiom = idiom
        self.plan = ResolvePlan(bundle: bundle, catalog: catalog, idiom: idiom)
    }

    /// The locales `--locale all` means: every `.lproj` of the bundle but `Base`, and the
    /// development language when `Base.lproj` holds its tables (it has no folder of its own).
    public var allLocales: [String] {
        var names = bundle.localizations.filter { $0.name != "Base" }.map(\.name)
        let development = catalog.developmentLanguage
        if bundle.developmentLocalization(development)?.name == "Base" { names.append(development) }
        // In status's and check's order (en, en-GB, es), not the folders' (en-GB.lproj < en.lproj).
        return names.sorted(by: LanguageTag.precedes)
    }

    /// The `--locale`s asked for that match no `.lproj` folder by the device's rules (its
    /// parent chain included: `en-GB` takes `en`), so that only the development language's
    /// fallback would show; `all`, the pseudo-locales and the development language always match.
    public func unmatchedLocales(_ locales: [String]) -> [String] {
        let names = bundle.localizations.map(\.name).filter { $0 != "Base" }
        return locales.filter { locale in
            locale != "all" && PseudoLocale(rawValue: locale) == nil && locale != catalog.developmentLanguage
                && bundle.localization(forLanguage: locale) == nil
                && LocalizationMatcher.localizationsToUse(preferred: [locale], available: names).isEmpty
        }
    }

    /// What render says of a `--locale` no folder matches (`unmatchedLocales`): not a refusal,
    /// since a user may have any language, but a note naming the folder that user sees, so that
    /// a mistyped language is noticed.
    public func fallbackNote(for locale: String) -> String {
        let names = bundle.localizations.map(\.name).filter { $0 != "Base" }.sorted { LanguageTag.precedes($0, $1) }
        let shown = SearchList(preferred: [locale], bundle: bundle).chosen.map { "\($0).lproj" } ?? "the keys as written"
        return "no .lproj folder matches \(locale) (the bundle has \(names.isEmpty ? "none" : names.joined(separator: ", "))): "
            + "a user whose language is \(locale) sees \(shown), and that is what is rendered"
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
        let lookup = Lookup(search: search, bundle: bundle, catalog: catalog, keys: plan.keys, idiom: idiom, pseudo: pseudo)
        let language = pseudo == nil ? (request.languages.first ?? "und") : "en"
        let collator = (try? Collator(locale: LanguageTag.bcp47(folderName: language) ?? language)) ?? (try? Collator(locale: "und"))
        var pages: [LocalizedPage] = []
        pages.reserveCapacity(plan.pages.count)
        // The plan is read in place: every thread resolving a locale shares it, and a copy of
        // each page and row would retain (contended, atomic) what they share.
        plan.pages.withUnsafeBufferPointer { planPages in
            for page in planPages.indices {
                let pageLookup = lookup.page(planPages[page])
                // A child page is titled by the row that opens it, resolved on an earlier page.
                let title = planPages[page].openedBy.flatMap { pages[$0.page].specifiers[$0.row].title }
                let specifiers = planPages[page].rows.withUnsafeBufferPointer { rows in
                    var specifiers: [LocalizedSpecifier] = []
                    specifiers.reserveCapacity(rows.count)
                    for index in rows.indices { specifiers.append(row(rows, index, lookup: pageLookup, collator: collator)) }
                    return specifiers
                }
                pages.append(LocalizedPage(file: planPages[page].file.path, title: title, specifiers: specifiers))
            }
        }
        // A pseudo-locale transforms the development language's text: its folder is the one read.
        let chosen = search.chosen.flatMap { bundle.localization(named: $0 + ".lproj")?.name }
        return LocalizedLocale(locale: request.name, languages: request.languages, localization: chosen,
                               searchList: search.searchOrder(in: bundle),
                               collation: pseudo == nil ? (collator?.actualLocale ?? "root") : "root",
                               isRightToLeft: pseudo == .rightToLeft || (pseudo == nil && LocalizationMatcher.isRightToLeft(chosen ?? language)),
                               pages: pages,
                               tables: lookup.files, problems: lookup.problems)
    }

    /// Row `index` of a page as shown: the fields the host shows, looked up, and its options;
    /// the plan's row read in place (a copy would count references on what every thread shares).
    private func row(_ rows: UnsafeBufferPointer<ResolvePlan.Row>, _ index: Int, lookup: Lookup.PageLookup, collator: Collator?) -> LocalizedSpecifier {
        var options: [LocalizedOption]?
        if rows[index].options != nil { options = self.options(rows, index, lookup: lookup, collator: collator) }
        return LocalizedSpecifier(written: rows[index].written, title: rows[index].title.map(lookup.text),
                                  footerText: rows[index].footerText.map(lookup.text), file: rows[index].childPath, options: options)
    }

    /// The options of row `index`, which has some. Read in place through `rows[index].options!`
    /// rather than bound to a name: a binding is a copy.
    private func options(_ rows: UnsafeBufferPointer<ResolvePlan.Row>, _ index: Int, lookup: Lookup.PageLookup, collator: Collator?) -> [LocalizedOption] {
        let count = rows[index].options!.values.count
        let titleCount = rows[index].options!.titles.count, shortTitleCount = rows[index].options!.shortTitles.count
        var options: [LocalizedOption] = []
        options.reserveCapacity(count)
        for option in 0..<count {
            let title = option < titleCount ? rows[index].options!.titles[option].map(lookup.text) : nil
            let short = option < shortTitleCount ? rows[index].options!.shortTitles[option].map(lookup.text) : nil
            let value = rows[index].options!.values[option]
            options.append(LocalizedOption(value: value, title: title ?? Self.describe(value), shortTitle: short, index: option, isLocalized: title != nil))
        }
        if rows[index].options!.isSortedByTitle, let collator {
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
