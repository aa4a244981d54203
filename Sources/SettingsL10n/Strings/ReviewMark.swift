/// The comment that marks a translation carried over from a similar old key, waiting for a
/// person to confirm it. The merger writes it; XLIFF export turns it into
/// `state="needs-review-translation"`; `check` lists what still carries it.
public enum ReviewMark {
    public static let prefix = "/* settings-l10n: needs review"

    /// The comment for a translation carried over from `oldKey`.
    public static func comment(carriedOverFrom oldKey: String) -> String {
        "\(prefix): carried over from \(StringsWriting.quoted(oldKey)) */"
    }

    /// The comment for a translation imported before review.
    public static let importedComment = "\(prefix): imported from XLIFF as not yet reviewed */"
}

extension StringsEntry {
    /// Whether a comment above the entry marks it as needing review.
    public var needsReview: Bool {
        comments.contains { $0.hasPrefix(ReviewMark.prefix) }
    }
}
