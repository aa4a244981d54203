import Foundation
import SettingsL10nTestSupport

/// How each command runs over the hostile bundle in `LogInjectionTests.everyCommand`: every
/// format, the modes that print something else (dry runs, checks, exports, writes), with and
/// without GitHub's runner reading the output.
extension LogInjectionTests {
    /// One run of the tool and what its standard output is.
    struct Run {
        var arguments: [String]
        var stdout: Stdout = .safe
        var environment: [String: String] = [:]

        init(_ arguments: [String], stdout: Stdout = .safe, environment: [String: String] = [:]) {
            self.arguments = arguments
            self.stdout = stdout
            self.environment = environment
        }
    }

    /// The language of the hostile folder `index` (its name without `.lproj`).
    static func locale(_ index: Int) -> String {
        String(commandFolders[index].dropLast(".lproj".count))
    }

    /// Where GitHub's runner reads the output.
    static let actions = ["GITHUB_ACTIONS": "true"]

    /// The runs of the command `name` over the hostile bundle in `copy`, in order (those that
    /// write last); nil for a command this table does not know, which fails the test: a command
    /// added to the tool says here how it runs over hostile input.
    static func runs(of name: String, in copy: BundleCopy) throws -> [Run]? {
        let bundle = copy.bundle.path, folder = copy.folder.path
        switch name {
        case "extract":
            return [Run(["extract", bundle, "--format", "text"]), Run(["extract", bundle, "--format", "json"]),
                    Run(["extract", bundle, "--xliff", folder + "/xliff"]), Run(["extract", bundle, "--xcloc", folder + "/xcloc"]),
                    Run(["extract", bundle, "--xcstrings", folder + "/xcstrings"]), Run(["extract", bundle, "--xliff", folder + "/one", "--locale", locale(0)])]
        case "import":
            let refused = try hostileXLIFF(in: copy.folder), imported = try hostileXLIFF(in: copy.folder, escape: false).path
            return [Run(["import", bundle, refused.path, "--dry-run"]), Run(["import", bundle, imported, "--dry-run"], stdout: .pausedAsWritten, environment: actions),
                    Run(["import", bundle, imported, "--dry-run"], stdout: .asWritten), Run(["import", bundle, imported])]
        case "merge":
            return [Run(["merge", bundle, "--dry-run", "--fill", "source", "--prune"], stdout: .pausedAsWritten, environment: actions),
                    Run(["merge", bundle, "--dry-run", "--fill", "source"], stdout: .asWritten),
                    Run(["merge", bundle, "--check", "--format", "text"]), Run(["merge", bundle, "--check", "--format", "json", "--prune"]),
                    Run(["merge", bundle, "--locale", locale(1), "--check"]), Run(["merge", bundle, "--fill", "source", "--prune"], environment: actions)]
        case "sync":
            let sync = ["sync", bundle, "--catalog", folder + "/Settings.xcstrings"]
            return [Run(sync + ["--dry-run"], stdout: .pausedAsWritten, environment: actions), Run(sync + ["--dry-run"], stdout: .asWritten),
                    Run(sync + ["--check"]), Run(sync), Run(sync + ["--check"], environment: actions)]
        case "check":
            let baseline = folder + "/baseline.json"
            return ["text", "json", "github", "sarif"].map { Run(["check", bundle, "--format", $0], stdout: $0 == "github" ? .workflowCommands : .safe) }
                + [Run(["check", bundle, "--print-input-files"]), Run(["check", bundle, "--write-baseline", baseline]),
                   Run(["check", bundle, "--baseline", baseline, "--format", "github"], stdout: .workflowCommands),
                   Run(["check", bundle, "--locale", locale(2)])]
        case "render":
            return ["text", "json"].map { Run(["render", bundle, "--locale", "all", "--format", $0]) }
                + [Run(["render", bundle, "--locale", "all", "--format", "html", "--output", folder + "/html"]),
                   Run(["render", bundle, "--languages", "fr,de", "--format", "text"]), Run(["render", bundle, "--locale", locale(3)])]
        case "status":
            return ["text", "json", "markdown"].map { Run(["status", bundle, "--format", $0]) } + [Run(["status", bundle, "--locale", locale(4)])]
        case "rules":
            return ["text", "markdown"].map { Run(["rules", "--format", $0]) }
        default:
            return nil
        }
    }
}
