import Foundation
import Testing
import SettingsL10nTestSupport

/// `check --new-since REF`: only what the bundle did not have at REF, read through git.
@Suite("check --new-since: the findings a branch adds", .requires(.git))
struct NewSinceCommandTests {
    /// A repository holding the example bundle at `MyApp/Settings.bundle`, committed on `main`.
    final class Repository {
        let folder: TemporaryFolder
        var bundle: URL { folder.url.appendingPathComponent("MyApp/Settings.bundle") }

        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(at: bundle.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: bundle)
            try git("init", "-q", "-b", "main")
            try commit("the example bundle")
        }

        @discardableResult
        func git(_ arguments: String...) throws -> ToolResult {
            let result = try Tool.run(["-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, in: folder.url,
                                      environment: ["HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1"],
                                      executable: try #require(Requirement.executable(named: "git")))
            #expect(result.exitCode == 0, "git \(arguments): \(result)")
            return result
        }

        func commit(_ message: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "-m", message)
        }

        func edit(_ path: String, _ old: String, _ new: String) throws {
            try replaceOnce(in: bundle.appendingPathComponent(path), old, with: new)
        }

        func check(_ arguments: String...) throws -> ToolResult {
            try Tool.run(["check", "MyApp/Settings.bundle"] + arguments, in: folder.url, environment: ["HOME": folder.path])
        }
    }

    @Test("a branch that adds one finding reports that one; what main had, on lines that moved, is not new")
    func branchAddsOne() throws {
        let repository = try Repository()
        // On main: a stale key in the German table, a finding the branch inherits.
        try repository.edit("de.lproj/Privacy.strings", "\"Analytics\" = \"Analyse\";\n", "\"Analytics\" = \"Analyse\";\n\"Old\" = \"Alt\";\n")
        try repository.commit("a stale key")
        try repository.git("checkout", "-q", "-b", "feature")
        // The branch adds a finding (a German translation removed) and moves the stale key's line.
        try repository.edit("de.lproj/Root.strings", "\"User name\" = \"Benutzername\";\n", "")
        try repository.edit("de.lproj/Privacy.strings", "\"Old\" = \"Alt\";\n", "")
        try repository.edit("de.lproj/Privacy.strings", "\"Privacy policy\"", "\"Old\" = \"Alt\";\n\"Privacy policy\"")
        try repository.commit("the branch")
        let all = try repository.check("--each")
        #expect(all.stdout.split(separator: "\n").count == 2)
        let new = try repository.check("--new-since", "main", "--each", "--strict")
        #expect(new.stdout == "MyApp/Settings.bundle/de.lproj/Root.strings: error: \"User name\" is not translated: the Settings app shows it as written (used at Root.plist:23) [missing-translation]\n")
        #expect(new.exitCode == 1)
        let main = try repository.git("rev-parse", "main").stdout.prefix(8)
        #expect(new.stderr.hasSuffix("1 finding was there at main (\(main)) already and is not reported\n"), "\(new.stderr)")
        // Against the commit before main's stale key, every finding is new, and said so in words
        // (it said "0 findings were there … already and are not reported").
        let first = try repository.git("rev-parse", "main~1").stdout.prefix(8)
        let fresh = try repository.check("--new-since", "main~1", "--each")
        #expect(fresh.stdout.split(separator: "\n").count == 2)
        #expect(fresh.stderr.hasSuffix("none of the findings was there at main~1 (\(first)) already: every one is new\n"), "\(fresh.stderr)")
        // Against the branch itself, nothing is new; JSON and SARIF say the same.
        let none = try repository.check("--new-since", "HEAD", "--format", "json", "--strict")
        #expect(none.exitCode == 0)
        #expect(none.stdout.contains("\"diagnostics\": []"))
        // Uncommitted changes count as the branch's: a working-tree edit is new too.
        try repository.edit("de.lproj/Root.strings", "\"Password\" = \"Passwort\";\n", "")
        let working = try repository.check("--new-since", "HEAD", "--each")
        #expect(working.stdout.contains("\"Password\" is not translated"))
        #expect(working.stdout.split(separator: "\n").count == 1)
    }

    /// A repository whose main had a stale key when the branch `feature` forked, the branch
    /// adding one of its own ("Gone"), and main fixing its one since; main checked out.
    static func forked() throws -> Repository {
        let repository = try Repository()
        try repository.edit("de.lproj/Privacy.strings", "\"Analytics\" = \"Analyse\";\n", "\"Analytics\" = \"Analyse\";\n\"Old\" = \"Alt\";\n")
        try repository.commit("a stale key")
        try repository.git("checkout", "-q", "-b", "feature")
        try repository.edit("de.lproj/Root.strings", "\"Account\" = \"Konto\";\n", "\"Account\" = \"Konto\";\n\"Gone\" = \"Weg\";\n")
        try repository.commit("the branch's stale key")
        try repository.git("checkout", "-q", "main")
        try repository.edit("de.lproj/Privacy.strings", "\"Old\" = \"Alt\";\n", "")
        try repository.commit("main fixes its stale key")
        return repository
    }

