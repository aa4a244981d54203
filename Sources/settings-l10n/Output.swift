#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

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
        var bytes = Array(text.utf8)
        write(bytes: &bytes)
    }

    func write(bytes: inout [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += count
        }
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
