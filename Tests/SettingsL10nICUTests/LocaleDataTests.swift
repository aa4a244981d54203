import Testing
@testable import SettingsL10nICU

@Suite("ICU's locale data through the C target")
struct LocaleDataTests {
    @Test("parents that are not the truncated ID: CLDR's parentLocales, and those the locale's own data names (root)")
    func parents() {
        #expect(LocaleData.parent(of: "en_AU") == "en_001")
        #expect(LocaleData.parent(of: "es_MX") == "es_419")
        // CLDR 46 (ICU 76) names these root parents in each locale's data only, no longer in
        // parentLocales: read from there, Serbian in Latin script does not fall back to Cyrillic.
        #expect(LocaleData.parent(of: "sr_Latn") == "root")
        #expect(LocaleData.parent(of: "zh_Hant") == "root")
        #expect(LocaleData.parent(of: "de") == nil)
        #expect(LocaleData.parent(of: "de_AT") == nil)
        #expect(LocaleData.parent(of: "xx_Yyyy") == nil)
    }

    #if os(Linux)
    @Test("on Linux the ICU is the toolchain's own, linked in: ICU 76.1 with CLDR 46")
    func toolchainICU() {
        #expect(Collator.icuVersion == "76.1")
        #expect(LocaleData.cldrVersion == "46.0")
    }
    #endif
}
