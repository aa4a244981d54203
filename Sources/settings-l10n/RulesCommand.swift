import ArgumentParser
import SettingsL10n

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules of check and sync: id, default severity and what each finds."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Option(help: "text, markdown (the table of docs/rules.md) or json (for scripts and editors: each rule's id, default severity, summary, fix and documentation).")
    var format: Format = .text

    /// check's rules, then sync's (their summaries start with "sync:").
    private var rules: [RuleDescriptor] { Checker.descriptors + SyncRules.all }

    func run() {
        switch format {
        case .text:
            let width = rules.map(\.id.rawValue.count).max() ?? 0
            for rule in rules {
                printOutput("\(rule.id.rawValue.padded(to: width))  \(rule.defaultSeverity.rawValue.padded(to: 7))  \(rule.summary)\n")
            }
        case .markdown:
            printOutput("| rule | default | what it finds |\n|---|---|---|\n")
            for rule in rules {
                // The anchor is where a rule's helpUri (SARIF) points.
                printOutput("| <a id=\"rule-\(rule.id)\"></a>`\(rule.id)` | \(rule.defaultSeverity.rawValue) | \(rule.summary.replacingEvery("|", with: "\\|")) |\n")
            }
        case .json:
            printJSON(Self.json(rules))
        }
    }

    /// `{"rules": [{"id", "defaultSeverity", "summary", "fix", "helpUri"}]}`: `fix` is the command
    /// that fixes the rule's findings (`settings-l10n merge <bundle> --prune`), or null.
    static func json(_ rules: [RuleDescriptor]) -> String {
        JSONValue.object([("rules", .array(rules.map { rule in
            .object([
                ("id", .string(rule.id.rawValue)),
                ("defaultSeverity", .string(rule.defaultSeverity.rawValue)),
                ("summary", .string(rule.summary)),
                ("fix", rule.fix.map { .string($0.commandLine(arguments: "<bundle>")) } ?? .null),
                ("helpUri", .string(rule.helpURI)),
            ])
        }))]).rendered() + "\n"
    }
}
