/// A configuration entry that silences findings: each field a `*` pattern, each left out
/// matching anything. `key` matches a table key, or the key path of a schema finding; `file`
/// matches the path as diagnostics print it, relative to the bundle.
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
