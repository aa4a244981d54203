import SettingsL10nCore

/// How GitHub's runner finds workflow commands in a step's output, ported to Swift for tests
/// (from actions/runner: `ProcessInvoker` reads each stream a line at a time with .NET's
/// `StreamReader.ReadLine`; `OutputManager.OnDataReceived` hands every line to
/// `ActionCommandManager.TryProcessCommand`, which tries `ActionCommand.TryParseV2`, then the
/// legacy `ActionCommand.TryParse`, and keeps the pause of `stop-commands`). `commands(in:)`
/// says what a log of the tool's output would run.
///
/// Strings are compared as .NET compares them where it matters: UTF-16 code units, `TrimStart`
/// trimming every character `Char.IsWhiteSpace` accepts, names matched ignoring ASCII case
/// (`OrdinalIgnoreCase`). The runner's `StartsWith("::")` and `IndexOf("##[")` compare by the
/// current culture, which skips characters ICU ignores (U+200B, U+00AD, ...); the port compares
/// code units: a match that needs an ignored character puts the runner's fixed offsets (the
/// name is read from two or three code units after where the match starts) on the wrong code
/// unit, so that the name starts with `:` or `[` and is no registered command.
package enum RunnerCommands {
    /// A workflow command the runner processes.
    package struct Command: Equatable, CustomStringConvertible, Sendable {
        package var name: String
        package var properties: [String: String]
        package var data: String
        /// The line it was found in.
        package var line: String

        package var description: String { "\(name) in \(String(reflecting: line))" }
    }

    /// The commands the runner registers (`ActionCommandManager.Initialize`: `stop-commands` and
    /// every `IActionCommandExtension` but `internal-set-repo-path`).
    package static let registered: Set<String> = [
        "stop-commands", "set-env", "set-output", "save-state", "add-mask", "add-path", "add-matcher", "remove-matcher",
        "debug", "warning", "error", "notice", "group", "endgroup", "echo",
    ]

    /// Every command the runner processes in `log`, in order: a `stop-commands` and the command
    /// named by its token that resumes processing are among them; the commands in between,
    /// which the runner does not process, are not.
    package static func commands(in log: String) -> [Command] {
        var registered = Self.registered
        var stopToken: String?
        var found: [Command] = []
        for line in lines(log) where !line.isEmpty {
            guard let command = parseV2(line, registered: registered) ?? parseLegacy(line, registered: registered) else { continue }
            let name = command.name.lowercased()
            if let token = stopToken {
                // Paused: only the token resumes.
                if name == token.lowercased() {
                    registered.remove(token.lowercased())
                    stopToken = nil
                    found.append(command)
                }
                continue
            }
            if name == "stop-commands" {
                // `ValidateStopToken`: an empty token, a registered name or pause-logging is refused.
                let token = command.data
                guard !token.isEmpty, !registered.contains(token.lowercased()), token.lowercased() != "pause-logging" else { continue }
                stopToken = token
                registered.insert(token.lowercased())
            }
            found.append(command)
        }
        return found
    }

    /// The lines of `log` as `StreamReader.ReadLine` returns them: ended by LF, CR or CRLF.
    package static func lines(_ log: String) -> [String] {
        var lines: [String] = []
        var current: [UInt16] = []
        var units = Array(log.utf16)[...]
        while let unit = units.popFirst() {
            if unit == 0x0A || unit == 0x0D {
                if unit == 0x0D, units.first == 0x0A { units.removeFirst() }
                lines.append(String(decoding: current, as: UTF16.self))
                current.removeAll()
            } else {
                current.append(unit)
            }
        }
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF16.self)) }
        return lines
    }

    /// .NET's `Char.IsWhiteSpace`: the Unicode space separators, the line and paragraph
    /// separators, U+0009–U+000D, U+0085 and U+00A0.
    package static func isWhiteSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// `ActionCommand.TryParseV2`: after `TrimStart`, `::name key=value,...::data`.
    static func parseV2(_ line: String, registered: Set<String>) -> Command? {
        let message = Array(Array(line.utf16).drop(while: isWhiteSpace))
        let key: [UInt16] = [0x3A, 0x3A]
        guard message.starts(with: key), let end = index(of: key, in: message, from: 2) else { return nil }
        let info = Array(message[2..<end])
        let space = info.firstIndex(of: 0x20)
        let name = string(space.map { info[..<$0] } ?? info[...])
        guard registered.contains(name.lowercased()) else { return nil }
        var properties: [String: String] = [:]
        if let space, space > 0 {
            let text = string(info[(space + 1)...]).trimmingDotNetWhiteSpace()
            for property in text.split(separator: ",") {
                let pair = property.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { properties[String(pair[0])] = unescape(String(pair[1]), [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")]) }
            }
        }
        let data = unescape(string(message[(end + 2)...]), [("%0D", "\r"), ("%0A", "\n"), ("%25", "%")])
        return Command(name: name, properties: properties, data: data, line: line)
    }

    /// `ActionCommand.TryParse`, the legacy form: `##[name key=value;...]data` anywhere in a line.
    static func parseLegacy(_ line: String, registered: Set<String>) -> Command? {
        let message = Array(line.utf16)
        guard let prefix = index(of: [0x23, 0x23, 0x5B], in: message, from: 0),
              let bracket = message[prefix...].firstIndex(of: 0x5D) else { return nil }
        let info = Array(message[(prefix + 3)..<bracket])
        let space = info.firstIndex(of: 0x20)
        let name = string(space.map { info[..<$0] } ?? info[...])
        guard registered.contains(name.lowercased()) else { return nil }
        let escapes = [("%3B", ";"), ("%0D", "\r"), ("%0A", "\n"), ("%5D", "]"), ("%25", "%")]
        var properties: [String: String] = [:]
        if let space, space > 0 {
            for property in string(info[(space + 1)...]).split(separator: ";") {
                let pair = property.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { properties[String(pair[0])] = unescape(String(pair[1]), escapes) }
            }
        }
        return Command(name: name, properties: properties, data: unescape(string(message[(bracket + 1)...]), escapes), line: line)
    }

    private static func index(of needle: [UInt16], in units: [UInt16], from start: Int) -> Int? {
        guard units.count >= needle.count, start <= units.count - needle.count else { return nil }
        return (start...(units.count - needle.count)).first { units[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func string(_ units: ArraySlice<UInt16>) -> String {
        String(decoding: units, as: UTF16.self)
    }

    /// The runner's unescaping: each replacement in turn, as `string.Replace` makes it.
    private static func unescape(_ text: String, _ mappings: [(String, String)]) -> String {
        mappings.reduce(text) { $0.replacingEvery($1.0, with: $1.1) }
    }
}

private extension String {
    func trimmingDotNetWhiteSpace() -> String {
        let units = Array(utf16)
        guard let first = units.firstIndex(where: { !RunnerCommands.isWhiteSpace($0) }),
              let last = units.lastIndex(where: { !RunnerCommands.isWhiteSpace($0) }) else { return "" }
        return String(decoding: units[first...last], as: UTF16.self)
    }
}
