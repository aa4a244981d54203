import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

/// How sync names the bundle's folders with the catalog's language tags.
@Suite("String Catalog sync: the bundle's languages as the catalog spells them")
struct SyncLanguagesTests {
    static let folders = ["de", "pt_BR", "zh_CN", "English", "sv-SE", "nb", "ja"]

    static func bundle(_ folders: [String]) throws -> SettingsBundle {
        var files = ["Root.plist": xmlSchema(groupSpecifier("G")), "en.lproj/Root.strings": ""]
        for folder in folders { files["\(folder).lproj/Root.strings"] = "" }
        return try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
    }

    static func catalog(_ tags: [String]) throws -> StringCatalog {
        let strings = tags.enumerated().map { "\"s\($0.offset)\": {\"localizations\": {\"\($0.element)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"v\"}}}}" }
        return try StringCatalog.read(Array("{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\(strings.joined(separator: ", "))}}".utf8))
    }

    @Test("each folder takes the catalog's tag that is its own, else the first tag naming it, else its own BCP 47 tag; the rest are unmatched")
    func tags() throws {
        let bundle = try Self.bundle(Self.folders)
        let catalog = try Self.catalog(["fr", "pt-br", "pt-BR", "zh-CN", "en", "sv_SE", "sv-se", "ja"])
        let languages = SyncLanguages(bundle: bundle, development: bundle.localization(forLanguage: "en"), sourceTag: "en", catalog: catalog)
        #expect(languages.all.map(\.localization.name) == ["en", "English", "de", "ja", "nb", "pt_BR", "sv-SE", "zh_CN"])
        #expect(languages.all.map(\.tag) == ["en", "en", "de", "ja", "nb", "pt-BR", "sv_SE", "zh-CN"])
        #expect(languages.unmatched == ["fr", "pt-br", "sv-se"])
    }

    // How long it takes is the bench's to say (scripts/bench); walking every folder for every
    // tag and folder took 45 s of a release build here, one index tens of milliseconds.
    @Test("65 folders among 20,000 tags: each folder takes its own tag in capitals, the other tags are unmatched")
    func manyTags() throws {
        let names = ["de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "pt-BR", "ru", "sv", "da", "fi", "nb", "nl", "pl", "cs", "tr",
                     "ar", "he", "el", "hu", "ro", "sk", "uk", "vi", "th", "id", "ms", "hi", "ca", "hr", "sl", "lt", "lv", "et", "bg", "sr",
                     "fa", "es-MX", "af", "sq", "am", "hy", "az", "eu", "be", "bn", "bs", "my", "km", "ka", "gl", "gu", "is", "kn", "kk", "lo",
                     "mk", "ml", "mr", "mn", "ne", "pa", "si"]
        #expect(names.count == 65)
        let bundle = try Self.bundle(names)
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let invented = letters.flatMap { a in letters.flatMap { b in letters.flatMap { c in [a + b + c, a + b + c + "-419"] } } }
        let tags = Array(invented.prefix(20_000 - names.count)) + names.map { $0.uppercased() }
        let catalog = try Self.catalog(tags)
        let languages = SyncLanguages(bundle: bundle, development: bundle.localization(forLanguage: "en"), sourceTag: "en", catalog: catalog)
        // The folders in the bundle's order (by name, `es-MX.lproj` before `es.lproj`), each with its tag in capitals.
        let folders = names.sorted { ($0 + ".lproj").utf8.lexicographicallyPrecedes(($1 + ".lproj").utf8) }
        #expect(languages.all.map(\.tag) == ["en"] + folders.map { $0.uppercased() })
        #expect(languages.unmatched.count == 20_000 - names.count)
    }
}
