import Foundation
import Testing
import SettingsL10nTestSupport

/// scripts/check-docs keeps every workflow the docs print equal to its file (issue 48, item 9:
/// docs/xcode-and-ci.md printed actions/checkout@v4 while docs/github-workflow.yml had @v5, and
/// nothing compared them).
@Suite("scripts/check-docs: printed copies of files")
struct DocsCopyTests {
    /// A repository of its own for scripts/check-docs: its README, docs and the built tool.
    final class Repository {
        let folder: TemporaryFolder

        init(docs: [String: String]) throws {
            folder = try TemporaryFolder()
            try folder.write("scripts/check-docs", try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("scripts/check-docs")).map { $0 })
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent(".build/debug/settings-l10n"), withDestinationURL: Tool.binary)
            try folder.write("README.md", "# A project\n")
            try folder.write("Development.md", "# Developing\n")
            // What the rules table (docs/rules.md, which the script writes) links to.
            try folder.write("docs/configuration.md", "# Configuration\n")
            for (path, text) in docs { try folder.write(path, text) }
        }

        func checkDocs(_ arguments: String...) throws -> ToolResult {
            try Tool.run([folder.url.appendingPathComponent("scripts/check-docs").path] + arguments, in: folder.url,
                         executable: try #require(Requirement.python3))
        }
    }

    static let workflow = "name: Check\non:\n  pull_request:\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v5\n"

    static func printed(_ workflow: String, marked: Bool = true) -> String {
        "# CI\n\nThe workflow:\n\n\(marked ? "<!-- copy: docs/workflow.yml -->\n" : "")```yaml\n\(workflow)```\n"
    }

    @Test("a printed copy that differs from its file fails, with the diff; --update makes it the file again")
    func copies() throws {
        let repository = try Repository(docs: ["docs/workflow.yml": Self.workflow,
                                               "docs/ci.md": Self.printed(Self.workflow.replacingOccurrences(of: "@v5", with: "@v4"))])
        // The rules table the script keeps too.
        _ = try repository.checkDocs("--update")
        try repository.folder.write("docs/ci.md", Self.printed(Self.workflow.replacingOccurrences(of: "@v5", with: "@v4")))
        let stale = try repository.checkDocs()
        #expect(stale.exitCode == 1)
        #expect(stale.stderr.contains("--- docs/ci.md:6 (the printed copy)\n+++ docs/workflow.yml (the file)\n"), "\(stale)")
        #expect(stale.stderr.contains("-      - uses: actions/checkout@v4\n+      - uses: actions/checkout@v5\n"))
        let update = try repository.checkDocs("--update")
        #expect(update.exitCode == 0, "\(update)")
        #expect(try String(contentsOf: repository.folder.url.appendingPathComponent("docs/ci.md"), encoding: .utf8) == Self.printed(Self.workflow))
        let passes = try repository.checkDocs()
        #expect(passes.exitCode == 0, "\(passes)")
        #expect(passes.stdout.contains("every printed workflow is its file"))
    }

    @Test("a whole workflow printed without naming its file fails; a step or a job alone does not")
    func unmarked() throws {
        let repository = try Repository(docs: ["docs/workflow.yml": Self.workflow, "docs/ci.md": Self.printed(Self.workflow, marked: false),
                                               "docs/step.md": "```yaml\n- name: Check\n  run: settings-l10n check B\n```\n"])
        let result = try repository.checkDocs("--update")
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("docs/ci.md:5: a whole workflow printed without `<!-- copy: <file> -->` above it"), "\(result)")
        #expect(!result.stderr.contains("docs/step.md"))
        try repository.folder.write("docs/ci.md", "<!-- copy: docs/missing.yml -->\n```yaml\nx\n```\n")
        #expect(try repository.checkDocs().stderr.contains("docs/ci.md:1: the copy marker names docs/missing.yml, which does not exist"))
    }
}
