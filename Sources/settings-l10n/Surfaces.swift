import SettingsL10n
import SettingsL10nFiles

/// Every way of running the tool that a suite must cover, listed once: each command, in each
/// mode that reads, prints or writes something else. The hostile-input, log-injection, corpus
/// and registry tests iterate it (through `@testable import`), and `scripts/check-faults` and
/// `scripts/check-linearity` through `Tests/CLITests/Golden/surfaces.json`, which a test keeps equal to it. A
/// command of `SettingsL10nCommand` without a surface, or a writer of `SettingsL10nFiles` that no
/// surface goes through, fails a test: a new surface starts at the old ones' standard.
enum Surfaces {
    /// One way of running the tool.
    struct Surface: Sendable, Equatable {
        /// The command line without its paths (`merge --prune`), as suites name it.
        var name: String
        /// The arguments, with placeholders that each suite fills in for its bundle:
        /// `{bundle}`; `{out}` (a folder outside the bundle that does not exist yet);
        /// `{xliff}`, `{xcloc}`, `{xcstrings}` (an XLIFF document, an `.xcloc` package and a
        /// String Catalog exported from the bundle, for one language or table); `{exports}` (a
        /// folder of XLIFF documents); `{catalog}` (a String Catalog file outside the bundle,
        /// which may not exist yet); `{baseline}` (a baseline of the bundle); `{app}` (an app's
        /// folder of `.lproj` tables); `{locale}` (a language of the bundle); `{ref}` (a commit of
        /// the git repository the bundle's folder is in, holding the bundle or part of it).
        var arguments: [String]
        /// The writers it writes through; none when it writes nothing.
        var writes: [FileWriter]
        /// What it prints on standard output.
        var stdout: Printed
        /// Whether its work grows with its input (the bench times it at two sizes, and
        /// `scripts/check-linearity` counts its instructions).
        var scales: Bool

        init(_ name: String, _ arguments: [String], writes: [FileWriter] = [], stdout: Printed = .text, scales: Bool = true) {
            self.name = name
            self.arguments = arguments
            self.writes = writes
            self.stdout = stdout
            self.scales = scales
        }

        /// The command it runs (`merge`).
        var command: String { arguments[0] }

        /// Whether it draws each page in a browser (`render --format png`, an export's
        /// screenshots): a second or so to start, and a tenth of one per page.
        var drawsPages: Bool { arguments.contains("png") || arguments.contains("--screenshots") }
    }

    /// What a surface prints on standard output, for the suites that read it.
    enum Printed: String, Sendable {
        /// Text for people, every input escaped (`Output.printOutput`).
        case text
        /// A JSON document (`printJSON`).
        case json
        /// An XML document (`printXML`: check's JUnit report).
        case xml
        /// GitHub workflow commands of the tool's own (`check --format github`).
        case workflowCommands = "workflow-commands"
        /// A diff applied as written (`--dry-run`), paused for GitHub's runner.
        case asWritten = "as-written"
        /// Nothing.
        case nothing
    }

    static let all: [Surface] = extract + importing + merge + sync + check + render + status + rules

    static let extract: [Surface] = [
        Surface("extract", ["extract", "{bundle}"]),
        Surface("extract --format json", ["extract", "{bundle}", "--format", "json"], stdout: .json),
        Surface("extract --xliff", ["extract", "{bundle}", "--xliff", "{out}"], writes: [.staged]),
        Surface("extract --xliff --locale", ["extract", "{bundle}", "--xliff", "{out}", "--locale", "{locale}"], writes: [.staged]),
        Surface("extract --xcloc", ["extract", "{bundle}", "--xcloc", "{out}"], writes: [.staged]),
        Surface("extract --xcloc --screenshots", ["extract", "{bundle}", "--xcloc", "{out}", "--locale", "{locale}", "--screenshots"],
                writes: [.staged, .scratch]),
        Surface("extract --xcstrings", ["extract", "{bundle}", "--xcstrings", "{out}"], writes: [.staged]),
        Surface("extract --xcstrings --locale", ["extract", "{bundle}", "--xcstrings", "{out}", "--locale", "{locale}", "--force"], writes: [.staged]),
    ]

    static let importing: [Surface] = [
        Surface("import --dry-run", ["import", "{bundle}", "{xliff}", "--dry-run"], stdout: .asWritten),
        Surface("import xliff", ["import", "{bundle}", "{xliff}"], writes: [.bundleTables], stdout: .nothing),
        Surface("import xcloc", ["import", "{bundle}", "{xcloc}"], writes: [.bundleTables], stdout: .nothing),
        Surface("import xcstrings", ["import", "{bundle}", "{xcstrings}"], writes: [.bundleTables], stdout: .nothing),
        Surface("import folder", ["import", "{bundle}", "{exports}"], writes: [.bundleTables], stdout: .nothing),
    ]

