#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import SettingsL10n

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Translation completeness per locale and table: translated, fuzzy, missing, stale.",
        discussion: """
        The numbers are check's: missing counts the missing-translation (and, for the \
        development language, development-entry-missing) findings plus every key of a table \
        file that is missing; stale counts stale-key; fuzzy counts needs-review. Exits 1 when a \
        schema file does not load: its strings are not counted, and stale is unknown (?).
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @OptionGroup var options: BundleOptions

    @Option(help: "text (a table with a bar per locale), json, or markdown (for a pull-request comment).")
    var format: Format = .text

    @Option(name: .customLong("locale"), help: ArgumentHelp("Only this locale (repeatable).", valueName: "lang"), transform: LocaleOption.value)
    var locales: [String] = []

    func run() throws {
        let loaded = try options.load()
        try loaded.requireFolders(for: locales)
        // No language to count: said, not an empty table left for the user to wonder about.
        if !options.quiet { loaded.noteNotLocalized(options.bundle, consequence: "status has no language to count") }
        let report = StatusReport(CheckContext(bundle: loaded.bundle, catalog: loaded.catalog, locales: locales, displayRules: false),
                                  configuration: loaded.configuration)
        switch format {
        case .text:
            let colors = StandardStream.output.isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            // Colour is for terminals only.
            printOutput(report.text(colors: colors), colors: colors)
        case .json:
            printJSON(report.json.rendered())
        case .markdown:
            let name = URL(fileURLWithPath: options.bundle).standardizedFileURL.lastPathComponent
            printOutput(report.markdown(bundleName: name))
        }
        // A schema file that did not load leaves its strings out of every count: said on
        // standard error where it is, and the exit status says the numbers are incomplete.
        guard !report.unloaded.isEmpty else { return }
        loaded.printUnloadedSchemaFiles(paths: options.diagnosticPaths)
        throw ExitCode(1)
    }
}
