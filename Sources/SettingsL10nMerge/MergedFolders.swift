import SettingsL10nCore
import SettingsL10nExtract

/// Which folders a merge works on, and which of them is the development language's.
extension Merger {
    /// The folders a merge of `locales` works on, the development language's made where the
    /// bundle lacks it, and the development language's folder.
    static func merged(bundle: SettingsBundle, catalog: Catalog, locales: [String]) -> (localizations: [Localization], development: Localization?) {
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        var localizations = bundle.localizations.filter { $0.name != "Base" || $0.folder == development?.folder }
        if development == nil {
            // The development language must hold every key: its folder is created.
            localizations.append(Localization(folder: "\(catalog.developmentLanguage).lproj", tables: []))
            localizations.sort { $0.folder < $1.folder }
        }
        // `--locale en` names the development table wherever it is kept (Base.lproj).
        localizations = localizations.matching(locales: locales.map {
            $0 == catalog.developmentLanguage ? (development?.name ?? $0) : $0
        })
        return (localizations, development)
    }

    /// Whether `localization` is the development language's folder, which nothing fills from an app.
    static func isDevelopment(_ localization: Localization, development: Localization?, catalog: Catalog) -> Bool {
        development.map { $0.folder == localization.folder } ?? (localization.name == catalog.developmentLanguage)
    }
}
