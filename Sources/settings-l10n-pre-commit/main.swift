// The command of the pre-commit hooks that pre-commit builds itself (`language: swift` in
// .pre-commit-hooks.yaml). pre-commit clones this repository, runs `swift build -c release` in it
// and puts the build's products first on PATH: settings-l10n and this program. Such a hook's
// entry is a command on that PATH, not a file of the repository, so this program is the entry:
// it runs the hooks' script (scripts/pre-commit-hook) of the checkout it was built in, with its
// arguments, and the settings-l10n built beside it. It is no product of the package: Mint and
// the release install settings-l10n alone.
// Foundation brings the C library's calls (strdup, setenv, execv, strerror) on Linux and macOS.
import Foundation

/// The checkout this program was built in: the nearest folder above the executable that holds
/// the hooks' script and `.pre-commit-hooks.yaml` (pre-commit builds in `<clone>/swift_env-*/.build`).
func checkout(of executable: URL) -> URL? {
    var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<8 {
        let script = folder.appendingPathComponent("scripts/pre-commit-hook").path
        if FileManager.default.isExecutableFile(atPath: script),
           FileManager.default.fileExists(atPath: folder.appendingPathComponent(".pre-commit-hooks.yaml").path) {
            return folder
        }
        folder = folder.deletingLastPathComponent()
    }
    return nil
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: settings-l10n-pre-commit: \(message)\n".utf8))
    exit(2)
}

guard let executable = Bundle.main.executableURL else { fail("cannot tell where this program is") }
guard let root = checkout(of: executable) else {
    fail("no scripts/pre-commit-hook above \(executable.path): this program runs the hooks of the settings-l10n checkout it was built in (pre-commit's language: swift); elsewhere, use the hooks of language: script with settings-l10n installed")
}
// The settings-l10n of the same build first on PATH (pre-commit puts the folder there too).
let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent().path
setenv("PATH", folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), 1)
let arguments = ["/bin/sh", root.appendingPathComponent("scripts/pre-commit-hook").path] + CommandLine.arguments.dropFirst()
var pointers = arguments.map { strdup($0) }
pointers.append(nil)
execv("/bin/sh", pointers)
fail("cannot run /bin/sh: \(String(cString: strerror(errno)))")
