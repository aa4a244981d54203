#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore

/// Files and folders named on the command line (an XLIFF document, the configuration, a report,
/// an export folder), through the system's calls: messages say what the system said.
package enum LocalFile {
    /// A file or folder that cannot be read; the message names it.
    package struct ReadError: Error {
        package var message: String
    }

    /// A file or folder that cannot be written: what the system said (`Permission denied`).
    package struct WriteError: Error {
        package var reason: String
    }

    package enum Kind {
        case missing, folder, file
    }

    /// What is at `path`, following symbolic links.
    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file
    }

    /// The bytes of the regular file at `path`, refusing one larger than `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
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
    package static func names(inFolder folder: String, limit: Int = ReadLimits().maximumFolderEntries) throws(ReadError) -> [String] {
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

    /// Writes `bytes` to `path`. A regular file (or a new one) is written atomically: into a
    /// temporary file beside it, then renamed over it, so that a reader (or a crash) sees the
    /// old file or the new one, never part of one, and it keeps its permissions. A symbolic link
    /// the user named is followed: the file it points to is replaced, never the link. A device,
    /// a FIFO or a standard stream (`/dev/null`, `/dev/stdout`) is written through, never
    /// replaced. A link to nothing and a folder are refused.
    package static func write(_ bytes: [UInt8], to path: String, creatingFolders: Bool = false) throws(WriteError) {
        try write(bytes, to: path, creatingFolders: creatingFolders, alone: true)
    }

    /// Writes many files as `write(_:to:)` writes one (each atomically, its data on disk before it
    /// takes its name), but sweeps each folder of stale temporary files once, before its first
    /// file, and flushes each folder once, after its last: a folder of thousands of pages was
    /// listed and flushed once per page (quadratic in the files of a folder, and one `fsync` each).
    /// The files are written on several threads, as merge writes tables, so that their flushes
    /// to disk overlap (a page at a time, `render --format html` waited on the disk for half its
    /// time). When a file cannot be written, the others still are, and the first failure in
    /// order is thrown. Returns when every file and folder is on disk.
    package static func write(files: [(path: String, bytes: [UInt8])], creatingFolders: Bool) throws(WriteError) {
        try write(paths: files.map(\.path), creatingFolders: creatingFolders) { files[$0].bytes }
    }

    /// `write(files:creatingFolders:)` for texts, each made UTF-8 as it is written.
    package static func write(texts files: [(path: String, text: String)], creatingFolders: Bool) throws(WriteError) {
        try write(paths: files.map(\.path), creatingFolders: creatingFolders) { Array(files[$0].text.utf8) }
    }

    private static func write(paths: [String], creatingFolders: Bool, bytes: @escaping @Sendable (Int) -> [UInt8]) throws(WriteError) {
        var folders: [String] = []
        var seen = Set<String>()
        for path in paths {
            let folder = folderOf(path)
            if seen.insert(folder).inserted {
                if creatingFolders, folder != "." { try createFolders(folder) }
                DiskBundleWriter.removeStaleTemporaryFiles(in: folder)
                folders.append(folder)
            }
        }
        let failures = blockingParallelMap(Array(paths.indices), width: DiskBundleWriter.defaultWidth) { index -> WriteError? in
            do throws(WriteError) {
                try write(bytes(index), to: paths[index], creatingFolders: false, alone: false)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        for folder in folders {
            if let failure = DiskBundleWriter.flushFolder(folder) {
                throw WriteError(reason: "the files were written, but \(folder) could not be flushed to disk (\(failure)): they may not survive a power cut")
            }
        }
    }

    /// The folder holding `path`, `.` for a bare name.
    package static func folderOf(_ path: String) -> String {
        guard let folder = BundlePath.splitLast(path).folder else { return "." }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `alone`: sweep the folder and flush it for this file (`false` when `write(files:)` does
    /// both once for the folder).
    private static func write(_ bytes: [UInt8], to path: String, creatingFolders: Bool, alone: Bool) throws(WriteError) {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw WriteError(reason: "it is a folder")
            case S_IFREG:
                var link = stat()
                if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let target = realPath(path) {
                    return try replace(bytes, at: target, creatingFolders: false, alone: true)
                }
            default: return try writeThrough(bytes, to: path)
            }
        } else {
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                throw WriteError(reason: "it is a symbolic link to a file that does not exist, and settings-l10n creates no file through a link")
            }
        }
        try replace(bytes, at: path, creatingFolders: creatingFolders, alone: alone)
    }

    /// Writes into what is at `path` (a device, a FIFO, a standard stream) without replacing it.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(reason: systemMessage()) }
        let failure = bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        close(descriptor)
        guard failure == 0 else { throw WriteError(reason: String(cString: strerror(failure))) }
    }

    /// The real path of `path`, links resolved, or `nil`.
    package static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The real path `path` would have, for a path that may not exist yet: its nearest existing
    /// folder resolved, the rest appended. Relative paths are taken from the working folder.
    package static func resolvedPath(_ path: String) -> String {
        // Split at `/` bytes, names compared in bytes (see BundlePath).
        var components = BundlePath.components(path, omittingEmpty: true).map(String.init)
        var rest: [String] = []
        while true {
            let candidate = (BundlePath.isAbsolute(path) ? "/" : "") + components.joined(separator: "/")
            if let real = realPath(candidate.isEmpty ? "." : candidate) {
                // The part that does not exist yet, `.` and `..` taken as the system will.
                var resolved = real == "/" ? [""] : BundlePath.components(real, omittingEmpty: false).map(String.init)
                for component in rest where !component.utf8.elementsEqual(".".utf8) {
                    if BundlePath.isParent(Substring(component)) {
                        if resolved.count > 1 { resolved.removeLast() }
                    } else {
                        resolved.append(component)
                    }
                }
                return resolved.count == 1 ? "/" : resolved.joined(separator: "/")
            }
            guard let last = components.popLast() else { return path }
            rest.insert(last, at: 0)
        }
    }

    /// Replaces the file at `path` atomically (temporary file, then rename).
    private static func replace(_ bytes: [UInt8], at path: String, creatingFolders: Bool, alone: Bool) throws(WriteError) {
        let split = BundlePath.splitLast(path)
        if creatingFolders, let parent = split.folder, !parent.isEmpty { try createFolders(String(parent)) }
        let folder = folderOf(path)
        // This process's temporary file, and those a killed run left for the same file.
        if alone { DiskBundleWriter.removeStaleTemporaryFiles(in: folder, for: String(split.name)) }
        let temporary = try writeTemporary(bytes, for: path)
        guard rename(temporary, path) == 0 else {
            let reason = systemMessage()
            unlink(temporary)
            throw WriteError(reason: reason)
        }
        if alone, let failure = DiskBundleWriter.flushFolder(folder) {
            throw WriteError(reason: "it was written, but its folder could not be flushed to disk (\(failure)): the new file may not survive a power cut")
        }
    }

    /// The first half of replacing the file at `path` atomically: `bytes` in a temporary file
    /// beside it, with the permissions of the file it replaces, on disk before it takes the name
    /// (a crash after the rename finds the whole file). Returns the temporary file's path.
    package static func writeTemporary(_ bytes: [UInt8], for path: String) throws(WriteError) -> String {
        let split = BundlePath.splitLast(path)
        let temporary = (split.folder.map { $0 + "/" } ?? "") + DiskBundleWriter.temporaryName(for: String(split.name))
        var info = stat()
        let existingMode: mode_t? = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : nil
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, existingMode ?? 0o666)
        guard descriptor >= 0 else { throw WriteError(reason: systemMessage()) }
        var failure = bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        if failure == 0, let existingMode, fchmod(descriptor, existingMode) != 0 { failure = errno }
        if failure == 0, DiskBundleWriter.flushData(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw WriteError(reason: String(cString: strerror(failure)))
        }
        return temporary
    }

    /// Creates the folder at `path` and the folders above it that are missing (`mkdir -p`).
    package static func createFolders(_ path: String) throws(WriteError) {
        var created: [String] = []
        try createFolders(path, created: &created)
    }

    /// `createFolders(_:)`, adding each folder it created to `created`, outermost first.
    package static func createFolders(_ path: String, created: inout [String]) throws(WriteError) {
        var prefix = BundlePath.isAbsolute(path) ? "/" : ""
        for component in BundlePath.components(path, omittingEmpty: true) {
            prefix += component
            if mkdir(prefix, 0o777) == 0 {
                created.append(prefix)
            } else if errno != EEXIST {
                throw WriteError(reason: systemMessage())
            } else if kind(of: prefix) != .folder {
                throw WriteError(reason: "\(prefix) is not a folder")
            }
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
