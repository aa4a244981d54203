import Foundation
import Testing
import SettingsL10nTestSupport

/// git for the tests that need a bundle in a repository (`check --new-since`).
enum TestGit {
    /// Makes `folder` a repository (if it is none) and commits `paths` (relative to it) with a
    /// fixed author, whatever the machine's git configuration.
    static func commit(_ folder: URL, adding paths: [String], message: String = "the bundle") throws {
        let git = try #require(Requirement.executable(named: "git"), "git is needed: \(Requirement.git.reason)")
        func run(_ arguments: [String]) throws {
            let result = try Tool.run(["-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, in: folder,
                                      environment: ["HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1"], executable: git)
            #expect(result.exitCode == 0, "git \(arguments): \(result)")
        }
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { try run(["init", "-q"]) }
        try run(["--literal-pathspecs", "add", "--"] + paths)
        try run(["commit", "-q", "--allow-empty", "-m", message])
    }
}
