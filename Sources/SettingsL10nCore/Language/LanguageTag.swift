/// Language identifiers as `.lproj` folders spell them (`pt_BR`, `zh-Hans`, `English`) and as
/// BCP 47 tags (`pt-BR`).
public enum LanguageTag {
    /// The old English names of `.lproj` folders that CoreFoundation still maps to languages.
    public static let legacyNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Italian": "it", "Japanese": "ja",
        "Spanish": "es", "Dutch": "nl", "Swedish": "sv", "Danish": "da", "Portuguese": "pt",
        "Norwegian": "nb", "Finnish": "fi", "Korean": "ko", "Russian": "ru", "Polish": "pl",
        "Hebrew": "he", "Arabic": "ar", "Greek": "el", "Turkish": "tr", "Chinese": "zh-Hans",
        "Thai": "th", "Czech": "cs", "Hungarian": "hu",
    ]

    /// The BCP 47 tag for a folder name (without `.lproj`): `pt_BR` → `pt-BR`, `English` → `en`,
    /// `zh_cn` → `zh-CN`. `Base` is not a language and gives `nil`.
    public static func bcp47(folderName name: String) -> String? {
        if name == "Base" { return nil }
        if let legacy = legacyNames[name] { return legacy }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first, !language.isEmpty else { return nil }
        var tag = [language.lowercased()]
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter) {
                tag.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())   // script
            } else if part.count == 2, part.allSatisfy(\.isLetter) {
                tag.append(part.uppercased())                                              // region
            } else {
                tag.append(part)
            }
        }
        return tag.joined(separator: "-")
    }

    /// Whether folder or language name `a` comes before `b` in language-code order: subtag by
    /// subtag (`-` and `_` alike), so a language comes before its regional variants (`en`,
    /// `en-AU`, `en-GB`, `en_IN`, `es`), where comparing folder names (`en-GB.lproj` <
    /// `en.lproj`) would not.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        func subtags(_ name: String) -> [Substring] { name.split(whereSeparator: { $0 == "-" || $0 == "_" }) }
        let (left, right) = (subtags(a), subtags(b))
        for (x, y) in zip(left, right) where x != y { return x < y }
        return left.count != right.count ? left.count < right.count : a < b
    }

    /// Whether `name` is a plausible language identifier: a 2-3 letter language subtag, then
    /// script, region or variant subtags, separated by `-` or `_`; or a legacy English name.
    public static func isValidFolderName(_ name: String) -> Bool {
        if legacyNames[name] != nil || name == "Base" { return true }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        for part in parts.dropFirst() {
            let ok = (part.count == 4 && part.allSatisfy { $0.isASCII && $0.isLetter })
                || (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isLetter })
                || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
                || ((5...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            if !ok { return false }
        }
        return true
    }
}

extension SettingsBundle {
    /// The `.lproj` folder that holds `language` exactly, by another spelling (`pt-BR` for
    /// `pt_BR`, any case) or by its legacy name (`English.lproj` for `en`). No parent fallback.
    public func localization(forLanguage language: String) -> Localization? {
        if let exact = localizations.first(where: { $0.name == language }) { return exact }
        let wanted = LanguageTag.bcp47(folderName: language)?.lowercased()
        return localizations.first { LanguageTag.bcp47(folderName: $0.name)?.lowercased() == wanted }
    }

    /// The folder holding the development language's tables: `<language>.lproj`, else
    /// `Base.lproj` when the bundle has no such folder (a Base-internationalized project keeps
    /// its source text there, and the device reads it after the chosen language). Every command
    /// takes the same one: check, status, merge, import and the exporters.
    public func developmentLocalization(_ language: String) -> Localization? {
        localization(forLanguage: language) ?? localizations.first { $0.name == "Base" }
    }
}

/// `SettingsBundle.localization(forLanguage:)` for many languages: the folders indexed once by
/// name and by tag, where each call of that function walks them all (a String Catalog's tags
/// matched to the folders took the tags times the folders squared).
package struct LocalizationIndex: Sendable {
    private let localizations: [Localization]
    /// The first folder of each name, and of each lowercased BCP 47 tag (`nil`: a name that is none).
    private let byName: [String: Int]
    private let byTag: [String?: Int]

    package init(_ bundle: SettingsBundle) {
        localizations = bundle.localizations
        var byName: [String: Int] = [:], byTag: [String?: Int] = [:]
        for (index, localization) in localizations.enumerated() {
            if byName[localization.name] == nil { byName[localization.name] = index }
            let tag = LanguageTag.bcp47(folderName: localization.name)?.lowercased()
            if byTag[tag] == nil { byTag[tag] = index }
        }
        self.byName = byName
        self.byTag = byTag
    }

    /// The folder `SettingsBundle.localization(forLanguage:)` gives for `language`.
    package func localization(forLanguage language: String) -> Localization? {
        if let index = byName[language] { return localizations[index] }
        return byTag[LanguageTag.bcp47(folderName: language)?.lowercased()].map { localizations[$0] }
    }

    /// The folders, in the bundle's order.
    package var all: [Localization] { localizations }
}

extension Sequence<Localization> {
    /// The `.lproj` folders of `locales` (folder names or language tags, in any spelling), in
    /// order; all of them when `locales` is empty.
    public func matching(locales: [String]) -> [Localization] {
        guard !locales.isEmpty else { return Array(self) }
        let wanted = Set(locales.map { LanguageTag.bcp47(folderName: $0)?.lowercased() ?? $0 })
        return filter { wanted.contains(LanguageTag.bcp47(folderName: $0.name)?.lowercased() ?? $0.name) }
    }
}
