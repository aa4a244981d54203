import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
import SettingsL10nTestSupport

@Suite("The catalog of localizable strings")
struct ExtractorTests {
    private func catalog(_ files: [String: String], fallback: TableFallback = .none, host: SettingsHost = .settingsApp) throws -> Catalog {
        Extractor.catalog(of: try BundleLoader.load(from: InMemoryBundleSource(textFiles: files)), tableFallback: fallback, host: host)
    }

    static let specifiers = """
    \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string>
    \t\t<key>FooterText</key><string>Applies everywhere</string></dict>
    \t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Difficulty</string>
    \t\t<key>Key</key><string>d</string><key>DefaultValue</key><integer>1</integer>
    \t\t<key>Values</key><array><integer>1</integer><integer>2</integer></array>
    \t\t<key>Titles</key><array><string>Easy</string><string>Sound</string></array>
    \t\t<key>ShortTitles</key><array><string>E</string><string> </string></array></dict>
    \t\t<dict><key>Type</key><string>PSSliderSpecifier</string><key>Title</key><string>Ignored on a slider</string></dict>
    \t\t<dict><key>Type</key><string>IASKButtonSpecifier</string><key>Title</key><string>Run</string>
    \t\t<key>FooterText</key><string>Runs it</string></dict>
    \t\t<dict><key>Title</key><string>No type</string></dict>
    \t\t<dict><key>Type</key><string>PSTitleValueSpecifier</string><key>Title</key><string></string>
    \t\t<key>Titles</key><array><integer>3</integer><string>Three</string></array></dict>
    """

    @Test("a key needs translation when it has a letter of any script")
    func letters() {
        let cases: [(String, Bool)] = [
            ("Sound", true), ("1.5 x", true), ("Z", true), ("Ω", true), ("5 км", true), ("日本", true), ("100 ٪ ب", true),
            ("1.5", false), ("100 %", false), ("—", false), ("@[`{", false), ("", false), ("٣٤", false), ("+ 😀", false),
        ]
        #expect(cases.filter { Extractor.hasLetter($0.0) != $0.1 }.map(\.0) == [])
    }

    @Test("fields in schema order, deduplicated per table with every occurrence")
    func order() throws {
        let catalog = try catalog(["Root.plist": xmlSchema(Self.specifiers)])
        let table = try #require(catalog.table(named: "Root"))
        #expect(table.keys == ["Sound", "Applies everywhere", "Difficulty", "Easy", "E", "Three"])
        let sound = try #require(table.string(forKey: "Sound"))
        #expect(sound.occurrences.map(\.keyPath.description) == ["PreferenceSpecifiers[0].Title", "PreferenceSpecifiers[1].Titles[1]"])
        #expect(sound.occurrences.map(\.field) == [.title, .titles])
        #expect(sound.occurrences.map(\.position) == [TextPosition(line: 9, column: 73), TextPosition(line: 14, column: 48)])
        #expect(table.string(forKey: "E")?.occurrences.first?.abbreviates == "Easy")
        #expect(table.string(forKey: "E")?.occurrences.first?.optionCount == 2)
    }

    @Test("a string the schema names under a member of the app's own (VLC's infobuttonvalue, in a dictionary at any depth) is live for both hosts; Apple's members, InAppSettingsKit's and the localized fields are not")
    func appKeys() throws {
        let files = ["Root.plist": xmlSchema("""
        \t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Decode</string><key>Key</key><string>hw</string>
        \t\t<key>DefaultValue</key><true/><key>infobuttonvalue</key><string>DECODE_INFO</string>
        \t\t<key>x-hints</key><array><string>HINT_1</string><integer>2</integer><string></string></array>
        \t\t<key>IASKAppInfo</key><string>APP_INFO</string><key>File</key><string>Pane</string>
        \t\t<key>appinfo</key><dict><key>text</key><string>K_DICT</string><key>deeper</key><dict><key>x</key><array><string>K_DEEP</string></array></dict></dict></dict>
        """)]
        for host in SettingsHost.allCases {
            let catalog = try catalog(files, host: host)
            #expect(catalog.table(named: "Root")?.keys == ["Decode"])
            #expect(catalog.otherHostKeys == ["Root": ["DECODE_INFO", "HINT_1", "K_DICT", "K_DEEP"]], "\(host)")
        }
    }

    @Test("a location comment: no empty part for a row without a title, places described alike said once")
    func commentParts() throws {
        let catalog = try catalog(["Root.plist": xmlSchema("""
        \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string></string><key>FooterText</key><string>Shared</string></dict>
        \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string> </string><key>FooterText</key><string>Shared</string></dict>
        \t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string><key>FooterText</key><string>Shared</string></dict>
        """)])
        let shared = try #require(catalog.table(named: "Root")?.string(forKey: "Shared"))
        #expect(shared.occurrences.count == 3)
        #expect(shared.comment() == "Root.plist › footer text below the group; Root.plist › Sound › footer text below the group")
        // A title whose development text is empty adds no part either.
        #expect(shared.comment { $0 == "Sound" ? "" : $0 } == "Root.plist › footer text below the group")
    }

