import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

@Suite("check: table, localization and display rules")
struct TableRuleTests {
    static func bundle(german: String, english: String = RuleFixture.english, extra: [String: String] = [:]) -> RuleFixture {
        RuleFixture.bundle(RuleFixture.group + "\n" + RuleFixture.toggle, english: english, german: german, extra: extra)
    }

    @Test("duplicate-key")
    func duplicateKey() throws {
        let fixture = Self.bundle(german: "1️⃣\"Sound\" = \"Klang\";\n\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n")
        #expect(try fixture.diagnostics(.duplicateKey) == [Diagnostic(
            .warning, rule: .duplicateKey, "\"Sound\" is defined again at line 2, which the device uses; this entry is ignored",
            at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "Sound"))])
        #expect(try RuleFixture.clean.diagnostics(.duplicateKey) == [])
    }

    @Test("empty-value and value-whitespace")
    func values() throws {
        let fixture = Self.bundle(german: "\"Sound\" = 1️⃣\"\";\n\"Music\" = 2️⃣\"Music \";\n")
        #expect(try fixture.diagnostics(.emptyValue) == [Diagnostic(
            .warning, rule: .emptyValue, "the value of \"Sound\" is empty: the Settings app shows nothing there",
            at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "Sound"))])
        #expect(try fixture.diagnostics(.valueWhitespace) == [Diagnostic(
            .warning, rule: .valueWhitespace, "the value \"Music \" differs from its key \"Music\" only in white space",
            at: fixture.location("de.lproj/Root.strings", "2️⃣", key: "Music"))])
        #expect(try RuleFixture.clean.diagnostics(.emptyValue) == [])
        #expect(try RuleFixture.clean.diagnostics(.valueWhitespace) == [])
    }

    @Test("empty-value: a value of white space or invisible characters only shows nothing too (it counted as a translation)")
    func blankValues() throws {
        let fixture = Self.bundle(german: "\"Sound\" = 1️⃣\" \";\n\"Music\" = 2️⃣\"\u{200B}\\n\u{00A0}\";\n")
        #expect(try fixture.diagnostics(.emptyValue) == [
            Diagnostic(.warning, rule: .emptyValue, "the value of \"Sound\" is only white space or invisible characters: the Settings app shows nothing there",
                       at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "Sound")),
            Diagnostic(.warning, rule: .emptyValue, "the value of \"Music\" is only white space or invisible characters: the Settings app shows nothing there",
                       at: fixture.location("de.lproj/Root.strings", "2️⃣", key: "Music")),
        ])
        // Default-ignorable characters show nothing either: a Hangul filler, a soft hyphen and a
        // direction mark, a variation selector.
        #expect(try Self.bundle(german: "\"Sound\" = \"\u{3164}\";\n\"Music\" = \"\u{00AD}\u{200E}\u{FE0F}\";\n").diagnostics(.emptyValue).count == 2)
        // A value with a visible character, however short, is a translation.
        #expect(try Self.bundle(german: "\"Sound\" = \" .\";\n\"Music\" = \"\u{200B}M\";\n").diagnostics(.emptyValue) == [])
    }

    @Test("missing-translation, including values filled with the source text")
    func missingTranslation() throws {
        let fixture = Self.bundle(german: "/* settings-l10n: untranslated: shows the source text until translated */\n1️⃣\"Music\" = \"Music\";\n")
        #expect(try fixture.diagnostics(.missingTranslation) == [
            Diagnostic(.warning, rule: .missingTranslation, "\"Sound\" is not translated: the Settings app shows it as written (used at Root.plist:9)",
                       at: SourceLocation(file: "de.lproj/Root.strings", key: "Sound")),
            Diagnostic(.warning, rule: .missingTranslation, "\"Music\" is not translated: it holds the source text, filled in by merge --fill source",
                       at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "Music")),
        ])
        #expect(try fixture.diagnostics(.missingTranslation, locales: ["en"]) == [])
        #expect(try RuleFixture.clean.diagnostics(.missingTranslation) == [])
    }

    @Test("missing-translation names where the key's own table uses it, when two tables share the key")
    func missingTranslationSharedKey() throws {
        // Root.plist (table Root) and Audio.plist (table Audio) both title something "Sound";
        // German lacks it in both tables.
        let fixture = Self.bundle(german: "\"Music\" = \"Musik\";\n", extra: [
            "Audio.plist": xmlSchema("\n\n" + RuleFixture.group, stringsTable: "Audio"),
            "de.lproj/Audio.strings": "\"Other\" = \"Andere\";\n",
        ])
        #expect(try fixture.diagnostics(.missingTranslation).map(\.message) == [
            "\"Sound\" is not translated: the Settings app shows it as written (used at Audio.plist:11)",
            "\"Sound\" is not translated: the Settings app shows it as written (used at Root.plist:9)",
        ])
    }

    @Test("development-entry-missing")
    func developmentEntryMissing() throws {
        let fixture = Self.bundle(german: RuleFixture.german, english: "\"Sound\" = \"Sound\";\n")
        #expect(try fixture.diagnostics(.developmentEntryMissing) == [Diagnostic(
            .warning, rule: .developmentEntryMissing, "the development table lacks \"Music\" (used at Root.plist:10); run settings-l10n merge",
            at: SourceLocation(file: "en.lproj/Root.strings", key: "Music"))])
        #expect(try RuleFixture.clean.diagnostics(.developmentEntryMissing) == [])
    }

    @Test("stale-key")
    func staleKey() throws {
        let fixture = Self.bundle(german: RuleFixture.german + "1️⃣\"Old\" = \"Alt\";\n")
        #expect(try fixture.diagnostics(.staleKey) == [Diagnostic(
            .warning, rule: .staleKey, "no schema file uses \"Old\" (stale)", at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "Old"))])
        #expect(try RuleFixture.clean.diagnostics(.staleKey) == [])
    }

    @Test("table-missing")
    func tableMissing() throws {
        let fixture = Self.bundle(german: RuleFixture.german, extra: ["sv.lproj/Other.strings": "\"x\" = \"y\";"])
        #expect(try fixture.diagnostics(.tableMissing) == [Diagnostic(
            .warning, rule: .tableMissing, "sv.lproj has no Root.strings: the Settings app shows its 2 strings untranslated",
            at: SourceLocation(file: "sv.lproj/Root.strings"))])
        #expect(try RuleFixture.clean.diagnostics(.tableMissing) == [])
    }

    @Test("needs-review")
    func needsReview() throws {
        let fixture = Self.bundle(german: "\"Sound\" = \"Ton\";\n/* settings-l10n: needs review: carried over from \"Musik\" */\n1️⃣\"Music\" = \"Musik\";\n")
        #expect(try fixture.diagnostics(.needsReview) == [Diagnostic(
            .warning, rule: .needsReview, "the translation of \"Music\" needs review; remove the settings-l10n comment above it once checked",
            at: fixture.location("de.lproj/Root.strings", "1️⃣", key: "Music"))])
        #expect(try RuleFixture.clean.diagnostics(.needsReview) == [])
    }

    @Test("strings-encoding, strings-unterminated-comment, strings-empty-file")
    func notices() throws {
        var files = Self.bundle(german: "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n1️⃣/* open", extra: ["sv.lproj/Root.strings": ""]).files.mapValues { Array($0.text.utf8) }
        files["fr.lproj/Root.strings"] = utf16Bytes("\"Sound\" = \"Son\";\n\"Music\" = \"Musique\";\n", byteOrderMark: false)
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)))
        #expect(diagnostics.filter { $0.rule.rawValue.hasPrefix("strings-") } == [
            Diagnostic(.warning, rule: .stringsUnterminatedComment, "this comment is never closed with '*/'; the device ignores everything after it",
                       at: SourceLocation(file: "de.lproj/Root.strings", line: 3, column: 1)),
            Diagnostic(.error, rule: .stringsEncoding, "the file is UTF-16 (little-endian) without a byte-order mark: the device reads it as big-endian, "
                       + "so the table does not parse and every key shows as written; save it as UTF-8, or UTF-16 with a byte-order mark",
                       at: SourceLocation(file: "fr.lproj/Root.strings")),
            Diagnostic(.warning, rule: .stringsEmptyFile, "the file is empty, which the device fails to read; remove it or give it at least a comment",
                       at: SourceLocation(file: "sv.lproj/Root.strings")),
        ])
        for rule: RuleID in [.stringsEncoding, .stringsUnterminatedComment, .stringsEmptyFile] {
            #expect(try RuleFixture.clean.diagnostics(rule) == [])
        }
    }

    @Test("lproj-misspelled and language-invalid")
    func folders() throws {
        let fixture = Self.bundle(german: RuleFixture.german, extra: [
            "es.lprj/Root.strings": "", "zh-Hans.lpoj/Root.strings": "", "Images/logo.png": "",
            "Deutsch-Schweiz.lproj/Root.strings": RuleFixture.german,
            "da-lproj/Root.strings": "", "nb_lproj/Root.strings": "", "pt_BR lproj/Root.strings": "", "my-project/x.txt": "", "Icons_lproj/x.txt": "",
        ])
        #expect(try fixture.diagnostics(.lprojMisspelled) == [
            Diagnostic(.warning, rule: .lprojMisspelled, "da-lproj is not a localization folder, so the device ignores it; did you mean da.lproj?", at: SourceLocation(file: "da-lproj")),
            Diagnostic(.warning, rule: .lprojMisspelled, "es.lprj is not a localization folder, so the device ignores it; did you mean es.lproj?", at: SourceLocation(file: "es.lprj")),
            Diagnostic(.warning, rule: .lprojMisspelled, "nb_lproj is not a localization folder, so the device ignores it; did you mean nb.lproj?", at: SourceLocation(file: "nb_lproj")),
            Diagnostic(.warning, rule: .lprojMisspelled, "pt_BR lproj is not a localization folder, so the device ignores it; did you mean pt_BR.lproj?", at: SourceLocation(file: "pt_BR lproj")),
            Diagnostic(.warning, rule: .lprojMisspelled, "zh-Hans.lpoj is not a localization folder, so the device ignores it; did you mean zh-Hans.lproj?", at: SourceLocation(file: "zh-Hans.lpoj")),
        ])
        #expect(try fixture.diagnostics(.languageInvalid) == [Diagnostic(
            .warning, rule: .languageInvalid, "Deutsch-Schweiz.lproj is not named after a language identifier (such as en, pt-BR or zh-Hans), so no device language picks it",
            at: SourceLocation(file: "Deutsch-Schweiz.lproj"))])
        let fine = Self.bundle(german: RuleFixture.german, extra: ["pt_BR.lproj/Root.strings": RuleFixture.german, "zh-Hant-TW.lproj/Root.strings": RuleFixture.german])
        #expect(try fine.diagnostics(.lprojMisspelled) == [])
        #expect(try fine.diagnostics(.languageInvalid) == [])
    }

    @Test("name-case-collision: folders, tables and schema files whose names differ only in case")
    func caseCollision() throws {
        let fixture = Self.bundle(german: RuleFixture.german, extra: [
            "DE.lproj/Root.strings": RuleFixture.german, "de.lproj/Privacy.strings": "", "de.lproj/privacy.strings": "",
            "root.plist": xmlSchema(RuleFixture.group, stringsTable: "Root"), "Images/a.png": "", "images/b.png": "",
            "sv.lproj/Root.strings": RuleFixture.german, "sv.lproj/root.txt": "", "fr.lproj/Root.strings": "", "FR.lproj/Root.strings": "", "Fr.lproj/x.strings": "",
        ])
        func message(_ names: String, _ kind: String) -> String {
            "\(names) differ only in case: on macOS, whose file system ignores case, they are one \(kind), and a checkout or a build there keeps only one of them; merge them into one"
        }
        #expect(try fixture.diagnostics(.nameCaseCollision) == [
            Diagnostic(.error, rule: .nameCaseCollision, message("FR.lproj, Fr.lproj and fr.lproj", "folder"), at: SourceLocation(file: "Fr.lproj")),
            Diagnostic(.error, rule: .nameCaseCollision, message("DE.lproj and de.lproj", "folder"), at: SourceLocation(file: "de.lproj")),
            Diagnostic(.error, rule: .nameCaseCollision, message("de.lproj/Privacy.strings and de.lproj/privacy.strings", "file"),
                       at: SourceLocation(file: "de.lproj/privacy.strings")),
            Diagnostic(.error, rule: .nameCaseCollision, message("Images and images", "folder"), at: SourceLocation(file: "images")),
            Diagnostic(.error, rule: .nameCaseCollision, message("Root.plist and root.plist", "file"), at: SourceLocation(file: "root.plist")),
        ])
        #expect(try fixture.diagnostics(.nameCaseCollision, locales: ["sv"]).count == 4)
        #expect(try RuleFixture.clean.diagnostics(.nameCaseCollision) == [])
    }

    static let picker = "\t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Units</string><key>Key</key><string>u</string><key>DefaultValue</key><string>k</string><key>Values</key><array><string>k</string><string>m</string></array><key>Titles</key><array><string>Kilometres</string><string>Miles</string></array><key>ShortTitles</key><array><string>km</string><string>mi</string></array></dict>"

    static func pickerBundle(german: String) -> RuleFixture {
        RuleFixture.bundle(picker, english: "\"Units\" = \"Units\";\n\"Kilometres\" = \"Kilometres\";\n\"Miles\" = \"Miles\";\n\"km\" = \"km\";\n\"mi\" = \"mi\";\n", german: german)
    }

    @Test("option-titles-duplicate")
    func optionTitlesDuplicate() throws {
        let fixture = Self.pickerBundle(german: "\"Units\" = \"Einheiten\";\n\"Kilometres\" = \"Entfernung\";\n1️⃣\"Miles\" = \"Entfernung\";\n\"km\" = \"km\";\n\"mi\" = \"mi\";\n")
        #expect(try fixture.diagnostics(.optionTitlesDuplicate) == [Diagnostic(
            .warning, rule: .optionTitlesDuplicate, "options 1 and 2 of \"Units\" are both titled \"Entfernung\" in de: users cannot tell them apart",
            at: fixture.location("de.lproj/Root.strings", "1️⃣"))])
        #expect(try Self.pickerBundle(german: "\"Units\" = \"Einheiten\";\n\"Kilometres\" = \"Kilometer\";\n\"Miles\" = \"Meilen\";\n\"km\" = \"km\";\n\"mi\" = \"mi\";\n").diagnostics(.optionTitlesDuplicate) == [])
    }

    @Test("option-titles-duplicate in every language: a missing or unreadable table shows the keys, reported at the schema")
    func optionTitlesDuplicateEverywhere() throws {
        let picker = "\t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Units</string><key>Key</key><string>u</string><key>DefaultValue</key><string>k</string><key>Values</key><array><string>k</string><string>m</string></array><key>Titles</key><array><string>Kilometres</string>1️⃣<string>Kilometres</string></array></dict>"
        let fixture = RuleFixture.bundle(picker, english: "\"Units\" = \"Units\";\n2️⃣\"Kilometres\" = \"Kilometres\";\n",
                                         german: "\"Units\" = ;\n", extra: ["fr.lproj/Other.strings": ""])
        func message(_ language: String) -> String {
            "options 1 and 2 of \"Units\" are both titled \"Kilometres\" in \(language): users cannot tell them apart"
        }
        let schema = fixture.location("Root.plist", "1️⃣", keyPath: "PreferenceSpecifiers[0].Titles[1]")
        #expect(try fixture.diagnostics(.optionTitlesDuplicate) == [
            Diagnostic(.warning, rule: .optionTitlesDuplicate, message("de"), at: schema),
            Diagnostic(.warning, rule: .optionTitlesDuplicate, message("fr"), at: schema),
            Diagnostic(.warning, rule: .optionTitlesDuplicate, message("en"), at: fixture.location("en.lproj/Root.strings", "2️⃣")),
        ])
    }

    @Test("short-title-longer")
    func shortTitleLonger() throws {
        let fixture = Self.pickerBundle(german: "\"Units\" = \"Einheiten\";\n\"Kilometres\" = \"km\";\n\"Miles\" = \"Meilen\";\n1️⃣\"km\" = \"Kilometer\";\n\"mi\" = \"mi\";\n")
        #expect(try fixture.diagnostics(.shortTitleLonger) == [Diagnostic(
            .warning, rule: .shortTitleLonger, "the short title \"Kilometer\" is longer than its title \"km\" in de",
            at: fixture.location("de.lproj/Root.strings", "1️⃣"))])
        #expect(try Self.pickerBundle(german: "\"Units\" = \"Einheiten\";\n\"Kilometres\" = \"Kilometer\";\n\"Miles\" = \"Meilen\";\n\"km\" = \"km\";\n\"mi\" = \"mi\";\n").diagnostics(.shortTitleLonger) == [])
    }

    @Test("every rule has a test in these suites")
    func everyRuleTested() throws {
        let tested: Set<String> = [
            "plist-syntax", "file-unreadable", "link-outside-bundle", "file-name-encoding", "root-plist-missing", "schema-root-not-dictionary",
            "preference-specifiers-missing", "preference-specifiers-not-array", "specifier-not-dictionary", "child-pane-file-invalid",
            "child-pane-file-missing", "child-pane-cycle", "generated-pane-missing", "strings-table-invalid", "strings-syntax", "localizable-not-string", "specifier-type-missing",
            "specifier-type-unknown", "specifier-type-third-party", "required-key-missing", "value-type", "key-misspelled", "key-ignored",
            "titles-values-count", "short-titles-count", "default-value-not-in-values", "duplicate-values", "slider-range", "enum-value",
            "defaults-key-conflict", "schema-file-unreachable", "strings-table-missing", "duplicate-key", "key-look-alike", "empty-value", "value-whitespace",
            "missing-translation", "development-entry-missing", "stale-key", "table-missing", "needs-review", "strings-encoding",
            "strings-unterminated-comment", "strings-empty-file", "lproj-misspelled", "language-invalid", "option-titles-duplicate",
            "short-title-longer", "configuration-unused", "configuration-in-bundle", "name-case-collision", "configuration-path-refused", "generated-comment-outdated",
            "table-outside-lproj",
        ]
        #expect(Set(Checker.ruleIDs.map(\.rawValue)) == tested)
        #expect(Checker.rules.count == Checker.ruleIDs.count)
    }
}

