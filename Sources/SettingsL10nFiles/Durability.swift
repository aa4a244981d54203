#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one durability policy of every write: a file's data is on disk before it takes its name
/// (a crash after the rename finds the whole file), and each folder a run renamed into is
/// flushed once, after its last rename, which makes the renames durable. A flush that fails is
/// reported, never taken for a write.
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

    package static func systemMessage(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
