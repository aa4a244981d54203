#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SettingsL10n
/// A progress line on standard error for long runs over many locales: only on a terminal,
/// never in CI logs (`CI` set), with `TERM=dumb`, or when standard error is piped.
final class ProgressLine {
    private let label: String
    private let enabled: Bool
    private var shown = false

    init(_ label: String) {
        let environment = ProcessInfo.processInfo.environment
        self.label = label
        self.enabled = StandardStream.error.isTerminal && environment["CI"] == nil
            && environment["TERM"] != "dumb" && environment["NO_PROGRESS"] == nil
    }

    func update(_ done: Int, of total: Int, _ item: String) {
        guard enabled, total > 1 else { return }
        shown = true
        printProgress("\(label) \(done)/\(total): \(item)")
    }

    /// Clears the line, so the summary that follows starts clean.
    func finish() {
        guard shown else { return }
        printProgress("")
        shown = false
    }
}
