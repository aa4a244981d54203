import Foundation
import Testing
@testable import SettingsL10nICU
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

@Suite("Sorting as Foundation's localizedCompare: does")
struct LocalizedCompareTests {
    @Test("Thai: spaces and punctuation count, as in every language (ICU's Thai default ignores them)")
    func thaiPunctuation() throws {
        let collator = try Collator(locale: "th")
        let titles = ["ab", "a.b", "a-b", "a_b", "a b"]
        #expect(collator.sortedIndices(titles).map { titles[$0] } == ["a b", "a_b", "a-b", "a.b", "ab"])
        let thai = ["กข", "ก.ข", "ก-ข", "ก ข"]
        #expect(collator.sortedIndices(thai).map { thai[$0] } == ["ก ข", "ก-ข", "ก.ข", "กข"])
    }

    @Test("Japanese: hiragana, katakana and half-width katakana compare equal and keep their order")
    func japaneseTies() throws {
        let collator = try Collator(locale: "ja")
        #expect(collator.compare("か", "カ") == 0)
        #expect(collator.compare("カ", "ｶ") == 0)
        #expect(collator.compare("か", "が") < 0)
        let kana = ["カ", "が", "か", "ガ", "ｶ"]
        #expect(collator.sortedIndices(kana).map { kana[$0] } == ["カ", "か", "ｶ", "が", "ガ"])
        let reversed = Array(kana.reversed())
        #expect(collator.sortedIndices(reversed).map { reversed[$0] } == ["ｶ", "か", "カ", "ガ", "が"])
    }

    @Test("case counts, lower case first; accents count; composed and decomposed are equal")
    func caseAndAccents() throws {
        let collator = try Collator(locale: "en")
        #expect(collator.compare("a", "A") < 0)
        #expect(collator.compare("A", "b") < 0)
        #expect(collator.compare("e", "é") < 0)
        #expect(collator.compare("e\u{301}", "é") == 0)
        #expect(collator.compare("ａ", "a") == 0)
    }
}

@Suite("Collator against Foundation's own comparison")
struct FoundationCompareTests {
    /// Titles that differ in every way a comparison can see: punctuation and spaces, case,
    /// accents and their encoding, width, kana, digits, language-specific letters.
    static let titles = [
        "ab", "a b", "a_b", "a-b", "a.b", "a,b", "a/b", "(ab)", "Ab", "AB", "aB", "abc", "Abc", "ABC",
        "e", "é", "e\u{301}", "E", "É", "ｅ", "ａｂ", "Å", "å", "Ä", "ä", "Ö", "ö", "z", "Z", "Ø", "æ", "ß", "ss",
        "1", "2", "10", "1.5", "１", "か", "カ", "ｶ", "が", "ガ", "かあ", "カア", "ก", "กข", "ก ข", "ก.ข", "ข",
        "中", "日本", "Ω", "ω", "я", "Я", "",
    ]
    static let locales = ["en", "sv", "de", "th", "ja", "fr", "da"]

    @Test("the sign of every comparison agrees with NSString.compare(_:options:range:locale:)")
    func agreesWithFoundation() throws {
        var cases = 0
        var disagreements: [String] = []
        for locale in Self.locales {
            let collator = try Collator(locale: locale)
            let foundationLocale = Locale(identifier: locale)
            for left in Self.titles {
                for right in Self.titles {
                    let expected = (left as NSString).compare(right, options: [], range: NSRange(location: 0, length: (left as NSString).length),
                                                              locale: foundationLocale).rawValue
                    let actual = collator.compare(left, right).signum()
                    cases += 1
                    if actual != expected { disagreements.append("\(locale): \(left) vs \(right): Foundation \(expected), ours \(actual)") }
                }
            }
        }
        print("localizedCompare differential: \(cases) comparisons, \(disagreements.count) disagreements")
        #expect(disagreements == [])
        #expect(cases == Self.locales.count * Self.titles.count * Self.titles.count)
    }
}

@Suite("The order of Foundation's sorted JSON keys (Xcode's String Catalogs)")
struct FoundationKeyOrderTests {
    @Test("the keys of a real String Catalog are in this order")
    func realCatalog() throws {
        let text = try String(contentsOf: TestPaths.realCatalog, encoding: .utf8)
        // The catalog's own keys: the lines indented by four spaces that open a member.
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("    \"") && !$0.hasPrefix("     ") }.compactMap { line -> String? in
            guard let end = line.range(of: "\" : ") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 5)..<end.lowerBound]).replacingOccurrences(of: "\\\"", with: "\"")
        }
        #expect(keys.count == 214)
        #expect(try FoundationKeyOrder().sorted(keys.reversed()) == keys)
    }

    @Test("the sign of every comparison agrees with compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], locale: system)")
    func agreesWithFoundation() throws {
        let titles = FoundationCompareTests.titles + ["a2", "a10", "A10", "a02", "file9.txt", "file10.txt", "Baidu", "baidu.com", "$x", "%x", "+x", "_x", "x y"]
        let order = try FoundationKeyOrder()
        var disagreements: [String] = []
        for left in titles {
            for right in titles {
                let expected = (left as NSString).compare(right, options: [.numeric, .caseInsensitive, .forcedOrdering],
                                                          range: NSRange(location: 0, length: (left as NSString).length),
                                                          locale: Locale(identifier: "")).rawValue
                let actual = order.compare(left, right).signum()
                if actual != expected { disagreements.append("\(left) vs \(right): Foundation \(expected), ours \(actual)") }
            }
        }
        print("key order differential: \(titles.count * titles.count) comparisons, \(disagreements.count) disagreements")
        #expect(disagreements == [])
    }
}
