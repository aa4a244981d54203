import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 47, case 7: render's `--locale` is a user's language, not a folder. What a user of any
/// language sees, through the built binary, against Apple's own matcher.
@Suite("render --locale: a user's language")
struct RenderLanguageCommandTests {
    @Test("a language no folder holds renders what its user sees (the development language), with a note; every spelling render.md accepts",
          arguments: [("pt-BR", "en"), ("pt_BR", "en"), ("fr", "en"), ("english", "en"), ("EN", "en"), ("sv-FI", "sv")])
    func fallback(locale: String, folder: String) throws {
        let result = try Tool.run(["render", "Resources/Settings.bundle", "--locale", locale, "--format", "json"])
        #expect(result.exitCode == 0, "\(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let locales = try #require(document["locales"] as? [[String: Any]])
        #expect(locales.map { $0["locale"] as? String } == [locale])
        #expect(locales.map { $0["localization"] as? String } == [folder])
        let matched = folder != "en" || ["english", "EN"].contains(locale)
        #expect(result.stderr == (matched ? "" : """
            note: no .lproj folder matches \(locale) (the bundle has ar, de, en, ja, sv): a user whose language is \(locale) sees en.lproj, and that is what is rendered

            """))
    }

    /// A bundle whose folders are `folders`, each with a Root.strings that names its folder:
    /// the rendered title says which table the user sees.
    static func bundle(folders: [String], in folder: TemporaryFolder) throws {
        try folder.write("Settings.bundle/Root.plist", xmlSchema("""
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>s</string><key>DefaultValue</key><true/></dict>
        """))
        for name in folders { try folder.write("Settings.bundle/\(name).lproj/Root.strings", "\"Sound\" = \"\(name)\";\n") }
    }

    /// What CoreFoundation searches for a user's languages (`_CFBundleCopyLanguageSearchListInBundle`
    /// with Apple's `ualoc_localizationsToUse`): the folders Apple's matcher picks, else its
    /// pick for `en_US`, else for the first folder (by name, `es-419.lproj` before `es.lproj`);
    /// then English (`en`, `English`, `en_US`) if not among them. A Settings.bundle has no
    /// Info.plist, so no development region.
    static func appleSearchList(preferred: [String], folders: [String]) -> [String] {
        let names = folders.filter { $0 != "Base" }.sorted { Array(($0 + ".lproj").utf8).lexicographicallyPrecedes(Array(($1 + ".lproj").utf8)) }
        var chosen = AppleMatcher.localizationsToUse(preferred: preferred, available: names)
        for fallback in [["en_US"], Array(names.prefix(1))] where chosen.isEmpty && !fallback.isEmpty {
            chosen = AppleMatcher.localizationsToUse(preferred: fallback, available: names)
        }
        if let english = ["en", "English", "en_US"].first(where: names.contains), !chosen.contains(english) { chosen.append(english) }
        return chosen
    }

    @Test("the language-matching differential runs through render: every folder set, every language and list, against Apple's matcher",
          .requires(Requirement("Apple's ICU (lib_FoundationICU from the Swift toolchain) is not loaded or found") { AppleMatcher.function != nil }))
    func differential() throws {
        var cases = 0, unmatched = 0
        var disagreements: [String] = []
        for folders in MatcherCases.folderSets {
            let folder = try TemporaryFolder()
            try Self.bundle(folders: folders, in: folder)
            let lists = MatcherCases.preferredLists
            var arguments = ["render", "Settings.bundle", "--format", "json"]
            for list in lists { arguments += list.count == 1 ? ["--locale", list[0]] : ["--languages", list.joined(separator: ",")] }
            let result = try Tool.run(arguments, in: folder.url)
            guard result.exitCode == 0,
                  let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                  let locales = document["locales"] as? [[String: Any]], locales.count == lists.count else {
                disagreements.append("\(folders): render failed: \(result)")
                continue
            }
            for (preferred, locale) in zip(lists, locales) {
                cases += 1
                let names = folders.filter { $0 != "Base" }
                if AppleMatcher.localizationsToUse(preferred: preferred, available: names).isEmpty { unmatched += 1 }
                let expected = Self.appleSearchList(preferred: preferred, folders: folders)
                let searchList = locale["searchList"] as? [String] ?? []
                let title = ((locale["pages"] as? [[String: Any]])?.first?["specifiers"] as? [[String: Any]])?.first?["title"] as? String
                let shown = searchList.first { $0 != "Base" }
                if locale["localization"] as? String != expected.first || searchList.filter({ $0 != "Base" }) != expected || title != shown {
                    disagreements.append("\(preferred) in \(folders): render \(locale["localization"] ?? "nil") \(searchList) \(title ?? "nil"), Apple's \(expected)")
                }
            }
        }
        print("differential test of render --locale/--languages: \(cases) cases (\(unmatched) that no folder matches), \(disagreements.count) disagreements")
        #expect(cases == MatcherCases.folderSets.count * MatcherCases.preferredLists.count)
        #expect(unmatched > 1_000)
        #expect(disagreements == [])
    }
}
