import Testing
@testable import SettingsL10nCheck
import SettingsL10nCore
import SettingsL10nExtract
import SettingsL10nTestSupport

@Suite("check: which option lists the display rules keep")
struct DisplayRuleTests {
    /// Titles that are equal without being the same bytes (a composed and a decomposed é, the
    /// Kelvin sign and K), ASCII, Latin and other, of different lengths (CR LF is one character
    /// but two bytes, é one character of two bytes), and absent ones.
    static let pool: [String?] = ["K", "\u{212A}", "é", "e\u{301}", "Km", "Mi", "mi", "Medium", "High", "Auto", "自動", "a b", nil, "",
                                  "Élevé", "Elevé", "ÉÉÉ", "ab\r\n", "ab\r\nc", "ñ\r\n", "\r\n\r\n", "abcd", "abc", "Ærø", "ǅ", "ʼn"]

    @Test("mayReport agrees with the rules' own findings on random lists, short and long")
    func mayReportAgreesWithTheRules() {
        var generator = SeededGenerator(seed: 23)
        var kept = 0
        for round in 0..<3_000 {
            // Long lists (over 32) take the hashed path; most titles are then unique numbers.
            let count = round % 3 == 0 ? 33 + Int(generator.next() % 30) : Int(generator.next() % 12)
            func title() -> String? {
                generator.next() % 4 == 0 ? Self.pool[Int(generator.next() % UInt64(Self.pool.count))] : "\(generator.next() % 100_000)"
            }
            let titles = (0..<count).map { _ in title() }
            let shortTitles = generator.next() % 2 == 0 ? [] : (0..<count).map { _ in generator.next() % 3 == 0 ? title() : "x" }
            let expected = !DisplayRules.longerShortTitles(titles: titles, shortTitles: shortTitles).isEmpty
                || !DisplayRules.duplicateTitles(titles).isEmpty
            #expect(DisplayRules.mayReport(titles: titles, shortTitles: shortTitles) == expected, "\(titles) \(shortTitles)")
            #expect(Self.mayReportOnBytes(titles: titles, shortTitles: shortTitles) == expected, "\(titles) \(shortTitles)")
            if expected { kept += 1 }
        }
        // Both answers occur often enough for the comparison to mean something.
        #expect(kept > 500 && kept < 2_500)
    }

    /// Titles of the scripts settled on bytes beyond U+0300 (Cyrillic, kana, CJK, Hangul), with
    /// texts equal to them in other bytes: decomposed й, が and 가 (a combining breve, a voicing
    /// mark, conjoining jamo), a CJK compatibility ideograph and the ideograph it stands for,
    /// Å as the Ångström sign, a tone mark and a Cyrillic combining mark.
    static let scriptPool: [String?] = ["й", "и\u{306}", "Язык", "ТВ", "Д\u{483}", "が", "か\u{3099}", "かな", "ガ", "가", "\u{1100}\u{1161}",
                                        "한국", "\u{F900}", "\u{8C48}", "自動", "\u{212B}", "Å", "\u{3000}", "あ\u{302A}", "、", "ー", "Ѐ",
                                        "Е\u{300}", "\u{4E00}\r\n", nil, ""]

    @Test("on bytes and on strings, mayReport agrees with the rules on lists of Cyrillic, kana, CJK and Hangul titles")
    func mayReportAgreesBeyondLatin() {
        var generator = SeededGenerator(seed: 29)
        var kept = 0
        for round in 0..<2_000 {
            let count = round % 3 == 0 ? 33 + Int(generator.next() % 30) : Int(generator.next() % 12)
            func title() -> String? {
                generator.next() % 3 == 0 ? Self.scriptPool[Int(generator.next() % UInt64(Self.scriptPool.count))] : "項目\(generator.next() % 100_000)"
            }
            let titles = (0..<count).map { _ in title() }
            let shortTitles = generator.next() % 2 == 0 ? [] : (0..<count).map { _ in generator.next() % 3 == 0 ? title() : "ж" }
            let expected = !DisplayRules.longerShortTitles(titles: titles, shortTitles: shortTitles).isEmpty
                || !DisplayRules.duplicateTitles(titles).isEmpty
            #expect(DisplayRules.mayReport(titles: titles, shortTitles: shortTitles) == expected, "\(titles) \(shortTitles)")
            #expect(Self.mayReportOnBytes(titles: titles, shortTitles: shortTitles) == expected, "\(titles) \(shortTitles)")
            if expected { kept += 1 }
        }
        #expect(kept > 300 && kept < 1_700)
    }