@Suite("White space in values")
struct WhiteSpaceTests {
    @Test("strings equal once white space runs count as one space and the ends are trimmed", arguments: [
        ("Sound", "Sound", true), (" Sound ", "Sound", true), ("Sound  level", "Sound level", true),
        ("Sound\tlevel\n", "Sound level", true), ("Sound\u{A0}level", "Sound level", true),
        ("Sound\u{2003}\u{85}level", "Sound level", true), ("\u{3000}Ton", "Ton", true),
        ("Soundlevel", "Sound level", false), ("Sound level", "Sound levels", false), ("Sound", "sound", false),
        ("", "  ", true), ("a", "", false),
    ])
    func same(a: String, b: String, expected: Bool) {
        #expect(TableFacts.sameIgnoringWhiteSpace(a, b) == expected)
        #expect(TableFacts.sameIgnoringWhiteSpace(b, a) == expected)
    }

    @Test("the byte path agrees with the scalar path on 16,105 short strings against 8 others")
    func bytesAgreeWithScalars() {
        // Every string of up to four pieces from an alphabet of letters, ASCII and Unicode
        // white space and non-ASCII letters (か starts with E3, as U+3000 does): 1 + 11 + 121 +
        // 1,331 + 14,641 strings, each against a few.
        let alphabet = ["a", "b", " ", "\t", "\u{A0}", "\u{2003}", "\u{3000}", "\u{85}", "é", "か", "ab"]
        var strings = [""]
        var layer = [""]
        for _ in 0..<4 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + $0 } }
            strings += layer
        }
        let partners = ["a", "a b", " ab ", "b", "", "éa", "a\u{A0}b", "か\u{3000}"]
        var disagreements: [String] = []
        for a in strings {
            for b in partners where TableFacts.sameIgnoringWhiteSpace(a, b) != ScalarOracle.squeezedScalarsEqual(a, b) {
                disagreements.append("\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
        #expect(strings.count == 16_105)
        #expect(disagreements == [])
    }
}

/// The oracle of the byte path: `sameIgnoringWhiteSpace` on Unicode scalars, white space as
/// Unicode's property tables define it.
enum ScalarOracle {
    /// `sameIgnoringWhiteSpace` on Unicode scalars, white space as Unicode defines it.
    static func squeezedScalarsEqual(_ a: String, _ b: String) -> Bool {
        var left = Squeezed(a.unicodeScalars.makeIterator()), right = Squeezed(b.unicodeScalars.makeIterator())
        while true {
            let x = left.next(), y = right.next()
            if x != y { return false }
            if x == nil { return true }
        }
    }

    /// The scalars of a string with white space squeezed to single spaces and trimmed.
    struct Squeezed {
        var iterator: String.UnicodeScalarView.Iterator
        var held: Unicode.Scalar?
        var started = false

        init(_ iterator: String.UnicodeScalarView.Iterator) {
            self.iterator = iterator
        }

        /// White space as Unicode defines it; ASCII answered without the property tables.
        @inline(__always)
        static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
            return scalar.properties.isWhitespace
        }

        mutating func next() -> Unicode.Scalar? {
            if let scalar = held {
                held = nil
                return scalar
            }
            var sawSpace = false
            while let scalar = iterator.next() {
                if Self.isWhitespace(scalar) {
                    if started { sawSpace = true }
                    continue
                }
                started = true
                if sawSpace {
                    held = scalar
                    return " "
                }
                return scalar
            }
            return nil
        }
    }
}
