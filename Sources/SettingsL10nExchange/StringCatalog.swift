import SettingsL10nCore

/// An Xcode String Catalog (`.xcstrings`): JSON with `sourceLanguage`, `version` and
/// `strings`, each string with an optional `comment`, `extractionState`, `shouldTranslate` and
/// `localizations.<lang>.stringUnit {state, value}` (or `variations`, which a `.strings` table
/// cannot hold). The whole document is kept, so that what settings-l10n does not use is
/// written back as it was.
public struct StringCatalog: Hashable, Sendable {
    public var document: JSONValue

    /// One translation of a string: `state` is `translated`, `needs_review` or `new`.
    public struct Unit: Hashable, Sendable {
        public var state: String
        public var value: String

        public init(state: String, value: String) {
            self.state = state
            self.value = value
        }
    }

    /// One string of the catalog, as settings-l10n reads it.
    public struct Entry: Hashable, Sendable {
        public var key: StringsKey
        public var comment: String?
        public var shouldTranslate: Bool
        /// By language tag, the string units (variations are left out; a language in
        /// `varyingLanguages` may still have one, Xcode's plural placeholder, which is no text).
        public var units: [String: Unit]
        /// The languages whose translation varies by plural or device (`variations` or
        /// `substitutions`, with or without a `stringUnit` beside them: Xcode writes a plural
        /// as a unit `%#@count@` and its substitutions), in the document's order.
        public var varyingLanguages: [String] = []
    }

    public init(document: JSONValue) {
        self.document = document
    }

    /// Reads a catalog, checking the parts settings-l10n uses. `forImport` refuses, as XLIFF
    /// import does, a catalog holding a character XML 1.0 does not allow (`\u001b`, `\uffff`):
    /// anywhere in it, like a malformed XLIFF document, so that nothing of it is imported.
    public static func read(_ bytes: [UInt8], limits: ReadLimits = .standard, forImport: Bool = false) throws(SyntaxError) -> StringCatalog {
        try checked(JSONReader.read(bytes, limits: limits, refusesNonXMLCharacters: forImport), bytes: bytes, limits: limits)
    }

    /// Reads a catalog as `read(_:limits:forImport:)` does for an import, with where each
    /// string's key is in the text (for messages about one string).
    public static func readLocated(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError)
        -> (catalog: StringCatalog, positions: [StringsKey: TextPosition]) {
        let (document, positions) = try JSONReader.readRecordingMembers(of: "strings", bytes, limits: limits, refusesNonXMLCharacters: true)
        return (try checked(document, bytes: bytes, limits: limits), positions)
    }

    /// The document as a catalog, or the first problem with the parts settings-l10n reads: a
    /// string whose comment, state or value is not text was skipped before, its translations
    /// left out of an import without a word (Xcode refuses such a catalog too). The line is
    /// the wrong value's, found by reading the text again up to it.
    private static func checked(_ document: JSONValue, bytes: [UInt8], limits: ReadLimits) throws(SyntaxError) -> StringCatalog {
        guard document.members != nil else { throw SyntaxError("a String Catalog is a JSON object") }
        guard document[member: "sourceLanguage"]?.stringValue != nil else {
            throw SyntaxError("a String Catalog needs a \"sourceLanguage\" string")
        }
        guard document[member: "strings"]?.members != nil else {
            throw SyntaxError("a String Catalog needs a \"strings\" object")
        }
        if let problem = versionProblem(document) {
            throw SyntaxError(problem, at: JSONReader.position(of: [.member("version")], in: bytes, limits: limits))
        }
        for (key, value) in document[member: "strings"]!.members! {
            if let problem = shapeProblem(key, value) { throw problem.error(in: bytes, limits: limits) }
        }
        return StringCatalog(document: document)
    }

    /// The catalog format versions Xcode writes (1.1 since Xcode 26).
    public static let knownVersions: Set<String> = ["1.0", "1.1"]

    /// What is wrong with a catalog's `version`, or `nil`: Xcode writes it as a string ("1.0"),
    /// and a version settings-l10n does not know may hold what it would misread, for every
    /// reader alike (import, sync, check --catalog, --fill-from). No version is fine (Xcode
    /// reads such a catalog).
    static func versionProblem(_ document: JSONValue) -> String? {
        guard let version = document[member: "version"] else { return nil }
        guard let text = version.stringValue else {
            return "a String Catalog's \"version\" is a string such as \"1.0\", not \(version.rendered(pretty: false).trimmingLineBreak)"
        }
        guard knownVersions.contains(text) else {
            return "its version is \(MessageText.quoted(text)), which settings-l10n does not know (it knows \(knownVersions.sorted().joined(separator: " and ")))"
        }
        return nil
    }

    /// What is wrong with one string (`"strings" : { key : value }`), in the parts
    /// settings-l10n reads, and where: the path to the wrong value, from the string's.
    struct ShapeProblem {
        var key: String
        var path: [JSONReader.PathComponent]
        var problem: String

