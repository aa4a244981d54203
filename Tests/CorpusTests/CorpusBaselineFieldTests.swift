import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// Day two on VLC's bundle: rows are inserted, removed and reordered after the baseline was
/// written, and the findings it accepted stay accepted (offline: `CorpusBaselineTests`, the same
/// on InAppSettingsKit's test bundle).
@Suite("Field: a baseline survives edits of VLC's schema", .requires(.fetchedCorpus))
struct CorpusBaselineFieldTests {
    static let vlc = "videolan__vlc-ios/Resources__iOS__Settings.bundle"

    @Test("a row inserted at the top, a row removed, rows reordered: the 4 accepted errors stay accepted")
    func edits() throws {
        let copy = try EditableSchemaCopy(Self.vlc, schema: "Root.inApp.plist")
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
        try copy.write([EditableSchemaCopy.row("\t\t\t<key>Type</key>\n\t\t\t<string>PSGroupSpecifier</string>")] + copy.rows)
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
        try copy.write(copy.rows + [EditableSchemaCopy.row("\t\t\t<key>Key</key>\n\t\t\t<string>kVLCSettingSyncMediaLibrary</string>\n\t\t\t<key>Title</key>\n\t\t\t<string>SETTINGS_SYNC_MEDIA_LIBRARY</string>")])
        let (added, fixed) = baseline.compare(try copy.check())
        #expect(added.map(\.fingerprint) == [
            "specifier-type-missing|Root.inApp.plist|PreferenceSpecifiers[Key=kVLCSettingSyncMediaLibrary #2]",
        ])
        #expect(fixed == 0)
    }
}
