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
        /// file), or it would be larger than settings-l10n reads: this file is left alone, and
        /// the others can still be written.
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

    /// One message for writes the system refused (`failure`): the first in full, the other
    /// refused files named, then what was written, by name (`written`, at most five named; a
    /// file written into a folder that was not flushed is written), then `then` (what to do).
    /// `nil` without such a failure. Each refused file was left as it was.
    public static func failureSummary(_ errors: [BundleWriteError], written: [String], then: String) -> String? {
        let failures = errors.filter { $0.kind == .failure }
        guard let first = failures.first else { return nil }
        let others = failures.dropFirst().map(\.path)
        let alsoRefused = others.isEmpty ? "" : " (so were \(named(others)))"
        return "\(first.description)\(alsoRefused); \(writtenList(written) ?? "no other file was written"); \(then)"
    }

    /// `written: a, b (2 files)`, at most five named; `nil` for none.
    public static func writtenList(_ paths: [String]) -> String? {
        paths.isEmpty ? nil : "written: \(named(paths)) (\(paths.count) file\(paths.count == 1 ? "" : "s"))"
    }

    /// At most five of `paths`, then how many more.
    private static func named(_ paths: [String]) -> String {
        paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
    }

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
/// temporary file in the same folder, flushed to disk, then put in place (`Placement`), so a
/// crash or a kill at any moment leaves either the old file or the new one.
///
/// A file is only replaced when it is still the regular file the command read (same bytes,
/// exchanged and checked, a save that lands meanwhile put back), a new file never replaces
/// anything, and no symbolic link is written through. Temporary files that a killed run left
/// behind are removed from each folder the writer writes in (`Debris`).
public struct DiskBundleWriter: Sendable {
    public let rootPath: String
    /// The folders already swept of stale temporary files.
    private var swept: Set<String> = []
    /// The folders whose name was checked against the volume's spelling of it.
    private var namesChecked: Set<String> = []

