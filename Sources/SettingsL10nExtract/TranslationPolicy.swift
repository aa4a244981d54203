import SettingsL10nCore

/// What counts as translated: one definition for `status`, `check`'s `missing-translation`,
/// the HTML previews' percentages and the XLIFF and String Catalog exports, built from the
/// configuration.
///
/// - A string needs no translation when its key has no letter ("1.5", "100 %", "—"), a
///   `doNotTranslate` pattern names it, or it is only ever an address InAppSettingsKit opens
///   written as one (`https://…`, `about.html`): it counts as translated in every language.
/// - A string that needs one is translated by a table entry with a value that neither waits
///   for review nor is the source text `merge --fill source` put there.
/// - Keys the configuration's `keep` names are read by the app itself: never stale.
public struct TranslationPolicy: Hashable, Sendable {
    /// Keys (exact, or `*` patterns) whose strings read the same in every language.
    public let doNotTranslate: [GlobPattern]
    /// Keys (exact, or `*` patterns) the app reads from its tables itself.
    public let keep: [GlobPattern]
    private let doNotTranslateSet: GlobPatternSet
    private let keepSet: GlobPatternSet

    public init(doNotTranslate: [GlobPattern] = [], keep: [GlobPattern] = []) {
        self.doNotTranslate = doNotTranslate
        self.keep = keep
        doNotTranslateSet = GlobPatternSet(doNotTranslate)
        keepSet = GlobPatternSet(keep)
    }

    public static func == (lhs: TranslationPolicy, rhs: TranslationPolicy) -> Bool {
        lhs.doNotTranslate == rhs.doNotTranslate && lhs.keep == rhs.keep
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(doNotTranslate)
        hasher.combine(keep)
    }

    /// The place in `doNotTranslate` of the first pattern that names `key`, or `nil`.
    public func doNotTranslatePattern(naming key: StringsKey) -> Int? {
        doNotTranslateSet.isEmpty ? nil : doNotTranslateSet.firstMatch(key.string)
    }

    /// Whether the string of `key` needs a translation: it has a letter, and no
    /// `doNotTranslate` pattern names it.
    public func needsTranslation(_ key: StringsKey) -> Bool {
        Self.hasLetter(key.string) && doNotTranslatePattern(naming: key) == nil
    }

    /// Whether the app reads `key` itself (`keep`): such a key is never stale.
    public func isKept(_ key: StringsKey) -> Bool {
        !keepSet.isEmpty && keepSet.matchesAny(key.string)
    }

    /// Where a string stands in one language's table.
    public enum State: String, Hashable, Sendable {
        /// It reads the same in every language.
        case notNeeded
        /// The table has a translation.
        case translated
        /// The table has a translation waiting for review (fuzzy).
        case needsReview
        /// The table holds the source text `merge --fill source` put there.
        case sourceText
        /// The table has no value for it.
        case missing

        /// Whether the string counts as done: translated, or needing no translation.
        public var isDone: Bool { self == .translated || self == .notNeeded }
    }

    /// The state of a string that needs a translation or not (`needsTranslation`, as the
    /// catalog records it from this policy), given the entry of a non-development table: its
    /// value (`nil` when there is no entry), whether it waits for review, and whether it is the
    /// source text `merge --fill source` put there.
    public static func state(needsTranslation: Bool, hasValue: Bool, needsReview: Bool = false, isSourceText: Bool = false) -> State {
        if !needsTranslation { return .notNeeded }
        if !hasValue { return .missing }
        if isSourceText { return .sourceText }
        return needsReview ? .needsReview : .translated
    }

    /// Whether the string is only ever the address a row opens (`File`: InAppSettingsKit looks it
    /// up, so an app may give a language its own) and is written as an address: a URL with its
    /// scheme (`https://…`, `app-settings:`) or a path or file name (`about.html`), without
    /// spaces. It opens the same in every language unless a table says otherwise; a symbolic key
    /// (`LOCALIZED_URL`) needs its table's text.
    public static func isAddress(_ string: LocalizableString) -> Bool {
        guard !string.occurrences.isEmpty, string.occurrences.allSatisfy({ $0.field == .file }) else { return false }
        let key = string.key.string
        guard !key.isEmpty, !key.unicodeScalars.contains(where: \.properties.isWhitespace) else { return false }
        let scalars = Array(key.unicodeScalars)
        // A scheme: an ASCII letter, then letters, digits, +, - or ., then a colon.
        let isScheme = { (scalar: Unicode.Scalar) in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))
        }
        if let colon = scalars.firstIndex(of: ":"), colon > 0, scalars[0].isASCII, scalars[0].properties.isAlphabetic,
           scalars[1..<colon].allSatisfy(isScheme) {
            return true
        }
        return key.contains("/") || key.split(separator: ".").count > 1
    }

    /// Whether the text has a letter of any script: without one ("1.5", "100 %", "—") it reads
    /// the same in every language.
    public static func hasLetter(_ text: String) -> Bool {
        // ASCII first (most keys): a Latin letter settles it; all ASCII without one has none.
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { return true }
        }
        if isASCII { return false }
        return text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
            default: false
            }
        }
    }
}
