/// The findings of a check as people read them: findings of one rule about many keys of one
/// table file folded into one group, the same finding in many languages folded into one, the
/// others as they are, and a summary that says which command fixes what.
public struct DiagnosticReport: Sendable {
    /// Every finding, in report order.
    public var diagnostics: [Diagnostic]
    /// The rules that could report, for formats that list them (SARIF) and for group phrases.
    public var rules: [RuleDescriptor]
    /// List every finding on its own line instead of grouping them.
    public var listsEach: Bool
    /// The configuration file the check used, relative to the bundle (`../.settings-l10n.json`),
    /// or `nil`: named in the JSON and SARIF reports.
    public var configuration: String?
    /// The bundle and the options every command takes, as the commands the summary suggests
    /// write them, quoted for the shell (`VLC/Settings.bundle --config vlc.json`), or `nil`.
    public var commandArguments: String?
    /// What must happen before the commands the summary suggests change anything
    /// (`Privacy.plist loads`: merge writes nothing while a schema file does not load), or `nil`.
    public var fixesWaitFor: String?
    /// The findings in the schema files that may be why keys look unused
    /// (`Checker.pruneDoubts`): the summary's `--prune` waits for them.
    public var pruneDoubts: [Diagnostic] = []
    /// How many findings of each severity (errors first) `filtered(atLeast:)` left out, and
    /// the severity it kept.
    public private(set) var hidden: (counts: [(severity: Severity, count: Int)], kept: Severity)?
    /// What asked for `hidden`, as the summary names it, or `nil` for `--severity`.
    private var severitySetBy: String?
    /// Whether the run was strict (`--strict`: warnings fail it too): said by the JSON and SARIF
    /// reports, which keep each finding's own severity.
    public var strict = false
    /// How many of the errors are warnings that `failing()` made errors, because they fail the
    /// run under `--strict` (the text and GitHub formats print them as errors).
    public private(set) var strictWarnings = 0

    public init(diagnostics: [Diagnostic], rules: [RuleDescriptor] = [], listsEach: Bool = false) {
        self.diagnostics = diagnostics
        self.rules = rules
        self.listsEach = listsEach
    }

    /// The report with only the findings of `severity` or more serious ones: what is printed,
    /// and what decides the exit status, under `check --severity`.
    /// `setBy`: what asked for it, as the summary names it (`--severity error` by default).
    public func filtered(atLeast severity: Severity, setBy: String? = nil) -> DiagnosticReport {
        var report = self
        report.severitySetBy = setBy
        report.diagnostics = diagnostics.filter { $0.severity >= severity }
        let left = Severity.allCases.reversed().filter { $0 < severity }.map { below in (below, diagnostics.count { $0.severity == below }) }
        report.hidden = (left.filter { $0.1 > 0 }, severity)
        return report
    }

    /// The report as the text and GitHub formats print it: under `strict`, a warning fails the
    /// run, so it is printed as an error (as compilers print warnings under -Werror, and as Xcode
    /// then shows it: red, beside the failed build); the summary says how many were warnings.
    public func failing() -> DiagnosticReport {
        guard strict else { return self }
        var report = self
        var promoted = 0
        report.diagnostics = diagnostics.map { diagnostic in
            guard diagnostic.severity == .warning else { return diagnostic }
            var error = diagnostic
            error.severity = .error
            promoted += 1
            return error
        }
        report.strictWarnings = promoted
        return report
    }

    /// The keys a group names before it says how many more there are.
    public static let keysShown = 5

    /// A line of a grouped report: one finding, or several of one rule in one file.
    public enum Item: Sendable {
        case single(Diagnostic)
        case group(Diagnostic, members: [Diagnostic])
    }

    /// The findings in order, those of one rule about two or more keys of one file (a rule with
    /// a group message) folded into one item at the place of the first, then the items that
    /// say the same in several languages folded into one (see `LanguageFolding`).
    public var items: [Item] {
        if listsEach { return diagnostics.map(Item.single) }
        return LanguageFolding.fold(itemsPerFile, phrases: groupPhrases)
    }

    /// Each rule's group phrase (`{count} strings not translated`), by rule.
    var groupPhrases: [RuleID: String] {
        Dictionary(rules.compactMap { rule in rule.groupMessage.map { (rule.id, $0) } }) { first, _ in first }
    }

