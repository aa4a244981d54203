#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Keep an Xcode String Catalog and the .lproj tables in line, both ways.",
        discussion: """
        The catalog is updated in place as Xcode updates one after a build: strings the schema \
        uses and the catalog lacks are added (extractionState manual, a comment saying where \
        they are shown, the tables' translations), strings no schema file uses become stale \
        (removed with --prune), and everything else is kept as it is. Then the catalog's \
        translated and needs_review units are written into the tables; where a table held \
        another translation the catalog's wins (a warning only where another table of the key \
        holds the catalog's text: that table changed, the catalog did not). Adoption writes no \
        table; a key the tables give different texts is written into none, and a table a \
        language lacks is not made where it would hide the one the device falls back to. One \
        catalog holds every table of the bundle (a key is one string, whichever tables show it); a \
        --catalog that does not end in .xcstrings is a folder of <Table>.xcstrings, one per \
        table as Xcode names them. A catalog that is malformed, of another source language, or holds a string the \
        tables cannot hold (plural or device variations) is an error, and nothing is written. \
        Tables keep their encoding, byte-order mark, line endings and comments; every write is \
        atomic; a table that cannot be read is left alone (exit 1).
        """
    )

    @OptionGroup var options: BundleOptions

    @Option(help: ArgumentHelp("The String Catalog (created when missing), outside the bundle: a .xcstrings file holds every table; any other path is a folder of <Table>.xcstrings, one per table as Xcode names them. Default: the configuration's \"catalog\".", valueName: "path"), transform: PathOption.value)
    var catalog: String?

    @Flag(help: "Remove the strings no schema file uses from the catalog, instead of marking them stale.")
    var prune = false

    @Flag(help: "Where every table of a key holds one translation and the catalog another, take the tables' into the catalog (after import wrote them into the tables), instead of the catalog's into the tables.")
    var preferTables = false

    @Flag(help: "Write nothing; exit 1 when the catalog or a table would change (for CI and build phases).")
    var check = false

    @Flag(help: "Write nothing; print the changes as a unified diff.")
    var dryRun = false

    @Option(help: ArgumentHelp("With --check, when nothing would change, write this file (a Swift comment): the output a build system needs to run the check again only when an input changes.", valueName: "file"), transform: PathOption.value)
    var stamp: String?

    func validate() throws {
        if dryRun, check { throw ValidationError("--dry-run and --check cannot be combined") }
        if stamp != nil, !check { throw ValidationError("--stamp is written by --check; give --check too") }
    }

    func run() throws {
        let loaded = try options.load()
        try loaded.refuseWritingWhileUnloaded("sync changed nothing", paths: options.diagnosticPaths)
        if prune { try loaded.refusePruningWhileDoubtful("sync", paths: options.diagnosticPaths) }
        if !options.quiet {
            loaded.noteNotLocalized(options.bundle, consequence: "the catalog gets its strings but no translation, and no table is written")
            loaded.noteTablesHiddenByTopLevel(check || dryRun ? "sync would write" : "sync writes")
        }
        if let stamp { try OutputGuard.refuseInsideBundle(stamp, bundle: loaded.source, option: "--stamp") }
        // A build system's run (--check --stamp, the build-tool plugin's) where no catalog is named:
        // nothing to keep in sync. SwiftPM plans a plugin's commands again only when a target's
        // files come or go, so a command planned while a configuration named a catalog still runs
        // after the catalog is taken out of it; it passes, as there is nothing to check.
        if let stamp, catalog == nil, loaded.configuration.catalog == nil {
            try writeStamp(stamp)
            return
        }
        var plans: [SyncPlan] = []
        let path = try options.catalogPath(catalog, configuration: loaded.configuration, command: "sync")
        let option = options.catalogOption(catalog)
        for target in try Self.targets(path, tables: loaded.catalog.tables.map(\.name), option: option) {
            try OutputGuard.refuseInsideBundle(target.path, bundle: loaded.source, option: option)
            var planned = try plan(target, loaded: loaded)
            // sync's rules, as the configuration levels and silences them.
            planned.result.diagnostics = SyncRules.configured(planned.result.diagnostics, severities: loaded.configuration.severities,
                                                              ignore: loaded.configuration.ignore)
            plans.append(planned)
        }
        // What the disk did not give (not what the device cannot read): a folder that could not
        // be listed, a table that could not be read. A catalog planned without it would lack its
        // translations (exit 0, a language short), and a table planned from that catalog could
        // lose one: nothing is written, nor shown as what would be; --check cannot tell.
        let bundleNotRead = loaded.bundle.diagnostics.filter(\.saysInputNotRead)
        let namedByBundle = Set(bundleNotRead.map(\.location.file))
        // A table the loader named already (a link out of the bundle) is named once.
        let notRead = bundleNotRead.map(\.location.file) + Set(plans.flatMap(\.result.tablesNotRead)).subtracting(namedByBundle).sorted()
        let formatter = TextDiagnosticFormatter(paths: options.diagnosticPaths)
        if !notRead.isEmpty {
            // Only what could not be read: the rest was planned from what was.
            let unread = bundleNotRead + plans.flatMap(\.result.diagnostics).filter { $0.saysInputNotRead && !namedByBundle.contains($0.location.file) }
            printError(formatter.format(unread), ifNotEmpty: true)
            let named = notRead.count == 1 ? notRead[0] : "\(notRead.count.grouped) files of the bundle"
            guard check else { throw CommandFailure("\(named) could not be read (above); nothing was written") }
            printError("sync cannot tell whether the catalog and the tables are in sync: \(named) could not be read (above); fix \(notRead.count == 1 ? "it" : "them") and check again")
            throw ExitCode(1)
        }
        printError(formatter.format(plans.flatMap(\.result.diagnostics)), ifNotEmpty: true)
        let changedTables = plans.reduce(0) { $0 + $1.result.updates.count }
        let changedCatalogs = plans.filter(\.result.catalogChanged)
        if check {
            try reportCheck(plans, changedTables: changedTables, changedCatalogs: changedCatalogs.count)
            return
        }
        if dryRun {
            for plan in plans {
                if plan.result.catalogChanged {
                    printAsWritten(UnifiedDiff.diff(old: plan.original ?? [], new: plan.bytes, path: plan.path, isNewFile: plan.original == nil))
                }
                for update in plan.result.updates { printDiff(update) }
            }
        } else {
            for index in plans.indices { try write(&plans[index], into: loaded.source) }
            // What killed runs left, in the bundle and beside the catalogs, also when nothing
            // was written: the temporary file of a table would ship in the app.
            var writer = DiskBundleWriter(bundle: loaded.source)
            writer.sweepTemporaryFiles()
            for plan in plans { Debris.sweep(LocalFile.folderOf(plan.path), for: String(BundlePath.splitLast(plan.path).name)) }
        }
        for plan in plans { summarize(plan) }
        if plans.contains(where: \.result.hasErrors) { throw ExitCode(1) }
    }

    /// Each catalog and the tables it holds: one `.xcstrings` for every table, or a folder of
    /// `<Table>.xcstrings`. The folder may be a link the user named; a link inside it (a
    /// catalog that points elsewhere, another project's `Localizable.xcstrings`) is refused,
    /// as in every output folder.
    /// `reading`: for `check`, which reads the catalogs and writes none.
    /// `option`: what the messages call the path (`--catalog`, or the configuration's
    /// `"catalog"` when no `--catalog` was given).
    static func targets(_ path: String, tables: [String], reading: Bool = false, option: String = "--catalog") throws -> [(path: String, tables: [String])] {
        let kind = LocalFile.kind(of: path)
        guard path.hasPathExtension("xcstrings") else {
            if kind == .file {
                throw UsageFailure("\(option) \(path) is a file that does not end in .xcstrings; give a .xcstrings file, or a folder for one catalog per table")
            }
            let names = try catalogNames(inFolder: path, kind: kind, tables: tables, option: option,
                                         outcome: reading ? "nothing was checked" : "nothing was written")
            let targets = zip(tables, names).map { table, name in (path: joinedPath(path, name), tables: [table]) }
            try OutputGuard.refuseLinks(below: path, to: targets.map(\.path), role: "the catalog folder",
                                        outcome: reading ? "nothing was checked" : "nothing was written")
            return targets
        }
        if kind == .folder {
            throw UsageFailure("\(option) \(path) is a folder; give the catalog file (Settings.xcstrings), or a folder whose name does not end in .xcstrings")
        }
        return [(path, tables)]
    }

    /// The file name of each table's catalog in a folder of `<Table>.xcstrings` (`kind`: what
    /// the path is), in the order of `tables`: the one that is there, else `<Table>.xcstrings`.
    /// The extension may be in any case (`Root.XCSTRINGS`, which import reads as Root's catalog
    /// too, and which is that file on a Mac's disk); two that could each be the table's catalog
    /// (Root.xcstrings and Root.XCSTRINGS) are refused, not chosen, and so is a name that differs
    /// from the table's in case only (root.xcstrings for Root): that catalog on a Mac's disk and
    /// another file here, to be renamed. `outcome`: what the refusal says was not done.
    static func catalogNames(inFolder path: String, kind: LocalFile.Kind, tables: [String], option: String, outcome: String) throws -> [String] {
        let names = kind == .folder ? (try? LocalFile.names(inFolder: path)) ?? [] : []
        // The folder's catalogs by their table's name in lower case, found once (a folder of
        // thousands of catalogs, one search of it per table, was quadratic).
        let byStem = Dictionary(grouping: names.filter { $0.hasPathExtension("xcstrings") }) {
            String(decoding: $0.utf8.dropLast(10), as: UTF8.self).lowercased()
        }
        return try tables.map { table in
            let candidates = byStem[table.lowercased()] ?? []
            guard candidates.count <= 1 else {
                throw UsageFailure("\(option) \(path) holds \(candidates.map(shellQuoted).joined(separator: " and ")): which is the catalog of the table \(table) is unclear; keep one; \(outcome)")
            }
            if let name = candidates.first, !name.utf8.dropLast(10).elementsEqual(table.utf8) {
                throw UsageFailure("\(option) \(path) holds \(shellQuoted(name)), named after the table \(table) in another case, which a Mac's disk takes for \(table).xcstrings and this one does not; rename it \(table).xcstrings; \(outcome)")
            }
            return candidates.first ?? table + ".xcstrings"
        }
    }

    /// What `--check` says: what is out of date, and the exit status.
    private func reportCheck(_ plans: [SyncPlan], changedTables: Int, changedCatalogs: Int) throws {
        guard changedTables > 0 || changedCatalogs > 0 else {
            // A table that cannot be read may be anything: said, not called in sync. What sync
            // left undone elsewhere (a translation a table refused for its form, an error the
            // configuration made of a rule) is not in sync either: said so, not called in sync
            // with exit 1 after it.
            let unreadable = plans.flatMap(\.result.unreadableTables)
            let unreadableSet = Set(unreadable)
            let errors = plans.reduce(0) { $0 + $1.result.errorCount }
            let undone = plans.contains { $0.result.diagnostics.contains { $0.severity == .error && !unreadableSet.contains($0.location.file) } }
            if undone {
                printError("the catalog and the tables are not in sync: sync cannot carry what \(Self.errorsAboveName(errors)); fix \(errors == 1 ? "it" : "them") and check again")
                throw ExitCode(1)
            }
            if let first = unreadable.first {
                let named = unreadable.count == 1 ? "\(first) cannot be read, so sync cannot tell whether it is"
                    : "\(unreadable.count.grouped) tables cannot be read (\(unreadable.prefix(3).joined(separator: ", "))\(unreadable.count > 3 ? ", …" : "")), so sync cannot tell whether they are"
                printError("the catalog and the other tables are in sync; \(named); fix \(unreadable.count == 1 ? "it" : "them") and check again")
            } else if !options.quiet {
                printError("the catalog and the tables are in sync")
            }
            if errors > 0 { throw ExitCode(1) }
            if let stamp { try writeStamp(stamp) }
            return
        }
        var parts: [String] = []
        for plan in plans where plan.result.catalogChanged { parts.append(TerminalText.escaped(plan.path)) }
        if changedTables > 0 {
            // Which tables, as the sync's own lines would name them (a few; the count says the rest).
            let paths = Array(Set(plans.flatMap { $0.result.updates.map(\.path) })).sorted()
            let named = paths.isEmpty ? "" : " (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : ""))"
            parts.append("\(changedTables.grouped) table\(changedTables == 1 ? "" : "s")\(named)")
        }
        let choices = (catalog.map { ["--catalog", shellQuoted($0)] } ?? []) + (prune ? ["--prune"] : []) + (preferTables ? ["--prefer-tables"] : [])
        printError("sync would change \(parts.joined(separator: " and ")); run settings-l10n sync \(([options.commandLine] + choices).joined(separator: " "))")
        throw ExitCode(1)
    }

    /// `the error above names` or `the 3 errors above name`.
    private static func errorsAboveName(_ count: Int) -> String {
        count == 1 ? "the error above names" : "the \(count.grouped) errors above name"
    }

    /// One line per catalog and per table that changed.
    private func summarize(_ plan: SyncPlan) {
        // --quiet: what changed is not news; problems are findings, printed before.
        if options.quiet { return }
        let result = plan.result
        if result.catalogChanged {
            var changes: [String] = []
            if !result.added.isEmpty { changes.append("\(result.added.count.grouped) string\(result.added.count == 1 ? "" : "s") added") }
            if result.unitsFromTables > 0 { changes.append("\(result.unitsFromTables.grouped) translation\(result.unitsFromTables == 1 ? "" : "s") taken from the tables") }
            if result.unitsReplacedFromTables > 0 {
                changes.append("\(result.unitsReplacedFromTables.grouped) translation\(result.unitsReplacedFromTables == 1 ? "" : "s") replaced with the tables'")
            }
            if result.unitsMarkedForReview > 0 {
                let count = result.unitsMarkedForReview, strings = result.sourceChanged
                let named = strings.count == 1 ? "of \(MessageText.quoted(strings[0]))" : "of \(strings.count.grouped) strings"
                changes.append("\(count.grouped) translation\(count == 1 ? "" : "s") \(named) marked needs_review: the development text changed")
            }
            if !result.staled.isEmpty { changes.append("\(result.staled.count.grouped) marked stale") }
            if !result.revived.isEmpty { changes.append("\(result.revived.count.grouped) used again") }
            if !result.pruned.isEmpty { changes.append("\(result.pruned.count.grouped) removed") }
            let (strings, units) = (plan.strings, plan.units)
            let done = plan.original == nil ? "created" : "updated"
            let listed = changes.isEmpty ? "" : " (\(changes.joined(separator: ", ")))"
            printError("\(TerminalText.escaped(plan.path)): \(dryRun ? "would be " + done : done)\(listed): \(strings.grouped) string\(strings == 1 ? "" : "s"), \(units.grouped) string unit\(units == 1 ? "" : "s")")
        } else if result.hasErrors {
            // Not "up to date": the errors above name what the tables did not take.
            printError("\(TerminalText.escaped(plan.path)): unchanged; \(Self.errorsAboveName(result.errorCount)) what sync could not carry")
        } else {
            printError("\(TerminalText.escaped(plan.path)): up to date")
        }
        for update in result.updates {
            let count = result.written[update.path] ?? 0
            // A translation that replaced the table's own text is said, each with both texts (not
            // a warning: the catalog's edits are what sync carries; but a hand edit of the table
            // it undoes must not go unseen).
            let replacements = result.replaced[update.path] ?? []
            let replaced = replacements.isEmpty ? "" : " (\(replacements.count.grouped) replaced the table's text)"
            printError("\(update.path): \(dryRun ? "would write" : "wrote") \(count.grouped) translation\(count == 1 ? "" : "s") from the catalog\(replaced)\(update.original == nil ? " (new file)" : "")")
            for replacement in replacements {
                printError("  \(MessageText.quoted(replacement.key)): the table's \(MessageText.quoted(replacement.table)) \(dryRun ? "would be" : "was") replaced by the catalog's \(MessageText.quoted(replacement.catalog))")
            }
        }
    }

    /// The stamp of a check that passed: the output a build system reruns the check by.
    private func writeStamp(_ stamp: String) throws {
        do {
            try LocalFile.write(Array("// settings-l10n sync --check passed: \(options.bundleName)\n".utf8), to: stamp, creatingFolders: true)
        } catch {
            throw CommandFailure("cannot write the stamp to \(stamp): \(error.reason); choose a file you can write")
        }
    }
}
