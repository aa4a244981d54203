import Testing
@testable import SettingsL10nICU
import SettingsL10nTestSupport

/// Orders CLDR documents for each language, written by hand from its collation rules (not
/// produced by the code under test), each different from a plain code-point sort.
@Suite("Collation follows CLDR")
struct CLDROrderTests {
    static let cases: [(locale: String, words: [String], expected: [String], rule: String)] = [
        ("sv", ["Österrike", "Åland", "Zambia", "Ängelholm", "Albanien"], ["Albanien", "Zambia", "Åland", "Ängelholm", "Österrike"],
         "Swedish: å, ä, ö are letters after z, in that order (code points put ä before å)"),
        ("de", ["Zucker", "Äpfel", "Arzt", "Apfel"], ["Apfel", "Äpfel", "Arzt", "Zucker"],
         "German: ä sorts with a, the unaccented word first"),
        ("es", ["oso", "ñu", "nube", "nz"], ["nube", "nz", "ñu", "oso"],
         "Spanish: ñ is a letter after n"),
        ("cs", ["ilustrace", "chata", "hrad", "cena"], ["cena", "hrad", "chata", "ilustrace"],
         "Czech: ch is a letter after h"),
        ("lt", ["zuikis", "kava", "yra", "jis", "ir"], ["ir", "yra", "jis", "kava", "zuikis"],
         "Lithuanian: y is a letter after i (and į), before j and k"),
        ("da", ["Aarhus", "Ærø", "Esbjerg", "Ålborg", "Odense"], ["Esbjerg", "Odense", "Ærø", "Ålborg", "Aarhus"],
         "Danish: æ, ø, å follow z, and aa is å"),
        ("ja", ["たき", "いす", "アメ", "さくら", "かわ"], ["アメ", "いす", "かわ", "さくら", "たき"],
         "Japanese: kana in gojūon order, hiragana and katakana together (code points put all katakana last)"),
        ("zh-Hans", ["中国", "北京", "上海", "广州", "成都"], ["北京", "成都", "广州", "上海", "中国"],
         "Chinese (Simplified): pinyin order bei, cheng, guang, shang, zhong"),
    ]

    @Test("orders documented by CLDR", arguments: cases.indices)
    func order(index: Int) throws {
        let (locale, words, expected, rule) = Self.cases[index]
        let collator = try Collator(locale: locale)
        #expect(collator.sortedIndices(words).map { words[$0] } == expected, "\(rule)")
        #expect(words.sorted() != expected, "the case must differ from a code-point sort")
    }
}
