import SettingsL10nICU

/// Chooses the `.lproj` folders for a user's preferred languages as iOS does.
///
/// CoreFoundation hands this choice to `ualoc_localizationsToUse` in Apple's ICU
/// (swift-foundation-icu, `icuSources/common/ualoc.cpp`). This is that algorithm, written anew
/// from its description, over the system ICU's locale data:
///
/// 1. Each ID is taken to ICU's base name (`zh-hant-hk` → `zh_Hant_HK`, `English` → `english`),
///    then normalized: Apple's legacy names and aliases (`english` → `en`, `zh_TW` →
///    `zh_Hant_TW`), else ICU's language aliases (`in` → `id`, `iw` → `he`, `sh` → `sr_Latn`).
/// 2. For the first preferred language that matches anything, each folder scores: -1 when the
///    base names are equal, 0 when the normalized IDs are, else the depth at which the two
///    parent chains (Apple's parents such as `en_IN` → `en_GB`, `zh_Hant_HK` → `zh_HK`, then
///    CLDR's parent locales, then truncation) first meet, plus one across languages that
///    share a group (`nb`/`nn`/`no`, `yue`/`wuu`/`zh`, `hi`/`en`, `ars`/`ar`). A folder with a
///    region that is not its language's default (`it_CH` for `it`) counts one level deeper. The
///    lowest score wins; `pt_PT` takes `pt_BR` only when nothing else matches.
/// 3. A winner with a region that is not an exact match gives way to an exact match of a later
///    preferred language of the same language (`fr-CH`, `fr-CA` picks `fr_CA` over `fr_FR`).
/// 4. The result is the winner, then every folder on its parent chain (Traditional Chinese for
///    Hong Kong also takes `zh_Hant_TW`). With no match, a `zxx` folder is the answer.
public enum LocalizationMatcher {
    /// The folders to use for `preferred` (most preferred first), best first; empty when none
    /// of the languages has a folder.
    public static func localizationsToUse(preferred: [String], available: [String]) -> [String] {
        let preferredIDs = preferred.map(LocaleID.init)
        let availableIDs = available.map(LocaleID.init)
        var result: Int?
        var score = Int.max
        var portuguese: Int?
        for candidate in preferredIDs where result == nil {
            for (index, folder) in availableIDs.enumerated() {
                if score > -1, candidate.base == folder.base {
                    (result, score) = (index, -1)
                } else if score > 0, candidate.normalized == folder.normalized {
                    (result, score) = (index, 0)
                } else if score > 0, candidate.languageGroup == folder.languageGroup {
                    for (depth, distance) in meetingDepths(candidate.parents(penalized: false), folder.parents(penalized: true)) {
                        if candidate.normalized == "pt_PT", folder.normalized == "pt_BR" {
                            // European Portuguese takes Brazilian only as a last resort.
                            portuguese = index
                        } else if depth + distance + (candidate.language == folder.language ? 0 : 1) < score {
                            (result, score) = (index, depth + distance + (candidate.language == folder.language ? 0 : 1))
                        }
                    }
                }
            }
        }
        if let winner = result, score > 0, availableIDs[winner].region != nil, availableIDs[winner].language != "zh" {
            result = laterExactMatch(of: availableIDs[winner].language, preferred: preferredIDs, available: availableIDs) ?? winner
        }
        guard let winner = result ?? portuguese else {
            return available.contains("zxx") ? ["zxx"] : []
        }
        return [available[winner]] + folders(onParentChainOf: winner, in: availableIDs).map { available[$0] }
    }

    /// For each folder (`zh_CN`), the one of `languages` (an app's String Catalog's, say) that
    /// fills it: the language a user whose only language is the folder's would be shown from
    /// `languages` (`zh-Hans`), as `localizationsToUse` chooses; folders none matches are left out.
    /// The folder of `folders` a device set to `language` shows, and that a `<language>.lproj`
    /// would hide from it: one naming the language in another spelling (`zh_TW` for
    /// `zh-Hant-TW`, `zh-TW` for `zh-Hant`), else the closest on its parent chain (`en` for
    /// `en-US`, `zh_Hant` for `zh-Hant-TW`, `zh-Hans` for `zh-CN`); `nil` when none is. A folder
    /// of a sibling (`en_GB` for `en-US`) is not hidden from devices set to it.
    public static func folderHidden(byFolderFor language: String, among folders: [String]) -> String? {
        let ids = folders.map(LocaleID.init)
        // Apple's parents are written as folders are named (`zh_TW` for `zh_Hant`): compared normalized.
        for name in LocaleID(language).parents(penalized: false).map({ LocaleID($0).normalized }) {
            if let index = ids.firstIndex(where: { $0.normalized == name }) { return folders[index] }
        }
        return nil
    }

