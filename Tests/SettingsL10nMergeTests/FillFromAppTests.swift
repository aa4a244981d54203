import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
import SettingsL10nTestSupport

@Suite("merge --fill-from: the app's own translations")
struct FillFromAppTests {
    static func app() -> AppTranslations {
        var app = AppTranslations()
        app.add(language: "de", source: "Sound", value: "Klang", origin: "Localizable.xcstrings")
        app.add(language: "de", source: "Music:", value: "Musik:", origin: "de.lproj/Main.strings")
        app.add(language: "de", source: "Extra lives", value: "Extraleben", origin: "Localizable.xcstrings")
        app.add(language: "de", source: "Extra lives", value: "Zusatzleben", origin: "de.lproj/Main.strings")
        app.add(language: "pt-BR", source: "Sound", value: "Som", origin: "Localizable.xcstrings")
        return app
    }

    @Test("exact source text first, then the same text but for case and trailing punctuation; two different translations are ambiguous")
    func lookup() {
        let app = Self.app()
        #expect(app.translation(of: "Sound", language: "de")?.translation.value == "Klang")
        #expect(app.translation(of: "Sound", language: "de")?.exact == true)
        #expect(app.translation(of: "sound.", language: "de")?.exact == false)
        // The app's colon is the app's: the fill takes the punctuation of the text it translates.
        #expect(app.translation(of: "Music", language: "de")?.translation == AppTranslations.Translation(value: "Musik", origin: "de.lproj/Main.strings", source: "Music:"))
        #expect(app.translation(of: "Music…", language: "de")?.translation.value == "Musik…")
        var chinese = AppTranslations()
        chinese.add(language: "zh-Hans", source: "Version:", value: "版本：", origin: "Localizable.xcstrings")
        #expect(chinese.translation(of: "Version", language: "zh-Hans")?.translation.value == "版本")
        #expect(chinese.translation(of: "Version:", language: "zh-Hans")?.translation.value == "版本：")
        #expect(app.translation(of: "Extra lives", language: "de") == nil)
        #expect(app.translation(of: "Sound", language: "pt_BR")?.translation.value == "Som")
        #expect(app.translation(of: "Sound", language: "pt") == nil)
        #expect(app.languages == ["de", "pt-br"])
    }

    @Test("texts match exactly by code units, as keys do: an NFD Café is only a loose match of an NFC one, and never hides the NFC one's translation")
    func normalization() {
        for wanted in [nil, ["Caf\u{E9}"] as Set<StringsKey>] {
            var nfdOnly = wanted.map(AppTranslations.init(wanting:)) ?? AppTranslations()
            nfdOnly.add(language: "de", source: "Cafe\u{301}", value: "NFD", origin: "A.xcstrings")
            #expect(nfdOnly.translation(of: "Caf\u{E9}", language: "de").map { "\($0.translation.value) \($0.exact)" } == "NFD false")
            var both = wanted.map(AppTranslations.init(wanting:)) ?? AppTranslations()
            both.add([(language: "de", source: "Cafe\u{301}", value: "NFD"), (language: "de", source: "Caf\u{E9}", value: "NFC")], origin: "B.xcstrings")
            #expect(both.translation(of: "Caf\u{E9}", language: "de").map { "\($0.translation.value) \($0.exact)" } == "NFC true")
        }
    }

