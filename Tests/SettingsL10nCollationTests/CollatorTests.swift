import Testing
@testable import SettingsL10nCollation
import SettingsL10nTestSupport

@Suite("ICU collation through the C target")
struct CollatorTests {
    @Test("Swedish puts å, ä, ö after z (CLDR sv)")
    func swedish() throws {
        let collator = try Collator(locale: "sv")
        let countries = ["Österrike", "Zambia", "Åland", "Ägypten", "Albanien"]
        #expect(collator.sortedIndices(countries).map { countries[$0] } == ["Albanien", "Zambia", "Åland", "Ägypten", "Österrike"])
        #expect(collator.actualLocale == "sv")
        #expect(collator.compare("ö", "z") == 1)
    }

    @Test("German sorts ä with a (CLDR root order)")
    func german() throws {
        let collator = try Collator(locale: "de")
        let words = ["Zebra", "Äpfel", "Apfel", "Affe"]
        #expect(collator.sortedIndices(words).map { words[$0] } == ["Affe", "Apfel", "Äpfel", "Zebra"])
        #expect(collator.actualLocale == "root")
    }

    @Test("equal titles keep their original order")
    func stable() throws {
        let collator = try Collator(locale: "en")
        #expect(collator.sortedIndices(["b", "a", "b", "a"]) == [1, 3, 0, 2])
    }

    @Test("sort keys order as compare does")
    func sortKeys() throws {
        let collator = try Collator(locale: "sv")
        #expect(collator.sortKey("z").lexicographicallyPrecedes(collator.sortKey("å")))
        #expect(collator.sortKey("a") == collator.sortKey("a"))
    }

    @Test("BCP 47 tags and folder spellings open collators; the ICU version is known")
    func tags() throws {
        #expect(try Collator(locale: "pt_BR").locale == "pt_BR")
        #expect(try Collator(locale: "zh-Hans").actualLocale.hasPrefix("zh"))
        #expect(Collator.icuVersion.split(separator: ".").count >= 2)
    }
}