    public static func sources(for folders: [String], among languages: [String]) -> [String: String] {
        var sources: [String: String] = [:]
        for folder in folders where folder != "Base" {
            if let best = localizationsToUse(preferred: [folder], available: languages).first { sources[folder] = best }
        }
        return sources
    }

    /// A language or folder name as the matcher understands it: ICU's base name with Apple's
    /// legacy names and deprecated codes replaced (`English` → `en`, `iw` → `he`, `zh_TW` →
    /// `zh_Hant_TW`).
    public static func normalized(_ name: String) -> String {
        LocaleID(name).normalized
    }

    /// Whether text in this language or folder reads right to left (`ar`, `he`, `Hebrew`, `fa`).
    public static func isRightToLeft(_ name: String) -> Bool {
        LocaleData.isRightToLeft(normalized(name))
    }

    /// Each pair of positions where two parent chains hold the same ID.
    private static func meetingDepths(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for (i, left) in a.enumerated() {
            for (j, right) in b.enumerated() where left == right { pairs.append((i, j)) }
        }
        return pairs
    }

    /// A folder that exactly matches a preferred language of `language` (any position).
    private static func laterExactMatch(of language: String, preferred: [LocaleID], available: [LocaleID]) -> Int? {
        for candidate in preferred where candidate.language == language {
            if let index = available.firstIndex(where: { $0.base == candidate.base || $0.normalized == candidate.normalized }) {
                return index
            }
        }
        return nil
    }

    /// The other folders on the winner's parent chain, in chain order.
    private static func folders(onParentChainOf winner: Int, in available: [LocaleID]) -> [Int] {
        var found: [Int] = []
        var previous: String?
        for link in available[winner].parents(penalized: true) {
            defer { previous = link }
            if link == previous { continue } // the repeated ID of a non-default region
            for (index, folder) in available.enumerated() where index != winner {
                if link == "zh_Hant_HK" && folder.normalized == "zh_Hant_TW" || link == folder.normalized {
                    found.append(index)
                }
            }
        }
        return found
    }
}

/// One language or folder name, in the forms the matcher compares.
struct LocaleID {
    let original: String
    /// ICU's base name.
    let base: String
    /// The base name with legacy names and deprecated codes replaced.
    let normalized: String
    let language: String
    /// The language, or the language it falls back to across codes (`nb` → `no`).
    let languageGroup: String
    let region: String?

    init(_ original: String) {
        self.original = original
        base = LocaleData.baseName(original)
        normalized = Self.normalize(base)
        let parts = Self.parts(of: normalized)
        language = parts.language
        region = parts.region
        languageGroup = Self.languageGroups[language] ?? language
    }

    /// The ID and its parents up to (not including) the root, at most nine. With `penalized`,
    /// an ID whose region is not its language's default appears twice, one level deeper.
    func parents(penalized: Bool) -> [String] {
        var chain = [normalized]
        if penalized, region != nil, normalized != "es_MX", normalized != "zh_Hant_TW",
           Self.parts(of: LocaleData.minimized(normalized)).region != nil {
            chain.append(normalized)
        }
        while chain.count < 9 {
            let parent = Self.parent(of: chain[chain.count - 1])
            if parent.isEmpty || parent == "root" { break }
            chain.append(parent)
        }
        return chain
    }

