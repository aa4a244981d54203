import SettingsL10nCore

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
    /// and the tables of that name in the folders are never read. A bundle without `.lproj`
    /// folders is not localized, and its top-level tables are its only ones.
    struct TableOutsideLocalizations: CheckRule {
        let id = RuleID.tableOutsideLocalizations
        let defaultSeverity = Severity.error
        let summary = "A table a schema file uses lies at the bundle's top level, outside every .lproj folder: the device looks there first, so every language reads that file and the .lproj folders' tables of that name are never read."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            let bundle = context.bundle
            guard !bundle.localizations.isEmpty else { return [] }
            let used = Set(context.catalog.tables.map(\.name))
            let development = context.development?.folder ?? "\(context.catalog.developmentLanguage).lproj"
            return bundle.unlocalizedTables.filter { used.contains($0.name) }.map { table in
                let file = table.name + ".strings"
                let folders = bundle.localizations.filter { $0.table(named: table.name) != nil }
                let shadowed = folders.map(\.name)
                let what: String
                if shadowed.isEmpty {
                    what = "so its strings show as it holds them in every language; move it into \(development)"
                } else {
                    let names = shadowed.count <= 5 ? shadowed.joined(separator: ", ") : shadowed.prefix(4).joined(separator: ", ") + " and \(shadowed.count - 4) more"
                    let fix = folders.contains { $0.folder == development }
                        ? "delete it, or move what it holds into \(development)/\(file)"
                        : "move it into \(development)"
                    what = "and the \(file) of \(shadowed.count == 1 ? "the .lproj folder" : "\(shadowed.count) .lproj folders") (\(names)) \(shadowed.count == 1 ? "is" : "are") never read; \(fix)"
                }
                return diagnostic("\(table.path) lies at the bundle's top level, where the device looks for a table before any .lproj folder: every language reads it, \(what)",
                                  file: table.path)
            }
        }
    }
}
