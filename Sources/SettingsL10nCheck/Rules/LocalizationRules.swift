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
    /// and the tables of that name in the folders are never read (a `~ipad` or `~iphone` one, on
    /// that device only). A bundle without `.lproj` folders is not localized, and its top-level
    /// tables are its only ones.
    struct TableOutsideLocalizations: CheckRule {
        let id = RuleID.tableOutsideLocalizations
        let defaultSeverity = Severity.error
        let summary = "A table a schema file uses lies at the bundle's top level, outside every .lproj folder: the device looks there first, so every language reads that file and the .lproj folders' tables of that name are never read."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            let bundle = context.bundle
            guard !bundle.localizations.isEmpty else { return [] }
            let used = Set(context.catalog.tables.map(\.name))
            let development = context.development?.folder ?? "\(context.catalog.developmentLanguage).lproj"
            return bundle.unlocalizedTables.compactMap { table in
                let (name, idiom) = Self.tableName(table.name)
                guard used.contains(name) else { return nil }
                // On its device a variant comes before the plain table of each place; the plain
                // one before the folders' variants too.
                let names = idiom.map { [name + $0.fileSuffix, name] } ?? [name] + Idiom.allCases.map { name + $0.fileSuffix }
                let folders = bundle.localizations.filter { folder in names.contains { folder.table(named: $0) != nil } }
                let shadowed = folders.map(\.name)
                let device = idiom.map { $0 == .pad ? "on iPad " : "on iPhone " } ?? ""
                var what: String
                if shadowed.isEmpty {
                    what = "so its strings show as it holds them in every language"
                } else {
                    let listed = shadowed.count <= 5 ? shadowed.joined(separator: ", ") : shadowed.prefix(4).joined(separator: ", ") + " and \(shadowed.count - 4) more"
                    what = "and the \(name) table\(shadowed.count == 1 ? " of the .lproj folder" : "s of \(shadowed.count) .lproj folders") (\(listed)) \(shadowed.count == 1 ? "is" : "are") never read"
                        + (idiom == nil ? "" : " there")
                }
                what += Self.readProblem(table)
                let holdsIt = bundle.localization(named: development)?.table(named: table.name) != nil
                let fix = table.isLink
                    ? "remove the link" + (holdsIt ? "" : " and keep the table in \(development)")
                    : holdsIt ? "delete it, or move what it holds into \(development)/\(table.name).strings" : "move it into \(development)"
                return diagnostic("\(table.path) lies at the bundle's top level, where the device looks for a table before any .lproj folder: \(device)every language reads it, \(what); \(fix)",
                                  file: table.path)
            }
        }

        /// The table a top-level file is, and the device it serves when it is a variant.
        static func tableName(_ name: String) -> (String, Idiom?) {
            for idiom in Idiom.allCases where name.hasSuffix(idiom.fileSuffix) && name.count > idiom.fileSuffix.count {
                return (String(name.dropLast(idiom.fileSuffix.count)), idiom)
            }
            return (name, nil)
        }

        /// What the device makes of a top-level table it cannot read: every language shows the keys.
        private static func readProblem(_ table: StringsTableFile) -> String {
            do {
                _ = try table.deviceScan()
                return ""
            } catch {
                switch error {
                case .malformed(_, let syntax):
                    return ", and it does not parse (\(syntax.position.map { "\($0.line):\($0.column ?? 1): " } ?? "")\(syntax.message)), so every language shows the keys as written"
                case .misencoded:
                    return ", and it is UTF-16 without a byte-order mark, which the device cannot read, so every language shows the keys as written"
                case .unreadable, .linkOutsideBundle:
                    return ", and it cannot be read (above), so every language shows the keys as written"
                case .propertyListForm:
                    return "" // the device reads it
                }
            }
        }
    }
}
