import SettingsL10nCore
import SettingsL10nExtract

/// Rules about the `.lproj` folders themselves.
enum LocalizationRules {
    static let all: [any CheckRule] = [FolderMisspelled(), LanguageInvalid(), TableOutsideLocalizations()]

    struct FolderMisspelled: CheckRule {
        let id = RuleID.lprojMisspelled
        let defaultSeverity = Severity.warning
        let summary = "A folder looks like a localization but is not one (zh-Hans.lpoj, es.lprj, de.LPROJ, da-lproj, nb_lproj): the device ignores it."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.bundle.otherEntries.compactMap { entry in
                guard entry.kind == .folder, let stem = Self.misspelledStem(entry.name) else { return nil }
                return diagnostic("\(entry.name) is not a localization folder, so the device ignores it; did you mean \(stem).lproj?",
                                  file: entry.name)
            }
        }

        /// The language part of a folder name that misspells `<lang>.lproj` (`es` of `es.lprj`,
        /// `da` of `da-lproj`), or `nil`. After a dot, any suffix close to `lproj` counts; after
        /// `-`, `_` or a space (which also join language subtags), only behind a language
        /// identifier.
        static func misspelledStem(_ name: String) -> String? {
            guard let separator = name.lastIndex(where: { ".-_ ".contains($0) }) else { return nil }
            let stem = String(name[..<separator]), suffix = String(name[name.index(after: separator)...])
            guard !stem.isEmpty, !(name[separator] == "." && suffix == "lproj"),
                  EditDistance.distance(Array(suffix.lowercased().unicodeScalars), Array("lproj".unicodeScalars)) <= 2 else { return nil }
            if name[separator] != ".", !LanguageTag.isValidFolderName(stem) { return nil }
            return stem
        }
    }

    struct LanguageInvalid: CheckRule {
        let id = RuleID.languageInvalid
        let defaultSeverity = Severity.warning
        let summary = "An .lproj folder's name is not a language identifier (en, pt-BR, zh-Hans, es_AR), so no device language picks it."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.bundle.localizations.filter { !LanguageTag.isValidFolderName($0.name) }.map { localization in
                diagnostic("\(localization.folder) is not named after a language identifier (such as en, pt-BR or zh-Hans), so no device language picks it",
                           file: localization.folder)
            }
        }
    }

    /// A table a schema file names, at the bundle's top level: the device looks there before any
    /// `.lproj` folder (facts.md, CFBundle's search list), so every language reads that one file
    /// and the tables of that name in the folders are never read (a `~ipad` or `~iphone` one, on
    /// that device only). A bundle without `.lproj` folders is not localized, and its top-level
    /// tables are its only ones. Whether the file parses is the table rules' (`strings-syntax`).
    struct TableOutsideLocalizations: CheckRule {
        let id = RuleID.tableOutsideLocalizations
        let defaultSeverity = Severity.error
        let summary = "A table a schema file uses lies at the bundle's top level, outside every .lproj folder: the device looks there first, so every language reads that file and the .lproj folders' tables of that name are never read."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            findings(context.bundle, catalog: context.catalog)
        }

        /// The findings of `bundle`, read from its listing alone (no table is read): merge,
        /// import, sync and the exports note them too.
        func findings(_ bundle: SettingsBundle, catalog: Catalog) -> [Diagnostic] {
            Self.shadowing(bundle, catalog: catalog).map { finding($0, bundle: bundle, catalog: catalog) }
        }

        /// The finding of one top-level table `shadowing` found.
        func finding(_ found: Shadowing, bundle: SettingsBundle, catalog: Catalog) -> Diagnostic {
            let development = bundle.developmentLocalization(catalog.developmentLanguage)?.folder ?? "\(catalog.developmentLanguage).lproj"
            let table = found.table, name = found.name, shadowed = found.folders.map(\.name)
            let device = found.idiom.map { $0 == .pad ? "on iPad " : "on iPhone " } ?? ""
            let what: String
            if shadowed.isEmpty {
                what = "so its strings show as it holds them in every language"
            } else {
                let listed = shadowed.count <= 5 ? shadowed.joined(separator: ", ") : shadowed.prefix(4).joined(separator: ", ") + " and \(shadowed.count - 4) more"
                what = "and the \(name) table\(shadowed.count == 1 ? " of the .lproj folder" : "s of \(shadowed.count) .lproj folders") (\(listed)) \(shadowed.count == 1 ? "is" : "are") never read"
                    + (found.idiom == nil ? "" : " there")
            }
            let holdsIt = found.folders.contains { $0.folder == development && $0.table(named: table.name) != nil }
            let fix = table.isLink
                ? "remove the link" + (holdsIt ? "" : " and keep the table in \(development)")
                : holdsIt ? "move what it holds into \(development)/\(table.name).strings, then delete it" : "move it into \(development)"
            return diagnostic("\(table.path) lies at the bundle's top level, where the device looks for a table before any .lproj folder: \(device)every language reads it, \(what); \(fix)",
                              file: table.path)
        }

        /// A top-level table a schema file uses, the table it is, the device it serves when it is
        /// a variant, and the folders whose tables of that name it hides.
        typealias Shadowing = (table: StringsTableFile, name: String, idiom: Idiom?, folders: [Localization])

        /// Each top-level table a schema file uses, in a bundle with `.lproj` folders. Each
        /// folder's tables are indexed once: linear in the folders' tables.
        static func shadowing(_ bundle: SettingsBundle, catalog: Catalog) -> [Shadowing] {
            guard !bundle.localizations.isEmpty, !bundle.unlocalizedTables.isEmpty else { return [] }
            let byName = bundle.localizations.map { Set($0.tables.map(\.name)) }
            return bundle.topLevelTables(using: catalog.tableNames).map { table in
                let (name, idiom) = SettingsBundle.tableOfTopLevelFile(table.name)
                // On its device a variant comes before the plain table of each place; the plain
                // one before the folders' variants too.
                let names = idiom.map { [name + $0.fileSuffix, name] } ?? [name] + Idiom.allCases.map { name + $0.fileSuffix }
                let folders = bundle.localizations.indices.filter { index in names.contains { byName[index].contains($0) } }.map { bundle.localizations[$0] }
                return (table, name, idiom, folders)
            }
        }
    }
}
