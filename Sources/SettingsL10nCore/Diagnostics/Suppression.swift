/// A configuration entry that silences findings: each field a `*` pattern, each left out
/// matching anything. `key` matches a table key, or the key path of a schema finding; `file`
/// matches the file's path relative to the bundle (`es.lproj/Root.strings`; diagnostics print it
/// after the bundle's path as given).
public struct Suppression: Hashable, Sendable, CustomStringConvertible {
    public var rule: GlobPattern?
    public var file: GlobPattern?
    public var key: GlobPattern?

    public init(rule: GlobPattern? = nil, file: GlobPattern? = nil, key: GlobPattern? = nil) {
        self.rule = rule
        self.file = file
        self.key = key
    }

    public func matches(_ diagnostic: Diagnostic) -> Bool {
        if let rule, !rule.matches(diagnostic.rule.rawValue) { return false }
        if let file, !file.matches(diagnostic.location.file) { return false }
        if let key {
            guard let subject = diagnostic.location.key ?? diagnostic.location.keyPath, key.matches(subject) else { return false }
        }
        return true
    }

    /// `{"rule": "missing-translation", "file": "ar.lproj/*"}`, as the configuration spells it.
    public var description: String {
        let fields = [("rule", rule), ("file", file), ("key", key)].compactMap { name, pattern in
            pattern.map { "\"\(name)\": \(StringsWriting.quoted($0.text))" }
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

/// An `ignore` list asked which entries match a finding, in time that does not grow with the
/// number of entries naming a literal key: those are found through a hash of the key, only the
/// others are tried one by one.
public struct SuppressionSet: Hashable, Sendable {
    /// The entries, in the order given.
    public let entries: [Suppression]
    /// The indices of the entries whose `key` has no `*`, by that key.
    private let byKey: [StringsKey: [Int]]
    /// The indices of the other entries, in order.
    private let others: [Int]

    public init(_ entries: [Suppression]) {
        self.entries = entries
        var byKey: [StringsKey: [Int]] = [:]
        var others: [Int] = []
        for (index, entry) in entries.enumerated() {
            if let key = entry.key, key.isLiteral {
                byKey[StringsKey(key.text), default: []].append(index)
            } else {
                others.append(index)
            }
        }
        self.byKey = byKey
        self.others = others
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The indices of the entries that match `diagnostic`, in order.
    public func matching(_ diagnostic: Diagnostic) -> [Int] {
        let subject = diagnostic.location.key ?? diagnostic.location.keyPath
        let candidates = subject.flatMap { byKey[StringsKey($0)] } ?? []
        let exact = candidates.filter { entries[$0].matches(diagnostic) }
        let rest = others.filter { entries[$0].matches(diagnostic) }
        if rest.isEmpty { return exact }
        if exact.isEmpty { return rest }
        return (exact + rest).sorted()
    }

    /// Whether an entry matches `diagnostic`.
    public func matchesAny(_ diagnostic: Diagnostic) -> Bool {
        let subject = diagnostic.location.key ?? diagnostic.location.keyPath
        if let candidates = subject.flatMap({ byKey[StringsKey($0)] }), candidates.contains(where: { entries[$0].matches(diagnostic) }) { return true }
        return others.contains { entries[$0].matches(diagnostic) }
    }
}
