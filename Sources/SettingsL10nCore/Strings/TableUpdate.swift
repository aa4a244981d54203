/// A table that an import (or a merge) changes: its bytes before and after.
///
/// Only the bytes are kept: a merge holds many updates on their way to the disk, and a parsed
/// document is many times the size of its file.
public struct TableUpdate: Hashable, Sendable {
    /// The path relative to the bundle (`de.lproj/Root.strings`).
    public let path: String
    /// The file's bytes before, or `nil` when the file is new.
    public let original: [UInt8]?
    /// The bytes the file will hold.
    public let updated: [UInt8]

    package init(path: String, original: [UInt8]?, document: StringsDocument) {
        self.path = path
        self.original = original
        updated = document.encoded()
    }

    /// The updated table as a document (parsed again from `updated`: the parser is lossless).
    public var document: StringsDocument {
        (try? StringsParser.parse(updated)) ?? StringsDocument()
    }

    /// The text after, for diffs.
    public var updatedText: String {
        Self.text(of: updated)
    }

    /// The text before (empty for a new file), for diffs.
    public var originalText: String {
        original.map(Self.text) ?? ""
    }

    /// The change as a unified diff of the file's bytes (`--- a/path`, `+++ b/path`), for
    /// `--dry-run` to a file or a pipe: a UTF-16 table's lines in UTF-16, so that `git apply`
    /// applies it (`UnifiedDiff.diffBytes`).
    public var unifiedDiffBytes: [UInt8] {
        UnifiedDiff.diffBytes(old: original ?? [], new: updated, path: path, isNewFile: original == nil)
    }

    /// The change as a unified diff of the text (decoded, in UTF-8), for people: the same as
    /// `unifiedDiffBytes` for a UTF-8 table without a byte-order mark.
    public var unifiedDiff: String {
        if original == updated { return "" }
        return UnifiedDiff.diff(old: original.map(Self.utf8) ?? [], new: Self.utf8(updated), path: path, isNewFile: original == nil)
    }

    private static func text(of bytes: [UInt8]) -> String {
        String(decoding: utf8(bytes), as: UTF8.self)
    }

    /// The text's UTF-8 (empty when the bytes do not decode).
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        (try? DecodedText.decode(bytes))?.utf8 ?? []
    }
}
