import SettingsL10nCore

/// Rules about the `.lproj` folders themselves.
enum LocalizationRules {
    static let all: [any CheckRule] = [FolderMisspelled(), LanguageInvalid()]

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
}