    /// The findings in order, those of one rule about two or more keys of one file folded.
    var itemsPerFile: [Item] {
        let phrases = Dictionary(rules.compactMap { rule in rule.groupMessage.map { (rule.id, $0) } }) { first, _ in first }
        if listsEach || phrases.isEmpty { return diagnostics.map(Item.single) }
        let (keys, ruleOfSlot) = groupKeys()
        // Each rule's phrase once, by the rule's number in `keys`.
        let phraseOfSlot = ruleOfSlot.map { phrases[$0] }
        let phraseOf = { (index: Int) in phraseOfSlot[(keys[index] >> 2) & 0x3FFF] }
        var members: [Int: [Int]] = [:]
        for (index, diagnostic) in diagnostics.enumerated() where diagnostic.key != nil && phraseOf(index) != nil {
            members[keys[index], default: []].append(index)
        }
        // The keys of each group, each once (a key defined three times is two duplicate-key
        // findings of one key): a group speaks of two keys or more, else its findings stand alone.
        let distinctKeys = members.mapValues { group in
            var seen: Set<StringsKey> = []
            return group.compactMap { index in diagnostics[index].key.flatMap { seen.insert(StringsKey($0)).inserted ? $0 : nil } }
        }
        var items: [Item] = []
        items.reserveCapacity(diagnostics.count)
        var emitted: Set<Int> = []
        for (index, diagnostic) in diagnostics.enumerated() {
            guard let group = members[keys[index]], let keyNames = distinctKeys[keys[index]], keyNames.count > 1, let phrase = phraseOf(index) else {
                items.append(.single(diagnostic))
                continue
            }
            guard emitted.insert(keys[index]).inserted else { continue }
            let groupMembers = group.map { diagnostics[$0] }
            var shown = keyNames.prefix(Self.keysShown).map(MessageText.quoted).joined(separator: ", ")
            if keyNames.count > Self.keysShown { shown += ", … (+\(keyNames.count - Self.keysShown))" }
            var summary = groupMembers[0]
            summary.message = Self.phrase(phrase, count: keyNames.count) + ": " + shown
            summary.location.key = nil
            items.append(.group(summary, members: groupMembers))
        }
        return items
    }

    /// A group phrase with its count: `113 strings not translated`.
    static func phrase(_ phrase: String, count: Int) -> String {
        phrase.replacingEvery("{count}", with: "\(count)")
    }