    @Test("the bundle is compared where the branch forked from REF: a fix made on main since is not the branch's finding")
    func mergeBase() throws {
        let repository = try Self.forked()
        try repository.git("checkout", "-q", "feature")
        let result = try repository.check("--new-since", "main", "--each")
        #expect(result.stdout.split(separator: "\n").map { $0.hasSuffix("[stale-key]") && $0.contains("\"Gone\"") } == [true])
        let base = try repository.git("merge-base", "main", "HEAD").stdout.prefix(8)
        #expect(result.stderr.contains("were there at main (\(base), where HEAD forked from it) already") || result.stderr.contains("was there at main (\(base), where HEAD forked from it) already"),
                "\(result.stderr)")
    }

    @Test("a shallow clone that lacks where HEAD forked from REF is refused (exit 2): REF's tip stood in for it, and main's later fix made the branch's findings new")
    func shallowClone() throws {
        let repository = try Self.forked()
        let clone = repository.folder.url.appendingPathComponent("clone").path
        try repository.git("clone", "-q", "--depth", "1", "--branch", "feature", "file://" + repository.folder.path, clone)
        try repository.git("-C", clone, "fetch", "-q", "--depth", "1", "origin", "main:refs/remotes/origin/main")
        let result = try Tool.run(["check", "MyApp/Settings.bundle", "--new-since", "origin/main"], in: URL(fileURLWithPath: clone), environment: ["HOME": repository.folder.path])
        let main = try repository.git("rev-parse", "main").stdout.prefix(8)
        #expect(result == ToolResult(stdout: "", stderr: """
            error: --new-since "origin/main": this clone is shallow and holds no commit that HEAD and origin/main (\(main)) share, so where HEAD forked from it is unknown; fetch the history (git fetch --unshallow, or check out with fetch-depth: 0) and check again

            """, exitCode: 2))
        // With the history, the branch's one finding.
        try repository.git("-C", clone, "fetch", "-q", "--unshallow", "origin", "main:refs/remotes/origin/main")
        let whole = try Tool.run(["check", "MyApp/Settings.bundle", "--new-since", "origin/main", "--each"], in: URL(fileURLWithPath: clone), environment: ["HOME": repository.folder.path])
        #expect(whole.stdout.split(separator: "\n").map { $0.hasSuffix("[stale-key]") && $0.contains("\"Gone\"") } == [true], "\(whole)")
    }

    @Test("with a baseline that accepts every finding, nothing is left to compare with REF, and nothing is said of it (it said every one was new)")
    func baselineTookAll() throws {
        let repository = try Repository()
        try repository.edit("de.lproj/Privacy.strings", "\"Analytics\" = \"Analyse\";\n", "\"Analytics\" = \"Analyse\";\n\"Old\" = \"Alt\";\n")
        let baseline = repository.folder.url.appendingPathComponent("baseline.json").path
        #expect(try repository.check("--write-baseline", baseline).exitCode == 0)
        try repository.commit("a stale key, accepted")
        let result = try repository.check("--new-since", "HEAD", "--baseline", baseline)
        #expect(result == ToolResult(stdout: "", stderr: "no problems found\n1 finding is in the baseline \(baseline)\n", exitCode: 0))
    }

    @Test("a bundle the commit did not have: every finding is new, and said so")
    func bundleAdded() throws {
        let repository = try Repository()
        try repository.git("checkout", "-q", "-b", "feature")
        let other = repository.folder.url.appendingPathComponent("Other/Settings.bundle")
        try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: other)
        try replaceOnce(in: other.appendingPathComponent("de.lproj/Root.strings"), "\"User name\" = \"Benutzername\";\n", with: "")
        try repository.commit("another bundle")
        let result = try Tool.run(["check", "Other/Settings.bundle", "--new-since", "main"], in: repository.folder.url)
        #expect(result.stdout.contains("\"User name\" is not translated"))
        #expect(result.stderr.hasSuffix("the bundle was not there at main (\(try repository.git("rev-parse", "main").stdout.prefix(8))): every finding is new\n"))
    }

    @Test("a REF that names no commit, one that looks like an option, and a bundle outside git are refused (exit 2)")
    func refusals() throws {
        let repository = try Repository()
        let missing = try repository.check("--new-since", "no-such-branch")
        #expect(missing.exitCode == 2)
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("error: --new-since \"no-such-branch\" names no commit of the repository at "))
        #expect(missing.stderr.contains("fetch-depth: 0"))
        let option = try repository.check("--new-since=--output=/tmp/x")
        #expect(option.exitCode == 2)
        #expect(option.stderr == "error: --new-since takes a commit, branch or tag (origin/main, v1.2.0, a commit id), not \"--output=/tmp/x\"\n")
        let outside = try BundleCopy()
        let result = try Tool.run(["check", "Settings.bundle", "--new-since", "main"], in: outside.folder)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: --new-since compares the bundle with its history in git, and "))
        #expect(result.stderr.contains("is not in a git repository"))
        let baseline = try repository.check("--new-since", "main", "--write-baseline", "b.json")
        #expect(baseline.exitCode == 2)
    }
}
