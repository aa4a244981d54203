#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate schema files and tables, with diagnostics Xcode, editors and CI can click.",
        discussion: """
        Text lines read <path>:<line>:<column>: error|warning|note: <message> [<rule>]; findings \
        of one rule about many keys of one table are one line, and so is the same line in many \
        languages (--each lists them all); a summary per rule ends the report on standard error, \
        with the commands that fix what they can. Exit 1 when there is an error, or a warning \
        under --strict; --severity error (or warning) reports only findings that serious, and only \
        they decide the exit status. Rules can be switched off or re-levelled, findings silenced \
        (ignore) and strings marked as needing no translation (doNotTranslate) in \
        .settings-l10n.json beside the bundle (or --config); settings-l10n rules lists the rules. \
        --write-baseline records today's findings; --baseline reports only the ones not in it.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif, gitlab, junit
    }

    @OptionGroup var options: BundleOptions

    @Option(help: "The output format: text (Xcode and editors), json, github (workflow annotations), sarif (code scanning), gitlab (GitLab Code Quality) or junit (JUnit XML for CI dashboards).")
    var format: Format = .text

    @Flag(inversion: .prefixedNo, help: "Exit 1 on warnings too, and print them as errors in the text and github formats; --no-strict: not, whatever the configuration's \"strict\".")
    var strict: Bool?

    @Option(name: .customLong("locale"), help: ArgumentHelp("Check only the tables of this locale (repeatable).", valueName: "lang"), transform: LocaleOption.value)
    var locales: [String] = []

    @Flag(help: "List every finding on its own line (text and github group the findings of one rule in one table, and the same finding in many languages).")
    var each = false

    @Option(help: ArgumentHelp("Report only findings of this severity or a more serious one: error, warning or note. The exit status counts only those. Default: the configuration's \"severity\", else note.", valueName: "severity"))
    var severity: Severity?

    @Option(help: ArgumentHelp("Report only the findings that are not in this baseline file. Default: the configuration's \"baseline\".", valueName: "file"), transform: PathOption.value)
    var baseline: String?

    @Flag(help: "Compare with no baseline, whatever the configuration's \"baseline\".")
    var noBaseline = false

    @Flag(inversion: .prefixedNo, help: "Exit 1 when entries of the baseline no longer occur (fixed, but still accepted by the baseline): a baseline that may only shrink. Default: the configuration's \"failOnFixedBaseline\".")
    var failOnFixedBaseline: Bool?

    @Option(help: ArgumentHelp("Report only the findings that the bundle did not have at this git commit, branch or tag (as it was where HEAD forked from it): what a branch adds.", valueName: "ref"))
    var newSince: String?

    @Option(help: ArgumentHelp("Record every finding in this baseline file (sorted JSON, for version control), and exit 0.", valueName: "file"), transform: PathOption.value)
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Write the report into this file instead of standard output.", valueName: "file"), transform: PathOption.value)
    var output: String?

    @Flag(help: "Name files by absolute path instead of relative to the working directory.")
    var absolutePaths = false

    @Flag(help: "Print the files check reads (schema files, tables, the configuration file, the baseline), one per line, and check nothing (for an Xcode input file list).")
    var printInputFiles = false

    @Option(help: ArgumentHelp("The String Catalog kept in sync with the bundle (sync): its needs_review translations are reported like review marks in the tables. A .xcstrings file, or a folder of <Table>.xcstrings. Default: the configuration's \"catalog\".", valueName: "path"), transform: PathOption.value)
    var catalog: String?

    @Option(help: ArgumentHelp("When the check passes, write this file (a Swift comment): the output a build system needs to run check again only when the bundle changes.", valueName: "file"), transform: PathOption.value)
    var stamp: String?

    func validate() throws {
        if baseline != nil, writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline cannot be combined: write the baseline first, then check against it")
        }
        if baseline != nil, noBaseline {
            throw ValidationError("--baseline and --no-baseline cannot be combined")
        }
        if failOnFixedBaseline == true, noBaseline {
            throw ValidationError("--fail-on-fixed-baseline needs a baseline, and --no-baseline compares with none")
        }
        if newSince != nil, writeBaseline != nil {
            throw ValidationError("--new-since and --write-baseline cannot be combined: a baseline records every finding")
        }
    }

    func run() throws {
        let loaded = try options.load()
        for (path, option) in [(output, "--output"), (writeBaseline, "--write-baseline"), (stamp, "--stamp")] {
            if let path { try OutputGuard.refuseInsideBundle(path, bundle: loaded.source, option: option) }
        }
        let settings = try settings(loaded.configuration)
        let paths = absolutePaths ? DiagnosticPaths(prefix: loaded.source.rootPath) : options.diagnosticPaths
        if printInputFiles { return try printInputFileList(loaded, settings: settings, paths: paths) }
        try loaded.requireFolders(for: locales)
        let catalogPath = options.optionalCatalogPath(catalog, configuration: loaded.configuration)
        var context = CheckContext(bundle: loaded.bundle, catalog: loaded.catalog, locales: locales)
        if let catalogPath { context.catalogReviews = try CatalogReviews.read(catalogPath, loaded: loaded, option: options.catalogOption(catalog), bundleWords: options.commandLine) }
        let diagnostics = Checker.check(context, configuration: loaded.configuration)
        ProcessLifetime.keep(loaded, context, diagnostics)
        if let writeBaseline { return try write(baselineOf: diagnostics, to: writeBaseline, configuration: loaded.configuration) }
        // Grouped lines speak of the host too (under --in-app, InAppSettingsKit).
        let rules = Checker.descriptors.map { $0.spoken(by: loaded.catalog.host) }
        var report = DiagnosticReport(diagnostics: diagnostics, rules: rules, listsEach: each)
        report.configuration = options.configurationFile?.location
        report.commandArguments = options.commandLine
        report.fixesWaitFor = loaded.bundle.schemaLoadCondition
        report.pruneDoubts = Checker.pruneDoubts(diagnostics, context: context)
        report.strict = settings.strict
        var said: [String] = []
        var failsFixed = false
        if let baseline = settings.baseline {
            let (new, fixed) = try compare(diagnostics, with: baseline, schemaFiles: loaded.bundle.schemaFiles,
                                           checkedFolders: locales.isEmpty ? nil : Set(context.localizations.map(\.folder)))
            report.diagnostics = new
            let known = diagnostics.count - new.count
            let rewrite = writeBaselineCommand(baseline)
            said.append("\(DiagnosticReport.count(known, "finding")) \(known == 1 ? "is" : "are") in the baseline \(baseline)\(fixed > 0 ? "; \(DiagnosticReport.grouped(fixed)) baseline entr\(fixed == 1 ? "y is" : "ies are") fixed: rewrite the baseline (\(rewrite))" : "")")
            failsFixed = settings.failOnFixedBaseline && fixed > 0
        }
        if let newSince {
            let (new, snapshot) = try newFindings(report.diagnostics, since: newSince, loaded: loaded, catalogPath: catalogPath)
            let older = report.diagnostics.count - new.count
            report.diagnostics = new
            // Nothing left to compare (the baseline took every finding): nothing to say of REF.
            if older > 0 || !new.isEmpty { said.append(snapshot.source == nil
                ? "the bundle was not there at \(snapshot.name): every finding is new"
                : older == 0 ? "none of the findings was there at \(snapshot.name) already: every one is new"
                : "\(DiagnosticReport.count(older, "finding")) \(older == 1 ? "was" : "were") there at \(snapshot.name) already and \(older == 1 ? "is" : "are") not reported") }
        }
        if let severity = settings.severity {
            report = report.filtered(atLeast: severity, setBy: self.severity == nil ? "the configuration's \"severity\": \"\(severity.rawValue)\"" : nil)
        }
        try write(report, paths: paths, files: Self.checkedFiles(context))
        if !options.quiet {
            if format == .text || format == .github { printError(report.failing().summary, ifNotEmpty: true) }
            for line in said { printError(line) }
        }
        if failsFixed, let baseline = settings.baseline {
            printError("error: entries of the baseline \(baseline) no longer occur, and \(settings.failOnFixedBaselineSource) asks for a baseline that only shrinks: write it again (\(writeBaselineCommand(baseline))) so that what was fixed cannot come back unnoticed")
        }
        if report.errorCount > 0 || (settings.strict && report.warningCount > 0) || failsFixed {
            throw ExitCode(1)
        }
        if let stamp {
            try writeFile(stamp, "// settings-l10n check passed: \(options.bundleName) (\(DiagnosticReport.count(report.warningCount, "warning")))\n", what: "the stamp")
        }
    }
}

extension Severity: ExpressibleByArgument {}
