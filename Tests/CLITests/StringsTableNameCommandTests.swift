import Foundation
import Testing
import SettingsL10nTestSupport

/// A `StringsTable` is a file name: characters that end a line (C1 controls such as U+0085 NEXT
/// LINE, U+2028, U+2029) are refused like the C0 controls, and no table is made of it.
@Suite("StringsTable names that end a line, end to end")
struct StringsTableNameCommandTests {
    @Test("a StringsTable holding U+0085, U+009B, U+2028 or U+2029: merge creates no table of that name (it created en.lproj/Privacy\\u{85}.strings)",
          arguments: ["\u{85}", "\u{9B}", "\u{2028}", "\u{2029}"])
    func lineEndingStringsTable(character: String) throws {
        let copy = try BundleCopy()
        let privacy = copy.bundle.appendingPathComponent("Privacy.plist")
        try replaceOnce(in: privacy, "<string>Privacy</string>", with: "<string>Privacy\(character)</string>")
        let before = try copy.snapshot()
        let merge = try Tool.run(["merge", copy.bundle.path, "--fill", "source"])
        #expect(merge.exitCode == 1)
        #expect(merge.stderr.hasPrefix("\(copy.bundle.path)/Privacy.plist:6:2: error: StringsTable "))
        #expect(merge.stderr.contains("[strings-table-invalid]\nerror: merge changed nothing: Privacy.plist did not load (line 6: StringsTable "))
        #expect(try copy.snapshot() == before)
        let check = try Tool.run(["check", copy.bundle.path, "--format", "json"])
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("\"rule\": \"strings-table-invalid\""))
    }
}
