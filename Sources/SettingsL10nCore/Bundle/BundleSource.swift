/// What a folder of the bundle holds, as the reader sees it.
public struct BundleFolderEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case file
        case folder
        /// A symbolic link whose target lies outside the bundle: never followed.
        case linkOutsideBundle
        /// Anything else (pipes, sockets, devices, dangling links): never read.
        case other
        /// A name that is not valid UTF-8 (iOS file names are): never read. `name` shows the
        /// invalid bytes as U+FFFD.
        case nameNotUTF8
    }

    public var name: String
    public var kind: Kind
    /// Whether the entry is a symbolic link (to a file or folder inside the bundle, for `.file`
    /// and `.folder`): read through, never written through.
    public var isLink: Bool

    public init(name: String, kind: Kind, isLink: Bool = false) {
        self.name = name
        self.kind = kind
        self.isLink = isLink
    }
}

/// A file of the bundle that cannot be read.
public struct BundleReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path relative to the bundle folder ("" for the bundle itself).
    public var path: String
    public var message: String
    /// The file is there and readable, but larger than the limit it was read with.
    public var isTooLarge: Bool
    /// Nothing is at the path, and no link on the way leads out of the bundle.
    public var isMissing = false

    public init(path: String, message: String, isTooLarge: Bool = false, isMissing: Bool = false) {
        self.path = path
        self.message = message
        self.isTooLarge = isTooLarge
        self.isMissing = isMissing
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Where a bundle's files come from. The reader only ever asks for paths inside the bundle;
/// sources refuse anything that would leave it.
public protocol BundleSource: Sendable {
    /// Lists a folder of the bundle (`""` is the bundle folder itself), hidden names excluded.
    func entries(inFolder folder: String, limit: Int) throws(BundleReadError) -> [BundleFolderEntry]
    /// Reads a file of the bundle, refusing files larger than `limit` bytes.
    func contents(of path: String, limit: Int) throws(BundleReadError) -> [UInt8]
}

/// A bundle held in memory, for tests and tools that build bundles themselves.
public struct InMemoryBundleSource: BundleSource {
    /// File contents by path relative to the bundle (`de.lproj/Root.strings`).
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) {
        self.files = files
    }

    public init(textFiles: [String: String]) {
        self.files = textFiles.mapValues { Array($0.utf8) }
    }

    public func entries(inFolder folder: String, limit: Int) throws(BundleReadError) -> [BundleFolderEntry] {
        var seen: [String: BundleFolderEntry.Kind] = [:]
        // Paths split at their `/` bytes, as the disk source's are (see BundlePath).
        for path in files.keys {
            guard let rest = folder.isEmpty ? Substring(path) : BundlePath.relative(path, below: folder) else { continue }
            let components = BundlePath.components(String(rest), omittingEmpty: false)
            seen[String(components[0])] = components.count > 1 ? .folder : .file
        }
        guard !seen.isEmpty || folder.isEmpty else {
            throw BundleReadError(path: folder, message: "no such folder", isMissing: files[folder] == nil)
        }
        guard seen.count <= limit else {
            throw BundleReadError(path: folder, message: "the folder holds more than \(limit) entries")
        }
        return seen.filter { !$0.key.hasPrefix(".") }.map { BundleFolderEntry(name: $0.key, kind: $0.value) }
            .sorted { $0.name < $1.name }
    }

    public func contents(of path: String, limit: Int) throws(BundleReadError) -> [UInt8] {
        guard let bytes = files[path] else { throw BundleReadError(path: path, message: "no such file") }
        guard bytes.count <= limit else {
            throw BundleReadError(path: path, message: "the file is larger than \(limit) bytes; it was not read", isTooLarge: true)
        }
        return bytes
    }
}
