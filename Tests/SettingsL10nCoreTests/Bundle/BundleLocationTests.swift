import Testing
import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Which bundle a path that is not one meant")
struct BundleLocationTests {
    /// Folders by path as the user writes them, each with its entries (`/` ending a folder).
    static let tree: [String: [String]] = [
        ".": ["App/", "notes/"],
        "App": ["Settings.bundle/", "Media.bundle/", "Info.plist"],
        "App/Settings.bundle": ["Root.plist", "en.lproj/", "Child.plist"],
        "App/Settings.bundle/en.lproj": ["Root.strings"],
        "App/Media.bundle": ["icon.png", "data.plist"],
        "notes": ["readme.txt"],
        "Two": ["A.bundle/", "B.bundle/"],
        "Two/A.bundle": ["Root~ipad.plist"],
        "Two/B.bundle": ["Root.inApp.plist"],
        "/abs": ["Settings.bundle/", "Other/"],
        "/abs/Settings.bundle": ["Root.plist"],
        "/abs/Other": [],
    ]

    static func list(_ path: String) -> [BundleFolderEntry]? {
        tree[path]?.map { name in
            name.hasSuffix("/") ? BundleFolderEntry(name: String(name.dropLast()), kind: .folder) : BundleFolderEntry(name: name, kind: .file)
        }
    }

    @Test("the suggestion for each kind of near miss", arguments: [
        ("App/Settings.bundle/en.lproj", "App/Settings.bundle"),     // inside a bundle
        ("App/Settings.bundle/en.lproj/", "App/Settings.bundle"),
        ("App", "App/Settings.bundle"),                              // the only bundle inside (Media.bundle has no Root page)
        ("App/", "App/Settings.bundle"),
        ("App/Setings.bundle", "App/Settings.bundle"),               // beside it, a typo that does not exist
        ("/abs/Other", "/abs/Settings.bundle"),                      // beside it, absolute
        ("Two/C.bundle", "Two/A.bundle"),                           // two beside it: the closest name
        ("notes", nil),
        ("Two", nil),                                                // two inside: no guess
        ("App/Media.bundle", "App/Settings.bundle"),
    ] as [(String, String?)])
    func suggestion(_ path: String, _ expected: String?) {
        #expect(BundleLocation.suggestion(for: path, list: Self.list) == expected)
    }

    @Test("a Root page in any variant makes a bundle; other plists do not")
    func rootPage() throws {
        #expect(BundleLocation.holdsRootPage(try #require(Self.list("Two/A.bundle"))))
        #expect(BundleLocation.holdsRootPage(try #require(Self.list("Two/B.bundle"))))
        #expect(!BundleLocation.holdsRootPage(try #require(Self.list("App/Media.bundle"))))
        #expect(!BundleLocation.holdsRootPage([BundleFolderEntry(name: "Root.plist", kind: .folder)]))
    }

    @Test("the message names the path as typed, with the hint when there is one")
    func message() {
        #expect(BundleLocation.notABundleMessage("corpus/", suggestion: nil)
            == "corpus/ is not a Settings bundle: it holds no Root.plist, nor any other schema file (a .plist with PreferenceSpecifiers)")
        #expect(BundleLocation.notABundleMessage("x/en.lproj", suggestion: "x")
            == "x/en.lproj is not a Settings bundle: it holds no Root.plist, nor any other schema file (a .plist with PreferenceSpecifiers); did you mean x?")
    }

    @Test("--locale: the languages no folder holds, and one message for them")
    func unmatchedLocales() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(""), "de.lproj/Root.strings": "", "pt_BR.lproj/Root.strings": "",
        ]))
        #expect(bundle.unmatchedLocales(["de", "pt-BR", "en", "zh-Hans", "fr"], developmentLanguage: "en") == ["zh-Hans", "fr"])
        #expect(bundle.noFolderMessage(for: ["zh-Hans"])
            == "the bundle has no .lproj folder for zh-Hans (it has de, pt_BR); to add the language, create zh-Hans.lproj and run settings-l10n merge")
        #expect(bundle.noFolderMessage(for: ["zh-Hans", "fr"])
            == "the bundle has no .lproj folder for zh-Hans, fr (it has de, pt_BR); to add them, create zh-Hans.lproj fr.lproj and run settings-l10n merge")
    }
}
