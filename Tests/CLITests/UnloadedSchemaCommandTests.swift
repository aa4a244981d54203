import Foundation
import Testing
import SettingsL10nTestSupport

/// Every command on a bundle one of whose schema files does not load: each says so where it is
/// (file, line, column), none presents what it could read as the whole, and the exit status
/// says the result is incomplete. Before, `status` showed 100% and stale counts that `check`
/// withholds (exit 0), `extract` listed and exported the rest (exit 0, silent for a pane that
/// names no file), and `check` advised a `merge` that merge then refused.
@Suite("A schema file that does not load, end to end")
struct UnloadedSchemaCommandTests {
    private static let privacyError = "Settings.bundle/Privacy.plist:1:14: error: not a property list: the tag <broken> starting here is not closed [plist-syntax]\n"

    /// The example bundle with Privacy.plist broken, "Map" gone from the development table and
    /// a stale key in German.
    private static func bundle() throws -> BundleCopy {
        let copy = try BundleCopy()
        try "<plist><dict><broken".write(to: copy.bundle.appendingPathComponent("Privacy.plist"), atomically: true, encoding: .utf8)
        let english = copy.bundle.appendingPathComponent("en.lproj/Root.strings")
        try String(contentsOf: english, encoding: .utf8).replacingOccurrences(of: "\"Map\" = \"Map\";\n", with: "")
            .write(to: english, atomically: true, encoding: .utf8)
        let german = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        try (String(contentsOf: german, encoding: .utf8) + "\"Old\" = \"Alt\";\n").write(to: german, atomically: true, encoding: .utf8)
        return copy
    }

    @Test("status: stale is unknown (?), the file that did not load is named on both streams, exit 1")
    func status() throws {
        let copy = try Self.bundle()
        let result = try Tool.run(["status", "Settings.bundle", "--locale", "de", "--locale", "en"], in: copy.folder)
        #expect(result == ToolResult(stdout: """
            locale  table  translated  fuzzy  missing  stale  percent
            de      Root        52/52      0        0      ?   100.0%  ████████████████████
            en *    Root       source      0        1      ?   100.0%  ████████████████████
            * the development language (en): its table holds the source text; missing counts the entries merge adds
            ! Privacy.plist did not load: its strings are not counted, and which keys are stale is unknown (?); settings-l10n check says what is wrong

            """, stderr: Self.privacyError, exitCode: 1))
    }

    @Test("status --format json: stale is null, the file is listed with where it went wrong")
    func statusJSON() throws {
        let copy = try Self.bundle()
        let result = try Tool.run(["status", "Settings.bundle", "--locale", "de", "--format", "json"], in: copy.folder)
        #expect(result.exitCode == 1)
        #expect(result.stderr == Self.privacyError)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let german = try #require((document["locales"] as? [[String: Any]])?.first)
        #expect(german["stale"] is NSNull)
        #expect((german["tables"] as? [[String: Any]])?.first?["stale"] is NSNull)
        #expect(result.stdout.hasSuffix("""
              "unloadedSchemaFiles": [
                {
                  "path": "Privacy.plist",
                  "rule": "plist-syntax",
                  "message": "not a property list: the tag <broken> starting here is not closed",
                  "file": "Privacy.plist",
                  "line": 1,
                  "column": 14
                }
              ]
            }

            """))
        // A bundle that loads lists none, and counts stale keys.
        let clean = try Tool.run(["status", "Resources/Settings.bundle", "--locale", "de", "--format", "json"])
        #expect(clean.exitCode == 0)
        #expect(clean.stdout.contains("\"stale\": 0,") && clean.stdout.hasSuffix("  \"unloadedSchemaFiles\": []\n}\n"))
    }

    @Test("status --format markdown: the comment says the counts are incomplete")
    func statusMarkdown() throws {
        let copy = try Self.bundle()
        let result = try Tool.run(["status", "Settings.bundle", "--locale", "de", "--format", "markdown"], in: copy.folder)
        #expect(result == ToolResult(stdout: """
            ### Translations of Settings.bundle

            > **Incomplete:** Privacy.plist did not load: its strings are not counted, and which keys are stale is unknown (?); settings-l10n check says what is wrong

            1 of 1 language complete in the schema files that loaded.

            | Language | Translated | Fuzzy | Missing | Stale | Complete |
            |---|---:|---:|---:|---:|---|
            | de | 52 / 52 | 0 | 0 | ? | 100.0% `██████████` |

