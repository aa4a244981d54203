import Testing
@testable import SettingsL10nCore

@Suite("Finding bytes in bytes")
struct ByteSearchTests {
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        Array(haystack.utf8).withUnsafeBufferPointer { ByteSearch.contains($0, Array(needle.utf8)) }
    }

    @Test("found at the start, the end, inside; not found when cut short or absent")
    func finds() {
        let mark = "settings-l10n: carried over from "
        #expect(Self.contains(mark + "\"a\" */", mark))
        #expect(Self.contains("/* " + mark, mark))
        #expect(Self.contains("x settings-l10n:settings-l10n: carried over from y", mark))
        #expect(!Self.contains("/* settings-l10n: carried over fro", mark))
        #expect(!Self.contains("/* settings-l10n: needs review */ : carried over from", mark))
        #expect(!Self.contains("", mark))
        #expect(Self.contains("", ""))
        #expect(Self.contains("abc", "c"))
        #expect(Self.contains("aab", "ab"))
        #expect(!Self.contains("ab", "abc"))
        // The anchor (`:`) found where the needle would start before the text.
        #expect(!Self.contains(":abc", "x:abc"))
        #expect(Self.contains("x:abc", "x:abc"))
    }

    @Test("the same answers as a search by hand, over every cut of a text")
    func agreesWithNaiveSearch() {
        let text = Array("a:b a:b:c ::c abc: a:b:c:".utf8)
        for start in 0..<text.count {
            for end in start...text.count {
                let needle = Array(text[start..<end])
                for haystackEnd in 0...text.count {
                    let haystack = Array(text[0..<haystackEnd])
                    let expected = needle.isEmpty || stride(from: 0, through: haystack.count - needle.count, by: 1).contains {
                        haystack[$0..<($0 + needle.count)].elementsEqual(needle)
                    }
                    #expect(haystack.withUnsafeBufferPointer { ByteSearch.contains($0, needle) } == expected)
                }
            }
        }
    }
}
