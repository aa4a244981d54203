import ArgumentParser
import Foundation
import SettingsL10n

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate schema files and tables, with diagnostics Xcode, editors and CI can click.",
        discussion: """
        Text lines read <path>:<line>:<column>: error|warning|note: <message> [<rule>]. Exit 1 \
        when there is an error, or a warning under --strict. Rules can be switched off or \
        re-levelled in .settings-l10n.json beside the bundle (or --config); settings-l10n rules \
        lists them.
        """
    )

    enum Format: String, ExpressibleByArgument {
        case text, json, github
    }

    @OptionGroup var options: BundleOptions

    @Option(help: "The output format: text (Xcode and editors), json, or github (workflow annotations).")
    var format: Format = .text

    @Flag(help: "Exit 1 on warnings too.")
    var strict = false

    @Option(name: .customLong("locale"), help: ArgumentHelp("Check only the tables of this locale (repeatable).", valueName: "lang"))
    var locales: [String] = []

    @Flag(help: "Name files by absolute path instead of relative to the working directory.")
    var absolutePaths = false

    @Flag(help: "Print the files check reads, one per line, and check nothing (for an Xcode input file list).")
    var printInputFiles = false

    func run() throws {
        let loaded = try options.load()
        if printInputFiles {
            let paths = absolutePaths ? DiagnosticPaths(prefix: loaded.source.rootPath) : options.diagnosticPaths
            let files = loaded.bundle.schemaFiles.map(\.path) + loaded.bundle.localizations.flatMap { $0.tables.map(\.path) }
            printOutput(files.sorted().map { paths.path(of: SourceLocation(file: $0)) + "\n" }.joined())
            return
        }
        let unknown = locales.filter { loaded.bundle.localization(forLanguage: $0) == nil }
        if !unknown.isEmpty {
            throw CommandFailure("the bundle has no .lproj folder for \(unknown.joined(separator: ", ")); it has \(loaded.bundle.localizations.map(\.name).joined(separator: ", "))")
        }
        let context = CheckContext(bundle: loaded.bundle, catalog: loaded.catalog, locales: locales)
        let diagnostics = Checker.check(context, configuration: loaded.configuration)
        let paths = absolutePaths ? DiagnosticPaths(prefix: loaded.source.rootPath) : options.diagnosticPaths
        let formatter: any DiagnosticFormatter = switch format {
        case .text:
            TextDiagnosticFormatter(paths: paths, colors: StandardStream.output.isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        case .json: JSONDiagnosticFormatter()
        case .github: GitHubDiagnosticFormatter(paths: paths)
        }
        formatter.format(diagnostics, into: printOutput)
        ProcessLifetime.keep(loaded, context, diagnostics)
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        let notes = diagnostics.count { $0.severity == .note }
        if format != .json {
            printError(diagnostics.isEmpty ? "no problems found" : "\(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(notes, "note"))")
        }
        if errors > 0 || (strict && warnings > 0) {
            throw ExitCode(1)
        }
    }

    private func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}
