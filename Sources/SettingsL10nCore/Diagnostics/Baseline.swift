/// The findings a project accepted on a given day, so that `check` reports only what is new.
///
/// Findings are told apart by their fingerprint (rule, file, and table key or the specifier's
/// anchor), never by line or by a specifier's position, so a baseline survives lines moving and
/// rows inserted, removed or reordered. The file is JSON, sorted by file, rule and key, one
/// finding per line of text, so that it diffs well in review:
///
/// ```json
/// {
///   "version": 3,
///   "findings": [
///     { "rule": "missing-translation", "file": "de.lproj/Root.strings", "key": "Account" },
///     { "rule": "key-ignored", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[Key=sound].Title", "count": 2 }
///   ]
/// }
/// ```
///
/// Version 1 named a schema finding's specifier by its position (`PreferenceSpecifiers[3]`);
/// such a baseline is still read and compared by position (`isPositional`). Version 2 named it
/// by an anchor that did not escape what it quoted (the second row keyed `sound` and a row
/// keyed `sound #2` were one); such a baseline is still read and compared by its own anchors.
public struct Baseline: Hashable, Sendable {
    /// One accepted finding, and how many findings with its fingerprint were accepted.
    public struct Entry: Hashable, Sendable, Comparable {
        public var rule: String
        public var file: String
        public var key: String?
        public var keyPath: String?
        public var count: Int

