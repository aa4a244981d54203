/// The findings a project accepted on a given day, so that `check` reports only what is new.
///
/// Findings are told apart by their fingerprint (rule, file, and table key or the specifier's
/// anchor), never by line or by a specifier's position, so a baseline survives lines moving and
/// rows inserted, removed or reordered. The file is JSON, sorted by file, rule and key, one
/// finding per line of text, so that it diffs well in review:
///
/// ```json
/// {
///   "version": 2,
///   "findings": [
///     { "rule": "missing-translation", "file": "de.lproj/Root.strings", "key": "Account" },
///     { "rule": "key-ignored", "file": "Root.plist", "keyPath": "PreferenceSpecifiers[Key=sound].Title", "count": 2 }
///   ]
/// }
/// ```
///
/// Version 1 named a schema finding's specifier by its position (`PreferenceSpecifiers[3]`);
/// such a baseline is still read and compared by position (`isPositional`).
public struct Baseline: Hashable, Sendable {
    /// One accepted finding, and how many findings with its fingerprint were accepted.
    public struct Entry: Hashable, Sendable, Comparable {
        public var rule: String
        public var file: String
        public var key: String?
        public var keyPath: String?
        public var count: Int

        /// The fingerprint of the findings it accepts (in a version 1 baseline, their positional one).
        var fingerprint: String { "\(rule)|\(file)|\(key ?? keyPath ?? "")" }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.key ?? lhs.keyPath ?? "") < (rhs.file, rhs.rule, rhs.key ?? rhs.keyPath ?? "")
        }
    }

    /// The accepted findings, sorted.
    public var entries: [Entry]

    /// The version written today: schema findings by their specifier's anchor.
    public static let currentVersion = 2

    /// The file's version: 1 names schema findings by position, 2 by anchor.
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
    public func compare(_ diagnostics: [Diagnostic]) -> (new: [Diagnostic], fixed: Int) {
        // Counts come from a file: added without overflow (a count past Int.max is as good as
        // Int.max here).
        func sum(_ a: Int, _ b: Int) -> Int {
            let (total, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : total
        }
        var remaining: [StringsKey: Int] = [:]
        for entry in entries { remaining[StringsKey(entry.fingerprint)] = sum(remaining[StringsKey(entry.fingerprint)] ?? 0, entry.count) }
        var new: [Diagnostic] = []
        let positional = isPositional
        for diagnostic in diagnostics {
            let fingerprint = StringsKey(positional ? diagnostic.positionalFingerprint : diagnostic.fingerprint)
            if let left = remaining[fingerprint], left > 0 {
                remaining[fingerprint] = left - 1
            } else {
                new.append(diagnostic)
            }
        }
        return (new, remaining.values.reduce(0, sum))
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
    /// - Throws: `SyntaxError` saying what is wrong.
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
        guard root.members != nil else {
            throw SyntaxError("a baseline is a JSON object with \"version\" and \"findings\"")
        }
        guard let version = root[member: "version"]?.intValue, (1...currentVersion).contains(version) else {
            throw SyntaxError("this baseline's version is not 1 or 2; write it again with check --write-baseline")
        }
        guard let findings = root[member: "findings"]?.arrayValue, findings.allSatisfy({ $0.members != nil }) else {
            throw SyntaxError("\"findings\" must be an array of objects with \"rule\" and \"file\"")
        }
        var entries: [Entry] = []
        for (index, finding) in findings.enumerated() {
            guard let rule = finding[member: "rule"]?.stringValue, let file = finding[member: "file"]?.stringValue else {
                throw SyntaxError("findings[\(index)] has no \"rule\" or no \"file\"")
            }
            let count = finding[member: "count"]?.intValue ?? 1
            guard count > 0 else { throw SyntaxError("findings[\(index)].count must be a positive number") }
            entries.append(Entry(rule: rule, file: file, key: finding[member: "key"]?.stringValue,
                                 keyPath: finding[member: "keyPath"]?.stringValue, count: count))
        }
        return Baseline(entries: entries, version: version)
    }
}
