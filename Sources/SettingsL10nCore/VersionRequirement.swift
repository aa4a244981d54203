/// A version of settings-l10n as semantic versioning orders them: `1.2.0`, `1.2` (= `1.2.0`),
/// `1.3.0-beta.1` (before `1.3.0`).
public struct SemanticVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    /// The pre-release identifiers (`beta.1` → `["beta", "1"]`); empty for a release.
    public var preRelease: [String]

    public init(major: Int, minor: Int = 0, patch: Int = 0, preRelease: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.preRelease = preRelease
    }

    /// Reads `1`, `1.2`, `1.2.3` or `1.2.3-beta.1` (a build suffix `+…` is ignored, as semantic
    /// versioning orders versions); `nil` for anything else.
    public init?(_ text: String) {
        var text = Substring(text)
        if let plus = text.firstIndex(of: "+") { text = text[..<plus] }
        var preRelease: [String] = []
        if let dash = text.firstIndex(of: "-") {
            preRelease = text[text.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !preRelease.contains(where: { $0.isEmpty || !$0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }) else { return nil }
            text = text[..<dash]
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        self.init(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0,
                  preRelease: preRelease)
    }

    public var description: String {
        "\(major).\(minor).\(patch)" + (preRelease.isEmpty ? "" : "-" + preRelease.joined(separator: "."))
    }

    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        // A pre-release comes before its release; pre-releases compare identifier by identifier,
        // numbers numerically and before words, a shorter list first when one is the other's start.
        switch (lhs.preRelease.isEmpty, rhs.preRelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (left, right) in zip(lhs.preRelease, rhs.preRelease) where left != right {
            switch (Int(left), Int(right)) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.preRelease.count < rhs.preRelease.count
    }
}

/// What versions of settings-l10n a configuration accepts (its `"requiredVersion"`, as SwiftLint's
/// `required_swiftlint_version`): constraints separated by commas, all of which must hold.
///
/// `1.1.0` or `=1.1.0` is that version only; `>=1.1.0`, `>1.1`, `<=2`, `<2.0.0` compare;
/// `~>1.1` allows 1.1 up to, not including, 2.0 and `~>1.1.2` 1.1.2 up to 1.2 (the pessimistic
/// operator of CocoaPods and Bundler); `^1.2` allows 1.2 up to 2.0 (`^0.3` up to 0.4), as npm.
public struct VersionRequirement: Hashable, Sendable, CustomStringConvertible {
    /// One comparison with a version.
    public struct Constraint: Hashable, Sendable {
        public enum Operator: String, Hashable, Sendable, CaseIterable {
            case equal = "="
            case greaterOrEqual = ">="
            case greater = ">"
            case lessOrEqual = "<="
            case less = "<"
            case pessimistic = "~>"
            case caret = "^"
        }

        public var op: Operator
        public var version: SemanticVersion
        /// How many components the version was written with (`~>1.1` bumps the first of two).
        public var components: Int

        public func isSatisfied(by candidate: SemanticVersion) -> Bool {
            switch op {
            case .equal: candidate == version
            case .greaterOrEqual: candidate >= version
            case .greater: candidate > version
            case .lessOrEqual: candidate <= version
            case .less: candidate < version
            case .pessimistic: candidate >= version && candidate < pessimisticBound
            case .caret: candidate >= version && candidate < caretBound
            }
        }

        /// `~>1.1` → 2.0.0, `~>1.1.2` → 1.2.0, `~>1` → 2.0.0.
        private var pessimisticBound: SemanticVersion {
            components >= 3 ? SemanticVersion(major: version.major, minor: version.minor + 1) : SemanticVersion(major: version.major + 1)
        }

        /// `^1.2.3` → 2.0.0, `^0.2.3` → 0.3.0, `^0.0.3` → 0.0.4.
        private var caretBound: SemanticVersion {
            if version.major > 0 { return SemanticVersion(major: version.major + 1) }
            if version.minor > 0 { return SemanticVersion(major: 0, minor: version.minor + 1) }
            return SemanticVersion(major: 0, minor: 0, patch: version.patch + 1)
        }
    }

    public var constraints: [Constraint]
    /// The requirement as written.
    public var text: String

    /// Reads a requirement (`>=1.1.0`, `>= 1.1, < 2`, `~>1.1`, `1.0.0`); `nil` when it is not one.
    public init?(_ text: String) {
        var constraints: [Constraint] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            var rest = Substring(part.trimmingSpaces)
            // Longest operator first (`>=` before `>`).
            let op = Constraint.Operator.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
                .first { rest.hasPrefix($0.rawValue) }
            if let op { rest = rest.dropFirst(op.rawValue.count) }
            if op == .equal, rest.hasPrefix("=") { rest = rest.dropFirst() }  // `==`
            let written = String(rest.trimmingSpaces)
            guard let version = SemanticVersion(written) else { return nil }
            let components = written.split(separator: "-")[0].split(separator: ".").count
            constraints.append(Constraint(op: op ?? .equal, version: version, components: components))
        }
        guard !constraints.isEmpty else { return nil }
        self.constraints = constraints
        self.text = text
    }

    public func isSatisfied(by version: SemanticVersion) -> Bool {
        constraints.allSatisfy { $0.isSatisfied(by: version) }
    }

    public var description: String { text }
}

private extension StringProtocol {
    var trimmingSpaces: Substring {
        let characters = Substring(self)
        guard let start = characters.firstIndex(where: { $0 != " " }) else { return "" }
        let end = characters.lastIndex(where: { $0 != " " })!
        return characters[start...end]
    }
}
