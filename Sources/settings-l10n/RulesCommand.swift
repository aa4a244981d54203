import ArgumentParser
import SettingsL10n

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules of check: id, default severity and what each finds."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    @Option(help: "text, or markdown (the table of docs/rules.md).")
    var format: Format = .text

    func run() {
        switch format {
        case .text:
            let width = Checker.rules.map(\.id.rawValue.count).max() ?? 0
            for rule in Checker.rules {
                printOutput("\(rule.id.rawValue.padded(to: width))  \(rule.defaultSeverity.rawValue.padded(to: 7))  \(rule.summary)\n")
            }
        case .markdown:
            printOutput("| rule | default | what it finds |\n|---|---|---|\n")
            for rule in Checker.rules {
                // The anchor is where a rule's helpUri (SARIF) points.
                printOutput("| <a id=\"rule-\(rule.id)\"></a>`\(rule.id)` | \(rule.defaultSeverity.rawValue) | \(rule.summary.replacingEvery("|", with: "\\|")) |\n")
            }
        }
    }
}
