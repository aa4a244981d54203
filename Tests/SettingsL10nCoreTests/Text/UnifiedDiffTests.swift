import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Unified diffs")
struct UnifiedDiffTests {
    static let lines = (1...20).map { "line \($0)\n" }.joined()

    @Test("equal texts give no diff")
    func equal() {
        #expect(UnifiedDiff.diff(old: "a\n", new: "a\n", path: "x") == "")
    }

    @Test("two changes far apart make two hunks with three lines of context")
    func twoHunks() {
        let new = Self.lines.replacingOccurrences(of: "line 2\n", with: "line two\n")
            .replacingOccurrences(of: "line 18\n", with: "line 18\nline 18b\n")
        #expect(UnifiedDiff.diff(old: Self.lines, new: new, path: "de.lproj/Root.strings") == """
        --- a/de.lproj/Root.strings
        +++ b/de.lproj/Root.strings
        @@ -1,5 +1,5 @@
         line 1
        -line 2
        +line two
         line 3
         line 4
         line 5
        @@ -16,5 +16,6 @@
         line 16
         line 17
         line 18
        +line 18b
         line 19
         line 20

        """)
    }

    @Test("lines are compared byte for byte, and end at line feeds as patch reads them")
    func bytes() {
        #expect(UnifiedDiff.diff(old: "a\r\n\u{E9}\r\nb\rc\n", new: "a\r\ne\u{301}\r\nb\rc\n", path: "t") == """
        --- a/t
        +++ b/t
        @@ -1,3 +1,3 @@
         a\r
        -\u{E9}\r
        +e\u{301}\r
         b\rc

        """)
    }

    @Test("a new file diffs against /dev/null")
    func newFile() {
        #expect(UnifiedDiff.diff(old: "", new: "a\nb\n", path: "sv.lproj/Root.strings", isNewFile: true) == """
        --- /dev/null
        +++ b/sv.lproj/Root.strings
        @@ -0,0 +1,2 @@
        +a
        +b

        """)
    }

    @Test("a missing final newline is marked")
    func noFinalNewline() {
        #expect(UnifiedDiff.diff(old: "a\nb", new: "a\nc", path: "t") == """
        --- a/t
        +++ b/t
        @@ -1,2 +1,2 @@
         a
        -b
        \\ No newline at end of file
        +c
        \\ No newline at end of file

        """)
    }

    @Test("the edit script is minimal", arguments: [
        ("abcabba", "cbabac", 5), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("ab", "ba", 2),
    ])
    func minimal(a: String, b: String, distance: Int) {
        let old = a.map { "\($0)\n" }, new = b.map { "\($0)\n" }
        let script = UnifiedDiff.script(old, new)
        #expect(script.filter { $0.kind != .equal }.count == distance)
        #expect(script.filter { $0.kind != .insert }.map(\.text) == old)
        #expect(script.filter { $0.kind != .delete }.map(\.text) == new)
    }

    @Test("past the limit the middle is replaced whole, still a valid script")
    func limit() {
        let old = (0..<50).map { "a\($0)\n" }, new = (0..<50).map { "b\($0)\n" }
        let script = UnifiedDiff.script(old, new, limit: 10)
        #expect(script.filter { $0.kind != .insert }.map(\.text) == old)
        #expect(script.filter { $0.kind != .delete }.map(\.text) == new)
    }
}
