import SettingsL10nCore
import SettingsL10nExtract

/// The comments settings-l10n writes itself, so the merger can tell them from a person's.
enum GeneratedComment {
    /// Opens the section of obsolete entries at the end of a table.
    static let obsoleteMarker = "/* settings-l10n: obsolete: no schema file uses the keys below; they stay live until merge --prune */"
    static let obsoletePrefix = "/* settings-l10n: obsolete"

    /// The comment above a generated entry, saying where its string appears.
    static func location(_ string: LocalizableString, sourceText: (String) -> String) -> String {
        "/* " + StringsEntry.sanitizeComment(string.comment(sourceText: sourceText)) + " */"
    }

    /// Whether `comment` is a location comment settings-l10n wrote: it starts with a schema file
    /// name followed by ` › `.
    static func isLocation(_ comment: String) -> Bool {
        guard comment.hasPrefix("/* "), let separator = comment.byteRange(of: " › ") else { return false }
        let file = comment[comment.index(comment.startIndex, offsetBy: 3)..<separator.lowerBound]
        return file.hasSuffix(".plist") && !file.contains(" ")
    }

    /// Whether `comment` is one settings-l10n wrote (location, marks, obsolete section).
    static func isGenerated(_ comment: String) -> Bool {
        isLocation(comment) || ReviewMark.isMark(comment) || comment.hasPrefix(obsoletePrefix)
    }
}
