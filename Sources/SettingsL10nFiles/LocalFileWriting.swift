#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore

/// Files named on the command line or by the configuration (a report, a baseline, a stamp, the
/// pages of a preview, a String Catalog), written with the guarantees of every write:
/// atomically (a temporary file beside it, its data on disk, then put in place), debris of
/// killed runs swept, the folder flushed once after its last file, and the folder above each
/// folder created (`Durability`).
extension LocalFile {
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
        var folders = Durability.Folders()
        for path in paths {
            let folder = folderOf(path)
            if folders.add(folder) {
                if creatingFolders, folder != "." { try createFolders(folder, into: &folders) }
                Debris.sweep(folder)
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
        if let (folder, failure) = folders.flush() {
            throw WriteError(reason: "the files were written, but \(folder) could not be flushed to disk (\(failure)): they may not survive a power cut")
        }
    }

    /// `createFolders(_:)`, the folder above each folder it created added to `folders`.
    private static func createFolders(_ path: String, into folders: inout Durability.Folders) throws(WriteError) {
        var created: [String] = []
        defer { folders.add(created: created) }
        try createFolders(path, created: &created)
    }

    /// `alone`: sweep the folder and flush it for this file (`false` when `write(files:)` does
    /// both once for the folder).
    private static func write(_ bytes: [UInt8], to path: String, creatingFolders: Bool, alone: Bool) throws(WriteError) {
        switch try namedTarget(path) {
        case .through: try writeThrough(bytes, to: path)
        case .file(let target):
            let split = BundlePath.splitLast(target)
            let folder = folderOf(target)
            var folders = Durability.Folders()
            folders.add(folder)
            if creatingFolders, let parent = split.folder, !parent.isEmpty { try createFolders(String(parent), into: &folders) }
            // This process's temporary file, and those a killed run left for the same file.
            if alone { Debris.sweep(folder, for: String(split.name)) }
            let temporary = try writeTemporary(bytes, for: target)
            guard rename(temporary, target) == 0 else {
                let reason = Durability.systemMessage()
                unlink(temporary)
                throw WriteError(reason: reason)
            }
            if alone, let (unflushed, failure) = folders.flush() {
                throw WriteError(reason: "it was written, but \(unflushed == folder ? "its folder" : unflushed) could not be flushed to disk (\(failure)): the new file may not survive a power cut")
            }
        }
    }

    /// Where a file named by the user is written: the file itself (missing, or regular), the
    /// file a link the user named points to, or through what is there (a device, a FIFO, a
    /// standard stream). A folder, and a link to nothing, are refused.
    enum NamedTarget {
        case file(String)
        case through
    }

    static func namedTarget(_ path: String) throws(WriteError) -> NamedTarget {
        var info = stat()
        guard stat(path, &info) == 0 else {
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                throw WriteError(reason: "it is a symbolic link to a file that does not exist, and settings-l10n creates no file through a link")
            }
            return .file(path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw WriteError(reason: "it is a folder")
        case S_IFREG:
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let target = realPath(path) { return .file(target) }
            return .file(path)
        default: return .through
        }
    }

    /// Writes into what is at `path` (a device, a FIFO, a standard stream) without replacing it.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(reason: Durability.systemMessage()) }
        let failure = bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        close(descriptor)
        guard failure == 0 else { throw WriteError(reason: Durability.systemMessage(failure)) }
    }

    /// The first half of replacing the file at `path` atomically: `bytes` in a temporary file
    /// beside it, with the permissions of the file it replaces, on disk before it takes the name
    /// (a crash after the rename finds the whole file). Returns the temporary file's path.
    package static func writeTemporary(_ bytes: [UInt8], for path: String) throws(WriteError) -> String {
        let temporary = Debris.temporaryPath(for: path)
        var info = stat()
        let mode: mode_t? = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : nil
        if let (code, _) = Placement.writeTemporary(bytes, at: temporary, mode: mode) {
            throw WriteError(reason: Durability.systemMessage(code))
        }
        return temporary
    }

    /// Why a file the command read was not replaced: what the system said, or (`conflict`) that
    /// the file is not the one read any more (an editor saved it, or a file appeared where a new
    /// one goes), in which case it was left as it was.
    package struct ReplaceFailure: Error, Equatable {
        package var reason: String
        package var conflict: Bool
    }

    /// Replaces a file the command read before writing it (a String Catalog) as tables are
    /// replaced: atomically, and only while it is still the one read. Its bytes go into a
    /// temporary file beside it, which is exchanged with the file; what came out is checked, and
    /// a save that landed since the file was read is put back (`Placement.replace`), so an editor
    /// that saves the file meanwhile never loses its save. Where the file system cannot exchange
    /// two names, the check and a rename are what there is. `expected == nil`: the file is new,
    /// and nothing may be there. A link the user named is followed to its file; the folders
    /// missing on the way are created with `creatingFolders`.
    package static func replace(readFile path: String, with bytes: [UInt8], expected: [UInt8]?,
                                creatingFolders: Bool) throws(ReplaceFailure) {
        let target: String
        var folders = Durability.Folders()
        do throws(WriteError) {
            guard case .file(let file) = try namedTarget(path) else {
                throw WriteError(reason: "it is not a regular file")
            }
            target = file
            folders.add(folderOf(target))
            let split = BundlePath.splitLast(target)
            if creatingFolders, let parent = split.folder, !parent.isEmpty { try createFolders(String(parent), into: &folders) }
        } catch {
            throw ReplaceFailure(reason: error.reason, conflict: false)
        }
        let folder = folderOf(target)
        Debris.sweep(folder, for: String(BundlePath.splitLast(target).name))
        let temporary = Debris.temporaryPath(for: target)
        func fail(_ message: String, _ kind: BundleWriteError.Kind) -> BundleWriteError {
            unlink(temporary)
            return BundleWriteError(path: target, message: message, kind: kind)
        }
        if let (code, _) = Placement.writeTemporary(bytes, at: temporary, mode: Placement.mode(of: target, otherwise: 0o644)) {
            throw ReplaceFailure(reason: Durability.systemMessage(code), conflict: false)
        }
        do throws(BundleWriteError) {
            if let expected {
                if let conflict = Placement.differs(target, from: expected) {
                    throw fail(conflict, Placement.unreadable(conflict) ? .failure : .conflict)
                }
                try Placement.replace(target, with: temporary, expected: expected, bytes: bytes, fail: fail)
            } else {
                try Placement.create(target, from: temporary, fail: fail)
            }
        } catch {
            throw ReplaceFailure(reason: error.message, conflict: error.kind == .conflict)
        }
        if let (unflushed, failure) = folders.flush() {
            throw ReplaceFailure(reason: "it was written, but \(unflushed == folder ? "its folder" : unflushed) could not be flushed to disk (\(failure)): the new file may not survive a power cut", conflict: false)
        }
    }
}
