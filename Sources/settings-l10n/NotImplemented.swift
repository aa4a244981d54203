import ArgumentParser

/// Says plainly that a command of the contract is not built yet, and fails.
func notImplementedYet(_ command: String) -> ExitCode {
    printError("settings-l10n \(command) is not implemented yet in this version; nothing was read or written.")
    return ExitCode(3)
}
