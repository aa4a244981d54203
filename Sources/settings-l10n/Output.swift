#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10n

/// The process's standard streams, written with `write(2)` so nothing is buffered out of order.
///
/// Only this file writes them, each through a function below that says what the text is, so
/// every printed character of input goes through the escaping layer (`TerminalText`): a new
/// command or message cannot print past it.
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

    fileprivate func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// A stream that cannot be written (a closed pipe) has nobody to tell: the error is dropped.
    /// Standard output refused otherwise (a full disk, an I/O error) is kept, for the exit to
    /// say (`outputFailure`): a diff saved to a file is incomplete, and a script must know.
    fileprivate func write(_ buffer: UnsafeRawBufferPointer) {
        let error = FileDescriptorWriting.writeAll(buffer, to: descriptor)
        if error != 0, error != EPIPE, self == .output, Self.outputError == 0 { Self.outputError = error }
    }

    /// The first error standard output gave but a closed pipe, or 0. Written from the one thread
    /// that prints at a time.
    nonisolated(unsafe) fileprivate static var outputError: Int32 = 0
}

/// Why standard output could not be written, if it could not (not a closed pipe): the run then
/// fails (exit 3), as any other I/O error does.
func outputFailure() -> String? {
    let error = StandardStream.outputError
    return error == 0 ? nil : "error: standard output could not be written (\(String(cString: strerror(error)))): what it holds is incomplete"
}

/// Writes a message for people to standard error, with a final line break; with
/// `ifNotEmpty`, an empty message writes nothing.
///
/// Messages quote file names, keys and values from input: what a terminal or a CI log would act
/// on is escaped (`TerminalText.forLog`), so no input can clear a terminal or run a workflow
/// command. A name inside a message is escaped where the message is made (`TerminalText.escaped`),
/// so that its line breaks do not break the message's lines either.
/// `error: <message>` on one line: a command's refusal is one message, so a line break in what
/// it quotes (a path the user gave, `x\n::error::y.xcstrings`) is written `\n`, as in findings.
func errorLine(_ message: String) -> String {
    "error: " + TerminalText.escaped(message)
}

func printError(_ message: String, ifNotEmpty: Bool = false) {
    if ifNotEmpty, message.isEmpty { return }
    let safe = TerminalText.forLog(message)
    StandardStream.error.write(safe.hasSuffix("\n") ? safe : safe + "\n")
}

/// Writes a document for people (a text report, a rendering, Markdown) to standard output, made
/// safe as `printError` makes messages. With `colors`, the tool's own colour sequences stay.
func printOutput(_ text: String, colors: Bool = false) {
    StandardStream.output.write(TerminalText.forLog(text, keepingColors: colors))
}

/// Writes the workflow commands of `check --format github`: lines the formatter made, each one
/// command whose data and properties it escaped (`TerminalText.escaped`, then GitHub's own `%`
/// escapes), so the only commands in them are the tool's.
func printWorkflowCommands(_ text: String) {
    assert(text.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") },
           "a line of the GitHub report that is not one of its workflow commands")
    StandardStream.output.write(text)
}

/// Writes a JSON document the tool made (check's JSON and SARIF, status, extract, render and
/// merge's JSON): `JSONWriter` writes every character a terminal or a log acts on as a `\u`
/// escape, and `##[` as `##\u005b`, and no line of it can start with `::`, so it is printed as it
/// is, and stays JSON (`forLog`'s escapes, `\U202E`, are no JSON).
func printJSON(_ text: String) {
    assert(TerminalText.isSafeForLog(text), "JSON that a terminal or a log would act on")
    StandardStream.output.write(text)
}

/// Writes an XML document the tool made (check's JUnit report): every piece of input in it was
/// escaped by `TerminalText` before XML's own escapes (`XMLOutput`), and each of its lines starts
/// with `<` or white space then `<`, so it is printed as it is, and stays XML.
func printXML(_ text: String) {
    assert(TerminalText.isSafeForLog(text), "XML that a terminal or a log would act on")
    StandardStream.output.write(text)
}

/// Writes output meant to be applied as written (the unified diffs of `--dry-run`): byte for
/// byte, so that `patch` and `git apply` take it. On a terminal, where it is read rather than
/// applied, it is made safe as any document. Where GitHub's runner reads it (`GITHUB_ACTIONS`
/// set), the first one is preceded by the runner's own `::stop-commands::<token>`, with a fresh
/// random token, and `finishOutput` resumes the runner's commands with `::<token>::` before the
/// process exits, so that no line of it runs as a workflow command.
func printAsWritten(_ text: String) {
    if text.isEmpty { return }
    if StandardStream.output.isTerminal { return printOutput(text) }
    WorkflowCommandPause.pauseIfRead()
    StandardStream.output.write(text)
    WorkflowCommandPause.endsLine = text.hasSuffix("\n")
}

/// A table's change as `--dry-run` prints it: on a terminal its text, for reading (a UTF-16
/// table's as UTF-8); otherwise the diff of the file's own bytes, as written, which `git apply`
/// applies to the file whatever its encoding. Made where the table was merged (any thread).
struct TableDiff: Sendable {
    fileprivate var text: String?
    fileprivate var bytes: [UInt8] = []

    init(_ update: TableUpdate) {
        if StandardStream.output.isTerminal { text = update.unifiedDiff } else { bytes = update.unifiedDiffBytes }
    }
}

/// Prints a table's change (`TableDiff`): escaped on a terminal, as written otherwise.
func printDiff(_ diff: TableDiff) {
    if let text = diff.text { return printAsWritten(text) }
    if diff.bytes.isEmpty { return }
    WorkflowCommandPause.pauseIfRead()
    diff.bytes.withUnsafeBytes { StandardStream.output.write($0) }
    WorkflowCommandPause.endsLine = diff.bytes.last == 0x0A
}

func printDiff(_ update: TableUpdate) {
    printDiff(TableDiff(update))
}

/// Ends what the process printed: resumes the runner's workflow commands when output printed as
/// written paused them. Called once, as the process exits.
func finishOutput() {
    WorkflowCommandPause.resume()
}

/// The progress line of a long run on a terminal (`ProgressLine`): `text` (a label, counts and
/// the item, escaped) after a carriage return and the sequence that clears the line, or only
/// those when `text` is empty.
func printProgress(_ text: String) {
    StandardStream.error.write("\r\u{1B}[K" + TerminalText.escaped(text))
}

/// The pause of GitHub's runner (`::stop-commands::<token>`, resumed by `::<token>::`) around
/// output printed as written. Output is printed in order, from one thread at a time.
enum WorkflowCommandPause {
    /// The token of the pause under way.
    nonisolated(unsafe) private static var token: String?
    /// Whether the last output printed as written ended its line.
    nonisolated(unsafe) static var endsLine = true

    /// Starts the pause, once, when GitHub's runner reads the output (`GITHUB_ACTIONS` set).
    static func pauseIfRead() {
        guard token == nil, let value = getenv("GITHUB_ACTIONS"), value.pointee != 0 else { return }
        let fresh = freshToken()
        token = fresh
        StandardStream.output.write("::stop-commands::\(fresh)\n")
    }

    /// Ends the pause under way, if any.
    static func resume() {
        guard let token else { return }
        StandardStream.output.write((endsLine ? "" : "\n") + "::\(token)::\n")
        self.token = nil
    }

    /// 128 random bits from the system's generator, so that nothing in the output can resume the
    /// runner's commands early; a word no command of the runner's has.
    static func freshToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        return "settings-l10n-" + words.map { String($0, radix: 16).leftPadded(to: 16) }.joined()
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
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
