import ArgumentParser
import Dispatch
import SettingsL10n
import SettingsL10nFiles
#if canImport(Glibc)
import Glibc
import CMalloc
private func terminate(_ code: Int32) -> Never {
    finishOutput()
    if let failure = outputFailure() {
        printError(failure)
        Glibc.exit(3)
    }
    Glibc.exit(code)
}
#elseif canImport(Darwin)
import Darwin
private func terminate(_ code: Int32) -> Never {
    finishOutput()
    if let failure = outputFailure() {
        printError(failure)
        Darwin.exit(3)
    }
    Darwin.exit(code)
}
#endif

@main
struct SettingsL10nCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings-l10n",
        abstract: "Keeps the localization of iOS Settings bundles right.",
        discussion: """
        Extracts every localizable string of a Settings.bundle, exchanges them with translators as \
        XLIFF, merges the .lproj tables without losing a translation, keeps them in sync with an \
        Xcode String Catalog, checks schema files and tables in CI and Xcode, and renders each \
        locale as the Settings app shows it. \
        Exit codes: 0 success; 1 the command ran and found problems (check errors, merge --check \
        or sync --check out of date, import rejects, a table sync had to leave alone, a schema \
        file that does not load); 2 bad \
        usage; 3 any other failure (unreadable bundle, malformed XLIFF or String Catalog, a table \
        or language the bundle lacks on import, an I/O error), always with a message on standard \
        error.
        """,
        version: SettingsL10nVersion.current,
        subcommands: [ExtractCommand.self, ImportCommand.self, MergeCommand.self, SyncCommand.self, CheckCommand.self, RenderCommand.self, StatusCommand.self, RulesCommand.self]
    )

    /// The names of the commands, as typed.
    static let commandNames = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]

    /// What to say when the first argument names no command (a typo: "did you mean check?").
    static func unknownCommand(_ first: String?) -> String? {
        guard let first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let suggestion = Suggestion.closest(to: first, in: commandNames).map { "; did you mean \($0)?" } ?? ""
        return "error: \(MessageText.quoted(first)) is not a command\(suggestion)\nThe commands are \(commandNames.dropLast().joined(separator: ", ")); see settings-l10n --help"
    }

    /// An argument that would be read as a run of short options (`-dash.bundle` as `-d -a -s
    /// -h …`, which shows help and exits 0): a single dash, then more than one character. The
    /// tool has no short option but `-h`, so such a word is a path or a mistake, never options.
    static func misreadOption(in arguments: [String]) -> String? {
        for argument in arguments {
            if argument == "--" { return nil }
            if argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2, Double(argument) == nil {
                return argument
            }
        }
        return nil
    }

    /// Commands that read a bundle spread their work over libdispatch's worker threads, which
    /// start on first use (threads made, the system's processor list read). Asking for one now
    /// lets that happen on another core while the command line is parsed: VLC's check took
    /// 23.1 ms, 21.7 ms with it (interleaved medians of 61).
    static func startWorkerThreadsEarly() {
        guard let command = CommandLine.arguments.dropFirst().first,
              ["check", "status", "extract", "merge", "render", "import"].contains(command) else { return }
        DispatchQueue.global().async {}
    }

    /// The command the first argument names, parsed with its own type as the root: the values
    /// the whole tree gives, but argument-parser builds the command's options by reflection
    /// twice instead of four times (the tree asks each command it meets whether it takes all
    /// the remaining input, twice). VLC's check: 146.4 M instructions, 142.7 M this way (callgrind).
    /// `nil` on any error and any request for help, the version or a completion script:
    /// the tree then parses the command line again and says what it says about it.
    static func parseNamedCommand(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first,
              let command = configuration.subcommands.first(where: { $0.configuration.commandName == name }) else { return nil }
        // Help comes back as a command of argument-parser's own, which would print the
        // command's help as if it were the tool's: only the command itself is taken.
        guard let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())), type(of: parsed) == command else { return nil }
        return parsed
    }

    /// argument-parser's messages start `Error: `; every other message of the tool starts
    /// `error: ` (as compilers write it, and as Xcode and editors match it): one spelling.
    static func lowercaseErrorPrefix(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
    }

    /// Runs a command and decides the exit code in one place: usage errors exit 2, as the
    /// contract says (argument-parser's default is 64).
    static func main() {
        #if canImport(Glibc)
        // A run allocates and frees tens of megabytes in a fraction of a second: glibc's default
        // of handing big blocks back to the system and mapping them afresh costs more page
        // faults than the work itself (measured: 25% fewer faults, 12% less time on VLC's
        // bundle). The process is short-lived; keep the memory until it exits.
        mallopt(M_MMAP_THRESHOLD, 64 << 20)
        mallopt(M_TRIM_THRESHOLD, 128 << 20)
        #endif
        startWorkerThreadsEarly()
        // Past a file-size limit (ulimit -f), a write fails with EFBIG and is reported, instead
        // of the signal ending the process with a temporary file left behind.
        signal(SIGXFSZ, SIG_IGN)
        // No command at all (a script's empty variable): a usage error, the help on standard
        // error, as git does; a run that checked nothing must not pass (it exited 0).
        if CommandLine.arguments.count == 1 {
            printError(String(helpMessage().reversed().drop { $0 == "\n" }.reversed()))
            printError("error: give a command (check, merge, ...): nothing was run")
            terminate(2)
        }
        if let message = unknownCommand(CommandLine.arguments.dropFirst().first) {
            printError(message)
            terminate(2)
        }
        if let word = misreadOption(in: Array(CommandLine.arguments.dropFirst())) {
            printError("error: \(word) is not an option; a path that starts with '-' must be written ./\(word) (or after --)\nUsage: settings-l10n <command> <bundle> [options]; see settings-l10n --help")
            terminate(2)
        }
        do {
            var command = try parseNamedCommand(Array(CommandLine.arguments.dropFirst())) ?? parseAsRoot()
            try command.run()
            terminate(0)
        } catch let failure as CommandFailure {
            printError(errorLine(failure.message))
            terminate(3)
        } catch let refused as RefusedWork {
            printError(errorLine(refused.message))
            terminate(1)
        } catch let failure as ConfigurationFailure {
            printError(errorLine(failure.message))
            terminate(2)
        } catch let failure as UsageFailure {
            printError(errorLine(failure.message))
            terminate(2)
        } catch let refusal as OutputRefusal {
            printError(errorLine(refusal.message))
            terminate(2)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { printOutput(message + "\n") }
                terminate(0)
            }
            if !message.isEmpty { printError(lowercaseErrorPrefix(message)) }
            terminate(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
