import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// Issue 47, case 2: keys are compared as the device compares them (UTF-16 code units), not by
/// Unicode canonical equivalence: `Café` written precomposed (NFC) and decomposed (NFD) are two
/// keys of a table.
@Suite("check: keys compared by code units")
struct KeyIdentityTests {
    static let nfc = "Caf\u{E9}"
    static let nfd = "Cafe\u{301}"
    static let schema = "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>\(nfc)</string></dict>\n" + RuleFixture.toggle

    static func bundle(german: String) -> RuleFixture {
        RuleFixture.bundle(schema, english: "\"\(nfc)\" = \"\(nfc)\";\n\"Music\" = \"Music\";\n", german: german)
    }

    @Test("the schema's NFC key, then its NFD twin: a look-alike pair, the NFD one stale, no duplicate, nothing missing")
    func twinAfterKey() throws {
        let fixture = Self.bundle(german: "\"\(Self.nfc)\" = \"Kaffee\";\n2️⃣\"\(Self.nfd)\" = \"Kaffee (NFD)\";\n\"Music\" = \"Musik\";\n")
        #expect(try fixture.diagnostics(.duplicateKey) == [])
        #expect(try fixture.diagnostics(.keyLookAlike) == [Diagnostic(
            .warning, rule: .keyLookAlike,
            "\"\(Self.nfd)\" (Cafe\\U0301) looks like \"\(Self.nfc)\" (Caf\\U00E9) at line 1, but their characters differ: the device keeps two keys "
                + "and matches only the one written as the schema writes it; the schema uses the one at line 1; this one is stale",
            at: fixture.location("de.lproj/Root.strings", "2️⃣", key: Self.nfd))])
        #expect(try fixture.diagnostics(.staleKey).map(\.location.key) == [Self.nfd])
        #expect(try fixture.diagnostics(.missingTranslation) == [])
    }

    @Test("a table keyed only in NFD lacks the schema's key: missing, and its entry stale; no pair")
    func onlyTwin() throws {
        let fixture = Self.bundle(german: "\"\(Self.nfd)\" = \"Kaffee\";\n\"Music\" = \"Musik\";\n")
        #expect(try fixture.diagnostics(.missingTranslation).map(\.location.key) == [Self.nfc])
        #expect(try fixture.diagnostics(.staleKey).map(\.location.key) == [Self.nfd])
        #expect(try fixture.diagnostics(.keyLookAlike) == [])
    }

    @Test("the Kelvin sign and K are two keys; the pair is reported whichever comes first")
    func kelvin() throws {
        let fixture = Self.bundle(german: "\"\(Self.nfc)\" = \"Kaffee\";\n\"\u{212A}\" = \"Kelvin\";\n2️⃣\"K\" = \"K\";\n\"Music\" = \"Musik\";\n")
        let found = try fixture.diagnostics(.keyLookAlike)
        #expect(found.map(\.location) == [fixture.location("de.lproj/Root.strings", "2️⃣", key: "K")])
        #expect(found.first?.message.hasSuffix("the schema uses neither") == true)
        #expect(try fixture.diagnostics(.duplicateKey) == [])
    }

    @Test("a lone surrogate escape reads as U+FFFD: two such keys are one key here (a duplicate), decided and documented")
    func loneSurrogates() throws {
        let scan = try StringsParser.scan(Array("\"a\\UD800\" = \"1\";\n\"a\\UDC00\" = \"2\";\n\"a\u{FFFD}\" = \"3\";\n".utf8))
        #expect(scan.entries.map(\.key) == ["a\u{FFFD}", "a\u{FFFD}", "a\u{FFFD}"])
        #expect(scan.table == ["a\u{FFFD}": "3"])
    }

    @Test("the key identity: equal and hashed by code units, ordered as String then by bytes")
    func identity() {
        let (nfc, nfd) = (StringsKey(Self.nfc), StringsKey(Self.nfd))
        #expect(nfc != nfd)
        #expect(Self.nfc == Self.nfd)  // what Swift's String says, and the device does not
        #expect(Set([nfc, nfd, StringsKey(Self.nfc)]).count == 2)
        #expect(nfc.looksAlike(nfd) && !nfc.looksAlike(StringsKey(Self.nfc)))
        #expect([nfd, "Bar", nfc, "Zed"].sorted() == ["Bar", nfd, nfc, "Zed"])  // e then é: by bytes among equivalents
        #expect(StringsKey("") < StringsKey("a") && !(nfc < nfc))
    }
}
