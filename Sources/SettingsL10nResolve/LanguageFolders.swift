import SettingsL10nCore
import SettingsL10nICU

/// The `.lproj` folder that holds a document's or a catalog's language, as `import` and `sync`
/// find it: the folder of that name or tag (`LocalizationIndex`: `pt_BR` for `pt-BR`), else the
/// one that names the same language in another spelling, as Apple's matcher reads both (an
/// Xcode String Catalog's `zh-Hans` is the bundle's `zh_CN.lproj`, `zh-Hant` its `zh_TW.lproj`,
/// `de-DE` its `de.lproj`): their IDs, with Apple's aliases applied, are one ID without their
/// likely subtags. A sibling is never that language (`pt-PT` is not `pt_BR.lproj`, `en-GB` not
/// `en.lproj`), and neither is a folder on the language's fallback chain: a device set to the
/// language would show it, but its strings are another language's.
package struct LanguageFolders {
    private let index: LocalizationIndex
    /// The first folder of each language in its shortest ID (`zh` for `zh_CN`), made on the
    /// first language no folder names exactly (most never need ICU's data).
    private var byMinimalID: [String: Int]?

    package init(_ bundle: SettingsBundle) {
        index = LocalizationIndex(bundle)
    }

    /// The folder of `language`; with `otherSpellings` false, only one of that name or tag.
    package mutating func localization(forLanguage language: String, otherSpellings: Bool = true) -> Localization? {
        if let exact = index.localization(forLanguage: language) { return exact }
        guard otherSpellings, LanguageTag.bcp47(folderName: language) != nil, LanguageTag.isValidFolderName(language) else { return nil }
        if byMinimalID == nil {
            var ids: [String: Int] = [:]
            for (position, folder) in index.all.enumerated() where LanguageTag.bcp47(folderName: folder.name) != nil && LanguageTag.isValidFolderName(folder.name) {
                let id = Self.minimalID(folder.name)
                if ids[id] == nil { ids[id] = position }
            }
            byMinimalID = ids
        }
        return byMinimalID?[Self.minimalID(language)].map { index.all[$0] }
    }

    /// `name` (a folder's name or a language tag) as the matcher normalizes it, without its
    /// likely subtags: `zh_Hans_CN`, `zh-Hans`, `zh_CN` → `zh`; `zh-Hant`, `zh_TW` → `zh_TW`.
    static func minimalID(_ name: String) -> String {
        LocaleData.minimized(LocaleID(name).normalized)
    }
}
