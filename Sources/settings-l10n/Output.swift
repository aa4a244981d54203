#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10n

/// The process's standard streams, written with `write(2)` so nothing is buffered out of order.
enum StandardStream {
    case output
    case error

    var descriptor: Int32 {
        switch self {
        case .output: STDOUT_FILENO
        case .error: STDERR_FILENO
        }
    }

    /// Whether the stream is a terminal (for colour and progress).
    var isTerminal: Bool { isatty(descriptor) == 1 }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: inout [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// A stream that cannot be written (a closed pipe) has nobody to tell: the error is dropped.
    private func write(_ buffer: UnsafeRawBufferPointer) {
        _ = FileDescriptorWriting.writeAll(buffer, to: descriptor)
    }
}

/// Writes a message for people to standard error, with a final line break; with
/// `ifNotEmpty`, an empty message writes nothing.
func printError(_ message: String, ifNotEmpty: Bool = false) {
    if ifNotEmpty, message.isEmpty { return }
    StandardStream.error.write(message.hasSuffix("\n") ? message : message + "\n")
}

/// Writes a document (JSON, XLIFF, a diff) to standard output.
func printOutput(_ text: String) {
    StandardStream.output.write(text)
}

/// Values kept until the process exits. Freeing a large bundle's tables and diagnostics one by
/// one at the end of a command takes longer than the system takes to drop the whole process,
/// so commands hand what they loaded here once their output is written.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: Any...) {
        kept.append(contentsOf: values)
    }
}

/// A file named on the command line (an XLIFF document, the configuration), read whole but only
/// up to a size limit.
enum LocalFile {
    struct ReadError: Error {
        var message: String
    }

    /// The bytes of the regular file at `path`, refusing one larger than `limit` bytes.
    static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ReadError(message: "cannot read \(path): \(String(cString: strerror(errno))); check the path")
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
            if count < 0 { throw ReadError(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            total += count
        }
        // The file grew while it was read: the limit still holds.
        guard total <= limit else { throw ReadError(message: "\(path) is more than the limit of \(limit) bytes") }
        bytes.removeLast(bytes.count - total)
        return bytes
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `folder/name`, the folder as the user gave it (no doubled slash), for paths the tool shows
/// and opens.
func joinedPath(_ folder: String, _ name: String) -> String {
    (folder.hasSuffix("/") ? folder : folder + "/") + name
}