            """, stderr: Self.privacyError, exitCode: 1))
    }

    @Test("extract lists what loaded and exits 1; an export is refused, nothing written")
    func extract() throws {
        let copy = try Self.bundle()
        let listing = try Tool.run(["extract", "Settings.bundle"], in: copy.folder)
        #expect(listing == ToolResult(stdout: """
            Root.strings: 52 strings from 2 schema files
              Root.plist         40 strings
              OfflineMaps.plist  12 strings

            """, stderr: Self.privacyError, exitCode: 1))
        for option in ["--xliff", "--xcloc", "--xcstrings"] {
            let export = try Tool.run(["extract", "Settings.bundle", option, "out"], in: copy.folder)
            #expect(export == ToolResult(stdout: listing.stdout, stderr: Self.privacyError + "error: no export was written: it would lack the strings of Privacy.plist; export again once Privacy.plist loads (the error above says what is wrong)\n", exitCode: 1))
            #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out").path))
        }
    }

    @Test("check: the fix it suggests waits for the schema file; merge names the file as check does")
    func checkAndMerge() throws {
        let copy = try Self.bundle()
        let before = try copy.snapshot()
        let check = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(check == ToolResult(stdout: """
            \(Self.privacyError)Settings.bundle/en.lproj/Root.strings: warning: the development table lacks "Map" (used at Root.plist:71); run settings-l10n merge [development-entry-missing]

            """, stderr: """
            1 error, 1 warning, 0 notes
              1 error    plist-syntax
              1 warning  development-entry-missing
            1 warning is fixed by `settings-l10n merge Settings.bundle` once Privacy.plist loads

