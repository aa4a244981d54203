import Testing
@testable import SettingsL10nResolve
import SettingsL10nTestSupport

@Suite("Which of an app's languages fills each .lproj folder (merge --fill-from)")
struct MatcherSourcesTests {
    @Test("as render chooses folders: zh_CN takes zh-Hans, zh_TW zh-Hant, pt_BR pt; Base and unmatched folders take none")
    func sources() {
        let sources = LocalizationMatcher.sources(for: ["Base", "de", "pt_BR", "sv", "zh_CN", "zh_TW", "zh-Hant-HK"],
                                                  among: ["de", "pt", "zh-Hans", "zh-Hant"])
        #expect(sources == ["de": "de", "pt_BR": "pt", "zh_CN": "zh-Hans", "zh_TW": "zh-Hant", "zh-Hant-HK": "zh-Hant"])
    }
}