    @Test("a wanted translation holding a character XML 1.0 does not allow is not filed but named; tab and line breaks are fine, unwanted texts are not looked at")
    func refusedCharacters() {
        var app = AppTranslations(wanting: ["Sound", "Volume", "Notes"])
        app.add(language: "de", source: "Sound", value: "Kl\u{1B}[1mang", origin: "Localizable.xcstrings")
        app.add([(language: "de", source: "Volume", value: "Laut\u{FFFF}"), (language: "de", source: "Notes", value: "Notizen\t\n"),
                 (language: "de", source: "Debug", value: "\u{0}")], origin: "de.lproj/Main.strings")
        #expect(app.refused == [
            AppTranslations.Refused(language: "de", source: "Sound", origin: "Localizable.xcstrings", character: "\u{1B}"),
            AppTranslations.Refused(language: "de", source: "Volume", origin: "de.lproj/Main.strings", character: "\u{FFFF}"),
        ])
        #expect(app.refused.map(\.reason) == ["a control character (U+001B)", "a noncharacter (U+FFFF)"])
        #expect(app.translation(of: "Sound", language: "de") == nil)
        #expect(app.translation(of: "Volume", language: "de") == nil)
        #expect(app.translation(of: "Notes", language: "de")?.translation.value == "Notizen\t\n")
        #expect(app.offered == 4)
    }

    @Test("a refused translation is what a folder's missing key lost where the app has no other for it, matched as translations are (zh-Hans fills zh_CN, Sound: for Sound)")
    func refusedFillingFolders() {
        var app = AppTranslations(wanting: ["Sound", "Volume", "Notes"])
        app.add(language: "zh-Hans", source: "Sound:", value: "声\u{1B}音", origin: "App.xcstrings")
        app.add(language: "zh-Hans", source: "Volume", value: "音\u{1B}量", origin: "App.xcstrings")
        app.add(language: "zh-Hans", source: "Volume", value: "音量", origin: "Other.xcstrings")
        app.add(language: "fr", source: "Sound", value: "So\u{0}n", origin: "App.xcstrings")
        app.assign(["zh_CN": "zh-Hans"])
        #expect(app.refusal(of: "Sound", language: "zh_CN") == AppTranslations.Refused(language: "zh-Hans", source: "Sound:", origin: "App.xcstrings", character: "\u{1B}"))
        // Another origin gives Volume a translation: nothing was lost.
        #expect(app.refusal(of: "Volume", language: "zh_CN") == nil)
        #expect(app.refusal(of: "Notes", language: "zh_CN") == nil)
        // fr fills no folder; de has no language of the app.
        #expect(app.refusal(of: "Sound", language: "fr") == nil)
        #expect(app.refusal(of: "Sound", language: "de") == nil)
        #expect(app.refused.count == 3)
    }

    @Test("missing keys take the app's translation, marked for review; translations the table has are never replaced")
    func merge() throws {
        let options = MergeOptions(fillFrom: Self.app())
        let (texts, result) = try MergerTests.merge(["de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n", "pt_BR.lproj/Root.strings": ""], options: options)
        // The new entry follows the table's layout (no blank lines between entries).
        #expect(texts["de.lproj/Root.strings"] == """
            "Sound" = "Ton";
            /* Root.plist › label of an on/off switch */
            /* settings-l10n: needs review: from the app's de.lproj/Main.strings, for a text that differs in case, final punctuation or Unicode normalization */
            "Music" = "Musik";

            """)
        #expect(texts["pt_BR.lproj/Root.strings"] == """
            /* Root.plist › group heading */
            /* settings-l10n: needs review: from the app's Localizable.xcstrings */
            "Sound" = "Som";

            """)
        let german = try #require(result.reports.first { $0.path == "de.lproj/Root.strings" })
        #expect(german.filledFromApp == [AppFill(key: "Music", origin: "de.lproj/Main.strings", exact: false)])
        #expect(german.missing == ["Extra lives"])
        #expect(result.appFillCounts.map { "\($0.origin) \($0.count)" } == ["Localizable.xcstrings 1", "de.lproj/Main.strings 1"])
        #expect(result.summary(verb: "written").hasSuffix("2 missing translations taken from the app, marked for review: 1 from Localizable.xcstrings, 1 from de.lproj/Main.strings\n"))
        // The development language is never filled from the app.
        #expect(result.reports.first { $0.path == "en.lproj/Root.strings" }?.filledFromApp == [])
        // A second merge changes nothing.
        let (again, second) = try MergerTests.merge(texts.compactMapValues { $0 }, options: options)
        #expect(again == texts)
        #expect(second.updates.isEmpty)
    }

    @Test("the app's .lproj tables: each key's development value is the source text")
    func tables() throws {
        let app = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "en.lproj/Main.strings": "\"title.sound\" = \"Sound\";\n\"Music\" = \"Music\";\n",
            "de.lproj/Main.strings": "\"title.sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n",
            "de.lproj/Other.strings": "\"Extra lives\" = \"Extraleben\";\n",
        ]))
        let translations = try AppTranslations(tablesOf: app, developmentLanguage: "en")
        #expect(translations.translation(of: "Sound", language: "de")?.translation == AppTranslations.Translation(value: "Ton", origin: "de.lproj/Main.strings", source: "Sound"))
        #expect(translations.translation(of: "Music", language: "de")?.translation.value == "Musik")
        #expect(translations.translation(of: "Extra lives", language: "de")?.translation.origin == "de.lproj/Other.strings")
        #expect(translations.count == 3)
    }

    @Test("an app's table that does not parse, in the development language or another, is an error naming it (was left out without a word)")
    func brokenTable() throws {
        let good = ["en.lproj/Main.strings": "\"title.sound\" = \"Sound\";\n", "de.lproj/Main.strings": "\"title.sound\" = \"Ton\";\n"]
        for broken in ["en.lproj/Main.strings", "de.lproj/Main.strings"] {
            var files = good
            files[broken] = "\"title.sound\" = \"Ton\"\n\"Music\" = \"Musik\";\n"
            let app = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
            #expect(throws: TableReadError.malformed(path: broken, error: SyntaxError("missing ';' after the value of \"title.sound\"", at: TextPosition(line: 1, column: 22)))) {
                try AppTranslations(tablesOf: app, developmentLanguage: "en")
            }
        }
        // Base.lproj is not read: a table there does not stop the others.
        var files = good
        files["Base.lproj/Main.strings"] = "not a table"
        let app = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        #expect(try AppTranslations(tablesOf: app, developmentLanguage: "en").count == 1)
    }

    @Test("the texts a merge may look up: the development table's text of each key, else the key")
    func fillSourceTexts() throws {
        let files = ["Root.plist": MergerTests.schema, "en.lproj/Root.strings": "\"Sound\" = \"Sound & FX\";\n\"Stale\" = \"Old\";\n",
                     "de.lproj/Root.strings": "\"Music\" = \"Musik\";\n"]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        #expect(Merger.fillSourceTexts(bundle: bundle, catalog: Extractor.catalog(of: bundle)) == ["Sound & FX", "Music", "Extra lives"])
        // Kept only for those, the merge fills what it filled with every translation.
        var kept = AppTranslations(wanting: try #require(Merger.fillSourceTexts(bundle: bundle, catalog: Extractor.catalog(of: bundle))))
        var every = AppTranslations()
        for app in [0, 1] {
            for (source, value) in [("Music", "Musik"), ("Extra lives", "Extraleben"), ("Sound", "Klang"), ("Sound & FX", "Ton & Effekte")] {
                if app == 0 { kept.add(language: "de", source: source, value: value, origin: "Main.strings") }
                else { every.add(language: "de", source: source, value: value, origin: "Main.strings") }
            }
        }
        #expect(kept.count == 3)
        #expect(every.count == 4)
        let merged = try MergerTests.merge(["en.lproj/Root.strings": files["en.lproj/Root.strings"]!, "de.lproj/Root.strings": ""],
                                           options: MergeOptions(fillFrom: kept))
        #expect(try MergerTests.merge(["en.lproj/Root.strings": files["en.lproj/Root.strings"]!, "de.lproj/Root.strings": ""],
                                      options: MergeOptions(fillFrom: every)).texts == merged.texts)
        #expect(merged.texts["de.lproj/Root.strings"]?.contains("\"Sound\" = \"Ton & Effekte\";") == true)
    }

    @Test("a catalog's translations added at once give what adding them one by one gives, over 300 generated batches")
    func batches() {
        let languages = ["de", "DE", "pt_BR", "pt-BR", "zh-Hans", "zh_CN", "fr"]
        let sources = ["Sound", "sound.", "Sound:", "Music", "MUSIC!", "Version:", "", "Extra lives"]
        let values = ["Klang", "Ton", "Musik", "", "版本：", "Som"]
        var generator = SeededGenerator(seed: 2026_11_26)
        for _ in 0..<300 {
            var one = AppTranslations(), batched = AppTranslations()
            for batch in 0..<Int.random(in: 1...3, using: &generator) {
                let origin = "Feature\(batch).xcstrings"
                let translations = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    (language: languages.randomElement(using: &generator)!, source: sources.randomElement(using: &generator)!,
                     value: values.randomElement(using: &generator)!)
                }
                for translation in translations {
                    one.add(language: translation.language, source: translation.source, value: translation.value, origin: origin)
                }
                batched.add(translations, origin: origin)
            }
            #expect(batched == one)
            #expect(batched.languageNames == one.languageNames)
        }
    }

    @Test("kept only for the texts a merge asks for, the app's translations give those texts what every translation gives, over 300 generated catalogs")
    func wanted() {
        let languages = ["de", "DE", "pt_BR", "pt-BR", "zh-Hans", "zh_CN", "fr"]
        let sources = ["Sound", "sound.", "Sound:", "Music", "MUSIC!", "Version:", "", "Extra lives", "Café", "Cafe\u{301}"]
        let values = ["Klang", "Ton", "Musik", "", "版本：", "Som"]
        var generator = SeededGenerator(seed: 2026_12_01)
        for _ in 0..<300 {
            let wanted = Set(sources.filter { _ in Bool.random(using: &generator) }.map { StringsKey($0) })
            var every = AppTranslations(), kept = AppTranslations(wanting: wanted)
            for batch in 0..<Int.random(in: 1...3, using: &generator) {
                let translations = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    (language: languages.randomElement(using: &generator)!, source: sources.randomElement(using: &generator)!,
                     value: values.randomElement(using: &generator)!)
                }
                every.add(translations, origin: "Feature\(batch).xcstrings")
                if Bool.random(using: &generator) {
                    kept.add(translations, origin: "Feature\(batch).xcstrings")
                } else {
                    for translation in translations {
                        kept.add(language: translation.language, source: translation.source, value: translation.value, origin: "Feature\(batch).xcstrings")
                    }
                }
            }
            for text in wanted {
                for language in languages {
                    let (all, some) = (every.translation(of: text.string, language: language), kept.translation(of: text.string, language: language))
                    #expect(all?.translation == some?.translation && all?.exact == some?.exact, "\(text) in \(language)")
                }
            }
            #expect(kept.languageNames == every.languageNames)
            #expect(kept.offered == every.offered)
            #expect(kept.count <= every.count)
            #expect(kept.wants("sound") == wanted.contains { AppTranslations.looseKey($0.string) == "sound" })
        }
    }
}
