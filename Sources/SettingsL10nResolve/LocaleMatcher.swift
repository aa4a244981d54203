import SettingsL10nCore

/// Chooses the `.lproj` folder the Settings app uses for a language, as `architecture.md`
/// describes: the exact name, then its other spellings (`pt-BR`/`pt_BR`, any case, legacy names
/// such as `English`), then the language's parent chain (`en-IN` → `en-GB` → `en`,
/// `zh-Hant-HK` → `zh-Hant` → `zh-TW`, `zh-Hans` → `zh` → `zh-CN`), then the development language.
package enum LocaleMatcher {
    /// The tags tried for `tag`, most specific first (the development language not included).
    package static func chain(for tag: String) -> [String] {
        let normalized = LanguageTag.bcp47(folderName: tag) ?? tag
        let parts = normalized.split(separator: "-").map(String.init)
        guard let language = parts.first else { return [normalized] }
        let script = parts.dropFirst().first { $0.count == 4 }
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        var chain = [normalized]
        func add(_ candidates: String...) {
            for candidate in candidates where !chain.contains(candidate) { chain.append(candidate) }
        }
        switch language {
        case "zh":
            let traditional = script == "Hant" || (script == nil && ["TW", "HK", "MO"].contains(region ?? ""))
            if traditional {
                // Traditional Chinese never falls back to plain "zh", which means Simplified.
                add("zh-Hant", "zh-TW")
                return chain
            } else {
                add("zh-Hans", "zh", "zh-CN")
            }
        case "en" where region != nil && !["US", "PR", "VI", "AS", "GU", "UM", "MP"].contains(region!) && region != "GB":
            add("en-GB", "en")
        case "es" where region != nil && !["ES", "419"].contains(region!):
            add("es-419", "es")
        case "pt" where region != nil && !["BR", "PT"].contains(region!):
            add("pt-PT", "pt")
        default:
            break
        }
        // Then each shorter tag: drop subtags from the end.
        var shorter = parts
        while shorter.count > 1 {
            shorter.removeLast()
            add(shorter.joined(separator: "-"))
        }
        return chain
    }

    /// The folder for `tag` in `bundle`, or the development language's, or `nil` when none applies.
    package static func localization(for tag: String, in bundle: SettingsBundle, developmentLanguage: String) -> Localization? {
        for candidate in chain(for: tag) {
            if let exact = bundle.localizations.first(where: { $0.name == candidate }) { return exact }
            let wanted = candidate.lowercased()
            if let spelled = bundle.localizations.first(where: { LanguageTag.bcp47(folderName: $0.name)?.lowercased() == wanted }) {
                return spelled
            }
        }
        return bundle.localization(forLanguage: developmentLanguage)
    }

    /// The right-to-left languages, whose pages get `dir="rtl"`.
    package static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "ckb", "dv"]

    package static func isRightToLeft(_ tag: String) -> Bool {
        let language = (LanguageTag.bcp47(folderName: tag) ?? tag).split(separator: "-").first.map(String.init) ?? tag
        return rightToLeftLanguages.contains(language)
    }
}
