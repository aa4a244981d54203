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

    /// The folder holding `path`, `.` for a bare name.
    package static func folderOf(_ path: String) -> String {
        guard let folder = BundlePath.splitLast(path).folder else { return "." }
        return folder.isEmpty ? "/" : String(folder)
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
