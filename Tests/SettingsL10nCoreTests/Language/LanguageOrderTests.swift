import Testing
import SettingsL10nCore

@Suite("Language-code order")
struct LanguageOrderTests {
    @Test("a language comes before its regional variants, subtag by subtag, - and _ alike")
    func order() {
        let folders = ["en-GB", "es", "de_CH", "en", "zh-Hant", "en_IN", "de", "zh", "en-AU", "enm", "Base", "pt_BR", "pt"]
        #expect(folders.sorted(by: LanguageTag.precedes)
            == ["Base", "de", "de_CH", "en", "en-AU", "en-GB", "en_IN", "enm", "es", "pt", "pt_BR", "zh", "zh-Hant"])
        // Sorting folder names puts the variant first: what status did.
        #expect(["en.lproj", "en-GB.lproj"].sorted() == ["en-GB.lproj", "en.lproj"])
    }
}
