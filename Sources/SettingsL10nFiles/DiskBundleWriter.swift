#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SettingsL10nCore

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
        /// The file was written (renamed into place), but its folder could not be flushed to
        /// disk afterwards: the new file may not survive a power cut.
        case notDurable
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

    /// One message for the files that were written into folders that could not be flushed
    /// (`notDurable`): the first in full, the others named (at most five).
    public static func unflushedSummary(_ errors: [BundleWriteError]) -> String? {
        guard let first = errors.first else { return nil }
        guard errors.count > 1 else { return first.description }
        let others = errors.dropFirst().map(\.path)
        let named = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? " and \(others.count - 5) more" : "")
        return "\(first.description) (so were \(named), in the same case)"
    }
}

/// One file for `DiskBundleWriter` to write: the bytes, and what must be there now (`nil`: a new
/// file, nothing may be there).
public struct BundleFileWrite: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public var expected: [UInt8]?

    public init(path: String, bytes: [UInt8], expected: [UInt8]?) {
        self.path = path
        self.bytes = bytes
        self.expected = expected
    }
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

    /// The name of the temporary file that becomes `name` (`.Root.strings.settings-l10n-4242.tmp`):
    /// hidden, this process's, and recognised by `temporaryFileOwner` when a killed run left it.
    package static func temporaryName(for name: String) -> String {
        "." + name + temporaryMarker + "\(getpid()).tmp"
    }

    /// Writes `bytes` to `path` (relative to the bundle, such as `de.lproj/Root.strings`).
    /// - Parameter expected: the bytes the command read from the file, which must still be
    ///   there; `nil` when the file is new, in which case nothing may be there.
    public mutating func write(_ bytes: [UInt8], to path: String, replacing expected: [UInt8]?) throws(BundleWriteError) {
        if let error = write([BundleFileWrite(path: path, bytes: bytes, expected: expected)])[0] { throw error }
    }

    /// The threads that write at once: twice the cores (a thread waiting on the disk leaves its
    /// core to another), at least two. More contend for the same folders and run slower.
    public static let defaultWidth = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// Writes many files, each atomically and durably, on `width` threads: each to a temporary
    /// file flushed to disk, then checked and renamed into place; then each folder is flushed
    /// once, which makes the renames durable. A crash at any moment leaves every file either
    /// old or new (a rename that was not yet flushed leaves the old one).
    /// - Returns: for each file, in order, why it was not written, or `nil`.
    public mutating func write(_ files: [BundleFileWrite], width: Int = defaultWidth) -> [BundleWriteError?] {
        var prepared: [Result<Staged, BundleWriteError>] = []
        for file in files {
            do throws(BundleWriteError) {
                prepared.append(.success(try prepare(file)))
            } catch {
                prepared.append(.failure(error))
            }
        }
        let outcomes = blockingParallelMap(Array(zip(files, prepared)), width: width) { file, staged -> BundleWriteError? in
            guard case .success(let staged) = staged else {
                if case .failure(let error) = staged { return error }
                return nil
            }
            do throws(BundleWriteError) {
                try Self.put(file, at: staged)
                return nil
            } catch {
                return error
            }
        }
        // Flush each folder once, after every rename into it; a folder that cannot be flushed
        // leaves its new files in place but perhaps not on disk, and each of them says so.
        var folders: [String] = []
        var seen: Set<String> = []
        for (outcome, staged) in zip(outcomes, prepared) where outcome == nil {
            if case .success(let staged) = staged, seen.insert(staged.folder).inserted { folders.append(staged.folder) }
        }
        let flushFailures = blockingParallelMap(folders, width: width, Self.flushFolder)
        var unflushed: [String: String] = [:]
        for (folder, failure) in zip(folders, flushFailures) {
            if let failure { unflushed[folder] = failure }
        }
        guard !unflushed.isEmpty else { return outcomes }
        var reported = outcomes
        for index in reported.indices where reported[index] == nil {
            guard case .success(let staged) = prepared[index], let failure = unflushed[staged.folder] else { continue }
            let name = staged.folder == rootPath ? "the bundle's folder" : "its folder"
            reported[index] = BundleWriteError(
                path: files[index].path,
                message: "was written, but \(name) could not be flushed to disk (\(failure)): the new file may not survive a power cut; run again once the disk is sound",
                kind: .notDurable)
        }
        return reported
    }

    /// Flushes a folder to disk (its renames become durable): `nil`, or what the system said.
    package static func flushFolder(_ folder: String) -> String? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return systemMessage() }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 ? nil : systemMessage()
    }

    /// Where a file goes, checked: its folder, its name, and the temporary file beside it.
    struct Staged: Sendable {
        var folder: String
        var target: String
        var temporary: String
    }

    /// Checks the path, prepares the folder (created for a new localization) and sweeps it of
    /// stale temporary files, once per folder.
    private mutating func prepare(_ file: BundleFileWrite) throws(BundleWriteError) -> Staged {
        let path = file.path
        let components = BundlePath.components(path, omittingEmpty: false)
        guard BundlePath.isPlain(path), components.count <= 2 else {
            throw BundleWriteError(path: path, message: "not a plain path inside the bundle; nothing was written")
        }
        let folder = components.count == 2 ? rootPath + "/" + components[0] : rootPath
        let name = String(components.last!)
        if components.count == 2 { try prepareFolder(folder, name: String(components[0]), for: path, creating: file.expected == nil) }
        if !swept.contains(folder) {
            Self.removeStaleTemporaryFiles(in: folder)
            swept.insert(folder)
        }
        return Staged(folder: folder, target: folder + "/" + name,
                      temporary: folder + "/" + Self.temporaryName(for: name))
    }

    /// Writes one file: its bytes to the temporary file, flushed, then renamed over the file
    /// (still the one read) or linked where nothing is.
    private static func put(_ file: BundleFileWrite, at staged: Staged) throws(BundleWriteError) {
        let (path, target, temporary) = (file.path, staged.target, staged.temporary)
        var mode: mode_t = 0o644
        var info = stat()
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG { mode = info.st_mode & 0o7777 }
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        if descriptor < 0, errno == EEXIST {
            // Left by an earlier process that had this process's id: this process never leaves one.
            unlink(temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        }
        guard descriptor >= 0 else {
            throw BundleWriteError(path: path, message: "cannot create a temporary file beside it: \(systemMessage()); nothing was written")
        }
        func fail(_ message: String, kind: BundleWriteError.Kind = .failure) -> BundleWriteError {
            unlink(temporary)
            return BundleWriteError(path: path, message: message + "; the file was left as it was", kind: kind)
        }
        let failure = file.bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        guard failure == 0 else {
            close(descriptor)
            throw fail("cannot write: \(String(cString: strerror(failure)))")
        }
        guard fchmod(descriptor, mode) == 0 else {
            let message = systemMessage()
            close(descriptor)
            throw fail("cannot set the file's permissions: \(message)")
        }
        guard flushData(descriptor) == 0 else {
            let message = systemMessage()
            close(descriptor)
            throw fail("cannot flush to disk: \(message)")
        }
        guard close(descriptor) == 0 else { throw fail("cannot close: \(systemMessage())") }
        if let expected = file.expected {
            if let conflict = differs(target, from: expected) {
                throw fail(conflict, kind: unreadable(conflict) ? .failure : .conflict)
            }
            try replace(target, with: temporary, expected: expected, bytes: file.bytes, fail: fail)
        } else {
            try createWithoutReplacing(target, from: temporary, fail: fail)
        }
    }

    /// Flushes a file's data (and the size that reads it) to disk.
    package static func flushData(_ descriptor: Int32) -> Int32 {
        #if os(Linux)
        fdatasync(descriptor)
        #else
        fsync(descriptor)
        #endif
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
    private static func createWithoutReplacing(_ target: String, from temporary: String,
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

    /// How `differs` begins when the file could not be read (a failure of the disk, not a change).
    static let unreadablePrefix = "cannot read the file to check it is still the one read: "

    static func unreadable(_ difference: String) -> Bool { difference.hasPrefix(unreadablePrefix) }

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
        guard let current = readAll(path) else { return unreadablePrefix + systemMessage() }
        guard current.count == expected.count else { return changed }
        // memcmp: a generic byte-by-byte comparison was a twentieth of a real merge's time.
        let same = current.isEmpty || current.withUnsafeBytes { read in
            expected.withUnsafeBytes { memcmp(read.baseAddress!, $0.baseAddress!, current.count) == 0 }
        }
        return same ? nil : changed
    }

    /// Removes what killed or failed runs left (temporary files of processes that no longer
    /// run) from the bundle's folder and each of its `.lproj` folders, also where this run
    /// writes nothing: a run that finds every table up to date still leaves the bundle clean.
    public mutating func sweepTemporaryFiles() {
        var folders = [rootPath]
        if let names = try? FolderListing.names(in: rootPath) {
            for name in names.lazy.filter(\.isUTF8).map(\.string) where name.hasSuffix(".lproj") {
                var info = stat()
                if lstat(rootPath + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { folders.append(rootPath + "/" + name) }
            }
        }
        for folder in folders where swept.insert(folder).inserted {
            Self.removeStaleTemporaryFiles(in: folder)
        }
    }

    /// Removes the temporary files of processes that no longer run from `folder` (only those
    /// of the file named `target`, when given).
    package static func removeStaleTemporaryFiles(in folder: String, for target: String? = nil) {
        guard let names = try? FolderListing.names(in: folder, includingHidden: true) else { return }
        for name in names.lazy.filter(\.isUTF8).map(\.string) {
            if let target, !name.hasPrefix("." + target + temporaryMarker) { continue }
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
