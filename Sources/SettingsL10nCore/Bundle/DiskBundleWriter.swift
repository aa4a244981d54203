#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the bundle that was not written; the file is left as it was.
public struct BundleWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The file is not what the command read (it changed, appeared, or is not a regular
        /// file): this file is left alone, and the others can still be written.
        case conflict
        /// The system refused the write (no space, no permission, a file-size limit).
        case failure
    }

    public var path: String
    public var message: String
    public var kind: Kind

    public init(path: String, message: String, kind: Kind = .failure) {
        self.path = path
        self.message = message
        self.kind = kind
    }

    public var description: String { "\(path): \(message)" }
}

/// Writes files of a bundle on disk atomically, and only inside it: each file is written to a
/// temporary file in the same folder, flushed to disk, then renamed over the old one, so a
/// crash or a kill at any moment leaves either the old file or the new one.
///
/// A file is only replaced when it is still the regular file the command read (same bytes),
/// a new file never replaces anything, and no symbolic link is written through. Temporary
/// files that a killed run left behind are removed from each folder the writer writes in.
public struct DiskBundleWriter: Sendable {
    public let rootPath: String
    /// The folders already swept of stale temporary files.
    private var swept: Set<String> = []

    public init(bundle source: DiskBundleSource) {
        self.rootPath = source.rootPath
    }

    /// The suffix of temporary files: `.<name>.settings-l10n-<pid>.tmp`.
    static let temporaryMarker = ".settings-l10n-"

    /// Writes `bytes` to `path` (relative to the bundle, such as `de.lproj/Root.strings`).
    /// - Parameter expected: the bytes the command read from the file, which must still be
    ///   there; `nil` when the file is new, in which case nothing may be there.
    public mutating func write(_ bytes: [UInt8], to path: String, replacing expected: [UInt8]?) throws(BundleWriteError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty, components.count <= 2,
              components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw BundleWriteError(path: path, message: "not a plain path inside the bundle; nothing was written")
        }
        let folder = components.count == 2 ? rootPath + "/" + components[0] : rootPath
        let name = String(components.last!)
        if components.count == 2 { try prepareFolder(folder, name: String(components[0]), for: path, creating: expected == nil) }
        if !swept.contains(folder) {
            Self.removeStaleTemporaryFiles(in: folder)
            swept.insert(folder)
        }
        let target = folder + "/" + name
        var mode: mode_t = 0o644
        var info = stat()
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG { mode = info.st_mode & 0o7777 }
        let temporary = folder + "/." + name + Self.temporaryMarker + "\(getpid()).tmp"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        if descriptor < 0, errno == EEXIST {
            // Left by an earlier process that had this process's id: this process never leaves one.
            unlink(temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        }
        guard descriptor >= 0 else {
            throw BundleWriteError(path: path, message: "cannot create a temporary file beside it: \(Self.systemMessage()); nothing was written")
        }
        func fail(_ message: String, kind: BundleWriteError.Kind = .failure) -> BundleWriteError {
            unlink(temporary)
            return BundleWriteError(path: path, message: message + "; the file was left as it was", kind: kind)
        }
        let failure = bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        guard failure == 0 else {
            close(descriptor)
            throw fail("cannot write: \(String(cString: strerror(failure)))")
        }
        fchmod(descriptor, mode)
        guard fsync(descriptor) == 0 else {
            let message = Self.systemMessage()
            close(descriptor)
            throw fail("cannot flush to disk: \(message)")
        }
        close(descriptor)
        if let expected {
            if let conflict = Self.differs(target, from: expected) { throw fail(conflict, kind: .conflict) }
            guard rename(temporary, target) == 0 else { throw fail("cannot replace the file: \(Self.systemMessage())") }
        } else {
            try createWithoutReplacing(target, from: temporary, fail: fail)
        }
        // Make the rename itself durable.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Checks that the file's folder is a real folder of the bundle (never a link), creating a
    /// new localization's folder (the development language's, on a first merge).
    private func prepareFolder(_ folder: String, name: String, for path: String, creating: Bool) throws(BundleWriteError) {
        var info = stat()
        if lstat(folder, &info) != 0 {
            guard errno == ENOENT, creating, name.hasSuffix(".lproj") else {
                throw BundleWriteError(path: path, message: "the folder \(name) does not exist; nothing was written")
            }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST, lstat(folder, &info) == 0 else {
                throw BundleWriteError(path: path, message: "cannot create the folder \(name): \(Self.systemMessage()); nothing was written")
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw BundleWriteError(path: path, message: "\(name) is \(info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"); settings-l10n never writes through links; nothing was written",
                                   kind: .conflict)
        }
    }

    /// Moves the temporary file to `target`, failing when anything is there: a hard link made
    /// with `link` (which never replaces), or, where the file system has no hard links, a
    /// rename after checking that nothing is there.
    private func createWithoutReplacing(_ target: String, from temporary: String,
                                        fail: (String, BundleWriteError.Kind) -> BundleWriteError) throws(BundleWriteError) {
        if link(temporary, target) == 0 {
            unlink(temporary)
            return
        }
        if errno == EEXIST {
            throw fail("a file appeared there while settings-l10n was working (it was not there when the bundle was read); run again", .conflict)
        }
        var info = stat()
        guard lstat(target, &info) != 0, errno == ENOENT else {
            throw fail("a file appeared there while settings-l10n was working (it was not there when the bundle was read); run again", .conflict)
        }
        guard rename(temporary, target) == 0 else { throw fail("cannot create the file: \(Self.systemMessage())", .failure) }
    }

    /// Why `path` is not the regular file holding `expected`, or `nil` when it is.
    static func differs(_ path: String, from expected: [UInt8]) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return "the file was removed while settings-l10n was working; run again"
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return info.st_mode & S_IFMT == S_IFLNK
                ? "the file is now a symbolic link; settings-l10n never writes through links"
                : "the file is no longer a regular file"
        }
        let changed = "the file changed while settings-l10n was working (an editor saved it?); run again"
        guard Int(info.st_size) == expected.count else { return changed }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "the file can no longer be read: \(systemMessage())" }
        defer { close(descriptor) }
        var current = [UInt8](repeating: 0, count: expected.count + 1)
        var total = 0
        while total < current.count {
            let count = current.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            total += count
        }
        return total == expected.count && current[..<total].elementsEqual(expected) ? nil : changed
    }

    /// Removes the temporary files of processes that no longer run from `folder`.
    static func removeStaleTemporaryFiles(in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = temporaryFileOwner(name), pid != getpid() else { continue }
            // `kill` with signal 0 asks whether the process exists; ESRCH says it does not.
            if kill(pid, 0) != 0, errno == ESRCH {
                var info = stat()
                if lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                    unlink(folder + "/" + name)
                }
            }
        }
    }

    /// The process id in a temporary file's name (`.Root.strings.settings-l10n-4242.tmp`).
    static func temporaryFileOwner(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.byteRange(of: temporaryMarker) else { return nil }
        let digits = name[marker.upperBound...].dropLast(4)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let pid = pid_t(digits), pid > 0 else { return nil }
        return pid
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