            """, exitCode: 1))
        let merge = try Tool.run(["merge", "Settings.bundle"], in: copy.folder)
        #expect(merge == ToolResult(stdout: "", stderr: Self.privacyError + "error: merge changed nothing: Privacy.plist did not load (line 1: not a property list: the tag <broken> starting here is not closed), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again\n", exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("a child pane naming no file: extract reports it; status and merge count the file once however many pages name it")
    func missingPane() throws {
        let copy = try BundleCopy()
        for name in ["Root.plist", "Root~ipad.plist"] {
            let text = try String(contentsOf: copy.bundle.appendingPathComponent("Root.plist"), encoding: .utf8)
            try text.replacingOccurrences(of: "<string>Privacy</string>", with: "<string>Gone</string>")
                .write(to: copy.bundle.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let missing = "error: File \"Gone\" names Gone.plist, which is not in the bundle; tapping the row opens an empty page [child-pane-file-missing]\n"
        let extract = try Tool.run(["extract", "Settings.bundle"], in: copy.folder)
        #expect(extract.exitCode == 1)
        #expect(extract.stderr == "Settings.bundle/Root.plist:275:4: \(missing)Settings.bundle/Root~ipad.plist:275:4: \(missing)")
        let status = try Tool.run(["status", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(status.exitCode == 1)
        #expect(status.stdout.hasSuffix("! Gone.plist is missing: its strings are not counted, and which keys are stale is unknown (?); settings-l10n check says what is wrong\n"))
        let merge = try Tool.run(["merge", "Settings.bundle"], in: copy.folder)
        #expect(merge.stderr.hasSuffix("error: merge changed nothing: Gone.plist is missing (Root.plist:275: File \"Gone\" names Gone.plist, which is not in the bundle; tapping the row opens an empty page), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again\n"))
    }

    @Test("check --output, --write-baseline and --stamp create the folders they need, as render and the exports do")
    func outputFolders() throws {
        let copy = try BundleCopy()
        let report = try Tool.run(["check", "Settings.bundle", "--output", "reports/check/report.txt", "--stamp", "stamps/check.stamp"], in: copy.folder)
        #expect(report == ToolResult(stdout: "", stderr: "no problems found\n", exitCode: 0))
        #expect(try String(contentsOf: copy.folder.appendingPathComponent("reports/check/report.txt"), encoding: .utf8) == "")
        #expect(try String(contentsOf: copy.folder.appendingPathComponent("stamps/check.stamp"), encoding: .utf8) == "// settings-l10n check passed: Settings.bundle (0 warnings)\n")
        let baseline = try Tool.run(["check", "Settings.bundle", "--write-baseline", "ci/baseline.json"], in: copy.folder)
        #expect(baseline.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("ci/baseline.json").path))
        // A file where a folder should be is still an error that says why.
        let blocked = try Tool.run(["check", "Settings.bundle", "--output", "reports/check/report.txt/x"], in: copy.folder)
        #expect(blocked == ToolResult(stdout: "", stderr: "error: cannot write the report to reports/check/report.txt/x: reports/check/report.txt is not a folder; choose a file you can write\n", exitCode: 3))
    }
}

extension UnloadedSchemaCommandTests {
    @Test("a File holding a line break is shown escaped in every refusal, an empty one as \"\"")
    func oddFileValues() throws {
        for (file, shown) in [("Pri\nvacy\tx", "Pri\\nvacy\\tx"), ("", "\"\"")] {
            let copy = try BundleCopy()
            let root = copy.bundle.appendingPathComponent("Root.plist")
            try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "<string>Privacy</string>", with: "<string>\(file)</string>")
                .write(to: root, atomically: true, encoding: .utf8)
            let merge = try Tool.run(["merge", "Settings.bundle"], in: copy.folder)
            #expect(merge.exitCode == 1)
            // One finding line, one refusal line: nothing from the File breaks a line.
            #expect(merge.stderr.split(separator: "\n").count == 2)
            #expect(merge.stderr.contains("\nerror: merge changed nothing: \(shown) could not be opened (Root.plist:"))
            let export = try Tool.run(["extract", "Settings.bundle", "--xliff", "out"], in: copy.folder)
            #expect(export.stderr.hasSuffix("\nerror: no export was written: it would lack the strings of \(shown); export again once \(shown) can be opened (the error above says what is wrong)\n"))
            let status = try Tool.run(["status", "Settings.bundle", "--locale", "de"], in: copy.folder)
            #expect(status.stdout.hasSuffix("! \(shown) could not be opened: its strings are not counted, and which keys are stale is unknown (?); settings-l10n check says what is wrong\n"))
        }
    }

    @Test("a bundle without Root.plist: its keys are not stale, merge --prune deletes nothing, status and extract exit 1")
    func noRoot() throws {
        let copy = try BundleCopy()
        try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("Root.plist"))
        let before = try copy.snapshot()
        let missing = "Settings.bundle/Root.plist: error: the bundle has no Root.plist, so the Settings app shows no settings for the app [root-plist-missing]\n"
        let merge = try Tool.run(["merge", "Settings.bundle", "--prune"], in: copy.folder)
        #expect(merge == ToolResult(stdout: "", stderr: missing + "error: merge changed nothing: the bundle has no Root.plist, so which keys are still used is unknown; fix it (settings-l10n check says how) and run again\n", exitCode: 1))
        #expect(try copy.snapshot() == before)
        let status = try Tool.run(["status", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(status.exitCode == 1 && status.stderr == missing)
        #expect(status.stdout.hasSuffix("! Root.plist is missing: its strings are not counted, and which keys are stale is unknown (?); settings-l10n check says what is wrong\n"))
        let check = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(check.exitCode == 1 && !check.stdout.contains("[stale-key]"))
        let export = try Tool.run(["extract", "Settings.bundle", "--xliff", "out"], in: copy.folder)
        #expect(export.exitCode == 1 && export.stderr.hasSuffix("once Root.plist is added (the error above says what is wrong)\n"))
    }
}

extension UnloadedSchemaCommandTests {
    @Test("InAppSettingsKit's Root.inApp.plist alone: merge is not blocked (its keys are known); render and check still say the Settings app has no page")
    func inAppRootOnly() throws {
        let copy = try BundleCopy()
        try FileManager.default.moveItem(at: copy.bundle.appendingPathComponent("Root.plist"), to: copy.bundle.appendingPathComponent("Root.inApp.plist"))
        let missing = "Settings.bundle/Root.plist: error: the bundle has no Root.plist, so the Settings app shows no settings for the app [root-plist-missing]\n"
        let merge = try Tool.run(["merge", "Settings.bundle", "--check"], in: copy.folder)
        #expect(merge.exitCode == 0)
        let render = try Tool.run(["render", "Settings.bundle", "--locale", "de"], in: copy.folder)
        #expect(render.exitCode == 1 && render.stderr.hasPrefix(missing))
        let check = try Tool.run(["check", "Settings.bundle"], in: copy.folder)
        #expect(check.exitCode == 1 && check.stdout.hasPrefix(missing))
    }
}
