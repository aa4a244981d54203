import SettingsL10nCore
import SettingsL10nExtract

/// Runs every rule and decides what is reported, at which severity, in which order.
public enum Checker {
    /// Every rule, by area.
    public static let rules: [any CheckRule] =
        LoaderRules.all + SpecifierRules.all + OptionRules.all + PaneRules.all + TableRules.all
        + LocalizationRules.all + NameRules.all + DisplayRules.all + ConfigurationRules.all

    public static var ruleIDs: Set<RuleID> { Set(rules.map(\.id)) }

    /// What reports say about each rule, in the order of `rules`.
    public static var descriptors: [RuleDescriptor] { rules.map(\.descriptor) }

    /// The diagnostics of the bundle, with the configuration's severities and without the
    /// findings it silences, sorted by file, line, column and rule. Entries of the configuration
    /// that match nothing are reported (`configuration-unused`) when the whole bundle is checked.
    public static func check(_ context: CheckContext, configuration: CheckConfiguration = CheckConfiguration()) -> [Diagnostic] {
        var all = run(rules, in: context, configuration: configuration)
        if !configuration.keep.isEmpty {
            // Keys the app reads itself are not stale.
            let keep = GlobPatternSet(configuration.keep)
            all.removeAll { $0.rule == .staleKey && $0.key.map(keep.matchesAny) == true }
        }
        return finish(all, context: context, configuration: configuration)
    }

