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

/// How a file written into its temporary file takes its place: created where nothing may be
/// (`create`), or replacing a file the command read, only while it is still that file
/// (`replace`). Tables, String Catalogs and every other file the tool read before writing go
/// through `replace`; new files through `create`.
///
/// Replacing a file that an editor may save at the same moment:
/// A check of the file followed by a rename leaves a window: a save that lands between the two
/// is replaced, and lost. So the new file is *exchanged* with the old one (one atomic step that
/// keeps both), and what came out is checked: the file the command read (then the old one is
/// removed), or a save that landed in the window (then it is exchanged back, and this file is
/// reported as changed). A save that lands while it is put back is newer still, and is put back
/// in its turn. Where the system cannot exchange two names, a plain rename is the fallback.
package enum Placement {
    /// Puts `temporary` (holding `bytes`) in place of `target`, which must hold `expected`.
    package static func replace(_ target: String, with temporary: String, expected: [UInt8], bytes: [UInt8],
                        fail: (String, BundleWriteError.Kind) -> BundleWriteError) throws(BundleWriteError) {
        switch exchange(temporary, target) {
        case .unsupported:
            guard rename(temporary, target) == 0 else { throw fail("cannot replace the file: \(String(cString: strerror(errno)))", .failure) }
            return
        case .failed(let code):
            throw fail("cannot replace the file: \(String(cString: strerror(code)))", .failure)
        case .exchanged:
            break
        }
        // `temporary` now holds what was at `target` a moment ago.
        guard let conflict = differs(temporary, from: expected) else {
            unlink(temporary)
            return
        }
        if unreadable(conflict) {
            // What came out cannot be checked: put it back, and write nothing.
            if case .exchanged = exchange(temporary, target) {
                throw fail(conflict, .failure)
            }
        }
        // A save landed in the window: put it back. `placed` is what is at `target` now.
        var placed = bytes
        for _ in 0..<64 {
            guard let saved = readAll(temporary) else { break }
            guard case .exchanged = exchange(temporary, target) else { break }
            if differs(temporary, from: placed) == nil {
                // What came out is what was put there: the save is back in place.
                unlink(temporary)
                throw fail(conflict, .conflict)
            }
            // A newer save replaced `placed` meanwhile: put that one in place too.
            placed = saved
        }
        // Gave up (a save every few microseconds, or a file that cannot be read): keep the
        // version that is not in place beside the file, under a name no sweep removes.
        let kept = target + ".saved-during-settings-l10n"
        rename(temporary, kept)
        throw BundleWriteError(path: target, message: "the file changed again and again while settings-l10n was putting a save back; the other version is in \(kept.split(separator: "/").last!)",
                               kind: .conflict)
    }

    /// Moves the temporary file to `target`, failing when anything is there: a hard link made
    /// with `link` (which never replaces), or, where the file system has no hard links, a
    /// rename after checking that nothing is there.
    package static func create(_ target: String, from temporary: String,
                               fail: (String, BundleWriteError.Kind) -> BundleWriteError) throws(BundleWriteError) {
        if link(temporary, target) == 0 {
            unlink(temporary)
            return
        }
        if errno == EEXIST {
            throw fail(Self.appeared(target), .conflict)
        }
        var info = stat()
        guard lstat(target, &info) != 0, errno == ENOENT else {
            throw fail(Self.appeared(target), .conflict)
        }
        guard rename(temporary, target) == 0 else { throw fail("cannot create the file: \(Durability.systemMessage())", .failure) }
    }

    /// What `create` says when something is where a new file goes: it appeared since the
    /// command looked, or (a volume that ignores case, as macOS's does by default) it is a file
    /// whose name differs from this one only in case, which a rerun does not change.
    static func appeared(_ target: String) -> String {
        if let other = VolumeNames.otherName(of: target) {
            return "\(other) is there, which this volume takes for the same name (it ignores case or normalization), so this file cannot be created beside it; rename \(other) to \(BundlePath.splitLast(target).name), or remove one of them"
        }
        return "a file appeared there while settings-l10n was working (it was not there when the bundle was read); run again"
    }

    /// Writes `bytes` into a new temporary file at `temporary` (never following a link, never
    /// over a file: a stale one of an earlier process with this process's id is removed first),
    /// with `mode` (`nil`: a new file's, the process's mask applied), its data flushed to disk
    /// (`Durability`). The temporary file is removed when anything fails: `nil`, or the `errno`
    /// and what failed.
    package static func writeTemporary(_ bytes: [UInt8], at temporary: String, mode: mode_t?) -> (code: Int32, step: TemporaryStep)? {
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode ?? 0o666)
        if descriptor < 0, errno == EEXIST {
            // Left by an earlier process that had this process's id: this process never leaves one.
            unlink(temporary)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode ?? 0o666)
        }
        guard descriptor >= 0 else { return (errno, .create) }
        var failure: (Int32, TemporaryStep)?
        let written = bytes.withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: descriptor) }
        if written != 0 { failure = (written, .write) }
        if failure == nil, let mode, fchmod(descriptor, mode) != 0 { failure = (errno, .permissions) }
        if failure == nil {
            let flushed = Durability.flushData(descriptor)
            if flushed != 0 { failure = (flushed, .flush) }
        }
        if close(descriptor) != 0, failure == nil { failure = (errno, .close) }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// The step of writing a temporary file that failed.
    package enum TemporaryStep: Sendable {
        case create, write, permissions, flush, close
    }

    /// The permissions a file written at `target` keeps: those of the regular file there, else
    /// `otherwise`.
    package static func mode(of target: String, otherwise: mode_t) -> mode_t {
        var info = stat()
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return info.st_mode & 0o7777 }
        return otherwise
    }

    /// How `differs` begins when the file could not be read (a failure of the disk, not a change).
    static let unreadablePrefix = "cannot read the file to check it is still the one read: "

    static func unreadable(_ difference: String) -> Bool { difference.hasPrefix(unreadablePrefix) }

    /// Why `path` is not the regular file holding `expected`, or `nil` when it is.
    package static func differs(_ path: String, from expected: [UInt8]) -> String? {
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
        guard let current = readAll(path) else { return unreadablePrefix + Durability.systemMessage() }
        guard current.count == expected.count else { return changed }
        // memcmp: a generic byte-by-byte comparison was a twentieth of a real merge's time.
        let same = current.isEmpty || current.withUnsafeBytes { read in
            expected.withUnsafeBytes { memcmp(read.baseAddress!, $0.baseAddress!, current.count) == 0 }
        }
        return same ? nil : changed
    }

    enum Exchange { case exchanged, unsupported, failed(Int32) }

    /// Swaps two names atomically (Linux `renameat2` with `RENAME_EXCHANGE`, Apple's `renamex_np`
    /// with `RENAME_SWAP`).
    static func exchange(_ first: String, _ second: String) -> Exchange {
        #if os(Linux)
        guard let renameat2 = renameat2Function else { return .unsupported }
        if renameat2(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */) == 0 { return .exchanged }
        // EINVAL: a file system without the flag (some network and FUSE ones); ENOSYS: an old kernel.
        return errno == EINVAL || errno == ENOSYS ? .unsupported : .failed(errno)
        #elseif canImport(Darwin)
        if renamex_np(first, second, 0x0000_0002 /* RENAME_SWAP */) == 0 { return .exchanged }
        return errno == ENOTSUP || errno == EINVAL ? .unsupported : .failed(errno)
        #else
        return .unsupported
        #endif
    }

    #if os(Linux)
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc declares `renameat2` (2.28 and later) only under `_GNU_SOURCE`, which Swift's Glibc
    /// module does not define, so it is looked up once by name.
    static let renameat2Function: RenameAt2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    /// The bytes of a regular file no larger than a table may be, or `nil`.
    static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 256 << 20 else {
            let code = errno
            close(descriptor)
            errno = code
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                // A failed read is not a shorter file; `errno` is kept for the caller's message.
                let code = errno
                close(descriptor)
                errno = code
                return nil
            }
            if count == 0 { break }
            total += count
        }
        close(descriptor)
        return Array(bytes[..<total])
    }
}
