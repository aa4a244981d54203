#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bundle folder on disk. Every path is resolved and checked to lie inside the bundle's real
/// folder before it is opened, so symbolic links cannot lead the reader outside it, and files
/// are opened without following a final link (`O_NOFOLLOW`).
public struct DiskBundleSource: BundleSource {
    /// The real path of the bundle folder, symbolic links resolved.
    public let rootPath: String

    /// Opens the bundle folder at `path`.
    /// - Throws: `BundleReadError` when the path does not exist or is not a folder.
    public init(path: String) throws(BundleReadError) {
        guard let resolved = Self.realPath(path) else {
            throw BundleReadError(path: "", message: "\(path): no such folder; give the path of a Settings.bundle folder")
        }
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw BundleReadError(path: "", message: "\(path) is not a folder; give the path of a Settings.bundle folder")
        }
        self.rootPath = resolved
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The real path of `relative` (made of plain names, no `.` or `..`), or `nil` when it does
    /// not exist or resolves outside the bundle. `exceptLast`: the last component is not looked
    /// at (the caller opens it without following a link, and comes back when it is one); the
    /// path returned is then real but for it.
    private func resolveInside(_ relative: String, exceptLast: Bool = false) -> String? {
        let joined = relative.isEmpty ? rootPath : rootPath + "/" + relative
        // The root is a real path: when no component of `relative` is a symbolic link, the joined
        // path is real too. One lstat per component is far cheaper than realpath's readlink for
        // every component of the whole path.
        var prefix = rootPath
        var hasLink = false
        let components = BundlePath.components(relative, omittingEmpty: true)
        for component in exceptLast ? components.dropLast() : components[...] {
            prefix += "/" + component
            var info = stat()
            guard lstat(prefix, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT == S_IFLNK {
                hasLink = true
                break
            }
        }
        if !hasLink { return joined }
        guard let resolved = Self.realPath(joined) else { return nil }
        guard resolved == rootPath || resolved.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") else { return nil }
        return resolved
    }

    /// Whether a component of `relative` is not there, with no symbolic link before it (which
    /// may lead out of the bundle).
    private func isMissing(_ relative: String) -> Bool {
        var prefix = rootPath
        for component in BundlePath.components(relative, omittingEmpty: true) {
            prefix += "/" + component
            var info = stat()
            guard lstat(prefix, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR }
            if info.st_mode & S_IFMT == S_IFLNK { return false }
        }
        return false
    }

    public func entries(inFolder folder: String, limit: Int) throws(BundleReadError) -> [BundleFolderEntry] {
        guard folder.isEmpty || BundlePath.isPlain(folder), let resolved = resolveInside(folder) else {
            if BundlePath.isPlain(folder), isMissing(folder) {
                throw BundleReadError(path: folder, message: "no such folder", isMissing: true)
            }
            throw BundleReadError(path: folder, message: "the folder lies outside the bundle; it was not read")
        }
        let names: [FolderEntryName]
        do {
            names = try FolderListing.names(in: resolved, limit: limit)
        } catch {
            switch error {
            case .cannotOpen(let reason), .cannotRead(let reason):
                throw BundleReadError(path: folder, message: "cannot list the folder: \(reason)")
            case .moreThan(let limit):
                throw BundleReadError(path: folder, message: "the folder holds more than \(limit) entries; it was not read")
            }
        }
        let entries = names.map { name in
            guard name.isUTF8 else { return BundleFolderEntry(name: name.string, kind: .nameNotUTF8) }
            // A regular file or a folder as the listing says (no link: a link's kind is unknown
            // there), without an lstat per entry.
            switch name.kind {
            case .file: return BundleFolderEntry(name: name.string, kind: .file)
            case .folder: return BundleFolderEntry(name: name.string, kind: .folder)
            case .unknown: break
            }
            let relative = folder.isEmpty ? name.string : folder + "/" + name.string
            return kind(of: resolved + "/" + name.string, name: name.string, relative: relative)
        }
        return entries.sorted { $0.name < $1.name }
    }

    private func kind(of path: String, name: String, relative: String) -> BundleFolderEntry {
        var info = stat()
        guard lstat(path, &info) == 0 else { return BundleFolderEntry(name: name, kind: .other) }
        var mode = info.st_mode & S_IFMT
        let isLink = mode == S_IFLNK
        if isLink {
            guard let target = resolveInside(relative) else {
                return BundleFolderEntry(name: name, kind: Self.realPath(path) == nil ? .other : .linkOutsideBundle, isLink: true)
            }
            guard stat(target, &info) == 0 else { return BundleFolderEntry(name: name, kind: .other, isLink: true) }
            mode = info.st_mode & S_IFMT
        }
        switch mode {
        case S_IFREG: return BundleFolderEntry(name: name, kind: .file, isLink: isLink)
        case S_IFDIR: return BundleFolderEntry(name: name, kind: .folder, isLink: isLink)
        default: return BundleFolderEntry(name: name, kind: .other, isLink: isLink)
        }
    }

    public func contents(of path: String, limit: Int) throws(BundleReadError) -> [UInt8] {
        guard BundlePath.isPlain(path), !path.isEmpty else {
            throw BundleReadError(path: path, message: "the path is not a plain path inside the bundle; it was not read")
        }
        let missing = BundleReadError(path: path, message: "the file does not exist or lies outside the bundle; it was not read")
        // The folders on the way are checked for links; the file is opened without following one
        // (no lstat of it first: a bundle's thousands of tables cost one system call less each),
        // and only a link there is resolved and checked, then opened.
        guard let direct = resolveInside(path, exceptLast: true) else { throw missing }
        var descriptor = open(direct, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            switch errno {
            case ELOOP:
                guard let resolved = resolveInside(path) else { throw missing }
                descriptor = open(resolved, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            case ENOENT, ENOTDIR:
                throw missing
            default:
                break
            }
        }
        guard descriptor >= 0 else {
            throw BundleReadError(path: path, message: "cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw BundleReadError(path: path, message: "not a regular file; it was not read")
        }
        guard info.st_size <= limit else {
            throw BundleReadError(path: path, message: "the file is \(info.st_size) bytes, more than the limit of \(limit); it was not read", isTooLarge: true)
        }
        // Read into memory that is not zeroed first (the bytes are overwritten at once).
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, initialized in
            var total = 0
            while total < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }  // the file shrank while reading: keep what was read
                total += count
            }
            initialized = total
        }
        if let failure {
            throw BundleReadError(path: path, message: "cannot read the file: \(String(cString: strerror(failure)))")
        }
        return bytes
    }
}
