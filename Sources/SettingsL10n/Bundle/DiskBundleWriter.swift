#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the bundle that cannot be written; the file is left as it was.
public struct BundleWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

/// Writes files of a bundle on disk atomically, and only inside it: each file is written to a
/// temporary file in the same folder, flushed to disk, then renamed over the old one, so a
/// crash or a kill at any moment leaves either the old file or the new one.
public struct DiskBundleWriter: Sendable {
    public let rootPath: String

    public init(bundle source: DiskBundleSource) {
        self.rootPath = source.rootPath
    }

    /// Writes `bytes` to `path` (relative to the bundle, such as `de.lproj/Root.strings`).
    public func write(_ bytes: [UInt8], to path: String) throws(BundleWriteError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty, components.count <= 2,
              components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw BundleWriteError(path: path, message: "not a plain path inside the bundle; nothing was written")
        }
        let folder = components.count == 2 ? rootPath + "/" + components[0] : rootPath
        let name = String(components.last!)
        // A new localization's folder (the development language's, on a first merge) is created.
        if components.count == 2, components[0].hasSuffix(".lproj"), DiskBundleSource.realPath(folder) == nil {
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw BundleWriteError(path: path, message: "cannot create the folder \(components[0]): \(String(cString: strerror(errno))); nothing was written")
            }
        }
        guard let realFolder = DiskBundleSource.realPath(folder),
              realFolder == rootPath || realFolder.hasPrefix(rootPath + "/") else {
            throw BundleWriteError(path: path, message: "the folder does not exist or lies outside the bundle; nothing was written")
        }
        let target = realFolder + "/" + name
        var mode: mode_t = 0o644
        var info = stat()
        if lstat(target, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR {
                throw BundleWriteError(path: path, message: "a folder is in the way; nothing was written")
            }
            if info.st_mode & S_IFMT == S_IFREG { mode = info.st_mode & 0o7777 }
        }
        let temporary = realFolder + "/." + name + ".settings-l10n-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw BundleWriteError(path: path, message: "cannot create a temporary file beside it: \(String(cString: strerror(errno))); nothing was written")
        }
        func fail(_ message: String) -> BundleWriteError {
            close(descriptor)
            unlink(temporary)
            return BundleWriteError(path: path, message: message + "; the file was left as it was")
        }
        let failure = bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        guard failure == 0 else { throw fail("cannot write: \(String(cString: strerror(failure)))") }
        fchmod(descriptor, mode)
        guard fsync(descriptor) == 0 else { throw fail("cannot flush to disk: \(String(cString: strerror(errno)))") }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw BundleWriteError(path: path, message: "cannot replace the file: \(message); it was left as it was")
        }
        // Make the rename itself durable.
        let folderDescriptor = open(realFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
