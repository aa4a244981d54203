#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore

/// The comments settings-l10n writes itself, so the merger can tell them from a person's, and
/// `check` can tell where merge would write them otherwise.
package enum GeneratedComment {
    /// Opens the section of obsolete entries at the end of a table: keys no schema file uses, or
    /// uses only where no host shows them (a slider's Title). (It said "no schema file
    /// uses the keys below", which a slider's Title made untrue; a section that opens with the
    /// same entry keeps its marker as written.)
    package static let obsoleteMarker = "/* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */"
    package static let obsoletePrefix = "/* settings-l10n: obsolete"

    /// The comment above a generated entry, saying where its string appears, its UTF-8 appended
    /// to `bytes`.
    package static func appendLocation(_ string: LocalizableString, to bytes: inout [UInt8], sourceText: (String) -> String) {
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
    package static func isLocation(_ comment: String) -> Bool {
        var comment = comment
        return comment.withUTF8 { isLocation(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// `isLocation` on the comment's UTF-8 bytes (`StringsTrivia.isLocationComment`).
    package static func isLocation(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        StringsTrivia.isLocationComment(bytes)
    }

    /// The hash of the location comment merge writes above `string`'s entry
    /// (`StringsTrivia.commentHash`), which `check` compares with the one a table holds.
    package static func locationHash(_ string: LocalizableString, sourceText: (String) -> String) -> UInt64 {
        var bytes: [UInt8] = []
        appendLocation(string, to: &bytes, sourceText: sourceText)
        return bytes.withUnsafeBufferPointer(StringsTrivia.commentHash)
    }

    /// Whether `comment` is one settings-l10n wrote (location, marks, obsolete section).
    package static func isGenerated(_ comment: String) -> Bool {
        isLocation(comment) || ReviewMark.isMark(comment) || comment.hasPrefix(obsoletePrefix)
    }
}
