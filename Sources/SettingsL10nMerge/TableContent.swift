import SettingsL10nCore
import SettingsL10nExtract

/// What a table holds, as `merge --check` judges a change: its entries as written (key and
/// value), each with the comments settings-l10n manages above it (where it is shown, review
/// marks) and whether it is in the obsolete section, and the comments people wrote, wherever
/// they are. Not its order, its blank lines or its final line break: a table that differs from
/// what merge writes only in those holds the same (a translation platform's order, say).
struct TableContent: Equatable {
    private var entries: [String]
    private var comments: [String]

    init(_ document: StringsDocument) {
        var entries: [String] = [], comments: [String] = []
        entries.reserveCapacity(document.entries.count)
        var isObsolete = false
        for entry in document.entries {
            var managed = entry.source
            for comment in entry.comments {
                if comment.hasPrefix(GeneratedComment.obsoletePrefix) {
                    isObsolete = true
                } else if GeneratedComment.isGenerated(comment) {
                    managed += "\u{0}" + comment
                } else {
                    comments.append(comment)
                }
            }
            comments += StringsTrivia.comments(in: entry.trailingTrivia)
            entries.append(managed + (isObsolete ? "\u{1}obsolete" : ""))
        }
        comments += StringsTrivia.comments(in: document.trailer)
        self.entries = entries.sorted()
        self.comments = comments.sorted()
    }
}
