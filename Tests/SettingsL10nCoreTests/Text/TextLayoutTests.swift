import Testing
@testable import SettingsL10nCore

@Suite("Text layout")
struct TextLayoutTests {
    @Test("columns pad by characters, and leave a wider string as it is")
    func padding() {
        #expect("ab".padded(to: 4) == "ab  ")
        #expect("ab".rightAligned(to: 4) == "  ab")
        #expect("abcdef".padded(to: 4) == "abcdef")
        #expect("abcdef".rightAligned(to: 4) == "abcdef")
        // One character, whatever its bytes: é (2 bytes), a flag (8 bytes, two scalars).
        #expect("é🇸🇪".padded(to: 3) == "é🇸🇪 ")
    }

    @Test("decimals round as printf does: to the nearest of the binary value, exact ties to even", arguments: [
        (12.25, 1, "12.2"), (12.35, 1, "12.3"), (0.05, 1, "0.1"), (99.95, 1, "100.0"), (100, 1, "100.0"),
        (2.5, 0, "2"), (3.5, 0, "4"), (69.99, 0, "70"), (0, 0, "0"), (-0.04, 1, "-0.0"), (1e20, 0, "100000000000000000000"),
    ])
    func decimals(value: Double, decimals: Int, text: String) {
        #expect(String(value, decimals: decimals) == text)
    }

    @Test("numbers that are not finite")
    func notFinite() {
        #expect(String(Double.nan, decimals: 1) == "nan")
        #expect(String(Double.infinity, decimals: 1) == "inf")
        #expect(String(-Double.infinity, decimals: 1) == "-inf")
    }
}
