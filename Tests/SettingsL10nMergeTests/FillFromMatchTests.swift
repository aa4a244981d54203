import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nMerge
import SettingsL10nTestSupport

@Suite("merge --fill-from: the app's languages matched to the folders")
struct FillFromMatchTests {
    @Test("an assigned language fills its folder, as the app spells it; a folder left out of the assignment takes none")
    func assigned() {
        var app = AppTranslations()
        app.add(language: "zh-Hans", source: "About", value: "关于", origin: "Localizable.xcstrings")
        app.add(language: "de", source: "About", value: "Über", origin: "Localizable.xcstrings")
        // Before matching, only the same tag is found: zh_CN is zh-CN, not zh-Hans.
        #expect(app.translation(of: "About", language: "zh_CN") == nil)
        #expect(app.language(forFolder: "de") == "de")
        #expect(app.languageNames == ["de", "zh-Hans"])
        app.assign(["zh_CN": "zh-Hans", "de": "de"])
        #expect(app.translation(of: "About", language: "zh_CN")?.translation.value == "关于")
        #expect(app.language(forFolder: "zh_CN") == "zh-Hans")
        #expect(app.translation(of: "About", language: "de")?.translation.value == "Über")
        #expect(app.translation(of: "About", language: "zh-Hans") == nil)
        #expect(app.language(forFolder: "sv") == nil)
    }
}
