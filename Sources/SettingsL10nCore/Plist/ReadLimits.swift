/// Bounds for every parser, so hostile input gets an error instead of a crash or a hang.
public struct ReadLimits: Hashable, Sendable {
    /// The largest file read, in bytes.
    public var maximumFileSize: Int
    /// The deepest nesting of arrays and dictionaries.
    public var maximumDepth: Int
    /// The most values a binary property list may expand to (its objects may be shared).
    public var maximumValueCount: Int
    /// The most bytes of strings and data a binary property list may expand to (its objects
    /// may be shared, so a small file can name one large string many times).
    public var maximumExpandedBytes: Int
    /// The most entries read from one folder of the bundle.
    public var maximumFolderEntries: Int
    /// The largest exchange document (XLIFF) read. Export refuses to write a larger one, so
    /// that whatever export writes, import reads.
    public var maximumDocumentSize: Int

    public init(maximumFileSize: Int = 16 << 20, maximumDepth: Int = 128,
                maximumValueCount: Int = 1 << 20, maximumExpandedBytes: Int = 32 << 20,
                maximumFolderEntries: Int = 10_000, maximumDocumentSize: Int = 256 << 20) {
        self.maximumFileSize = maximumFileSize
        self.maximumDepth = maximumDepth
        self.maximumValueCount = maximumValueCount
        self.maximumExpandedBytes = maximumExpandedBytes
        self.maximumFolderEntries = maximumFolderEntries
        self.maximumDocumentSize = maximumDocumentSize
    }

    public static let standard = ReadLimits()
}