    /// Apple's legacy `.lproj` names and the aliases it applies before ICU's (looked up in the
    /// lower-cased form ICU's base names give).
    static let appleAliases: [String: String] = [
        "arabic": "ar", "chinese": "zh_Hans", "danish": "da", "dutch": "nl", "english": "en", "finnish": "fi",
        "french": "fr", "german": "de", "italian": "it", "japanese": "ja", "korean": "ko", "norwegian": "nb",
        "polish": "pl", "portuguese": "pt", "russian": "ru", "spanish": "es", "swedish": "sv", "thai": "th",
        "turkish": "tr", "no_NO": "nb_NO",
        // Region-only Chinese IDs get their script.
        "zh_CN": "zh_Hans_CN", "zh_SG": "zh_Hans_SG", "zh_HK": "zh_Hant_HK", "zh_MO": "zh_Hant_MO",
        "zh_TW": "zh_Hant_TW", "yue_CN": "yue_Hans_CN", "yue_HK": "yue_Hant_HK",
    ]

    /// Where Apple's bundle fallback differs from CLDR's: English of most of the world falls
    /// back to British English, Australian English of the Pacific to Australian, Hong Kong and
    /// Macau Chinese to Traditional Chinese as written in Hong Kong, then Taiwan.
    static let appleParents: [String: String] = {
        var parents: [String: String] = [
            "ars": "ar", "en_150": "en_GB", "en_AU": "en_GB", "en_CY": "en_150", "en_GB": "en_001", "es_MX": "es_419",
            "wuu": "wuu_Hans", "wuu_Hans": "zh_Hans", "wuu_Hant": "zh_Hant", "yue": "yue_Hant", "yue_HK": "zh_Hant_HK",
            "yue_Hans": "zh_Hans", "yue_Hant": "yue_HK", "zh_HK": "zh_Hant", "zh_Hant": "zh_TW", "zh_Hant_HK": "zh_HK",
            "zh_TW": "root",
        ]
        let british = "AG AI BB BD BM BN BS BW BZ DG DM FJ FK GD GG GH GI GM GY HK IE IM IN IO JE JM KE KI KN KY LC LK LS MO MS MT MU MV MW MY NA NG PK PN SB SC SD SG SH SL SS SZ TC TO TT TV TZ UG VC VG VU ZA ZM ZW"
        let australian = "CC CK CX NF NR NU NZ PG WS"
        for region in british.split(separator: " ") { parents["en_\(region)"] = "en_GB" }
        for region in australian.split(separator: " ") { parents["en_\(region)"] = "en_AU" }
        return parents
    }()

    /// Languages whose codes differ but whose folders fall back to each other.
    static let languageGroups = ["ars": "ar", "hi": "en", "nb": "no", "nn": "no", "wuu": "zh", "yue": "zh"]

    /// `base` with Apple's aliases, else ICU's language aliases, applied. An alias found for
    /// the language alone keeps the script and region of the ID (`iw_IL` → `he_IL`).
    static func normalize(_ base: String) -> String {
        if let alias = appleAliases[base] { return alias }
        if let alias = LocaleData.languageAlias(base) { return alias }
        guard let separator = base.firstIndex(of: "_"), let alias = LocaleData.languageAlias(String(base[..<separator])) else {
            return base
        }
        if !alias.contains("_") { return alias + base[separator...] }
        // An alias with a script (`sh` → `sr_Latn`) keeps the ID's region, if it has one.
        let aliasParts = alias.split(separator: "_")
        if let last = aliasParts.last, last.count == 4, let region = base.lastIndex(of: "_"), base.distance(from: region, to: base.endIndex) <= 4 {
            return alias + base[region...]
        }
        return alias
    }

    /// The parent of an ID: Apple's, else CLDR's, else the ID without its last subtag (`""`
    /// after a bare language).
    static func parent(of id: String) -> String {
        if let parent = appleParents[id] ?? LocaleData.parent(of: id) { return parent }
        guard let last = id.lastIndex(of: "_") else { return "" }
        var parent = id[..<last]
        while parent.hasSuffix("_") { parent = parent.dropLast() }
        return String(parent)
    }

    /// The language and region subtags of an ICU ID (`zh_Hant_TW` → `zh`, `TW`).
    static func parts(of id: String) -> (language: String, region: String?) {
        let subtags = id.split(separator: "_", omittingEmptySubsequences: false)
        var index = 1
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(\.isLetter) { index += 1 }
        var region: String?
        if index < subtags.count {
            let subtag = subtags[index]
            if subtag.count == 2 && subtag.allSatisfy(\.isLetter) || subtag.count == 3 && subtag.allSatisfy(\.isNumber) {
                region = String(subtag)
            }
        }
        return (String(subtags.first ?? ""), region)
    }
}
