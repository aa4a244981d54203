import Testing
@testable import SettingsL10nICU
@testable import SettingsL10nResolve
import SettingsL10nTestSupport

@Suite("Choosing .lproj folders as iOS does")
struct LocalizationMatcherTests {
    @Test("agrees with Apple's ualoc_localizationsToUse on every folder set and preferred language",
          .requires(Requirement("Apple's ICU (lib_FoundationICU from the Swift toolchain, libicucore on Apple platforms) has no ualoc_localizationsToUse") { AppleMatcher.function != nil }))
    func differential() {
        var cases = 0
        var disagreements: [String] = []
        for folders in MatcherCases.folderSets {
            for preferred in MatcherCases.preferredLists {
                cases += 1
                let ours = LocalizationMatcher.localizationsToUse(preferred: preferred, available: folders)
                let apple = AppleMatcher.localizationsToUse(preferred: preferred, available: folders)
                if ours != apple { disagreements.append("\(preferred) in \(folders): ours \(ours), Apple's \(apple)") }
            }
        }
        print("differential test of localizationsToUse: \(cases) cases, \(disagreements.count) disagreements")
        #expect(cases >= 2_500)
        #expect(disagreements == [])
    }

    @Test("the examples of Apple's ualoc.h", arguments: [
        (["en-IN"], ["en", "en_GB", "en_IN"], ["en_IN", "en_GB", "en"]),
        (["es-MX"], ["es", "es_419"], ["es_419", "es"]),
        (["zh-Hant-HK"], ["zh_HK", "zh_TW", "zh_CN"], ["zh_HK", "zh_TW"]),
        (["en-CA"], ["en", "en_GB"], ["en"]),
        (["pt-PT"], ["en", "pt_BR"], ["pt_BR"]),
        (["it", "fr"], ["en", "fr"], ["fr"]),
        (["iw"], ["he", "en"], ["he"]),
        (["sh"], ["sr_Latn", "en"], ["sr_Latn"]),
    ])
    func examples(preferred: [String], available: [String], expected: [String]) {
        #expect(LocalizationMatcher.localizationsToUse(preferred: preferred, available: available) == expected)
    }
}
