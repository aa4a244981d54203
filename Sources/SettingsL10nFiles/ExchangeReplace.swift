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

/// Replacing a file that an editor may save at the same moment.
///
/// A check of the file followed by a rename leaves a window: a save that lands between the two
/// is replaced, and lost. So the new file is *exchanged* with the old one (one atomic step that
/// keeps both), and what came out is checked: the file the command read (then the old one is
/// removed), or a save that landed in the window (then it is exchanged back, and this file is
/// reported as changed). A save that lands while it is put back is newer still, and is put back
/// in its turn. Where the system cannot exchange two names, a plain rename is the fallback.
extension DiskBundleWriter {
    /// Puts `temporary` (holding `bytes`) in place of `target`, which must hold `expected`.
    static func replace(_ target: String, with temporary: String, expected: [UInt8], bytes: [UInt8],
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
        let kept = target + ".saved-during-merge"
        rename(temporary, kept)
        throw BundleWriteError(path: target, message: "the file changed again and again while settings-l10n was putting a save back; the other version is in \(kept.split(separator: "/").last!)",
                               kind: .conflict)
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
