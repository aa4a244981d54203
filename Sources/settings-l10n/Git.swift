#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10n

/// git, run as a child process: how `check --new-since` reads the bundle as a commit held it.
/// One of the two programs the tool starts (the other: the browser of `render --format png`,
/// `Browser.swift`). Its standard input is `/dev/null`; what it prints is read
/// whole (bounded), both streams at once, so neither can fill and stop it.
enum Git {
    /// What a run of git printed, and its exit status.
    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]

        /// Standard output as text, without its final line break.
        var text: String {
            var text = String(decoding: stdout, as: UTF8.self)
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        }

        /// What git said on standard error, on one line (`fatal: not a git repository …`).
        var message: String {
            String(decoding: stderr, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        }
    }

    /// Runs `git <arguments>` and collects what it prints, at most `limit` bytes of standard
    /// output. Throws `CommandFailure` when git cannot be started or prints more.
    static func run(_ arguments: [String], limit: Int = 1 << 20) throws -> Output {
        var output: [Int32] = [-1, -1], error: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw CommandFailure("cannot run git: \(systemMessage())") }
        guard pipe(&error) == 0 else {
            close(output[0]); close(output[1])
            throw CommandFailure("cannot run git: \(systemMessage())")
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, error[1], 2)
        for descriptor in output + error { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = (["git"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, "git", &actions, nil, argv, environment)
        close(output[1]); close(error[1])
        guard started == 0 else {
            close(output[0]); close(error[0])
            throw CommandFailure("cannot run git (\(String(cString: strerror(started)))): --new-since reads the bundle's history with git; install git, or put it on PATH")
        }
        let (stdout, stderr, overflow) = collect(output[0], error[0], limit: limit)
        close(output[0]); close(error[0])
        if overflow { kill(pid, SIGTERM) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if overflow { throw CommandFailure("git \(arguments.first ?? "") printed more than \(limit) bytes; the bundle is too large to compare") }
        // Exited normally: its status; killed by a signal: 128 and the signal, as shells say.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Output(status: code, stdout: stdout, stderr: stderr)
    }

    /// Reads both descriptors to their end, standard output up to `limit` bytes.
    private static func collect(_ out: Int32, _ err: Int32, limit: Int) -> (stdout: [UInt8], stderr: [UInt8], overflow: Bool) {
        var stdout: [UInt8] = [], stderr: [UInt8] = []
        var open = [out: true, err: true]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while open.values.contains(true) {
            var descriptors = [out, err].filter { open[$0] == true }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    open[descriptor.fd] = false
                    continue
                }
                if descriptor.fd == out {
                    stdout.append(contentsOf: buffer[0..<count])
                    if stdout.count > limit { return (stdout, stderr, true) }
                } else if stderr.count < 1 << 16 {
                    stderr.append(contentsOf: buffer[0..<count])
                }
            }
        }
        return (stdout, stderr, false)
    }

    private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        _NSGetEnviron().pointee
        #else
        environ
        #endif
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
