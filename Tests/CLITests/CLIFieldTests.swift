import Foundation
import Testing
import SettingsL10nTestSupport

/// The field suite of the end-to-end tests: the built binary on the copyleft bundles
/// `scripts/fetch-corpus` brings (VLC's 62 languages above all). Each test has an offline twin on
/// a vendored bundle, named in its title.
@Suite("Field: settings-l10n on the copyleft corpus", .requires(.fetchedCorpus))
struct CLIFieldTests {
    @Test("VLC's default report groups findings per table and across languages: at most 25 lines, one per finding with --each")
    func readableReport() throws {
        let grouped = try Tool.run(["check", TestPaths.vlc.path])
        #expect(grouped.exitCode == 1)
        let lines = grouped.stdout.split(separator: "\n")
        #expect(lines.count <= 25)
        #expect(lines.contains { $0.hasSuffix("af.lproj/Root.strings: warning: 113 strings not translated in 56 languages (af, ar, be, br, bs, … +51): \"0.25x\", \"0.50x\", \"0.75x\", \"1.00x\", \"1.25x\", … (+108) [missing-translation]") })
        #expect(grouped.stderr.hasPrefix("""
            4 errors, 9,024 warnings, 0 notes
                  2 errors    defaults-key-conflict
                  2 errors    specifier-type-missing
              6,928 warnings  missing-translation
              1,988 warnings  stale-key
                108 warnings  development-entry-missing

            """))
        let each = try Tool.run(["check", TestPaths.vlc.path, "--each"])
        #expect(each.stdout.split(separator: "\n").count == 9_028)
        let github = try Tool.run(["check", TestPaths.vlc.path, "--format", "github"])
        #expect(github.stdout.split(separator: "\n").count == lines.count)
    }

    @Test("on VLC's bundle, status's numbers agree with check --format json")
    func statusAgreesWithCheck() throws {
        let rows = try StatusCommandTests.expectAgreement(TestPaths.vlc.path)
        #expect(rows.count == 62)
        #expect(rows["de"].map { "\($0.translated)/\($0.total) missing \($0.missing) stale \($0.stale)" } == "124/237 missing 113 stale 33")
    }

    @Test("status, check and the previews agree on every fetched bundle, for every language", arguments: TestPaths.fieldBundles())
    func completeness(bundle: String) throws {
        try CompletenessCommandTests.expectAgreement(bundle)
    }

    @Test("VLC with the configuration of docs/configuration.md: doNotTranslate and keep count the same in all three")
    func vlcConfigured() throws {
        let numbers = try Self.vlcConfigured()
        CompletenessCommandTests.expectAgreement(numbers, in: "VLC")
        // Before, the preview said 51% here: it counted neither doNotTranslate nor strings without letters.
        #expect(numbers["de"]?.description == "status 70.0%, preview 70.0%, status missing 71, check untranslated 71")
    }

    @Test("every surface of the registry over every fetched bundle: no crash; those that write nothing leave it as it was",
          arguments: TestPaths.fieldBundles())
    func everySurface(bundle: String) throws {
        try CorpusSurfaceTests.expectEverySurface(bundle)
    }

    @Test("VLC: export, empty the tables, import; a second export is byte for byte the first", arguments: ["--xcstrings", "--xcloc"])
    func xcodeRoundTrip(option: String) throws {
        try XcodeImportCommandTests.expectRoundTrip(TestPaths.vlc, option: option)
    }

    /// The numbers of VLC with the configuration of docs/configuration.md.
    static func vlcConfigured() throws -> [String: CompletenessCommandTests.Numbers] {
        let folder = try TemporaryFolder()
        let configuration = folder.url.appendingPathComponent("vlc.json")
        try Data("""
            {"doNotTranslate": ["*.*x", "* dB", "Arial*", "Avenir*", "Helvetica*", "Courier New", "Menlo", "Futura", "Georgia",
                                "Times New Roman", "Zapf*", "* Sangam MN", "Hiragino *", "Heiti *"],
             "keep": ["SETTINGS_DONATE*"]}
            """.utf8).write(to: configuration)
        let vlc = TestPaths.corpus("videolan__vlc-ios/Resources__iOS__Settings.bundle").path
        return try CompletenessCommandTests.numbers(vlc, options: ["--config", configuration.path])
    }
}
