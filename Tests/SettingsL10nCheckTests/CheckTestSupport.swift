@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// A small bundle for rule tests: files given as marked text, checked as a whole.
struct RuleFixture {
    var files: [String: MarkedText]

    init(_ files: [String: String]) {
        self.files = files.mapValues(MarkedText.init)
    }

    /// The fixture's diagnostics of one rule.
    func diagnostics(_ rule: RuleID, locales: [String] = [], fallback: TableFallback = .none, host: SettingsHost = .settingsApp,
                     layout: BundleLayout = .standard) throws -> [Diagnostic] {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files.mapValues(\.text)), layout: layout)
        let catalog = Extractor.catalog(of: bundle, tableFallback: fallback, host: host)
        return Checker.check(CheckContext(bundle: bundle, catalog: catalog, locales: locales)).filter { $0.rule == rule }
    }

    /// The location of marker `marker` in `file`, with a key path.
    func location(_ file: String, _ marker: Character, keyPath: String? = nil, key: String? = nil) -> SourceLocation {
        let position = files[file]![marker]
        return SourceLocation(file: file, line: position.line, column: position.column, keyPath: keyPath, key: key)
    }

    /// A clean two-language bundle, with `specifiers` (marked XML) in Root.plist and the given
    /// tables (defaults: every key, English and German).
    static func bundle(_ specifiers: String, stringsTable: String? = "Root", english: String? = nil, german: String? = nil,
                       extra: [String: String] = [:]) -> RuleFixture {
        var files = ["Root.plist": xmlSchema(specifiers, stringsTable: stringsTable)]
        if let english { files["en.lproj/Root.strings"] = english }
        if let german { files["de.lproj/Root.strings"] = german }
        files.merge(extra) { $1 }
        return RuleFixture(files)
    }

    static let group = "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>"
    static let toggle = "\t\t<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Music</string><key>Key</key><string>music</string><key>DefaultValue</key><true/></dict>"
    static let english = "\"Sound\" = \"Sound\";\n\"Music\" = \"Music\";\n"
    static let german = "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n"

    /// A bundle that no rule reports.
    static let clean = bundle(group + "\n" + toggle, english: english, german: german)
}
