import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// Day two on VLC's bundle: rows are inserted, removed and reordered after the baseline was
/// written, and the findings it accepted stay accepted.
@Suite("Corpus: a baseline survives edits of VLC's schema", .requires(.fetchedCorpus))
struct CorpusBaselineTests {
    static let vlc = "videolan__vlc-ios/Resources__iOS__Settings.bundle"

    /// A copy of VLC's bundle whose Root.inApp.plist's rows can be edited.
    final class Copy {
        let folder: TemporaryFolder
        let bundle: URL
        let schema: URL
        let head: String, tail: String
        let rows: [String]

        init() throws {
            folder = try TemporaryFolder()
            bundle = folder.url.appendingPathComponent("Settings.bundle")
            try FileManager.default.copyItem(at: TestPaths.corpus(CorpusBaselineTests.vlc), to: bundle)
            schema = bundle.appendingPathComponent("Root.inApp.plist")
            let text = try String(contentsOf: schema, encoding: .utf8)
            // Each row is a dictionary of PreferenceSpecifiers, written "\t\t<dict>…\t\t</dict>".
            let rowPattern = try NSRegularExpression(pattern: "\t\t<dict>\n.*?\n\t\t</dict>\n", options: .dotMatchesLineSeparators)
            let matches = rowPattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            rows = matches.map { String(text[Range($0.range, in: text)!]) }
            head = String(text[..<Range(matches.first!.range, in: text)!.lowerBound])
            tail = String(text[Range(matches.last!.range, in: text)!.upperBound...])
        }

        func write(_ rows: [String]) throws {
            try (head + rows.joined() + tail).write(to: schema, atomically: true, encoding: .utf8)
        }

        func check() throws -> [Diagnostic] {
            let bundle = try BundleLoader.load(from: try DiskBundleSource(path: bundle.path))
            return Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)))
        }
    }

    static func row(_ fields: String) -> String { "\t\t<dict>\n\(fields)\n\t\t</dict>\n" }

    @Test("a row inserted at the top, a row removed, rows reordered: the 4 accepted errors stay accepted")
    func edits() throws {
        let copy = try Copy()
        #expect(copy.rows.count == 73)
        let before = try copy.check()
        let errors = before.filter { $0.severity == .error }
        #expect(errors.map(\.fingerprint) == [
            "specifier-type-missing|Root.inApp.plist|PreferenceSpecifiers[Key=kVLCSettingEnableScrollToCurrentlyPlayingMedia]",
            "defaults-key-conflict|Root.inApp.plist|PreferenceSpecifiers[Key=AutomaticallyPlayNextItem]",
            "defaults-key-conflict|Root.inApp.plist|PreferenceSpecifiers[Key=quartztext-font].DefaultValue",
            "specifier-type-missing|Root.inApp.plist|PreferenceSpecifiers[Key=kVLCSettingSyncMediaLibrary]",
        ])
        let baseline = try Baseline.parse(Array(Baseline(before).json.utf8))

        // A group without a title at the top: every position moves by one, nothing is new.
        try copy.write([Self.row("\t\t\t<key>Type</key>\n\t\t\t<string>PSGroupSpecifier</string>")] + copy.rows)
        let inserted = try copy.check()
        #expect(inserted.filter { $0.severity == .error }.map(\.location.keyPath) == [
            "PreferenceSpecifiers[10]", "PreferenceSpecifiers[11]", "PreferenceSpecifiers[41].DefaultValue", "PreferenceSpecifiers[71]",
        ])
        #expect(baseline.compare(inserted) == ([], 0))

        // The first row removed (its title is also Root.plist's) and the last moved to the top.
        try copy.write([copy.rows[72]] + copy.rows[1..<72])
        #expect(baseline.compare(try copy.check()) == ([], 0))

        // A genuinely new finding is reported, alone: a second row without a Type, for a key
        // that has one already (its title is translated).
        try copy.write(copy.rows + [Self.row("\t\t\t<key>Key</key>\n\t\t\t<string>kVLCSettingSyncMediaLibrary</string>\n\t\t\t<key>Title</key>\n\t\t\t<string>SETTINGS_SYNC_MEDIA_LIBRARY</string>")])
        let (added, fixed) = baseline.compare(try copy.check())
        #expect(added.map(\.fingerprint) == [
            "specifier-type-missing|Root.inApp.plist|PreferenceSpecifiers[Key=kVLCSettingSyncMediaLibrary #2]",
        ])
        #expect(fixed == 0)
    }
}
