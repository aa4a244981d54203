import Testing
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// The field suite of check's own tests: VLC's bundle (fetched, copyleft), where the vendored
/// bundles are not enough to be sure of a whole-bundle property.
@Suite("Field: check on VLC's bundle", .requires(.fetchedCorpus))
struct CheckFieldTests {
    @Test("without the display rules' lists, coverage is the same on VLC's bundle")
    func coverageWithoutDisplayRules() throws {
        try CoverageOnlyContextTests.expectSameCoverage(TestPaths.vlc.path)
    }
}
