import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// A copy of a corpus bundle whose schema file's rows (each written "\t\t<dict>…\t\t</dict>")
/// can be edited.
final class EditableSchemaCopy {
    let folder: TemporaryFolder
    let bundle: URL
    let schema: URL
    let head: String, tail: String
    let rows: [String]

    init(_ corpusBundle: String, schema file: String) throws {
        folder = try TemporaryFolder()
        bundle = folder.url.appendingPathComponent("Settings.bundle")
        try FileManager.default.copyItem(at: TestPaths.corpus(corpusBundle), to: bundle)
        schema = bundle.appendingPathComponent(file)
        let text = try String(contentsOf: schema, encoding: .utf8)
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

    static func row(_ fields: String) -> String { "\t\t<dict>\n\(fields)\n\t\t</dict>\n" }
}

/// Day two on InAppSettingsKit's test bundle (vendored): rows of Complete.plist are inserted,
/// removed and reordered after the baseline was written, and the findings it accepted stay
/// accepted. `CorpusBaselineFieldTests` does the same on VLC's bundle.
@Suite("Corpus: a baseline survives edits of InAppSettingsKit's schema")
struct CorpusBaselineTests {
    static let bundle = "futuretap__InAppSettingsKit/Tests__InAppSettingsKitTests__Settings.bundle"

    @Test("a row inserted at the top, a row removed, rows reordered: the accepted errors stay accepted")
    func edits() throws {
        let copy = try EditableSchemaCopy(Self.bundle, schema: "Complete.plist")
        #expect(copy.rows.count == 60)
        let before = try copy.check()
        #expect(before.filter { $0.severity == .error && $0.location.file == "Complete.plist" }.map(\.fingerprint) == [
            "enum-value|Complete.plist|PreferenceSpecifiers[Key=text_secure].AutocorrectionType",
            "enum-value|Complete.plist|PreferenceSpecifiers[Key=text_DecimalPad].KeyboardType",
            "default-value-not-in-values|Complete.plist|PreferenceSpecifiers[Key=title_non_existing_lookup_entry].DefaultValue",
            "child-pane-file-missing|Complete.plist|PreferenceSpecifiers[Key=fruit].File",
            "required-key-missing|Complete.plist|PreferenceSpecifiers[Key=title_non_existing_lookup_entry2]",
            "required-key-missing|Complete.plist|PreferenceSpecifiers[Key=title_non_existing_lookup_entry3]",
        ])
        let baseline = try Baseline.parse(Array(Baseline(before).json.utf8))

        // A group without a title at the top: every position moves by one, nothing is new.
        try copy.write([EditableSchemaCopy.row("\t\t\t<key>Type</key>\n\t\t\t<string>PSGroupSpecifier</string>")] + copy.rows)
        let inserted = try copy.check()
        #expect(inserted.filter { $0.severity == .error && $0.location.file == "Complete.plist" }.map(\.location.keyPath) == [
            "PreferenceSpecifiers[6].AutocorrectionType", "PreferenceSpecifiers[9].KeyboardType", "PreferenceSpecifiers[29].DefaultValue",
            "PreferenceSpecifiers[54].File", "PreferenceSpecifiers[58]", "PreferenceSpecifiers[60]",
        ])
        #expect(baseline.compare(inserted) == ([], 0))

        // The last row moved to the top.
        try copy.write([copy.rows[59]] + copy.rows[0..<59])
        #expect(baseline.compare(try copy.check()) == ([], 0))

        // A genuinely new finding is reported, alone: a title-value row without its DefaultValue.
        try copy.write(copy.rows + [EditableSchemaCopy.row("\t\t\t<key>Type</key>\n\t\t\t<string>PSTitleValueSpecifier</string>\n\t\t\t<key>Key</key>\n\t\t\t<string>new_title_value</string>")])
        let (added, fixed) = baseline.compare(try copy.check())
        #expect(added.map(\.fingerprint) == ["required-key-missing|Complete.plist|PreferenceSpecifiers[Key=new_title_value]"])
        #expect(fixed == 0)
    }
}
