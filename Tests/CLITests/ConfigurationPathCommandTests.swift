import Foundation
import Testing
import SettingsL10nTestSupport

/// The one path policy (issue 46): a configuration's paths stay inside the repository, and a
/// configuration inside a bundle names none. Before it, `"catalog": "../../…/elsewhere/x/…"`
/// made a plain `sync` create folders and a catalog there, and pointed at another project's
/// `Localizable.xcstrings` it added 57 strings and marked that project's strings stale.
@Suite("Configuration paths")
struct ConfigurationPathCommandTests {
    /// A repository (`repo/`, with `.git`) holding `app/Settings.bundle` (the example), and a
    /// folder beside the repository with another project's catalog.
    final class Repository {
        let copy: BundleCopy
        let root: URL
        let app: URL
        let elsewhere: URL
        static let theirs = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Theirs\" : {\n      \"extractionState\" : \"manual\"\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"

        init() throws {
            copy = try BundleCopy()
            root = copy.folder.appendingPathComponent("repo")
            app = root.appendingPathComponent("app")
            elsewhere = copy.folder.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: copy.bundle, to: app.appendingPathComponent("Settings.bundle"))
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try Data(Self.theirs.utf8).write(to: elsewhere.appendingPathComponent("Localizable.xcstrings"))
        }

        func configure(_ text: String, at relative: String = "app/.settings-l10n.json") throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(relative))
        }

        func run(_ arguments: [String]) throws -> ToolResult {
            try Tool.run(arguments, in: root)
        }

        /// Every file below the copy's folder (the repository and what is beside it).
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let base = copy.folder.path
            for case let path as String in FileManager.default.enumerator(atPath: base)! {
                let url = URL(fileURLWithPath: base + "/" + path)
                if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files[path] = try Data(contentsOf: url) }
            }
            return files
        }
    }

    static let leaving = "\"catalog\" is \"../../elsewhere/Localizable.xcstrings\", which leads out of the repository"

    @Test("a catalog that leads out of the repository is refused by sync (exit 2, at its line and column) and reported by check; nothing is written")
    func catalogOutOfRepository() throws {
        let repo = try Repository()
        try repo.configure("{\n  \"catalog\": \"../../elsewhere/Localizable.xcstrings\"\n}\n")
        let before = try repo.snapshot()
        let where_ = "app/.settings-l10n.json:2:14: error: "
        for arguments in [["sync", "app/Settings.bundle"], ["sync", "app/Settings.bundle", "--prune"]] {
            let result = try repo.run(arguments)
            #expect(result.exitCode == 2)
            #expect(result.stderr.hasPrefix(where_ + Self.leaving))
            #expect(result.stderr.hasSuffix("[configuration-path-refused]\nerror: sync changed nothing: the configuration's \"catalog\" is refused (above); fix it, or give --catalog\n"))
        }
        #expect(try repo.snapshot() == before)
        let check = try repo.run(["check", "app/Settings.bundle", "--format", "json"])
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("\"rule\": \"configuration-path-refused\",\n      \"message\": \"\\\"catalog\\\" is \\\"../../elsewhere/Localizable.xcstrings\\\", which leads out of the repository"))
        #expect(try repo.snapshot() == before)
        // --catalog is the user's own choice: the policy is for paths that come from files.
        #expect(try repo.run(["sync", "app/Settings.bundle", "--catalog", "app/Settings.xcstrings"]).exitCode == 0)
    }

    @Test("a link on the way out of the repository is refused; a path up and back into it is used")
    func linksAndParents() throws {
        let repo = try Repository()
        #expect(symlink(repo.elsewhere.path, repo.app.appendingPathComponent("Shared").path) == 0)
        try repo.configure("{\"catalog\": \"Shared/Localizable.xcstrings\"}")
        let before = try repo.snapshot()
        let result = try repo.run(["sync", "app/Settings.bundle"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("app/.settings-l10n.json:1:13: error: \"catalog\" is \"Shared/Localizable.xcstrings\", which leads out of the repository"))
        #expect(try repo.snapshot() == before)
        try repo.configure("{\"catalog\": \"../Localization/Settings.xcstrings\"}")
        #expect(try repo.run(["sync", "app/Settings.bundle"]) == ToolResult(
            stdout: "", stderr: "Localization/Settings.xcstrings: created (57 strings added, 228 translations taken from the tables): 57 strings, 228 string units\n", exitCode: 0))
        #expect(FileManager.default.fileExists(atPath: repo.root.appendingPathComponent("Localization/Settings.xcstrings").path))
    }

    @Test("a configuration inside the bundle is used for its rules only: its catalog and bundle are refused")
    func insideBundle() throws {
        let repo = try Repository()
        try repo.configure("{\n  \"rules\": {\"stale-key\": \"off\"},\n  \"catalog\": \"../Settings.xcstrings\",\n  \"bundle\": \"Sub/Settings.bundle\"\n}\n",
                           at: "app/Settings.bundle/.settings-l10n.json")
        let before = try repo.snapshot()
        let sync = try repo.run(["sync", "app/Settings.bundle"])
        #expect(sync.exitCode == 2)
        #expect(sync.stderr.hasPrefix("app/Settings.bundle/.settings-l10n.json:3:14: error: \"catalog\" is set in a configuration inside the bundle"))
        #expect(try repo.snapshot() == before)
        let check = try repo.run(["check", "app/Settings.bundle"])
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("app/Settings.bundle/.settings-l10n.json:3:14: error: \"catalog\" is set in a configuration inside the bundle"))
        #expect(check.stdout.contains("app/Settings.bundle/.settings-l10n.json:4:13: error: \"bundle\" is set in a configuration inside the bundle"))
    }

    @Test("outside a repository the configuration's folder is the limit")
    func noRepository() throws {
        let repo = try Repository()
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent(".git"))
        try repo.configure("{\"catalog\": \"../Settings.xcstrings\"}")
        let result = try repo.run(["sync", "app/Settings.bundle"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("which leads out of the configuration's folder (\(repo.app.resolvingSymlinksInPath().path)); outside a git repository settings-l10n reads and writes only paths below the configuration file"))
    }
}
