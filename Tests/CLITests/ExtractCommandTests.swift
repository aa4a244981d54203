import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("settings-l10n extract")
struct ExtractCommandTests {
    static let golden = TestPaths.packageRoot.appendingPathComponent("Tests/SettingsL10nExtractTests/Golden")

    @Test("--format json prints the contract's document for the example bundle")
    func json() throws {
        let result = try Tool.run(["extract", "Resources/Settings.bundle", "--format", "json"])
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("extract-example.json"), encoding: .utf8)
        #expect(result == ToolResult(stdout: expected, stderr: "", exitCode: 0))
    }

    @Test("the text summary is the default")
    func text() throws {
        let result = try Tool.run(["extract", "Resources/Settings.bundle"])
        #expect(result == ToolResult(stdout: """
        Privacy.strings: 5 strings from 1 schema file
          Privacy.plist  5 strings
        Root.strings: 52 strings from 2 schema files
          Root.plist         40 strings
          OfflineMaps.plist  12 strings

        """, stderr: "", exitCode: 0))
    }

    @Test("--xliff --locale of the development language: written, and said to be a copy to read, which import refuses")
    func developmentXLIFF() throws {
        let copy = try BundleCopy()
        let result = try Tool.run(["extract", "Settings.bundle", "--xliff", "out", "--locale", "en"], in: copy.folder)
        #expect(result.exitCode == 0)
        #expect(result.stderr == "wrote out/en.xliff: 57 units, 57 with a translation (the development language: a copy to read; import takes nothing back into it, its text is the schema's and en.lproj's)\n")
        #expect(try Tool.run(["import", "Settings.bundle", "out/en.xliff"], in: copy.folder).exitCode == 3)
    }

    @Test("--xliff and --xcloc of a bundle with only the development language: nothing written, and said so (it was silent, exit 0)")
    func onlyDevelopmentLanguage() throws {
        let copy = try BundleCopy()
        for language in ["ar", "de", "ja", "sv"] { try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("\(language).lproj")) }
        let note = "note: no XLIFF document or package was written: the bundle has no language besides the development language (en); create <lang>.lproj (fr.lproj) and run settings-l10n merge, then export again\n"
        for arguments in [["--xliff", "out"], ["--xcloc", "out", "--quiet"]] {
            let result = try Tool.run(["extract", "Settings.bundle"] + arguments, in: copy.folder)
            #expect(result.exitCode == 0)
            #expect(result.stderr == note, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out").path))
        }
    }

    @Test("--xliff writes one document per locale and says so")
    func xliff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xliff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["extract", "Resources/Settings.bundle", "--xliff", folder.path, "--locale", "sv", "--locale", "ja"])
        #expect(result.exitCode == 0)
        #expect(result.stderr == "wrote \(folder.path)/sv.xliff: 57 units, 57 with a translation\nwrote \(folder.path)/ja.xliff: 57 units, 57 with a translation\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["ja.xliff", "sv.xliff"])
        let sv = try String(contentsOf: folder.appendingPathComponent("sv.xliff"), encoding: .utf8)
        #expect(sv.contains("<file original=\"en.lproj/Root.strings\" source-language=\"en\" target-language=\"sv\" datatype=\"plaintext\">"))
        #expect(sv.contains("<target state=\"translated\">Österrike</target>"))
    }

    @Test("a locale without a folder is an error")
    func unknownLocale() throws {
        let result = try Tool.run(["extract", "Resources/Settings.bundle", "--xliff", "/tmp/unused", "--locale", "fr"])
        #expect(result == ToolResult(stdout: "", stderr: "error: the bundle has no .lproj folder for fr (it has ar, de, en, ja, sv); to add the language, create fr.lproj and run settings-l10n merge\n", exitCode: 3))
    }

    @Test("--locale without --xliff, --xcloc or --xcstrings is a usage error")
    func localeWithoutXLIFF() throws {
        let result = try Tool.run(["extract", "Resources/Settings.bundle", "--locale", "sv"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: --locale chooses the locales of --xliff, --xcloc or --xcstrings; give one of them too"))
    }

    @Test("a missing bundle is a failure with a message")
    func missingBundle() throws {
        let result = try Tool.run(["extract", "No/Such.bundle"])
        #expect(result == ToolResult(stdout: "", stderr: "error: cannot read the bundle: No/Such.bundle: no such folder; give the path of a Settings.bundle folder\n", exitCode: 3))
    }
}
