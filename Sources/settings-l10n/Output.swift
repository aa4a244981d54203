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
///
/// Messages quote file names, keys and values from input: their control characters are
/// escaped (`TerminalText`), so no input can clear a terminal or write to a CI log.
func printError(_ message: String, ifNotEmpty: Bool = false) {
    if ifNotEmpty, message.isEmpty { return }
    let safe = TerminalText.forLog(message)
    StandardStream.error.write(safe.hasSuffix("\n") ? safe : safe + "\n")
}

/// Writes lines to standard error that `TerminalText.forLog` made safe already (each ending with a
/// line break); nothing when there are none.
func printSafeError(_ text: String) {
    if !text.isEmpty { StandardStream.error.write(text) }
}

/// Writes a document (JSON, XLIFF, a diff, a text report) to standard output, its control
/// characters but line breaks and tabs escaped (JSON and XLIFF escape theirs already), and no
/// line starting a GitHub workflow command.
func printOutput(_ text: String) {
    StandardStream.output.write(TerminalText.forLog(text))
}

/// Writes a JSON document the tool made (check's JSON and SARIF, status, extract, render and
/// merge's JSON): `JSONWriter` writes every character a terminal or a log acts on as a `\u`
/// escape, and no line of it can start with `::`, so it is printed as it is, and stays JSON
/// (`forLog`'s escapes, `\U202E`, are no JSON).
func printJSON(_ text: String) {
    assert(TerminalText.isSafeForLog(text), "JSON that a terminal or a log would act on")
    StandardStream.output.write(text)
}

/// Writes text whose parts from input are escaped already and that may hold the tool's own
/// colour sequences or workflow commands (check's text and GitHub reports, status's text).
func printSafeOutput(_ text: String) {
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

/// `folder/name`, the folder as the user gave it (no doubled slash), for paths the tool shows
/// and opens.
func joinedPath(_ folder: String, _ name: String) -> String {
    (folder.hasSuffix("/") ? folder : folder + "/") + name
}
