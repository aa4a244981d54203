import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
import SettingsL10nTestSupport

@Suite("TranslationPolicy: one definition of translated")
struct TranslationPolicyTests {
    static let policy = TranslationPolicy(doNotTranslate: [GlobPattern("Acme *"), GlobPattern("Menlo")], keep: [GlobPattern("SETTINGS_DONATE*")])

    @Test("a key without a letter, or one doNotTranslate names, needs no translation; keep names keys the app reads itself")
    func needs() {
        #expect(["Sound", "Acme", "1.5", "100 %", "—", "Acme Turbo", "Menlo", "Menlo Bold", "日本語"].map(Self.policy.needsTranslation) == [
            true, true, false, false, false, false, false, true, true,
        ])
        #expect(Self.policy.doNotTranslatePattern(naming: "Menlo") == 1)
        #expect(Self.policy.isKept("SETTINGS_DONATE_LONG") && !Self.policy.isKept("SETTINGS_ABOUT"))
        #expect(!TranslationPolicy().isKept("SETTINGS_DONATE"))
    }

    @Test("an entry's state: no value is missing, the source text merge --fill source put there is not a translation, review waits")
    func states() {
        let cases: [(Bool, Bool, Bool, Bool, TranslationPolicy.State)] = [
            (false, false, false, false, .notNeeded), (false, true, true, true, .notNeeded),
            (true, false, false, false, .missing), (true, true, false, true, .sourceText),
            (true, true, true, false, .needsReview), (true, true, false, false, .translated),
        ]
        for (needs, value, review, source, expected) in cases {
            #expect(TranslationPolicy.state(needsTranslation: needs, hasValue: value, needsReview: review, isSourceText: source) == expected)
        }
        #expect([TranslationPolicy.State.notNeeded, .translated, .needsReview, .sourceText, .missing].map(\.isDone) == [true, true, false, false, false])
    }

    @Test("the catalog is extracted with the policy, and keeps it")
    func catalog() throws {
        let files = ["Root.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>StringsTable</key><string>Root</string><key>PreferenceSpecifiers</key><array>
            <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Acme Cloud</string></dict>
            <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>2×</string></dict>
            <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>
            </array></dict></plist>
            """, "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n"]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let catalog = Extractor.catalog(of: bundle, policy: Self.policy)
        #expect(catalog.translationPolicy == Self.policy)
        #expect(catalog.tables[0].strings.map { "\($0.key) \($0.needsTranslation)" } == ["Acme Cloud false", "2× false", "Sound true"])
        #expect(catalog.unusedDoNotTranslate == ["Menlo"])
    }
}
