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
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    func write(bytes: inout [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    private func write(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let count = systemWrite(descriptor, base + offset, buffer.count - offset)
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

/// Values kept until the process exits. Freeing a large bundle's tables and diagnostics one by
/// one at the end of a command takes longer than the system takes to drop the whole process,
/// so commands hand what they loaded here once their output is written.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: Any...) {
        kept.append(contentsOf: values)
    }
}