    /// For each finding, a number that is the same for findings of one rule at one severity in
    /// one file (file << 16 | rule << 2 | severity), and the rules by their number: files and
    /// rules numbered as they come (findings come file by file, so most files are the
    /// previous one), without hashing a string per finding.
    private func groupKeys() -> (keys: [Int], rules: [RuleID]) {
        var fileSlots: [String: Int] = [:]
        var previousFile: (name: String, slot: Int)?
        var rules: [RuleID] = []
        let keys = diagnostics.map { diagnostic in
            let file = diagnostic.file
            let fileSlot: Int
            if let previousFile, previousFile.name == file {
                fileSlot = previousFile.slot
            } else {
                fileSlot = fileSlots[file] ?? { fileSlots[file] = fileSlots.count; return fileSlots.count - 1 }()
                previousFile = (file, fileSlot)
            }
            let rule = rules.firstIndex(of: diagnostic.rule) ?? { rules.append(diagnostic.rule); return rules.count - 1 }()
            let severity = Severity.allCases.firstIndex(of: diagnostic.severity)!
            return (fileSlot << 16) | (rule << 2) | severity
        }
        return (keys, rules)
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    public var noteCount: Int { diagnostics.count { $0.severity == .note } }

    /// The counts per severity, then per rule, most frequent first: what a person reads last.
    ///
    /// ```
    /// 2 errors, 9,661 warnings, 0 notes
    ///       2 errors    specifier-type-missing
    ///   6,928 warnings  missing-translation
    ///   2,733 warnings  stale-key
    /// ```
    public var summary: String {
        guard !diagnostics.isEmpty else { return "no problems found\n" + hiddenLine }
        var text = strictWarnings > 0
            ? "\(Self.count(errorCount, "error")) (\(Self.count(strictWarnings, "warning")) under --strict), \(Self.count(noteCount, "note"))\n"
            : "\(Self.count(errorCount, "error")), \(Self.count(warningCount, "warning")), \(Self.count(noteCount, "note"))\n"
        // Findings come in runs of one rule: the run's rule is found once, not hashed per finding.
        var tally: [(key: RuleID, value: (count: Int, severity: Severity))] = []
        var slot = -1
        for diagnostic in diagnostics {
            let rule = diagnostic.rule
            if slot < 0 || tally[slot].key != rule {
                slot = tally.firstIndex { $0.key == rule } ?? { tally.append((rule, (0, .note))); return tally.count - 1 }()
            }
            tally[slot].value = (tally[slot].value.count + 1, max(tally[slot].value.severity, diagnostic.severity))
        }
        // Errors first, then the most frequent.
        let rows = tally.sorted { a, b in
            (a.value.severity, a.value.count, b.key) > (b.value.severity, b.value.count, a.key)
        }
        let counts = rows.map { Self.grouped($0.value.count) }
        let nouns = rows.map { $0.value.severity.rawValue + ($0.value.count == 1 ? "" : "s") }
        let countWidth = counts.map(\.count).max() ?? 0, nounWidth = nouns.map(\.count).max() ?? 0
        for (index, row) in rows.enumerated() {
            text += "  " + counts[index].rightAligned(to: countWidth) + " " + nouns[index].padded(to: nounWidth) + "  \(row.key)\n"
        }
        text += fixes
        text += hiddenLine
        return text
    }

    /// What fixes what, from the rules' `fix`: one line per command and kind of finding, most
    /// findings first (`2,733 stale keys are removed by `settings-l10n merge B --prune``).
    var fixes: String {
        let fixOf = Dictionary(rules.compactMap { rule in rule.fix.map { (rule.id, $0) } }) { first, _ in first }
        guard !fixOf.isEmpty else { return "" }
        var tally: [(fix: RuleFix, noun: String, count: Int)] = []
        var previous: (rule: RuleID, severity: Severity, slot: Int?)?
        for diagnostic in diagnostics {
            let slot: Int?
            if let previous, previous.rule == diagnostic.rule, previous.severity == diagnostic.severity {
                slot = previous.slot
            } else if let fix = fixOf[diagnostic.rule] {
                let noun = fix.noun ?? diagnostic.severity.rawValue
                slot = tally.firstIndex { $0.fix.command == fix.command && $0.fix.verb == fix.verb && $0.noun == noun }
                    ?? { tally.append((fix, noun, 0)); return tally.count - 1 }()
            } else {
                slot = nil
            }
            previous = (diagnostic.rule, diagnostic.severity, slot)
            if let slot { tally[slot].count += 1 }
        }
        // While a schema file does not load, merge changes nothing: the file comes first.
        let until = fixesWaitFor.map { " once \($0)" } ?? ""
        // A key may look unused because of the schema's own mistake: pruning waits for it.
        func untilPruned(_ keys: Int) -> String? {
            guard fixesWaitFor == nil, !pruneDoubts.isEmpty else { return nil }
            let one = pruneDoubts.count == 1
            return " once the \(Self.counted(pruneDoubts)) in the schema files \(one ? "is" : "are") fixed: \(one ? "it" : "they") may be why \(keys == 1 ? "the key looks" : "the keys look") unused"
        }
        return tally.enumerated().sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }.map { _, row in
            let waits = row.fix.command.hasSuffix("--prune") ? untilPruned(row.count) ?? until : until
            return "\(Self.count(row.count, row.noun)) \(row.count == 1 ? "is" : "are") \(row.fix.verb) by `\(row.fix.commandLine(arguments: commandArguments))`\(waits)\n"
        }.joined()
    }

    /// The line saying how many findings `--severity` left out.
    private var hiddenLine: String {
        guard let hidden, !hidden.counts.isEmpty else { return "" }
        let counts = hidden.counts.map { Self.count($0.count, $0.severity.rawValue) }.joined(separator: " and ")
        return "\(counts) not shown (\(severitySetBy ?? "--severity \(hidden.kept.rawValue)"))\n"
    }

    /// `2 errors and 1 warning`: the findings counted by severity, errors first.
    package static func counted(_ diagnostics: [Diagnostic]) -> String {
        Severity.allCases.reversed().compactMap { severity in
            let found = diagnostics.count { $0.severity == severity }
            return found > 0 ? count(found, severity.rawValue) : nil
        }.joined(separator: " and ")
    }

    /// `1 error`, `9,661 warnings`: a count with its noun, thousands grouped.
    package static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `9,661`: digits in groups of three.
    package static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var index = digits.count - 3
        while index > (value < 0 ? 1 : 0) {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return digits
    }
}
