#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one durability policy of every write: a file's data is on disk before it takes its name
/// (a crash after the rename finds the whole file), and each folder a run put a name into (a
/// file renamed into it, a folder it created there) is flushed once, after its last file, which
/// makes the names durable (`Folders`). A flush that fails is reported, never taken for a write.
///
/// Linux: `fdatasync` for a file's data, `fsync` for a folder. Apple platforms: `fsync` puts
/// data in the drive's cache only (Apple's fsync(2)); `F_FULLFSYNC` asks the drive to write its
/// cache, and drains the whole device, so it is asked once per run, after the last folder flush
/// (`flushFolders`), where `fsync` alone would leave every file of the run in the drive's cache.
/// Where the file system refuses `F_FULLFSYNC` (some network volumes), `fsync` is what there is.
package enum Durability {
    /// Flushes a file's data (and the size that reads it) to disk: 0, or the `errno` of the call.
    package static func flushData(_ descriptor: Int32) -> Int32 {
        #if os(Linux)
        return fdatasync(descriptor) == 0 ? 0 : errno
        #else
        return fsync(descriptor) == 0 ? 0 : errno
        #endif
    }

    /// Flushes a folder to disk (its renames become durable): `nil`, or what the system said.
    package static func flushFolder(_ folder: String) -> String? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return systemMessage() }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : systemMessage()
    }

    /// Flushes each folder once, in order, then (Apple platforms) each volume's drive cache
    /// once, through the last folder flushed on it: the folders that could not be flushed, with
    /// what the system said.
    package static func flushFolders(_ folders: [String]) -> [String: String] {
        var failures: [String: String] = [:]
        for folder in folders {
            if let failure = flushFolder(folder) { failures[folder] = failure }
        }
        #if canImport(Darwin)
        // One F_FULLFSYNC per volume: each drains the whole device.
        var lastOnVolume: [dev_t: String] = [:]
        var order: [dev_t] = []
        for folder in folders where failures[folder] == nil {
            var info = stat()
            guard stat(folder, &info) == 0 else { continue }
            if lastOnVolume.updateValue(folder, forKey: info.st_dev) == nil { order.append(info.st_dev) }
        }
        for volume in order {
            guard let through = lastOnVolume[volume], let failure = flushDriveCache(through: through) else { continue }
            for folder in folders where failures[folder] == nil {
                var info = stat()
                if stat(folder, &info) == 0, info.st_dev == volume { failures[folder] = failure }
            }
        }
        #endif
        return failures
    }

    #if canImport(Darwin)
    /// `F_FULLFSYNC` on a folder of the volume: the drive writes its cache. `nil`, or what the
    /// system said; a file system without it (`ENOTSUP`, `EINVAL`) has had its `fsync`.
    static func flushDriveCache(through folder: String) -> String? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return systemMessage() }
        defer { close(descriptor) }
        if fcntl(descriptor, F_FULLFSYNC) == 0 || errno == ENOTSUP || errno == EINVAL { return nil }
        return systemMessage()
    }
    #endif

    /// The folders one run puts names into, each once, in the order first met: a file's folder
    /// (`add(_:)`) and the folder above each folder the run created (`add(created:)`: an export
    /// into a new `exports/de.xcloc/` names `de.xcloc` in `exports`, and `exports` in its own
    /// folder). Every writer of many files keeps one and flushes it once, after its last rename.
    package struct Folders: Sendable {
        package private(set) var list: [String] = []
        private var seen: Set<String> = []

        package init() {}

        /// A folder a file is put into; `true` the first time it is met.
        @discardableResult
        package mutating func add(_ folder: String) -> Bool {
            guard seen.insert(folder).inserted else { return false }
            list.append(folder)
            return true
        }

        /// Folders the run created (`LocalFile.createFolders`): each is a new name in the folder
        /// above it.
        package mutating func add(created folders: some Sequence<String>) {
            for folder in folders { add(LocalFile.folderOf(folder)) }
        }

        /// Flushes each folder once (`flushFolders`): the first in order that could not be
        /// flushed and what the system said, or `nil` when every one is on disk.
        package func flush() -> (folder: String, failure: String)? {
            let unflushed = Durability.flushFolders(list)
            guard let folder = list.first(where: { unflushed[$0] != nil }), let failure = unflushed[folder] else { return nil }
            return (folder, failure)
        }
    }

    package static func systemMessage(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