    /// Of `diagnostics`, those that say a schema file lost what made some of its strings shown,
    /// and so may be why keys look unused: Titles with fewer entries than Values (or than
    /// ShortTitles), a schema file without a StringsTable while the .lproj folders have a table
    /// named after it, a StringsTable that names no valid table, a misspelled member InAppSettingsKit
    /// localizes (`IASKSubtitel`; other unknown keys are the app's, whose strings stay live). While
    /// one is reported, `merge --prune` removes nothing and the summaries do not advise it. (A
    /// title written as a number, a file that never had a StringsTable, an `enum-value` change
    /// nothing that pruning would remove: many bundles keep them for good.)
    public static func pruneDoubts(_ diagnostics: [Diagnostic], context: CheckContext) -> [Diagnostic] {
        // Most checks have none of these findings: nothing else is looked at then.
        let candidates = diagnostics.filter { diagnostic in
            switch diagnostic.rule {
            case .titlesValuesCount, .shortTitlesCount, .stringsTableMissing, .stringsTableInvalid, .keyMisspelled: true
            default: false
            }
        }
        guard !candidates.isEmpty else { return [] }
        var lostTitles: Set<String> = []
        let countsDiffer = candidates.contains { $0.rule == .titlesValuesCount || $0.rule == .shortTitlesCount }
        for (file, specifier) in context.specifiers where countsDiffer {
            guard let titles = specifier.field("Titles"), let count = titles.value.arrayValue?.count else { continue }
            if let values = specifier.values, count < values.count { lostTitles.insert(file.path + "\u{0}" + titles.keyPath.description) }
            if let short = specifier.field("ShortTitles"), let shortCount = short.value.arrayValue?.count, shortCount > count {
                lostTitles.insert(file.path + "\u{0}" + short.keyPath.description)
            }
        }
        let files = Dictionary(context.bundle.schemaFiles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return candidates.filter { diagnostic in
            switch diagnostic.rule {
            case .titlesValuesCount, .shortTitlesCount:
                return lostTitles.contains(diagnostic.file + "\u{0}" + (diagnostic.location.keyPath ?? ""))
            case .stringsTableMissing:
                guard let base = files[diagnostic.file]?.name.base else { return false }
                return context.bundle.localizations.contains { $0.table(named: base) != nil }
            case .stringsTableInvalid:
                return true
            case .keyMisspelled:
                // Only a member meant to be one InAppSettingsKit localizes (IASKSubtitel, not
                // IASKTextAlignmnt) holds a string that would be shown.
                guard let name = diagnostic.location.keyPath?.split(separator: ".").last, name.hasPrefix("IASK") else { return false }
                return Suggestion.closest(to: String(name), in: localizedInAppMembers) != nil
            default:
                return false
            }
        }
    }

    /// The members InAppSettingsKit looks up in a table (IASKSubtitle, IASKPlaceholder, …).
    private static let localizedInAppMembers = LocalizableField.allCases.map(\.rawValue).filter { $0.hasPrefix("IASK") }

    /// `pruneDoubts` as check reports them (the configuration's severities and `ignore`
    /// entries), from the rules about schema files alone: no table is read.
    public static func pruneDoubts(bundle: SettingsBundle, catalog: Catalog, configuration: CheckConfiguration = CheckConfiguration()) -> [Diagnostic] {
        let context = CheckContext(bundle: bundle, catalog: catalog, displayRules: false, readsTables: false)
        let schemaRules = SpecifierRules.all + OptionRules.all + PaneRules.all
        let found = pruneDoubts(run(schemaRules, in: context, configuration: configuration), context: context)
        return sorted(suppress(found, by: configuration.ignore).kept)
    }

    /// The findings of `rules`, each at the configuration's severity (none of a rule it switches off).
    private static func run(_ rules: [any CheckRule], in context: CheckContext, configuration: CheckConfiguration) -> [Diagnostic] {
        // Rules are independent of each other: they run on all cores.
        let enabled = rules.compactMap { rule -> (rule: any CheckRule, severity: Severity?)? in
            switch configuration.severities[rule.id] {
            case .some(nil): nil // switched off
            case .some(let severity?): (rule, severity)
            case nil: (rule, nil)
            }
        }
        let found = parallelMap(enabled) { rule, severity in
            // Under --in-app, messages speak of InAppSettingsKit, which shows the bundle.
            let diagnostics = rule.diagnostics(in: context).map { $0.spoken(by: context.catalog.host) }
            guard let severity else { return diagnostics }
            return diagnostics.map { var diagnostic = $0; diagnostic.severity = severity; return diagnostic }
        }
        return Array(found.joined())
    }

    /// The findings of every rule, after `keep`: silenced by `ignore`, the configuration's own
    /// findings added, sorted.
    private static func finish(_ all: [Diagnostic], context: CheckContext, configuration: CheckConfiguration) -> [Diagnostic] {
        let (kept, used) = suppress(all, by: configuration.ignore)
        var diagnostics = kept
        if configuration.isInsideBundle, let severity = configuration.severities[.configurationInBundle] ?? ConfigurationRules.InsideBundle().defaultSeverity {
            diagnostics += ConfigurationRules.InsideBundle().findings(configuration).map {
                var diagnostic = $0
                diagnostic.severity = severity
                return diagnostic
            }
        }
        // A refused path is never used, whatever the rule's severity: the setting only says so.
        if let severity = configuration.severities[.configurationPathRefused] ?? ConfigurationRules.PathRefused().defaultSeverity {
            diagnostics += ConfigurationRules.PathRefused().findings(configuration).map {
                var diagnostic = $0
                diagnostic.severity = severity
                return diagnostic
            }
        }
        let unusedSeverity = configuration.severities[.configurationUnused]
        if context.checksWholeBundle, unusedSeverity != .some(nil) {
            diagnostics += ConfigurationRules.UnusedEntry().findings(configuration, catalog: context.catalog, bundle: context.bundle, ignoreUsed: used).map {
                var diagnostic = $0
                diagnostic.severity = unusedSeverity.flatMap { $0 } ?? diagnostic.severity
                return diagnostic
            }
        }
        // Findings about a specifier are fingerprinted by what it is, not by its position.
        return sorted(SpecifierAnchor.annotate(diagnostics, schemaFiles: context.bundle.schemaFiles))
    }

    /// The diagnostics no entry of `ignore` matches, and the entries that matched something.
    static func suppress(_ diagnostics: [Diagnostic], by ignore: [Suppression]) -> (kept: [Diagnostic], used: Set<Int>) {
        guard !ignore.isEmpty else { return (diagnostics, []) }
        let entries = SuppressionSet(ignore)
        var used = Set<Int>()
        let kept = diagnostics.filter { diagnostic in
            let matching = entries.matching(diagnostic)
            used.formUnion(matching)
            return matching.isEmpty
        }
        return (kept, used)
    }

    /// The top-level tables (not a device's variant) that hide a table of some `.lproj` folder in
    /// every language, as check reports them (not where the configuration switches
    /// `table-outside-lproj` off or ignores the file): each file's path and its table. Reads no table.
    public static func hiddenByTopLevel(_ bundle: SettingsBundle, catalog: Catalog,
                                        configuration: CheckConfiguration = CheckConfiguration()) -> [(path: String, table: String)] {
        let rule = LocalizationRules.TableOutsideLocalizations()
        guard configuration.reports(rule.id) else { return [] }
        let found = LocalizationRules.TableOutsideLocalizations.shadowing(bundle, catalog: catalog).filter { $0.idiom == nil && !$0.folders.isEmpty }
        let findings = found.map { rule.finding($0, bundle: bundle, catalog: catalog) }
        let kept = Set(suppress(findings, by: configuration.ignore).kept)
        return zip(found, findings).filter { kept.contains($1) }.map { found, _ in (found.table.path, found.name) }
    }

    /// Diagnostics by file, line, column and rule, then in the order their rule found them
    /// (a table's missing keys in schema order, say). Files and rules are ranked once, so
    /// thousands of diagnostics sort without comparing their paths again and again.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let fileRank = ranks(of: diagnostics.map(\.file))
        let ruleRank = ranks(of: diagnostics.map(\.rule.rawValue))
        var keys = diagnostics.indices.map { index in
            (fileRank[index], diagnostics[index].line ?? 0, diagnostics[index].column ?? 0, ruleRank[index], index)
        }
        keys.sort { $0 < $1 }
        return keys.map { diagnostics[$0.4] }
    }

    /// The rank of each string among the distinct strings, in order. Rules report runs of
    /// diagnostics in one file: a run reuses the rank found for its first.
    private static func ranks(of strings: [String]) -> [Int] {
        var distinct: [String: Int] = [:]
        var previous: (string: String, slot: Int)?
        let slots = strings.map { string in
            if let previous, previous.string == string { return previous.slot }
            let slot = distinct[string] ?? { distinct[string] = distinct.count; return distinct.count - 1 }()
            previous = (string, slot)
            return slot
        }
        var rankOfSlot = [Int](repeating: 0, count: distinct.count)
        for (rank, slot) in distinct.sorted(by: { $0.key < $1.key }).map(\.value).enumerated() { rankOfSlot[slot] = rank }
        return slots.map { rankOfSlot[$0] }
    }
}
