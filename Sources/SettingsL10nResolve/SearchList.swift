import SettingsL10nCore

/// Where CoreFoundation looks for a bundle's resources for a user's languages, in order.
///
/// From `CFBundle_Locale.c` (`_CFBundleCopyLanguageSearchListInBundle`) and
/// `CFBundle_Resources.c`: the folders `LocalizationMatcher` picks for the preferred languages
/// (else for the bundle's development region, else for `en_US`, else for its first folder),
/// then the development region, or for a bundle without one (a Settings.bundle has no
/// Info.plist) `en`, `English` or `en_US`, whichever the bundle has. A table is looked up at
/// the bundle's top level first, then in the first of those folders, then in `Base.lproj`,
/// then in the others; the first file found is the only one read, a device's own file
/// (`Root~ipad.strings`) before the common one in each place.
public struct SearchList: Hashable, Sendable {
    /// The folders, without `.lproj`, most preferred first (some may not exist: a development
    /// region named in Info.plist is searched whether or not it has a folder).
    public var folders: [String]

    public init(preferred: [String], bundle: SettingsBundle) {
        // Base.lproj is not a localization: it is searched after the chosen folder, never chosen.
        let names = bundle.localizations.map(\.name).filter { $0 != "Base" }
        let developmentRegion = bundle.developmentRegion
        var folders = LocalizationMatcher.localizationsToUse(preferred: preferred, available: names)
        let fallbacks: [String?] = [developmentRegion, "en_US", names.first]
        for fallback in fallbacks where folders.isEmpty {
            if let fallback { folders = LocalizationMatcher.localizationsToUse(preferred: [fallback], available: names) }
        }
        if let developmentRegion {
            if !folders.contains(developmentRegion) { folders.append(developmentRegion) }
        } else if let english = ["en", "English", "en_US"].first(where: names.contains), !folders.contains(english) {
            folders.append(english)
        }
        self.folders = folders
    }

    /// The folder whose strings the user mostly sees, if any.
    public var chosen: String? { folders.first }

    /// The file the device reads for `table` on `idiom`, or `nil` when no place has one.
    public func tableFile(_ table: String, idiom: Idiom, in bundle: SettingsBundle) -> StringsTableFile? {
        tableFiles([table], idiom: idiom, in: bundle)[0]
    }

    /// The folders in the order a table is looked up in them (after the bundle's top level):
    /// the chosen one, `Base` when the bundle has a `Base.lproj`, then the others.
    public func searchOrder(in bundle: SettingsBundle) -> [String] {
        let base = bundle.localization(named: "Base.lproj") != nil ? ["Base"] : []
        return Array(folders.prefix(1)) + base + folders.dropFirst()
    }

    /// `tableFile` for each of `tables`, the places indexed once for all of them.
    public func tableFiles(_ tables: [String], idiom: Idiom, in bundle: SettingsBundle) -> [StringsTableFile?] {
        let places: [[StringsTableFile]] = [bundle.unlocalizedTables] + searchOrder(in: bundle).map { self.tables(in: $0, bundle) }
        // Each place's files by name, found once.
        let indexed = places.map { $0.firstByName() }
        return tables.map { table in
            let forIdiom = table + idiom.fileSuffix
            for byName in indexed {
                if let file = byName[forIdiom] ?? byName[table] { return file }
            }
            return nil
        }
    }

    private func tables(in folder: String, _ bundle: SettingsBundle) -> [StringsTableFile] {
        bundle.localization(named: folder + ".lproj")?.tables ?? []
    }
}

extension SettingsBundle {
    /// The file the device reads for table `name` for a user of `localization`'s language while
    /// that folder has none: the next place of its search list (a regional folder's parent,
    /// `es-MX` → `es`, then `Base.lproj`, then the development region's), if one has it; `nil`
    /// where none has, or where a table at the bundle's top level is read in every language
    /// (a table made in the folder would never be read). A table made there hides it.
    /// `list`: the search list of `localization`'s language, where the caller keeps one for its tables.
    public func fallbackTable(named name: String, for localization: Localization, list: SearchList? = nil) -> StringsTableFile? {
        let list = list ?? SearchList(preferred: [localization.name], bundle: self)
        guard let file = list.tableFile(name, idiom: .phone, in: self), !unlocalizedTables.contains(where: { $0.path == file.path }),
              !localization.tables.contains(where: { $0.path == file.path }) else { return nil }
        return file
    }
}