    static let merge: [Surface] = [
        Surface("merge --dry-run", ["merge", "{bundle}", "--dry-run"], stdout: .asWritten),
        Surface("merge --check", ["merge", "{bundle}", "--check"], stdout: .nothing),
        Surface("merge --check --format json", ["merge", "{bundle}", "--check", "--format", "json"], stdout: .json),
        Surface("merge --check --locale", ["merge", "{bundle}", "--check", "--locale", "{locale}"], stdout: .nothing),
        Surface("merge --fill-from --dry-run", ["merge", "{bundle}", "--fill-from", "{app}", "--dry-run"], stdout: .asWritten),
        Surface("merge", ["merge", "{bundle}"], writes: [.bundleTables], stdout: .nothing),
        Surface("merge --prune", ["merge", "{bundle}", "--prune"], writes: [.bundleTables], stdout: .nothing),
        Surface("merge --fill source", ["merge", "{bundle}", "--fill", "source"], writes: [.bundleTables], stdout: .nothing),
    ]

    static let sync: [Surface] = [
        Surface("sync --dry-run", ["sync", "{bundle}", "--catalog", "{catalog}", "--dry-run"], stdout: .asWritten),
        Surface("sync --check", ["sync", "{bundle}", "--catalog", "{catalog}", "--check"], stdout: .nothing),
        Surface("sync", ["sync", "{bundle}", "--catalog", "{catalog}"], writes: [.bundleTables, .readFile], stdout: .nothing),
        Surface("sync --prune", ["sync", "{bundle}", "--catalog", "{catalog}", "--prune"], writes: [.bundleTables, .readFile], stdout: .nothing),
        Surface("sync --prefer-tables", ["sync", "{bundle}", "--catalog", "{catalog}", "--prefer-tables"], writes: [.bundleTables, .readFile], stdout: .nothing),
        Surface("sync, a catalog per table", ["sync", "{bundle}", "--catalog", "{out}"], writes: [.bundleTables, .readFile], stdout: .nothing),
        Surface("sync --check --stamp", ["sync", "{bundle}", "--catalog", "{catalog}", "--check", "--stamp", "{out}/sync.stamp"],
                writes: [.namedFile], stdout: .nothing, scales: false),
    ]

    static let check: [Surface] = [
        Surface("check", ["check", "{bundle}"]),
        Surface("check --format json", ["check", "{bundle}", "--format", "json"], stdout: .json),
        Surface("check --format github", ["check", "{bundle}", "--format", "github"], stdout: .workflowCommands),
        Surface("check --format sarif", ["check", "{bundle}", "--format", "sarif"], stdout: .json),
        Surface("check --format gitlab", ["check", "{bundle}", "--format", "gitlab"], stdout: .json),
        Surface("check --format junit", ["check", "{bundle}", "--format", "junit"], stdout: .xml),
        Surface("check --new-since", ["check", "{bundle}", "--new-since", "{ref}"]),
        Surface("check --locale", ["check", "{bundle}", "--locale", "{locale}"]),
        Surface("check --baseline", ["check", "{bundle}", "--baseline", "{baseline}", "--format", "json"], stdout: .json),
        Surface("check --print-input-files", ["check", "{bundle}", "--print-input-files"], scales: false),
        Surface("check --output", ["check", "{bundle}", "--format", "json", "--output", "{out}/report.json"], writes: [.namedFile], stdout: .nothing),
        Surface("check --write-baseline", ["check", "{bundle}", "--write-baseline", "{out}/baseline.json"], writes: [.namedFile], stdout: .nothing),
        Surface("check --stamp", ["check", "{bundle}", "--stamp", "{out}/check.stamp"], writes: [.namedFile], scales: false),
    ]

    static let render: [Surface] = [
        Surface("render", ["render", "{bundle}", "--locale", "all"]),
        Surface("render --format json", ["render", "{bundle}", "--locale", "all", "--format", "json"], stdout: .json),
        Surface("render --languages", ["render", "{bundle}", "--languages", "fr,{locale}"]),
        Surface("render --format html", ["render", "{bundle}", "--locale", "all", "--format", "html", "--output", "{out}"], writes: [.files], stdout: .nothing),
        Surface("render --format png", ["render", "{bundle}", "--locale", "{locale}", "--format", "png", "--output", "{out}"],
                writes: [.staged, .scratch], stdout: .nothing),
    ]

    static let status: [Surface] = [
        Surface("status", ["status", "{bundle}"]),
        Surface("status --format json", ["status", "{bundle}", "--format", "json"], stdout: .json),
        Surface("status --format markdown", ["status", "{bundle}", "--format", "markdown"]),
        Surface("status --locale", ["status", "{bundle}", "--locale", "{locale}"]),
    ]

    static let rules: [Surface] = [
        Surface("rules", ["rules"], scales: false),
        Surface("rules --format markdown", ["rules", "--format", "markdown"], scales: false),
        Surface("rules --format json", ["rules", "--format", "json"], stdout: .json, scales: false),
    ]

    /// The registry as `Tests/CLITests/Golden/surfaces.json` holds it, for the scripts.
    static var json: String {
        JSONValue.object([("surfaces", .array(all.map { surface in
            .object([
                ("name", .string(surface.name)),
                ("arguments", .array(surface.arguments.map(JSONValue.string))),
                ("writes", .array(surface.writes.map { .string($0.rawValue) })),
                ("stdout", .string(surface.stdout.rawValue)),
                ("scales", .bool(surface.scales)),
            ])
        }))]).rendered()
    }
}
