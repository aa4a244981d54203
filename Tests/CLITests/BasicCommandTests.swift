import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("The command line: help, version, usage errors")
struct BasicCommandTests {
    @Test("no command at all is a usage error: the help on standard error, exit 2 (it exited 0, and a script's empty variable passed)")
    func noCommand() throws {
        let result = try Tool.run([])
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("OVERVIEW: Keeps the localization of iOS Settings bundles right.\n"))
        #expect(result.stderr.hasSuffix("\nerror: give a command (check, merge, ...): nothing was run\n"))
        #expect(try Tool.run(["--help"]).exitCode == 0)
    }

    @Test("--version prints the version")
    func version() throws {
        #expect(try Tool.run(["--version"]) == ToolResult(stdout: "1.0.0\n", stderr: "", exitCode: 0))
    }

    @Test("--help lists every command of the contract")
    func help() throws {
        let result = try Tool.run(["--help"])
        #expect(result.exitCode == 0)
        for command in ["extract", "import", "merge", "check", "render"] {
            #expect(result.stdout.contains("\n  \(command) "), "\(command) missing from --help")
        }
    }

    @Test("an unknown option is a usage error, exit 2")
    func badUsage() throws {
        let result = try Tool.run(["check", "Resources/Settings.bundle", "--no-such-option"])
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: Unknown option '--no-such-option'"))
    }
}
