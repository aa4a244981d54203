#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore
import SettingsL10nExtract

/// The comments settings-l10n writes itself, so the merger can tell them from a person's.
enum GeneratedComment {
    /// Opens the section of obsolete entries at the end of a table: keys no schema file uses, or
    /// uses only where no host shows them (a slider's Title). (It said "no schema file
    /// uses the keys below", which a slider's Title made untrue; a section that opens with the
    /// same entry keeps its marker as written.)
    static let obsoleteMarker = "/* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */"
    static let obsoletePrefix = "/* settings-l10n: obsolete"

    /// The comment above a generated entry, saying where its string appears, its UTF-8 appended
    /// to `bytes`.
    static func appendLocation(_ string: LocalizableString, to bytes: inout [UInt8], sourceText: (String) -> String) {
        bytes += "/* "
        let start = bytes.count
        string.appendComment(to: &bytes, sourceText: sourceText)
        // A `*/` in the text would close the comment early (StringsEntry.sanitizeComment).
        if hasCommentEnd(bytes, from: start) {
            let text = StringsEntry.sanitizeComment(String(decoding: bytes[start...], as: UTF8.self))
            bytes.replaceSubrange(start..., with: text.utf8)
        }
        bytes += " */"
    }

    /// Whether `*/` occurs in `bytes` from `start` on (each `*` found with memchr).
    private static func hasCommentEnd(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var index = start
            while index < buffer.count, let found = memchr(base + index, Int32(UInt8(ascii: "*")), buffer.count - index) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 1 < buffer.count, buffer[at + 1] == UInt8(ascii: "/") { return true }
                index = at + 1
            }
            return false
        }
    }

    /// Whether `comment` is a location comment settings-l10n wrote: it starts with a schema file
    /// name followed by ` › `.
    static func isLocation(_ comment: String) -> Bool {
        var comment = comment
        return comment.withUTF8 { isLocation(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// `isLocation` on the comment's UTF-8 bytes: `/* `, a file name without spaces ending in
    /// `.plist`, then ` › `.
    static func isLocation(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 12, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "*"), bytes[2] == 0x20 else { return false }
        var index = 3
        while index + 4 < bytes.count, bytes[index] != 0x20 { index += 1 }
        // The file name ends at the first space, which must open " › " (20 E2 80 BA 20).
        guard index + 4 < bytes.count, bytes[index + 1] == 0xE2, bytes[index + 2] == 0x80, bytes[index + 3] == 0xBA,
              bytes[index + 4] == 0x20, index >= 3 + 6 else { return false }
        let plist: [UInt8] = Array(".plist".utf8)
        return (0..<6).allSatisfy { bytes[index - 6 + $0] == plist[$0] }
    }

    /// Whether `comment` is one settings-l10n wrote (location, marks, obsolete section).
    static func isGenerated(_ comment: String) -> Bool {
        isLocation(comment) || ReviewMark.isMark(comment) || comment.hasPrefix(obsoletePrefix)
    }
}