        func error(in bytes: [UInt8], limits: ReadLimits) -> SyntaxError {
            let position = JSONReader.position(of: [.member("strings"), .member(key)] + path, in: bytes, limits: limits)
            return SyntaxError("the string \(MessageText.quoted(key)) \(problem)", at: position)
        }
    }

    /// The problem with one string's shape, or `nil`: the string an object; its `comment` and
    /// `extractionState` strings, `shouldTranslate` true or false, `localizations` an object
    /// of objects, and each `stringUnit` an object with a string `state` and `value`. Fields
    /// settings-l10n does not read (`variations`, what a newer Xcode adds) are not judged.
    /// What a localization of a string holds, as Xcode writes it.
    static let localizationMembers = ["stringUnit", "variations", "substitutions"]

    static func shapeProblem(_ key: String, _ value: JSONValue) -> ShapeProblem? {
        func problem(_ path: [JSONReader.PathComponent], _ text: String) -> ShapeProblem { ShapeProblem(key: key, path: path, problem: text) }
        guard value.members != nil else { return problem([], "is not a JSON object") }
        for (field, text) in [("comment", "a comment"), ("extractionState", "an extractionState")] {
            if let member = value[member: field], member.stringValue == nil {
                return problem([.member(field)], "has \(text) that is not a string")
            }
        }
        if let flag = value[member: "shouldTranslate"], flag.boolValue == nil {
            return problem([.member("shouldTranslate")], "has a shouldTranslate that is not true or false")
        }
        guard let localizations = value[member: "localizations"] else { return nil }
        guard let languages = localizations.members else {
            return problem([.member("localizations")], "has localizations that are not a JSON object")
        }
        for (language, localization) in languages {
            let at: [JSONReader.PathComponent] = [.member("localizations"), .member(language)]
            guard localization.members != nil else {
                return problem(at, "has a localization \(MessageText.quoted(language)) that is not a JSON object")
            }
            // A member Xcode's is misspelled as (`stringunit`): its text would be read by no one,
            // and sync would call the catalog up to date.
            for (name, _) in localization.members ?? [] where !localizationMembers.contains(name) {
                if let meant = Suggestion.closest(to: name, in: localizationMembers), localization[member: meant] == nil {
                    return problem(at + [.member(name)], "has \(MessageText.quoted(name)) for \(MessageText.quoted(language)), which Xcode does not read (did you mean \(meant)?), so its text would not ship")
                }
            }
            guard let unit = localization[member: "stringUnit"] else { continue }
            guard unit.members != nil else {
                return problem(at + [.member("stringUnit")], "has a stringUnit for \(MessageText.quoted(language)) that is not a JSON object")
            }
            for field in ["state", "value"] where unit[member: field]?.stringValue == nil {
                let missing = unit[member: field] == nil
                return problem(at + [.member("stringUnit")] + (missing ? [] : [.member(field)]),
                               "has a stringUnit for \(MessageText.quoted(language)) \(missing ? "without a \(field)" : "whose \(field) is not a string")")
            }
        }
        return nil
    }

    /// Whether a language's localization of a string varies by plural or device (`variations`,
    /// or `substitutions` beside a unit `%#@count@`): no one text a `.strings` table can hold.
    static func varies(_ localization: JSONValue) -> Bool {
        localization[member: "variations"] != nil || localization[member: "substitutions"] != nil
    }

    /// The catalog's text, as Xcode writes it.
    public var text: String { XcodeJSON.text(document) }
    /// `text` as UTF-8.
    public var bytes: [UInt8] { XcodeJSON.bytes(document) }

    public var sourceLanguage: String {
        document[member: "sourceLanguage"]?.stringValue ?? "en"
    }

    /// Every string, in the order of the document.
    public var entries: [Entry] {
        var entries: [Entry] = []
        forEachEntry { entries.append($0) }
        return entries
    }

    /// Hands each string to `body`, in the order of the document, one at a time (a large
    /// catalog's entries are not all held at once beside its document).
    public func forEachEntry(_ body: (Entry) -> Void) {
        guard let strings = document[member: "strings"]?.members else { return }
        for (key, value) in strings { body(Self.entry(key, value)) }
    }

    static func entry(_ key: String, _ value: JSONValue) -> Entry {
        var entry = Entry(key: StringsKey(key), comment: nil, shouldTranslate: true, units: [:])
        entry.comment = value[member: "comment"]?.stringValue
        entry.shouldTranslate = value[member: "shouldTranslate"]?.boolValue ?? true
        if let localizations = value[member: "localizations"]?.members {
            for (language, localization) in localizations {
                if varies(localization) { entry.varyingLanguages.append(language) }
                guard let unit = localization[member: "stringUnit"],
                      let state = unit[member: "state"]?.stringValue,
                      let text = unit[member: "value"]?.stringValue else { continue }
                entry.units[language] = Unit(state: state, value: text)
            }
        }
        return entry
    }
}

