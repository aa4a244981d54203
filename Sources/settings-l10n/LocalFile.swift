#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10n

/// Files and folders named on the command line (an XLIFF document, the configuration, a report,
/// an export folder), through the system's calls: messages say what the system said.
enum LocalFile {
    /// A file or folder that cannot be read; the message names it.
    struct ReadError: Error {
        var message: String
    }

    /// A file or folder that cannot be written: what the system said (`Permission denied`).
    struct WriteError: Error {
        var reason: String
    }

    enum Kind {
        case missing, folder, file
    }

    /// What is at `path`, following symbolic links.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file
    }

    /// The bytes of the regular file at `path`, refusing one larger than `limit` bytes.
    static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ReadError(message: "cannot read \(path): \(systemMessage()); check the path")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ReadError(message: "cannot read \(path): not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw ReadError(message: "\(path) is \(info.st_size) bytes, more than the limit of \(limit)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw ReadError(message: "cannot read \(path): \(systemMessage())") }
            if count == 0 { break }
            total += count
        }
        // The file grew while it was read: the limit still holds.
        guard total <= limit else { throw ReadError(message: "\(path) is more than the limit of \(limit) bytes") }
        bytes.removeLast(bytes.count - total)
        return bytes
    }

    /// The names in a folder but hidden ones (`.DS_Store`), sorted.
    static func names(inFolder folder: String, limit: Int = ReadLimits().maximumFolderEntries) throws(ReadError) -> [String] {
        do {
            return try FolderListing.names(in: folder, limit: limit).map(\.string).sorted()
        } catch {
            switch error {
            case .cannotOpen(let reason), .cannotRead(let reason):
                throw ReadError(message: "cannot read the folder \(folder): \(reason)")
            case .moreThan(let limit):
                throw ReadError(message: "the folder \(folder) holds more than \(limit) entries; it was not read")
            }
        }
    }

    /// Writes `bytes` to `path` atomically: into a temporary file beside it, then renamed over
    /// it, so that a reader (or a crash) sees the old file or the new one, never part of one.
    /// A file that is there keeps its permissions.
    static func write(_ bytes: [UInt8], to path: String, creatingFolders: Bool = false) throws(WriteError) {
        let slash = path.lastIndex(of: "/")
        if creatingFolders, let slash, slash != path.startIndex { try createFolders(String(path[..<slash])) }
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + DiskBundleWriter.temporaryName(for: name)
        var info = stat()
        let existingMode: mode_t? = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : nil
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, existingMode ?? 0o666)
        guard descriptor >= 0 else { throw WriteError(reason: systemMessage()) }
        let failure = bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        if let existingMode { fchmod(descriptor, existingMode) }
        close(descriptor)
        guard failure == 0 else {
            unlink(temporary)
            throw WriteError(reason: String(cString: strerror(failure)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = systemMessage()
            unlink(temporary)
            throw WriteError(reason: reason)
        }
    }

    /// Creates the folder at `path` and the folders above it that are missing (`mkdir -p`).
    static func createFolders(_ path: String) throws(WriteError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0, errno != EEXIST { throw WriteError(reason: systemMessage()) }
            prefix += "/"
        }
        guard kind(of: path) == .folder else { throw WriteError(reason: "\(path) is not a folder") }
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
