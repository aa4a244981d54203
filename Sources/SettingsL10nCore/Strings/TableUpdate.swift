/// A table that an import (or a merge) changes: its bytes before and after.
public struct TableUpdate: Hashable, Sendable {
    /// The path relative to the bundle (`de.lproj/Root.strings`).
    public let path: String
    /// The file's bytes before, or `nil` when the file is new.
    public let original: [UInt8]?
    public let document: StringsDocument
    /// The document's text, and its bytes as the file will hold them: made once.
    public let updatedText: String
    public let updated: [UInt8]

    package init(path: String, original: [UInt8]?, document: StringsDocument) {
        self.path = path
        self.original = original
        self.document = document
        updatedText = document.text
        updated = DecodedText.encode(updatedText, as: document.encoding, byteOrderMark: document.hasByteOrderMark)
    }

    /// The text before (empty for a new file), for diffs.
    public var originalText: String {
        guard let original, let decoded = try? DecodedText.decode(original) else { return "" }
        return String(decoding: decoded.utf8, as: UTF8.self)
    }
}