    @Test("per host: the Settings app skips InAppSettingsKit's rows and rows without Type; merge keeps the other host's keys")
    func hosts() throws {
        let files = ["Root.plist": xmlSchema(Self.specifiers + """

        \t\t<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Speed</string><key>Key</key><string>s</string>
        \t\t<key>FooterText</key><string>Below the list</string><key>Values</key><array><integer>1</integer></array>
        \t\t<key>Titles</key><array><string>Fast</string></array></dict>
        """)]
        let settingsApp = try catalog(files)
        #expect(settingsApp.table(named: "Root")?.keys == ["Sound", "Applies everywhere", "Difficulty", "Easy", "E", "Three", "Speed", "Fast"])
        #expect(settingsApp.otherHostKeys == ["Root": ["Run", "Runs it", "No type", "Below the list"]])
        let inApp = try catalog(files, host: .inAppSettingsKit)
        #expect(inApp.host == .inAppSettingsKit)
        #expect(inApp.table(named: "Root")?.keys == ["Sound", "Applies everywhere", "Difficulty", "Easy", "E", "Run", "Runs it", "No type", "Three", "Speed",
                                                     "Below the list", "Fast"])
        #expect(inApp.otherHostKeys == [:])
        let table = try #require(inApp.table(named: "Root"))
        #expect(table.string(forKey: "Run")?.occurrences.first?.describe() == "Root.plist › title of an IASKButtonSpecifier row")
        #expect(table.string(forKey: "No type")?.occurrences.first?.describe() == "Root.plist › title of a row without Type")
        #expect(table.string(forKey: "Below the list")?.occurrences.first?.describe() == "Root.plist › Speed › footer text below the list of choices")
    }

    @Test("numbers in Titles are reported, not keys")
    func numbers() throws {
        let catalog = try catalog(["Root.plist": xmlSchema(Self.specifiers)])
        #expect(catalog.diagnostics == [Diagnostic(
            .warning, rule: .localizableNotString,
            "PreferenceSpecifiers[5].Titles[0] is a number (3), not a string: the Settings app cannot look it up in a table, so it cannot be translated",
            at: SourceLocation(file: "Root.plist", line: 21, column: 27, keyPath: "PreferenceSpecifiers[5].Titles[0]"))])
    }

    @Test("files without StringsTable are unlocalized; with the file-name fallback they use their own table, else Root")
    func unlocalized() throws {
        let files = [
            "Root.plist": xmlSchema(childPane(title: "More", file: "More") + childPane(title: "Other", file: "Other")),
            "More.plist": xmlSchema(childPane(title: "Deeper", file: "Deeper"), stringsTable: nil),
            "Other.plist": xmlSchema(childPane(title: "Elsewhere", file: "Deeper"), stringsTable: nil),
            "Deeper.plist": xmlSchema("", stringsTable: nil),
            "en.lproj/Root.strings": "",
            "en.lproj/More.strings": "",
        ]
        let plain = try catalog(files)
        #expect(plain.tables.map(\.name) == ["Root"])
        #expect(plain.unlocalized == [UnlocalizedFile(file: "More.plist", strings: ["Deeper"]),
                                      UnlocalizedFile(file: "Other.plist", strings: ["Elsewhere"])])
        let fallback = try catalog(files, fallback: .fileName)
        #expect(fallback.unlocalized.isEmpty)
        #expect(fallback.tables.map(\.name) == ["More", "Root"])
        #expect(fallback.table(named: "More")?.keys == ["Deeper"])
        #expect(fallback.table(named: "Root")?.keys == ["More", "Other", "Elsewhere"])
    }

    @Test("tables are sorted by name")
    func tablesSorted() throws {
        let catalog = try catalog([
            "Root.plist": xmlSchema(childPane(title: "Z", file: "Z"), stringsTable: "Zeta"),
            "Z.plist": xmlSchema(childPane(title: "A", file: "Root"), stringsTable: "Alpha"),
        ])
        #expect(catalog.tables.map(\.name) == ["Alpha", "Zeta"])
    }

    @Test("occurrences are described in words a translator understands")
    func descriptions() throws {
        let catalog = try catalog(["Root.plist": xmlSchema(Self.specifiers)])
        let table = try #require(catalog.table(named: "Root"))
        func describe(_ key: StringsKey) -> [String] { table.string(forKey: key)!.occurrences.map { $0.describe() } }
        #expect(describe("Sound") == ["Root.plist › group heading", "Root.plist › Difficulty › option 2 of 2"])
        #expect(describe("Applies everywhere") == ["Root.plist › Sound › footer text below the group"])
        #expect(describe("E") == ["Root.plist › Difficulty › short form of option 1 of 2 (“Easy”), shown in the row; keep it shorter"])
        #expect(table.string(forKey: "Difficulty")!.occurrences[0].describe { $0 == "Difficulty" ? "Schwierigkeit" : $0 }
            == "Root.plist › label of a list of choices")
    }
}
