import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nResolve
import SettingsL10nTestSupport

@Suite("The folder of a document's or a catalog's language")
struct LanguageFoldersTests {
    static func folder(of language: String, in folders: [String]) -> String? {
        var index = LanguageFolders(SettingsBundle(localizations: folders.map { Localization(folder: $0 + ".lproj", tables: []) }))
        return index.localization(forLanguage: language)?.name
    }

    @Test("a language is found in the folder that spells it otherwise: an Xcode String Catalog's zh-Hans is zh_CN.lproj; a sibling or a parent is not the language", arguments: [
        ("zh-Hans", ["en", "zh_CN", "zh_TW"], "zh_CN"), ("zh-Hans", ["en", "zh_cn"], "zh_cn"), ("zh-Hant", ["en", "zh_CN", "zh_TW"], "zh_TW"),
        ("zh-Hans-CN", ["zh-Hans", "zh_CN"], "zh-Hans"), ("zh-Hant-HK", ["zh_HK", "zh_TW"], "zh_HK"), ("zh-Hans", ["zh_SG"], nil),
        ("zh-HK", ["zh_TW"], nil), ("de-DE", ["en", "de"], "de"), ("de", ["en", "de_DE"], "de_DE"), ("de-CH", ["de"], nil),
        ("pt-PT", ["pt_BR"], nil), ("pt", ["pt_BR"], "pt_BR"), ("en-GB", ["en"], nil), ("English", ["en"], "en"),
        ("no", ["nb"], nil), ("iw", ["he"], "he"), ("sr-Latn", ["sr"], nil), ("Base", ["en", "Base"], "Base"), ("../x", ["en"], nil),
        ("pt_BR", ["pt_BR", "pt-BR"], "pt_BR"), ("PT-br", ["pt_BR"], "pt_BR"),
    ] as [(String, [String], String?)])
    func folders(language: String, folders: [String], expected: String?) {
        #expect(Self.folder(of: language, in: folders) == expected)
    }

    @Test("every folder found for a language is the one Apple's matcher shows a device set to that language",
          .requires(Requirement("Apple's ICU (lib_FoundationICU from the Swift toolchain, libicucore on Apple platforms) has no ualoc_localizationsToUse") { AppleMatcher.function != nil }))
    func agreesWithApple() {
        var found = 0
        var disagreements: [String] = []
        for folders in MatcherCases.folderSets {
            for language in MatcherCases.preferredLanguages {
                guard let ours = Self.folder(of: language, in: folders), ours != "Base" else { continue }
                found += 1
                let apple = AppleMatcher.localizationsToUse(preferred: [language], available: folders).first
                if ours != apple { disagreements.append("\(language) in \(folders): ours \(ours), Apple's \(apple ?? "none")") }
            }
        }
        #expect(found == 293)
        #expect(disagreements == [])
    }
}
