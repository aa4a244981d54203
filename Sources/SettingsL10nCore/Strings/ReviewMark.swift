/// Comments settings-l10n writes above entries to say what a person still has to do. The
/// merger writes them; XLIFF export turns them into states; `check` lists them.
package enum ReviewMark {
    /// Marks a translation carried over from a similar old key, waiting for confirmation.
    package static let prefix = "/* settings-l10n: needs review"
    /// Marks a value that is the source text, added by `merge --fill source`.
    package static let untranslatedPrefix = "/* settings-l10n: untranslated"

    /// The comment for a translation carried over from `oldKey`.
    package static func comment(carriedOverFrom oldKey: String) -> String {
        "\(prefix): carried over from \(StringsWriting.quoted(StringsEntry.sanitizeComment(oldKey))) */"
    }

    /// The comment for a translation taken from the app's own translations (`merge --fill-from`).
    package static func comment(filledFrom origin: String, exact: Bool) -> String {
        "\(prefix): from the app's \(StringsEntry.sanitizeComment(origin))\(exact ? "" : ", for a text that differs in case, final punctuation or Unicode normalization") */"
    }

    /// The comment for a translation imported before review.
    package static let importedComment = "\(prefix): imported from XLIFF as not yet reviewed */"

    /// The comment for a translation a String Catalog marks `needs_review` (`sync`).
    package static let catalogComment = "\(prefix): needs_review in the String Catalog */"

    /// The comment for a translation imported before review from the document at `path`: a
    /// String Catalog's `needs_review` (as `sync` writes it), else XLIFF's state.
    package static func importedComment(from path: String) -> String {
        path.hasPathExtension("xcstrings") ? catalogComment : importedComment
    }

    /// The comment for a value filled in with the source text.
    package static let untranslatedComment = "\(untranslatedPrefix): shows the source text until translated */"

    package static func isMark(_ comment: String) -> Bool {
        comment.hasPrefix(prefix) || comment.hasPrefix(untranslatedPrefix)
    }
}

extension StringsEntry {
    /// Whether a comment above the entry marks it as needing review (a comment that starts with
    /// `ReviewMark.prefix`, found in the bytes, as `StringsParser.scan` finds it).
    package var needsReview: Bool {
        withLeadingTriviaUTF8 { EntryTokenizer.marks(in: $0).needsReview }
    }

    /// Whether the entry holds the source text, filled in by `merge --fill source`.
    package var isUntranslatedFill: Bool {
        withLeadingTriviaUTF8 { EntryTokenizer.marks(in: $0).untranslated }
    }
}
