#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore

extension LocalFile {
    /// A private folder (mode 0700) under the system's temporary folder (`TMPDIR`, else `/tmp`)
    /// for what a child process writes of its own (the browser's profile and temporary files
    /// for `render --format png`), removed with everything in it by `remove()`: the tool's
    /// outputs never go there, and nothing of it is left behind. A `TMPDIR` longer than
    /// `maximumBase` bytes (macOS's `/var/folders/…/T`) gives way to `/tmp`: the browser makes
    /// a socket inside, and a socket's path has at most 104 bytes. Removal never follows a symbolic link and never leaves
    /// the folder (each entry is removed relative to its folder's descriptor).
    package final class ScratchFolder {
        package let path: String
        private var removed = false

        /// Makes the folder: `settings-l10n-<what>-XXXXXX`.
        package init(for what: String, maximumBase: Int = 28) throws(WriteError) {
            var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
            while base.utf8.count > 1, base.hasSuffix("/") { base.removeLast() }
            if base.isEmpty || base.utf8.count > maximumBase || LocalFile.kind(of: base) != .folder { base = "/tmp" }
            var template = Array("\(base)/settings-l10n-\(what)-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            guard made != nil else {
                throw WriteError(reason: "cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
            }
            path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        deinit {
            remove()
        }

        /// Removes the folder and all it holds (once; later calls do nothing).
        package func remove() {
            guard !removed else { return }
            removed = true
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 { Self.empty(descriptor, depth: 0) }
            rmdir(path)
        }

        /// Removes everything in the open folder `descriptor` (closing it), depth first; at most
        /// 64 levels deep (a browser's profile is a few).
        private static func empty(_ descriptor: Int32, depth: Int) {
            guard let folder = fdopendir(descriptor) else {
                close(descriptor)
                return
            }
            defer { closedir(folder) }
            var names: [String] = []
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != ".", name != ".." { names.append(name) }
            }
            for name in names where unlinkat(descriptor, name, 0) != 0 {
                // A folder: emptied through its own descriptor, never through a link, then removed.
                guard depth < 64 else { continue }
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { continue }
                empty(child, depth: depth + 1)
                unlinkat(descriptor, name, AT_REMOVEDIR)
            }
        }
    }
}