    public init(bundle source: DiskBundleSource) {
        self.rootPath = source.rootPath
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
    /// file flushed to disk, then checked and put in place; then each folder is flushed once,
    /// which makes the renames durable (`Durability`). A crash at any moment leaves every file
    /// either old or new (a rename that was not yet flushed leaves the old one).
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
        var folders = Durability.Folders()
        for (outcome, staged) in zip(outcomes, prepared) where outcome == nil {
            if case .success(let staged) = staged { folders.add(staged.folder) }
        }
        let unflushed = Durability.flushFolders(folders.list)
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

    /// Where a file goes, checked: its folder, its name, and the temporary file beside it.
    struct Staged: Sendable {
        var folder: String
        var target: String
        var temporary: String
    }

    /// Why a file of `count` bytes (past the read limit) is not written into a bundle: what is
    /// written must read back.
    public static func tooLargeMessage(_ count: Int) -> String {
        "it would be \(count.grouped) bytes, more than the \(ReadLimits.standard.maximumFileSize >> 20) MiB settings-l10n reads a file of the bundle up to"
    }

    /// Checks the path, prepares the folder (created for a new localization) and sweeps it of
    /// stale temporary files, once per folder.
    private mutating func prepare(_ file: BundleFileWrite) throws(BundleWriteError) -> Staged {
        let path = file.path
        let components = BundlePath.components(path, omittingEmpty: false)
        guard BundlePath.isPlain(path), components.count <= 2 else {
            throw BundleWriteError(path: path, message: "not a plain path inside the bundle; it was not written")
        }
        // What is written must read back: a table past the read limit would be refused by every
        // command after this one (merge twice, import, check), and could not be fixed with the tool.
        let limit = ReadLimits.standard.maximumFileSize
        guard file.bytes.count <= limit else {
            throw BundleWriteError(path: path, message: DiskBundleWriter.tooLargeMessage(file.bytes.count), kind: .conflict)
        }
        let folder = components.count == 2 ? rootPath + "/" + components[0] : rootPath
        let name = String(components.last!)
        if components.count == 2 { try prepareFolder(folder, name: String(components[0]), for: path, creating: file.expected == nil) }
        if components.count == 2, file.expected == nil, namesChecked.insert(folder).inserted, let other = VolumeNames.otherName(of: folder) {
            // A new table in a folder this volume matched by another spelling (DE.lproj for
            // de.lproj): written there, it would ship under the other name, which the device
            // (whose volume tells case apart) would not find.
            throw BundleWriteError(path: path, message: "\(other) is there, which this volume takes for \(components[0]) (it ignores case or normalization) and a device would not; rename \(other) to \(components[0]) first; it was not written",
                                   kind: .conflict)
        }
        // What killed runs left there: of the tables (the only files the commands write into a
        // bundle), and of this file; never another file's that only looks like it.
        if !swept.contains(folder) {
            Debris.sweep(folder, endingIn: ".strings")
            swept.insert(folder)
        }
        if !name.hasSuffix(".strings") { Debris.sweep(folder, for: name) }
        return Staged(folder: folder, target: folder + "/" + name, temporary: folder + "/" + Debris.temporaryName(for: name))
    }

    /// Writes one file: its bytes to the temporary file, flushed, then put in place of the file
    /// (still the one read) or created where nothing is.
    private static func put(_ file: BundleFileWrite, at staged: Staged) throws(BundleWriteError) {
        let (path, target, temporary) = (file.path, staged.target, staged.temporary)
        func fail(_ message: String, kind: BundleWriteError.Kind = .failure) -> BundleWriteError {
            unlink(temporary)
            return BundleWriteError(path: path, message: message + "; the file was left as it was", kind: kind)
        }
        if let (code, step) = Placement.writeTemporary(file.bytes, at: temporary, mode: Placement.mode(of: target, otherwise: 0o644)) {
            let reason = Durability.systemMessage(code)
            switch step {
            case .create: throw BundleWriteError(path: path, message: "cannot create a temporary file beside it: \(reason); it was not written")
            case .write: throw fail("cannot write: \(reason)")
            case .permissions: throw fail("cannot set the file's permissions: \(reason)")
            case .flush: throw fail("cannot flush to disk: \(reason)")
            case .close: throw fail("cannot close: \(reason)")
            }
        }
        if let expected = file.expected {
            if let conflict = Placement.differs(target, from: expected) {
                throw fail(conflict, kind: Placement.unreadable(conflict) ? .failure : .conflict)
            }
            try Placement.replace(target, with: temporary, expected: expected, bytes: file.bytes, fail: fail)
        } else {
            try Placement.create(target, from: temporary, fail: fail)
        }
    }

    /// Checks that the file's folder is a real folder of the bundle (never a link), creating a
    /// new localization's folder (the development language's, on a first merge).
    private func prepareFolder(_ folder: String, name: String, for path: String, creating: Bool) throws(BundleWriteError) {
        var info = stat()
        if lstat(folder, &info) != 0 {
            guard errno == ENOENT, creating, name.hasSuffix(".lproj") else {
                throw BundleWriteError(path: path, message: "the folder \(name) does not exist; it was not written")
            }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST, lstat(folder, &info) == 0 else {
                throw BundleWriteError(path: path, message: "cannot create the folder \(name): \(Durability.systemMessage()); it was not written")
            }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw BundleWriteError(path: path, message: "\(name) is \(info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"); settings-l10n never writes through links; it was not written",
                                   kind: .conflict)
        }
    }

    /// Removes what killed or failed runs left (temporary files of processes that no longer
    /// run) from the bundle's folder and each of its `.lproj` folders, also where this run
    /// writes nothing: a run that finds every table up to date still leaves the bundle clean.
    public mutating func sweepTemporaryFiles() {
        for folder in Debris.bundleFolders(rootPath) where swept.insert(folder).inserted {
            Debris.sweep(folder, endingIn: ".strings")
        }
    }
}
