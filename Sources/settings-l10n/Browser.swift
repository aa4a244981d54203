#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10n

/// Headless Chromium, driven over its DevTools protocol on a pair of descriptors
/// (`--remote-debugging-pipe`: commands on the child's descriptor 3, answers on 4, each a JSON
/// message ended by a NUL byte): `render --format png` draws and measures its pages with it.
/// One browser for the whole run; every wait is bounded, and a browser that does not answer
/// in time is killed with every process it started (its own process group).
final class Browser {
    /// Where Chromium is looked for: `--browser`, else `SETTINGS_L10N_BROWSER`, else these names
    /// on `PATH`, else (on a Mac) Google Chrome's and Chromium's usual places.
    static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    /// `names` as the help says them: `chromium, …, google-chrome or google-chrome-stable`.
    static var namesSaid: String { names.dropLast().joined(separator: ", ") + " or " + names.last! }
    static let macPaths = ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
                           "/Applications/Chromium.app/Contents/MacOS/Chromium"]

    /// The browser to run: `named` (an option), the environment's, or the first found;
    /// `command` names what draws with it, for the message when there is none.
    static func find(named: String?, for command: String = "render --format png") throws -> String {
        let environment = getenv("SETTINGS_L10N_BROWSER").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let given = named ?? environment {
            let source = named != nil ? "--browser" : "SETTINGS_L10N_BROWSER"
            guard let path = executable(given) else {
                throw CommandFailure("\(source) names \(given), which is not a program here: \(installHint)")
            }
            return path
        }
        if let found = names.lazy.compactMap({ executable($0) }).first { return found }
        #if canImport(Darwin)
        if let found = macPaths.first(where: { access($0, X_OK) == 0 }) { return found }
        #endif
        throw CommandFailure("\(command) draws the pages with Chromium, and none was found (\(names.joined(separator: ", ")) on PATH\(isMac ? ", Google Chrome or Chromium in /Applications" : "")): \(installHint)")
    }

    private static var isMac: Bool {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }

    private static let installHint = "install Chromium (Debian, Ubuntu: apt-get install chromium fonts-noto-cjk; macOS: Google Chrome), or name it with --browser <path> or SETTINGS_L10N_BROWSER"

    /// A path with a slash as given; a name looked up on `PATH`; `nil` when not executable.
    private static func executable(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 && LocalFile.kind(of: name) == .file ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0, LocalFile.kind(of: candidate) == .file { return candidate }
        }
        return nil
    }

    let path: String
    private let pid: pid_t
    /// Our ends: commands go out on `commands`, answers come in on `answers`; what the browser
    /// prints comes in on `log` (its last 16 KiB kept, for a message when it fails).
    private var commands: Int32
    private var answers: Int32
    private var log: Int32
    private var received: [UInt8] = []
    /// How much of `received` holds no message's end: only what came after it is searched (a
    /// screenshot's answer is megabytes, arriving 64 KiB at a time).
    private var searched = 0
    private var logTail: [UInt8] = []
    private var logOpen = true
    private var nextID = 0
    private var closed = false
    /// The longest one answer may take, in seconds, and the largest answer read (a screenshot).
    let timeout: Double
    static let answerLimit = 256 << 20

    /// Starts the browser, its profile in `profile` and its temporary files in `temporary` (a
    /// scratch folder the caller removes).
    init(path: String, profile: String, temporary: String, timeout: Double) throws {
        self.path = path
        self.timeout = timeout
        var toBrowser: [Int32] = [-1, -1], fromBrowser: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard Self.socketPair(&toBrowser), Self.socketPair(&fromBrowser), pipe(&output) == 0 else {
            throw CommandFailure("cannot start \(path): \(String(cString: strerror(errno)))")
        }
        // Above the descriptors the child is given (3 and 4), so that no dup2 overwrites another.
        let childIn = fcntl(toBrowser[1], F_DUPFD, 10), childOut = fcntl(fromBrowser[1], F_DUPFD, 10)
        closeDescriptor(toBrowser[1]); closeDescriptor(fromBrowser[1])
        commands = toBrowser[0]
        answers = fromBrowser[0]
        log = output[0]
        for descriptor in [commands, answers, log] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, output[1], 2)
        posix_spawn_file_actions_adddup2(&actions, childIn, 3)
        posix_spawn_file_actions_adddup2(&actions, childOut, 4)
        for descriptor in [output[1], childIn, childOut] { posix_spawn_file_actions_addclose(&actions, descriptor) }
        // Its own process group: a browser that hangs is killed with every process it started.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([path] + Self.flags(profile: profile)).map { strdup($0) } + [nil]
        // Its temporary files (a socket, a lock) in the scratch folder too, removed with it.
        let envp = Self.environment(temporary: temporary).map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        closeDescriptor(output[1]); closeDescriptor(childIn); closeDescriptor(childOut)
        guard started == 0 else {
            for descriptor in [commands, answers, log] { closeDescriptor(descriptor) }
            throw CommandFailure("cannot start \(path) (\(String(cString: strerror(started)))): \(Self.installHint)")
        }
        self.pid = pid
    }

    deinit {
        close()
    }

    /// The flags of a run that draws the same pixels for the same page: headless, no GPU, no
    /// scroll bars, sRGB, no network, extension, sync or first-run work.
    static func flags(profile: String) -> [String] {
        var flags = ["--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile)", "--disable-gpu", "--hide-scrollbars",
                     "--force-color-profile=srgb", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                     "--disable-background-networking", "--disable-sync", "--disable-component-update", "--mute-audio",
                     "--disable-features=Translate,MediaRouter,OptimizationHints", "--proxy-server=127.0.0.1:9",
                     "about:blank"]
        // Chromium refuses to start as root with its sandbox (a CI container): the pages are the
        // tool's own, with no script and nothing from the network.
        if geteuid() == 0 { flags.insert("--no-sandbox", at: 1) }
        return flags
    }

    /// The tool's environment, with `TMPDIR` set to `temporary`.
    static func environment(temporary: String) -> [String] {
        var variables: [String] = []
        if var entry = processEnvironment {
            while let pointer = entry.pointee {
                let variable = String(cString: pointer)
                if !variable.hasPrefix("TMPDIR=") { variables.append(variable) }
                entry += 1
            }
        }
        return variables + ["TMPDIR=\(temporary)"]
    }

    private static func socketPair(_ pair: inout [Int32]) -> Bool {
        #if canImport(Darwin)
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) == 0 else { return false }
        var on: Int32 = 1
        for descriptor in pair { setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) }
        return true
        #else
        return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0
        #endif
    }

    /// Sends `method` with `parameters` (to the page `session` when given) and returns the
    /// answer's `result`; throws with the browser's message when it answers with an error, and
    /// when it does not answer within `timeout` seconds (then it is killed).
    @discardableResult
    func call(_ method: String, _ parameters: [(String, JSONValue)] = [], session: String? = nil) throws -> JSONValue {
        nextID += 1
        var message: [(String, JSONValue)] = [("id", .integer(Int64(nextID))), ("method", .string(method)), ("params", .object(parameters))]
        if let session { message.append(("sessionId", .string(session))) }
        try send(Array(JSONValue.object(message).rendered(pretty: false).utf8) + [0])
        let deadline = Self.now() + timeout
        while true {
            let answer = try nextMessage(deadline: deadline, waitingFor: method)
            guard answer[member: "id"]?.intValue == nextID else { continue }  // an event, or an earlier answer
            if let error = answer[member: "error"] {
                throw CommandFailure("\(Self.shownName(path)) refused \(method): \(error[member: "message"]?.stringValue ?? "no message")")
            }
            return answer[member: "result"] ?? .null
        }
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { buffer in
                #if canImport(Darwin)
                Darwin.send(commands, buffer.baseAddress, buffer.count, 0)
                #else
                Glibc.send(commands, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #endif
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure("stopped reading its commands (\(String(cString: strerror(errno))))") }
            sent += count
        }
    }

    /// The next whole message, reading (and keeping the browser's output) until `deadline`.
    private func nextMessage(deadline: Double, waitingFor method: String) throws -> JSONValue {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = received[searched...].firstIndex(of: 0) {
                let message = Array(received[..<end])
                received.removeSubrange(...end)
                searched = 0
                do {
                    return try JSONReader.read(message, limits: ReadLimits(maximumDocumentSize: Self.answerLimit))
                } catch {
                    throw failure("answered \(method) with a message that is not JSON (\(error))")
                }
            }
            let left = deadline - Self.now()
            guard left > 0 else {
                kill()
                throw CommandFailure("\(Self.shownName(path)) did not answer \(method) within \(Int(timeout)) seconds and was stopped; give a larger --timeout for a page this long\(logMessage)")
            }
            // (A negative descriptor is left out by poll: the output, once it ended or failed.)
            var descriptors = [pollfd(fd: answers, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: logOpen ? log : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno != EINTR { throw failure("cannot be read from: \(String(cString: strerror(errno)))") }
            if descriptors[1].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(log, $0.baseAddress, $0.count) }
                if count > 0 {
                    logTail.append(contentsOf: buffer[0..<count])
                    if logTail.count > 1 << 14 { logTail.removeFirst(logTail.count - (1 << 14)) }
                } else if count == 0 || errno != EINTR {
                    logOpen = false  // what it prints only explains a failure: not worth failing for
                }
            }
            if descriptors[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count < 0 {
                    throw failure("could not be read from while it answered \(method): \(String(cString: strerror(errno)))")
                }
                guard count > 0 else { throw failure("stopped before answering \(method)") }
                searched = received.count
                received.append(contentsOf: buffer[0..<count])
                if received.count > Self.answerLimit { throw failure("answered \(method) with more than \(Self.answerLimit >> 20) MiB") }
            }
        }
    }

    /// A failure of the browser: it is stopped, and the message ends with what it printed last.
    private func failure(_ what: String) -> CommandFailure {
        kill()
        return CommandFailure("\(Self.shownName(path)) \(what)\(logMessage)")
    }

    private var logMessage: String {
        let lines = String(decoding: logTail, as: UTF8.self).split(whereSeparator: \.isNewline)
            .filter { !$0.contains("dbus") && !$0.contains("DevTools listening") }.suffix(3)
        return lines.isEmpty ? "" : "; it said: " + TerminalText.escaped(lines.joined(separator: " / "))
    }

    private static func shownName(_ path: String) -> String {
        "the browser (\(TerminalText.escaped(path)))"
    }

    /// Asks the browser to close, waits for it a few seconds, then kills what is left of its
    /// process group; closes our descriptors. Once.
    func close() {
        guard !closed else { return }
        closed = true
        // Our end closed: a browser on --remote-debugging-pipe exits when its pipe closes.
        closeDescriptor(commands)
        let deadline = Self.now() + 5
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0, Self.now() < deadline { usleep(20_000) }
        signalProcess(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        closeDescriptor(answers)
        closeDescriptor(log)
    }

    /// Kills the browser and every process it started, at once.
    private func kill() {
        guard !closed else { return }
        signalProcess(-pid, SIGKILL)
        close()
    }

    /// Seconds on a clock that never goes back, from the first call.
    static func now() -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static let start = ContinuousClock.now
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// Sends `number` to the process group `group` (a negative pid) or the process.
private func signalProcess(_ process: pid_t, _ number: Int32) {
    _ = kill(process, number)
}

private var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
    _NSGetEnviron().pointee
    #else
    environ
    #endif
}
