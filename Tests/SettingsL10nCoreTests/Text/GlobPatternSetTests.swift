import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Pattern sets: literal patterns through a hash, the same answers as trying each")
struct GlobPatternSetTests {
    static let words = ["A", "B", "AB", "SETTINGS_DONATE", "SETTINGS_DONATE_LONG", "de.lproj/Root.strings", "", "x*"]

    static func randomPattern(_ generator: inout SeededGenerator) -> String {
        let pieces = ["A", "B", "*", "SETTINGS_", "DONATE", "_LONG", "de.lproj/", "*"]
        return (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test("matching and firstMatch agree with trying every pattern in order")
    func patterns() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let patterns = (0..<Int.random(in: 0...8, using: &generator)).map { _ in GlobPattern(Self.randomPattern(&generator)) }
            let set = GlobPatternSet(patterns)
            let strings = Self.words + (0..<4).map { _ in Self.randomPattern(&generator).replacingEvery("*", with: "Z") }
            for string in strings {
                let expected = patterns.indices.filter { patterns[$0].matches(string) }
                #expect(set.matching(string) == expected)
                #expect(set.firstMatch(string) == expected.first)
                #expect(set.matchesAny(string) == !expected.isEmpty)
            }
        }
    }

    @Test("an ignore list answers as its entries do, one by one")
    func suppressions() {
        var generator = SeededGenerator(seed: 11)
        let rules: [RuleID] = [.staleKey, .missingTranslation, .keyIgnored]
        for _ in 0..<200 {
            let entries = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Suppression(rule: Bool.random(using: &generator) ? GlobPattern(rules.randomElement(using: &generator)!.rawValue) : nil,
                            file: Bool.random(using: &generator) ? GlobPattern("de.lproj/*") : nil,
                            key: Bool.random(using: &generator) ? GlobPattern(Self.randomPattern(&generator)) : nil)
            }
            let set = SuppressionSet(entries)
            for key in Self.words {
                for file in ["de.lproj/Root.strings", "Root.plist"] {
                    let finding = Diagnostic(.warning, rule: rules.randomElement(using: &generator)!, "m",
                                             at: file == "Root.plist" ? SourceLocation(file: file, keyPath: key) : SourceLocation(file: file, key: key))
                    let expected = entries.indices.filter { entries[$0].matches(finding) }
                    #expect(set.matching(finding) == expected)
                    #expect(set.matchesAny(finding) == !expected.isEmpty)
                }
            }
        }
    }
}