        /// The fingerprint of the findings it accepts in a baseline of `version` (in version 1,
        /// their positional one).
        func fingerprint(version: Int) -> String {
            version < 2 ? "\(rule)|\(file)|\(key ?? keyPath ?? "")"
                : Diagnostic.fingerprint(rule: rule, file: file, subject: key ?? keyPath, version: version)
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.key ?? lhs.keyPath ?? "") < (rhs.file, rhs.rule, rhs.key ?? rhs.keyPath ?? "")
        }
    }

    /// The accepted findings, sorted.
    public var entries: [Entry]

    /// The version written today: schema findings by their specifier's escaped anchor.
    public static let currentVersion = 3

    /// The file's version: 1 names schema findings by position, 2 by anchor, 3 by escaped anchor.
    public var version: Int

    /// Whether the baseline names specifiers by position (version 1): inserting a row above a
    /// finding makes it new again. Writing the baseline again fixes that.
    public var isPositional: Bool { version < 2 }

    /// The largest baseline read.
    public static let maximumSize = 64 << 20

    /// The baseline of `diagnostics`: one entry per fingerprint, with its count.
    public init(_ diagnostics: [Diagnostic]) {
        // Fingerprints hold keys: told apart by code units, as the device tells keys apart.
        var entries: [StringsKey: Entry] = [:]
        for diagnostic in diagnostics {
            let location = diagnostic.location
            entries[StringsKey(diagnostic.fingerprint), default: Entry(rule: diagnostic.rule.rawValue, file: location.file, key: location.key,
                                                           keyPath: location.key == nil ? location.anchor ?? location.keyPath : nil,
                                                           count: 0)].count += 1
        }
        self.entries = entries.values.sorted()
        self.version = Self.currentVersion
    }

    init(entries: [Entry], version: Int = currentVersion) {
        self.entries = entries.sorted()
        self.version = version
    }

    /// The findings that are new against the baseline (for each fingerprint, those beyond the
    /// number the baseline accepted, in report order), and how many accepted findings no longer
    /// occur.
    /// - Parameter schemaFiles: the bundle's schema files, from which a version 2 baseline's
    ///   anchors are derived again (the findings carry the current version's).
    /// `checked`: whether the findings of a file (as an entry names it) were looked for; the
    /// entries of one that was not (another language's table under `check --locale`) are not
    /// fixed, only unknown.
    public func compare(_ diagnostics: [Diagnostic], schemaFiles: [SchemaFile] = [],
                        checked: (String) -> Bool = { _ in true }) -> (new: [Diagnostic], fixed: Int) {
        // Counts come from a file: added without overflow (a count past Int.max is as good as
        // Int.max here).
        func sum(_ a: Int, _ b: Int) -> Int {
            let (total, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : total
        }
        var remaining: [StringsKey: Int] = [:]
        var unchecked: Set<StringsKey> = []
        for entry in entries {
            let fingerprint = StringsKey(entry.fingerprint(version: version))
            remaining[fingerprint] = sum(remaining[fingerprint] ?? 0, entry.count)
            if !checked(entry.file) { unchecked.insert(fingerprint) }
        }
        let fingerprints: [String] = switch version {
        case 1: diagnostics.map(\.positionalFingerprint)
        case 2: SpecifierAnchor.annotate(diagnostics, schemaFiles: schemaFiles, version: 2).map {
                Diagnostic.fingerprint(rule: $0.rule.rawValue, file: $0.file, subject: $0.location.key ?? $0.location.anchor ?? $0.location.keyPath, version: 2)
            }
        default: diagnostics.map(\.fingerprint)
        }
        var new: [Diagnostic] = []
        for (diagnostic, text) in zip(diagnostics, fingerprints) {
            let fingerprint = StringsKey(text)
            if let left = remaining[fingerprint], left > 0 {
                remaining[fingerprint] = left - 1
            } else {
                new.append(diagnostic)
            }
        }
        return (new, remaining.filter { !unchecked.contains($0.key) }.values.reduce(0, sum))
    }

    /// The baseline file's text.
    public var json: String {
        var text = "{\n  \"version\": \(version),\n  \"findings\": ["
        for (index, entry) in entries.enumerated() {
            var fields = ["\"rule\": " + Self.quoted(entry.rule), "\"file\": " + Self.quoted(entry.file)]
            if let key = entry.key {
                fields.append("\"key\": " + Self.quoted(key))
            } else if let keyPath = entry.keyPath {
                fields.append("\"keyPath\": " + Self.quoted(keyPath))
            }
            if entry.count != 1 { fields.append("\"count\": \(entry.count)") }
            text += (index == 0 ? "\n    " : ",\n    ") + "{ " + fields.joined(separator: ", ") + " }"
        }
        return text + (entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// `text` as a JSON string literal.
    private static func quoted(_ text: String) -> String {
        var writer = JSONWriter(pretty: false)
        writer.string(text)
        return writer.fragment()
    }

    /// Reads a baseline file.
    /// - Throws: `SyntaxError` saying what is wrong, and where.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Baseline {
        guard bytes.count <= maximumSize else {
            throw SyntaxError("the baseline is \(bytes.count) bytes, more than the limit of \(maximumSize)")
        }
        let root: JSONValue
        do {
            root = try JSONReader.read(bytes)
        } catch {
            throw SyntaxError("not valid JSON: \(error.description)")
        }
        // A value of the wrong type is refused where it is, never read as absent or as 1.
        // A member that is not there is pointed at through the object that lacks it.
        func refusal(_ message: String, at path: [JSONReader.PathComponent]) -> SyntaxError {
            var path = path
            var position = JSONReader.position(of: path, in: bytes)
            while position == nil, !path.isEmpty {
                path.removeLast()
                position = JSONReader.position(of: path, in: bytes)
            }
            return SyntaxError(message, at: position)
        }
        guard root.members != nil else {
            throw refusal("a baseline is a JSON object with \"version\" and \"findings\"", at: [])
        }
        guard let version = root[member: "version"]?.intValue, (1...currentVersion).contains(version) else {
            throw refusal("this baseline's version is not 1, 2 or 3", at: [.member("version")])
        }
        guard let findings = root[member: "findings"]?.arrayValue else {
            throw refusal("\"findings\" must be an array of objects with \"rule\" and \"file\"", at: [.member("findings")])
        }
        var entries: [Entry] = []
        entries.reserveCapacity(findings.count)
        for (index, finding) in findings.enumerated() {
            let path: [JSONReader.PathComponent] = [.member("findings"), .element(index)]
            guard finding.members != nil else {
                throw refusal("findings[\(index)] must be an object with \"rule\" and \"file\", not \(Self.describe(finding))", at: path)
            }
            var fields: [String: String] = [:]
            for name in ["rule", "file", "key", "keyPath"] {
                guard let value = finding[member: name] else { continue }
                guard let text = value.stringValue else {
                    throw refusal("findings[\(index)].\(name) must be a string, not \(Self.describe(value))", at: path + [.member(name)])
                }
                fields[name] = text
            }
            guard let rule = fields["rule"], let file = fields["file"] else {
                throw refusal("findings[\(index)] has no \"rule\" or no \"file\"", at: path)
            }
            var count = 1
            if let value = finding[member: "count"] {
                guard let number = value.intValue, number > 0 else {
                    throw refusal("findings[\(index)].count must be a positive whole number, not \(Self.describe(value))", at: path + [.member("count")])
                }
                count = number
            }
            entries.append(Entry(rule: rule, file: file, key: fields["key"], keyPath: fields["keyPath"], count: count))
        }
        return Baseline(entries: entries, version: version)
    }

    /// What a JSON value is, for a message: `a string ("lots")`, `true`, `1.5`, `an object`.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): "\(number)"
        case .number(let number, let literal): literal ?? "\(number)"
        case .string(let text): "a string (\(MessageText.quoted(text)))"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
