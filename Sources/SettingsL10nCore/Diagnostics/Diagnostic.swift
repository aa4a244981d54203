/// How serious a finding is.
public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable, Codable {
    case note
    case warning
    case error

    /// 0 for a note, 1 for a warning, 2 for an error.
    package var rank: Int {
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
    /// `keyPath` with the specifier named by what it is instead of its position
    /// (`PreferenceSpecifiers[Key=sound].Title`, see `SpecifierAnchor`): what fingerprints use.
    public var anchor: String?

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

    /// Locations are the same place whether or not their anchor was derived yet (the anchor is
    /// a name for `keyPath`, not another place).
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.keyPath, lhs.key) == (rhs.file, rhs.line, rhs.column, rhs.keyPath, rhs.key)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(keyPath)
        hasher.combine(key)
    }
}

/// A finding about the bundle: a severity, a stable rule id, a message and a location.
///
/// Its `fingerprint` (rule, file, and key or key path) says which finding it is without line
/// numbers, so baselines and code-scanning tools recognise it after lines move.
///
/// Its fields live in one copy-on-write box: a check of a large bundle moves a hundred thousand
/// findings from the rules' threads through sorting, grouping and formatting, and a copy is then
/// one reference instead of four strings.
public struct Diagnostic: Hashable, Sendable {
    private final class Storage: @unchecked Sendable {
        var severity: Severity
        var rule: RuleID
        var message: String
        var location: SourceLocation

        init(severity: Severity, rule: RuleID, message: String, location: SourceLocation) {
            self.severity = severity
            self.rule = rule
            self.message = message
            self.location = location
        }
    }

    private var storage: Storage

    /// The box, copied first when another diagnostic shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(severity: storage.severity, rule: storage.rule, message: storage.message, location: storage.location)
            }
            return storage
        }
    }

    public var severity: Severity {
        get { storage.severity }
        set { unique.severity = newValue }
    }
    /// The rule that made it (`strings-syntax`).
    public var rule: RuleID {
        get { storage.rule }
        set { unique.rule = newValue }
    }
    public var message: String {
        get { storage.message }
        set { unique.message = newValue }
    }
    public var location: SourceLocation {
        get { storage.location }
        set { unique.location = newValue }
    }

    /// `location.file`, `location.line` and `location.column`, read without copying the
    /// location (sorting reads them for every diagnostic).
    public var file: String { storage.location.file }
    public var line: Int? { storage.location.line }
    public var column: Int? { storage.location.column }
    /// `location.key`: the key of a `.strings` table the finding is about, if any.
    public var key: String? { storage.location.key }

    public init(_ severity: Severity, rule: RuleID, _ message: String, at location: SourceLocation) {
        storage = Storage(severity: severity, rule: rule, message: message, location: location)
    }

    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.severity == rhs.severity && lhs.rule == rhs.rule && lhs.message == rhs.message && lhs.location == rhs.location)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(rule)
        hasher.combine(message)
        hasher.combine(location)
    }
}

extension Diagnostic {
    /// Which finding this is, whatever line it is on and whatever rows were inserted above it:
    /// rule, file, and the table key or the specifier's anchor
    /// (`missing-translation|de.lproj/Root.strings|Sound`,
    /// `specifier-type-missing|Root.plist|PreferenceSpecifiers[Title=Sound]`), as baselines of
    /// the current version name it (`|` and `\` in the file escaped with `\`, the anchor escaped
    /// by `SpecifierAnchor`). What SARIF's partial fingerprint holds.
    public var fingerprint: String {
        Self.fingerprint(rule: rule.rawValue, file: location.file, subject: location.key ?? location.anchor ?? location.keyPath,
                         version: Baseline.currentVersion)
    }

    /// The fingerprint of a finding in a baseline of `version` (2 or later): rule, file and the
    /// key or anchor, joined by `|`; from version 3 on with the file's `|` and `\` escaped, so
    /// that where the file ends is known.
    static func fingerprint(rule: String, file: String, subject: String?, version: Int) -> String {
        guard version >= 3, file.utf8.contains(where: { $0 == 0x7C || $0 == 0x5C }) else { return rule + "|" + file + "|" + (subject ?? "") }
        var escaped = ""
        for scalar in file.unicodeScalars {
            if scalar == "|" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return rule + "|" + escaped + "|" + (subject ?? "")
    }

    /// The fingerprint of version 1 baselines: the key path by position.
    public var positionalFingerprint: String {
        "\(rule.rawValue)|\(location.file)|\(location.key ?? location.keyPath ?? "")"
    }
}
