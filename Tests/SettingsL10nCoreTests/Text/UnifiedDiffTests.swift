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

    @Test("a file name with a line break, a control character, a quote or a backslash is quoted as git quotes it; others are not")
    func quotedNames() {
        #expect(UnifiedDiff.diff(old: "a\n", new: "b\n", path: "de\n::add-mask::x.lproj/R\u{1B}\"\\.strings") == """
        --- "a/de\\n::add-mask::x.lproj/R\\033\\"\\\\.strings"
        +++ "b/de\\n::add-mask::x.lproj/R\\033\\"\\\\.strings"
        @@ -1 +1 @@
        -a
        +b

        """)
        #expect(UnifiedDiff.diff(old: "", new: "b\n", path: "fr\t é ##[x].lproj/Root.strings", isNewFile: true).hasPrefix("""
        --- /dev/null
        +++ "b/fr\\t é ##[x].lproj/Root.strings"

        """))
        #expect(UnifiedDiff.quotedName("a/de.lproj/Root strings é.strings") == "a/de.lproj/Root strings é.strings")
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

    @Test("applying the diff to the old text gives the new one, on random edits of random texts")
    func appliesBack() throws {
        var generator = SeededGenerator(seed: 11)
        let words = ["a", "b", "c", "ab", "a b", ""]
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        for _ in 0..<500 {
            var lines = (0..<pick(30)).map { _ in words[pick(words.count)] + "\n" }
            let old = lines.joined() + (pick(4) == 0 ? "end" : "")
            for _ in 0..<(1 + pick(4)) {
                let at = pick(lines.count + 1)
                switch pick(4) {
                case 0 where at < lines.count: lines.remove(at: at)
                case 1 where at < lines.count: lines[at] = "changed \(at)\n"
                // The changed line ends as the old one did: the common tail starts inside it.
                case 2 where at < lines.count: lines[at] = "c" + lines[at]
                default: lines.insert("new\n", at: at)
                }
            }
            let new = lines.joined() + (pick(4) == 0 ? "end" : "")
            let diff = UnifiedDiff.diff(old: old, new: new, path: "x", context: pick(4))
            #expect(try Self.apply(diff, to: old) == new, "\(old.debugDescription) -> \(new.debugDescription):\n\(diff)")
        }
    }

    /// Applies a unified diff as `patch` does, checking every context and deleted line.
    static func apply(_ diff: String, to old: String) throws -> String {
        struct Mismatch: Error {}
        var source = old.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) + "\n" }
        if let last = source.last {
            source.removeLast()
            if last != "\n" { source.append(String(last.dropLast())) }
        }
        var output: [String] = []
        var next = 0
        var previous: Character = " "
        var endsNewText = false
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("@@ -") {
                let start = Int(line.dropFirst(4).prefix { $0.isNumber })!
                let first = line.dropFirst(4).drop { $0.isNumber }.hasPrefix(",0 ") ? start : start - 1
                guard first >= next else { throw Mismatch() }
                output += source[next..<first]
                next = first
            } else if line.hasPrefix(" ") || (line.hasPrefix("-") && !line.hasPrefix("---")) {
                let text = String(line.dropFirst())
                guard next < source.count, source[next] == text + "\n" || source[next] == text else { throw Mismatch() }
                if line.hasPrefix(" ") { output.append(source[next]) }
                next += 1
            } else if line.hasPrefix("+"), !line.hasPrefix("+++") {
                output.append(line.dropFirst() + "\n")
            } else if line == "\\ No newline at end of file" {
                // Only the last line of a text can lack its line feed.
                if previous == "+" {
                    output[output.count - 1].removeLast()
                    endsNewText = true
                } else if next != source.count {
                    throw Mismatch()
                }
            }
            previous = line.first ?? " "
        }
        if endsNewText, next != source.count { throw Mismatch() }
        output += source[next...]
        return output.joined()
    }
}