extension StringCatalog {
    /// The catalog as XLIFF sections for `table`, one per language but the source language, so
    /// that importing it follows every rule of an XLIFF import: `translated` units are written,
    /// `needs_review` ones marked for review, `new` ones and empty values skipped, units whose
    /// source changed rejected. `positions`: where each string's key is in the catalog's text
    /// (`readLocated`), which each of its units' findings names.
    public func xliff(forTable table: String, positions: [StringsKey: TextPosition] = [:]) -> XLIFFDocument {
        let source = sourceLanguage
        // One pass over the entries, each unit into its language's list (languages in order of
        // first appearance): entries x languages was quadratic where each entry has a language
        // of its own.
        var languages: [String] = []
        var units: [String: [XLIFFUnit]] = [:]
        forEachEntry { entry in
            let sourceText = entry.units[source]?.value ?? entry.key.string
            let varying = Set(entry.varyingLanguages)
            for language in Set(entry.units.keys).union(varying).sorted() where language != source {
                if units[language] == nil { languages.append(language) }
                guard let unit = entry.units[language], !varying.contains(language) else {
                    units[language, default: []].append(XLIFFUnit(id: entry.key.string, source: sourceText, position: positions[entry.key],
                                                                  translate: entry.shouldTranslate, varies: true))
                    continue
                }
                let state = switch unit.state {
                case "translated": "translated"
                // Xcode's "new" is a unit not translated yet.
                case "new": "new"
                // needs_review, and a state Xcode does not write (stale, a typo such as
                // Translated): its text, for review, as an XLIFF unit in such a state is.
                default: "needs-review-translation"
                }
                units[language, default: []].append(XLIFFUnit(id: entry.key.string, source: sourceText, target: unit.value,
                                                              state: state, position: positions[entry.key], translate: entry.shouldTranslate))
            }
        }
        let files = languages.map { language in
            XLIFFFile(original: "\(source).lproj/\(table).strings", sourceLanguage: source, targetLanguage: language,
                      units: units[language]!)
        }
        var document = XLIFFDocument(files: files)
        document.isStringCatalog = true
        return document
    }
}

extension StringCatalog {
    /// A translation the catalog holds: into `language`, of the source-language `source`.
    public struct Translation: Hashable, Sendable {
        public var language: String
        public var source: String
        public var value: String
    }

    /// Every translation of a string to translate, `translated` or `needs_review`, with its
    /// source text (the source language's value, else the key).
    public var translations: [Translation] {
        let source = sourceLanguage
        var found: [Translation] = []
        forEachEntry { Self.addTranslations(of: $0, source: source, to: &found) }
        return found
    }

    /// `read(bytes).translations`, with the document never held whole: each string is read,
    /// kept as the few values its translations need, and its tree dropped (`merge --fill-from`
    /// held a tree of 220 MB for an app's catalog of 40 MB on the bench's medium bundle). The
    /// same checks as `read`.
    public static func translations(reading bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError) -> [Translation] {
        // The source language may come after the strings (Xcode writes it first).
        var entries: [Entry] = []
        var firstProblem: ShapeProblem?
        let document = try JSONReader.read(bytes, limits: limits, streamingMembersOf: "strings") { key, value in
            if firstProblem == nil, let problem = shapeProblem(key, value) { firstProblem = problem }
            let entry = Self.entry(key, value)
            if entry.shouldTranslate { entries.append(entry) }
        }
        let source = try checked(document, bytes: bytes, limits: limits).sourceLanguage
        if let firstProblem { throw firstProblem.error(in: bytes, limits: limits) }
        var found: [Translation] = []
        for entry in entries { addTranslations(of: entry, source: source, to: &found) }
        return found
    }

    /// A language whose translation varies (a plural's `%#@count@`) has no one text to give.
    private static func addTranslations(of entry: Entry, source: String, to found: inout [Translation]) {
        guard entry.shouldTranslate, !entry.varyingLanguages.contains(source) else { return }
        let text = entry.units[source]?.value ?? entry.key.string
        for (language, unit) in entry.units.sorted(by: { $0.key < $1.key })
        where language != source && (unit.state == "translated" || unit.state == "needs_review") && !unit.value.isEmpty
            && !entry.varyingLanguages.contains(language) {
            found.append(Translation(language: language, source: text, value: unit.value))
        }
    }
}

extension StringCatalog {
    /// The translations marked `needs_review` of the strings `keys` names, in document order
    /// (languages sorted): what `check` reports like a table's review marks.
    public func unitsNeedingReview(of keys: Set<StringsKey>) -> [(key: StringsKey, language: String)] {
        var found: [(key: StringsKey, language: String)] = []
        forEachEntry { entry in
            guard keys.contains(entry.key) else { return }
            for (language, unit) in entry.units.sorted(by: { $0.key < $1.key }) where unit.state == "needs_review" {
                found.append((entry.key, language))
            }
        }
        return found
    }
}
