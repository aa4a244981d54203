import Foundation
import Testing
import SettingsL10nTestSupport

/// Names from the bundle that must never become paths (issue 27): each test failed before its fix.
@Suite("Hostile names and paths, end to end")
struct HostilePathCommandTests {
    @Test("a StringsTable that is a path writes nothing outside the bundle or the output folder, and blocks merge")
    func stringsTablePath() throws {
        let copy = try BundleCopy()
        let privacy = copy.bundle.appendingPathComponent("Privacy.plist")
        try String(contentsOf: privacy, encoding: .utf8)
            .replacingOccurrences(of: "<key>StringsTable</key>\n\t<string>Privacy</string>", with: "<key>StringsTable</key>\n\t<string>../../escaped</string>")
            .write(to: privacy, atomically: true, encoding: .utf8)
        let output = copy.folder.appendingPathComponent("out/a")
        let extract = try Tool.run(["extract", copy.bundle.path, "--xcstrings", output.path])
        let finding = "\(copy.bundle.path)/Privacy.plist:6:2: error: StringsTable \"../../escaped\" contains a path separator; it must be a plain name such as Root; the table is neither read, written nor exported [strings-table-invalid]\n"
        #expect(extract.stderr.hasPrefix(finding))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["Root.xcstrings"])
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("escaped.xcstrings").path))
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out/escaped.xcstrings").path))
        let check = try Tool.run(["check", copy.bundle.path])
        #expect(check.exitCode == 1)
        #expect(check.stdout.hasPrefix(finding))
        let before = try copy.snapshot()
        let merge = try Tool.run(["merge", copy.bundle.path, "--fill", "source", "--prune"])
        #expect(merge.exitCode == 1)
        #expect(merge.stderr.hasPrefix("error: merge changed nothing: Privacy.plist did not load (line 6: StringsTable \"../../escaped\""))
        #expect(try copy.snapshot() == before)
    }

    @Test("a StringsTable holding a NUL never reaches the system: the hidden table it would cut to is untouched, nothing is created")
    func stringsTableNUL() throws {
        let copy = try BundleCopy()
        try Data("{ StringsTable = \"notes\\000\"; PreferenceSpecifiers = ( { Type = PSGroupSpecifier; Title = \"Notes\"; } ); }".utf8)
            .write(to: copy.bundle.appendingPathComponent("Privacy.plist"))
        try Data("\"x\" = \"y\";\n".utf8).write(to: copy.bundle.appendingPathComponent("de.lproj/.notes"))
        let before = try copy.snapshot()
        let merge = try Tool.run(["merge", copy.bundle.path, "--fill", "source"])
        #expect(merge.exitCode == 1)
        #expect(merge.stderr == "error: merge changed nothing: Privacy.plist did not load (line 1: StringsTable \"notes\\U0000\" contains a NUL character; the table is neither read, written nor exported), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again\n")
        #expect(try copy.snapshot() == before)
        let output = copy.folder.appendingPathComponent("catalogs")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xcstrings", output.path]).exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["Root.xcstrings"])
    }
}
