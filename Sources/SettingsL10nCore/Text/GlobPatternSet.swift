/// A list of `GlobPattern`s asked which of them match a string, in time that does not grow with
/// the number of literal patterns: those without `*` are found through a hash of their text,
/// only the others are tried one by one (25,000 ignored keys against 20,000 findings were half a
/// billion comparisons).
public struct GlobPatternSet: Hashable, Sendable {
    /// The patterns, in the order given.
    public let patterns: [GlobPattern]
    /// The indices of the literal patterns, by their text (compared by code units, as patterns
    /// match: see `StringsKey`).
    private let literal: [StringsKey: [Int]]
    /// The indices of the patterns with a `*`, in order.
    private let wildcards: [Int]

    public init(_ patterns: [GlobPattern]) {
        self.patterns = patterns
        var literal: [StringsKey: [Int]] = [:]
        var wildcards: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            if pattern.isLiteral {
                literal[StringsKey(pattern.text), default: []].append(index)
            } else {
                wildcards.append(index)
            }
        }
        self.literal = literal
        self.wildcards = wildcards
    }

    public var isEmpty: Bool { patterns.isEmpty }

    /// The indices of the patterns that match `string`, in order.
    public func matching(_ string: String) -> [Int] {
        let exact = literal[StringsKey(string)] ?? []
        let others = wildcards.filter { patterns[$0].matches(string) }
        if others.isEmpty { return exact }
        if exact.isEmpty { return others }
        return (exact + others).sorted()
    }

    /// The index of the first pattern that matches `string`, or `nil`.
    public func firstMatch(_ string: String) -> Int? {
        let exact = literal[StringsKey(string)]?.first
        let limit = exact ?? Int.max
        return wildcards.lazy.prefix { $0 < limit }.first { patterns[$0].matches(string) } ?? exact
    }

    /// Whether a pattern matches `string`.
    public func matchesAny(_ string: String) -> Bool { firstMatch(string) != nil }
}

extension GlobPattern {
    /// Whether the pattern has no `*`: it matches its text only.
    public var isLiteral: Bool { !text.utf8.contains(UInt8(ascii: "*")) }
}
