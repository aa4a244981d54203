/// The errors of an element tree, in the words of every reader of one (property lists, XLIFF).
extension XMLScanner {
    /// `<name>`, opened at `offset`, is not closed before the document ends.
    package func unclosed(_ name: String, openedAt offset: Int) -> SyntaxError {
        error("<\(name)> opened here is never closed", at: offset)
    }

    /// The end tag `</found>` at `offset` where `</name>` (opened at `openedAt`) was due.
    package func mismatchedEnd(_ found: String, at offset: Int, closing name: String, openedAt: Int) -> SyntaxError {
        error("</\(found)> does not close <\(name)> (opened at line \(lines.line(at: openedAt)))", at: offset)
    }

    /// An element at `offset` nested deeper than `limit` levels.
    package func tooDeep(limit: Int, at offset: Int) -> SyntaxError {
        error("nesting deeper than \(limit) levels", at: offset)
    }
}
