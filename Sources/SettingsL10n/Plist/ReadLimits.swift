/// Bounds for every parser, so hostile input gets an error instead of a crash or a hang.
public struct ReadLimits: Hashable, Sendable {
    /// The largest file read, in bytes.
    public var maximumFileSize: Int
    /// The deepest nesting of arrays and dictionaries.
    public var maximumDepth: Int
    /// The most values a binary property list may expand to (its objects may be shared).
    public var maximumValueCount: Int
    /// The most entries read from one folder of the bundle.
    public var maximumFolderEntries: Int

    public init(maximumFileSize: Int = 16 << 20, maximumDepth: Int = 128,
                maximumValueCount: Int = 1 << 20, maximumFolderEntries: Int = 10_000) {
        self.maximumFileSize = maximumFileSize
        self.maximumDepth = maximumDepth
        self.maximumValueCount = maximumValueCount
        self.maximumFolderEntries = maximumFolderEntries
    }

    public static let standard = ReadLimits()
}
