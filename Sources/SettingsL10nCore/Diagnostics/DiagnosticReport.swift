/// The findings of a check as people read them: findings of one rule about many keys of one
/// table file folded into one group, the others as they are, and a summary.
public struct DiagnosticReport: Sendable {
    /// Every finding, in report order.
    public var diagnostics: [Diagnostic]
    /// The rules that could report, for formats that list them (SARIF) and for group phrases.
    public var rules: [RuleDescriptor]
    /// List every finding on its own line instead of grouping them.
    public var listsEach: Bool

    public init(diagnostics: [Diagnostic], rules: [RuleDescriptor] = [], listsEach: Bool = false) {
        self.diagnostics = diagnostics
        self.rules = rules
        self.listsEach = listsEach
    }

    /// The keys a group names before it says how many more there are.
    public static let keysShown = 5

    /// A line of a grouped report: one finding, or several of one rule in one file.
    public enum Item: Sendable {
        case single(Diagnostic)
        case group(Diagnostic, members: [Diagnostic])
    }

    /// The findings in order, those of one rule about two or more keys of one file (a rule with
    /// a group message) folded into one item at the place of the first.
    public var items: [Item] {
        let phrases = Dictionary(rules.compactMap { rule in rule.groupMessage.map { (rule.id, $0) } }) { first, _ in first }
        if listsEach || phrases.isEmpty { return diagnostics.map(Item.single) }
        var members: [GroupKey: [Diagnostic]] = [:]
        for diagnostic in diagnostics where diagnostic.location.key != nil && phrases[diagnostic.rule] != nil {
            members[GroupKey(diagnostic), default: []].append(diagnostic)
        }
        var items: [Item] = []
        var emitted: Set<GroupKey> = []
        for diagnostic in diagnostics {
            let key = GroupKey(diagnostic)
            guard let group = members[key], group.count > 1, let phrase = phrases[diagnostic.rule] else {
                items.append(.single(diagnostic))
                continue
            }
            guard emitted.insert(key).inserted else { continue }
            let keys = group.compactMap(\.location.key)
            var shown = keys.prefix(Self.keysShown).map(MessageText.quoted).joined(separator: ", ")
            if keys.count > Self.keysShown { shown += ", … (+\(keys.count - Self.keysShown))" }
            var summary = group[0]
            summary.message = phrase.replacingEvery("{count}", with: "\(group.count)") + ": " + shown
            summary.location.key = nil
            items.append(.group(summary, members: group))
        }
        return items
    }

    /// Findings of one rule at one severity in one file.
    private struct GroupKey: Hashable {
        var rule: RuleID
        var severity: Severity
        var file: String

        init(_ diagnostic: Diagnostic) {
            rule = diagnostic.rule
            severity = diagnostic.severity
            file = diagnostic.location.file
        }
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
        guard !diagnostics.isEmpty else { return "no problems found\n" }
        var text = "\(Self.count(errorCount, "error")), \(Self.count(warningCount, "warning")), \(Self.count(noteCount, "note"))\n"
        var byRule: [RuleID: (count: Int, severity: Severity)] = [:]
        for diagnostic in diagnostics {
            let current = byRule[diagnostic.rule]
            byRule[diagnostic.rule] = ((current?.count ?? 0) + 1, max(current?.severity ?? .note, diagnostic.severity))
        }
        // Errors first, then the most frequent.
        let rows = byRule.sorted { a, b in
            (a.value.severity, a.value.count, b.key) > (b.value.severity, b.value.count, a.key)
        }
        let counts = rows.map { Self.grouped($0.value.count) }
        let nouns = rows.map { $0.value.severity.rawValue + ($0.value.count == 1 ? "" : "s") }
        let countWidth = counts.map(\.count).max() ?? 0, nounWidth = nouns.map(\.count).max() ?? 0
        for (index, row) in rows.enumerated() {
            text += "  " + String(repeating: " ", count: countWidth - counts[index].count) + counts[index] + " "
                + nouns[index] + String(repeating: " ", count: nounWidth - nouns[index].count) + "  \(row.key)\n"
        }
        return text
    }

    /// `1 error`, `9,661 warnings`: a count with its noun, thousands grouped.
    package static func count(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `9,661`: digits in groups of three.
    static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var index = digits.count - 3
        while index > (value < 0 ? 1 : 0) {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return digits
    }
}