    @Test("texts of the scripts settled on bytes are told from those that are not")
    func byteComparableScripts() {
        func comparable(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { DisplayRules.isByteComparable($0) } }
        for text in ["Auto", "Élevé", "Язык", "自動", "かな", "カタカナー", "한국어", "、。「」", "\u{3000}", "项目 12"] { #expect(comparable(text), "\(text)") }
        for text in ["и\u{306}", "か\u{3099}", "\u{1100}\u{1161}", "\u{F900}", "\u{212B}", "あ\u{302A}", "Д\u{483}", "e\u{301}",
                     "Ωμέγα", "مرحبا", "สวัสดี", "😀", "\u{FF21}"] {
            #expect(!comparable(text), "\(text)")
        }
    }

    @Test("canonically equal titles are duplicates, in short and long lists")
    func canonicalEquivalence() {
        let filler = (0..<40).map { "option \($0)" as String? }
        for titles in [["K", "\u{212A}"], ["é", "e\u{301}"]] as [[String?]] {
            #expect(DisplayRules.mayReport(titles: titles, shortTitles: []))
            #expect(DisplayRules.mayReport(titles: filler + titles, shortTitles: []))
            #expect(Self.mayReportOnBytes(titles: filler + titles, shortTitles: []))
        }
        #expect(!DisplayRules.mayReport(titles: filler, shortTitles: []))
        #expect(!Self.mayReportOnBytes(titles: filler, shortTitles: []))
    }

    /// The UTF-8 form of `mayReport`, as `check` calls it on a table's bytes.
    static func mayReportOnBytes(titles: [String?], shortTitles: [String?]) -> Bool {
        let bytes = (titles + shortTitles).map { $0.map { Array($0.utf8) } }
        // Keep every buffer alive and in place for the call.
        let storage = bytes.map { $0.map { UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max($0.count, 1)) } }
        defer { storage.forEach { $0?.deallocate() } }
        let buffers: [UnsafeBufferPointer<UInt8>?] = zip(bytes, storage).map { text, buffer in
            guard let text, let buffer else { return nil }
            _ = buffer.initialize(from: text)
            return UnsafeBufferPointer(rebasing: buffer[..<text.count])
        }
        return DisplayRules.mayReport(titles: Array(buffers[..<titles.count]), shortTitles: Array(buffers[titles.count...]))
    }
}

@Suite("check: the context status reads")
struct CoverageOnlyContextTests {
    @Test("without the display rules' lists, coverage is the same, on the example bundle and the vendored corpus (VLC's: CheckFieldTests)")
    func coverageWithoutDisplayRules() throws {
        for path in [TestPaths.exampleBundle.path] + TestPaths.corpusBundles().map({ TestPaths.corpus($0).path }) {
            try Self.expectSameCoverage(path)
        }
    }

    static func expectSameCoverage(_ path: String) throws {
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: path))
        let catalog = Extractor.catalog(of: bundle)
        let full = CheckContext(bundle: bundle, catalog: catalog)
        let lean = CheckContext(bundle: bundle, catalog: catalog, displayRules: false)
        #expect(lean.coverage == full.coverage, "\(path)")
        #expect(lean.optionLists.isEmpty)
        #expect(!full.coverage.isEmpty, "\(path)")
    }
}
