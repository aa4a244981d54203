/// How serious a finding is.
public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable, Codable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a finding points: a file of the bundle, and inside it a line, column and key path
/// where the format has them.
public struct SourceLocation: Hashable, Sendable {
    /// The path relative to the bundle folder (`Root.plist`, `de.lproj/Root.strings`).
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The key path inside a schema file (`PreferenceSpecifiers[3].Titles[1]`), or `nil`.
    public var keyPath: String?
    /// The key of a `.strings` table the finding is about (a missing or stale key), or `nil`.
    public var key: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, key: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.key = key
    }

    public init(file: String, position: TextPosition?, keyPath: PlistKeyPath? = nil, key: String? = nil) {
        self.init(file: file, line: position?.line, column: position?.column, keyPath: keyPath?.description, key: key)
    }
}

/// A finding about the bundle: a severity, a stable rule id, a message and a location.
///
/// Its `fingerprint` (rule, file, and key or key path) says which finding it is without line
/// numbers, so baselines and code-scanning tools recognise it after lines move.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    /// The rule that made it (`strings-syntax`).
    public var rule: RuleID
    public var message: String
    public var location: SourceLocation

    public init(_ severity: Severity, rule: RuleID, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
    }
}

extension Diagnostic {
    /// Which finding this is, whatever line it is on: rule, file, and the table key or the key
    /// path (`missing-translation|de.lproj/Root.strings|Sound`).
    public var fingerprint: String {
        "\(rule.rawValue)|\(location.file)|\(location.key ?? location.keyPath ?? "")"
    }
}
