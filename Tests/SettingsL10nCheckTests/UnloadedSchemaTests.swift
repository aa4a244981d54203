@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
@testable import SettingsL10nStatus
import Testing
import SettingsL10nTestSupport

/// What the bundle and `status` say while a schema file does not load.
@Suite("A schema file that does not load: the bundle's words, and status")
struct UnloadedSchemaTests {
    static let pane = "\t\t<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>More</string><key>File</key><string>Gone</string></dict>"

    static func status(_ files: [String: String]) throws -> (SettingsBundle, StatusReport) {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        let catalog = Extractor.catalog(of: bundle)
        return (bundle, StatusReport(CheckContext(bundle: bundle, catalog: catalog)))
    }

    @Test("a pane file named by three device variants is one file, missing")
    func missingPane() throws {
        let root = xmlSchema(RuleFixture.group + "\n" + Self.pane)
        let (bundle, report) = try Self.status([
            "Root.plist": root, "Root~ipad.plist": root, "Root~iphone.plist": root,
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"More\" = \"More\";\n",
            "de.lproj/Root.strings": "\"Sound\" = \"Klang\";\n\"More\" = \"Mehr\";\n\"Old\" = \"Alt\";\n",
        ])
        #expect(bundle.unloadedSchemaFiles.count == 3)
        #expect(bundle.unloadedSchemaPaths == ["Gone.plist"])
        #expect(bundle.schemaLoadCondition == "Gone.plist is added")
        #expect(bundle.schemaWriteRefusal?.hasPrefix("Gone.plist is missing (Root.plist:") == true)
        #expect(!report.staleIsKnown)
        #expect(report.incompleteNote == "Gone.plist is missing: its strings are not counted, and which keys are stale is unknown (?); settings-l10n check says what is wrong")
        // The stale key is counted (coverage) but not said: null in JSON, ? in the text.
        let german = try #require(report.locales.first { $0.locale == "de" })
        #expect(german.stale == 1)
        #expect(report.json.rendered().contains("\"stale\": null"))
        #expect(!report.json.rendered().contains("\"stale\": 1"))
        #expect(report.text().contains("de      Root          2/2      0        0      ?   100.0%"))
    }

    @Test("files that do not parse: the condition names the first and counts the others")
    func brokenFiles() throws {
        let root = xmlSchema(RuleFixture.group)
        let (bundle, report) = try Self.status(["Root.plist": root, "A.plist": "<plist><dict>", "B.plist": "<plist><dict>"])
        #expect(bundle.unloadedSchemaPaths == ["A.plist", "B.plist"])
        #expect(bundle.schemaLoadCondition == "A.plist and 1 other schema file load")
        #expect(report.incompleteNote?.hasPrefix("2 schema files did not load (A.plist, B.plist): their strings") == true)
        let (whole, clean) = try Self.status(["Root.plist": root])
        #expect(whole.schemaLoadCondition == nil && clean.incompleteNote == nil && clean.staleIsKnown)
        #expect(clean.json.rendered().hasSuffix("\"unloadedSchemaFiles\": []\n}\n"))
    }

    @Test("a bundle without Root.plist: its keys are unknown, as a file's that did not load; a folder of none is no bundle")
    func noRoot() throws {
        let (bundle, report) = try Self.status(["Other.plist": xmlSchema(RuleFixture.group), "de.lproj/Root.strings": "\"Old\" = \"Alt\";\n"])
        #expect(bundle.unloadedSchemaPaths == ["Root.plist"] && bundle.hasSchemaFile)
        #expect(bundle.schemaLoadCondition == "Root.plist is added")
        #expect(bundle.schemaWriteRefusal == "the bundle has no Root.plist, so which keys are still used is unknown; fix it (settings-l10n check says how) and run again")
        #expect(report.incompleteNote?.hasPrefix("Root.plist is missing: its strings") == true)
        let empty = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["de.lproj/Root.strings": "\"A\" = \"B\";\n"]))
        #expect(!empty.hasSchemaFile)
        // A folder named Root.plist is said to be one.
        let folder = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Other.plist": xmlSchema(RuleFixture.group), "Root.plist/x": "x"]))
        #expect(folder.unloadedSchemaFiles.map(\.reason.message) == ["Root.plist is a folder, not a property list, so the Settings app shows no settings for the app"])
        #expect(folder.schemaWriteRefusal == "Root.plist is a folder, not a property list, so which keys are still used is unknown; fix it (settings-l10n check says how) and run again")
        // InAppSettingsKit's Root alone: reported (the Settings app shows nothing), but its keys are known.
        let inApp = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.inApp.plist": xmlSchema(RuleFixture.group)]))
        #expect(inApp.diagnostics.map(\.rule).contains(.rootPlistMissing) && inApp.unloadedSchemaFiles.isEmpty)
    }

    @Test("Markdown shows names from the bundle literally")
    func markdownNames() {
        #expect(StatusReport.markdownEscaped("a|b`c*<x>[y]\\z_w") == "a\\|b\\`c\\*\\<x\\>\\[y\\]\\\\z_w")
        #expect(StatusReport.markdownEscaped("zh_CN") == "zh_CN")
        // An entity is text, not the character it names (`&#x202E;` reordered GitHub's row).
        #expect(StatusReport.markdownEscaped("&#x202E;cod.exe &lt;") == "\\&#x202E;cod.exe \\&lt;")
        // A control character is its escape, whose backslash Markdown then shows as written.
        #expect(StatusReport.markdownEscaped("x\u{1B}y") == "x\\\\U001By")
    }
}
