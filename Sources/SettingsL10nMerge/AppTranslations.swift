import SettingsL10nCore

/// Translations an app already has (its String Catalog, or its `.lproj` tables), by language
/// and source text: where `merge --fill-from` finds the words a Settings pane needs
/// ("Password", "Notifications") already translated.
public struct AppTranslations: Hashable, Sendable {
    /// Equal when every text gives the same translation in every language (however they were
    /// filed), with the same languages, folders and wanted texts.
    public static func == (lhs: AppTranslations, rhs: AppTranslations) -> Bool {
        func resolved<Key>(_ tables: [String: [Key: Int32]], _ of: AppTranslations) -> [String: [Key: Translation?]] {
            tables.mapValues { $0.mapValues { $0 < 0 ? nil : of.translation($0) } }
        }
        return lhs.spellings == rhs.spellings && lhs.languageOfFolder == rhs.languageOfFolder && lhs.matched == rhs.matched
            && lhs.wanted == rhs.wanted && lhs.offered == rhs.offered && lhs.refused == rhs.refused
            && resolved(lhs.exact, lhs) == resolved(rhs.exact, rhs) && resolved(lhs.loose, lhs) == resolved(rhs.loose, rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(spellings)
        hasher.combine(offered)
        hasher.combine(count)
    }

    /// A translation, and where it came from (`Localizable.xcstrings`, `de.lproj/Main.strings`).
    public struct Translation: Hashable, Sendable {
        public var value: String
        public var origin: String
        /// The app's source text it translates (`Version:`).
        var source: String = ""
    }

    /// Every translation filed, once (a text's exact and loose tables name the same one): its
    /// value, its source text and its origin's number. A table's entry is a number, not a copy of
    /// three strings: the bench's medium app catalog (505,520 translations) held 168 MB in its
    /// two tables of translations.
    private var values: [String] = []
    private var sources: [String] = []
    private var originOf: [Int32] = []
    private var origins: [String] = []
    private var originNumbers: [String: Int32] = [:]
    /// By language (lower-cased BCP 47), by source text: the translation's number; -1 where the
    /// app translates the same text in two ways, which leaves the choice to a translator. Texts
    /// compared as keys are, by code units: an NFD `Café` is not the exact text of an NFC one.
    private var exact: [String: [StringsKey: Int32]] = [:]
    /// The same, by source text without case and trailing punctuation (and, as `String`s, one
    /// for every canonically equivalent spelling: a loose match).
    private var loose: [String: [String: Int32]] = [:]
    /// Each language as the app first spelled it (`zh-Hans`), by its key.
    private var spellings: [String: String] = [:]
    /// The app's language that fills each `.lproj` folder, by folder name, where it was chosen
    /// by matching (`assign(_:)`); other folders take the language of the same tag.
    private var languageOfFolder: [String: String] = [:]
    /// The only source texts whose translations are kept (`init(wanting:)`), and the same texts
    /// without case and trailing punctuation; `nil` keeps every text.
    private var wanted: Wanted?
    private struct Wanted: Hashable, Sendable {
        var exact: Set<StringsKey>
        var loose: Set<String>
    }
    /// How many translations were offered (`add`), kept or not.
    public private(set) var offered = 0

    /// A wanted translation not taken: it holds a character XML 1.0 does not allow (a control
    /// character but tab and line breaks, U+FFFE, U+FFFF), which no table receives from outside
    /// (import and sync refuse a document holding one) and no export could carry.
    public struct Refused: Hashable, Sendable {
        /// The language as the app spells it, the source text, and where it came from.
        public var language: String
        public var source: String
        public var origin: String
        /// The first such character.
        public var character: Unicode.Scalar

        /// Why it is not taken, for a message: `a control character (U+001B)`.
        public var reason: String {
            XMLScanner.describeRefused(character.value)
        }
    }
    /// The wanted translations not taken, in the order they were offered.
    public private(set) var refused: [Refused] = []
    /// Where each is in `refused`, by language key, by source text (exact) and by its loose key:
    /// the first refused for each.
    private var refusedExact: [String: [StringsKey: Int]] = [:]
    private var refusedLoose: [String: [String: Int]] = [:]

    public init() {}

    /// Translations of `sources` only (exactly, or without case and trailing punctuation): the
    /// texts a merge may look up (`Merger.fillSourceTexts`). An app's catalogs hold hundreds of
    /// thousands of translations, of which a Settings bundle asks for a few thousand: keeping
    /// every one held 4.6 times the catalogs' bytes on the bench's medium bundle. A text of
    /// `sources` finds what it would find among every translation; every language offered is
    /// known, whether or not it translates one of them.
    public init(wanting sources: Set<StringsKey>) {
        wanted = Wanted(exact: sources, loose: Set(sources.map { Self.looseKey($0.string) }))
    }

    /// Whether `add` would keep a translation of `source`: its text, or its loose key, is wanted.
    public func wants(_ source: String) -> Bool {
        guard let wanted else { return true }
        return wanted.exact.contains(StringsKey(source)) || wanted.loose.contains(Self.looseKey(source))
    }

    /// Adds the app's translation of `source` into `language` (a tag or a folder name).
    public mutating func add(language: String, source: String, value: String, origin: String) {
        guard !value.isEmpty, !source.isEmpty else { return }
        offered += 1
        let tag = Self.languageKey(language)
        if spellings[tag] == nil { spellings[tag] = language }
        var exactTable = exact.removeValue(forKey: tag) ?? [:]
        var looseTable = loose.removeValue(forKey: tag) ?? [:]
        insert(value: value, source: source, origin: number(of: origin), tag: tag, exact: &exactTable, loose: &looseTable)
        exact[tag] = exactTable
        loose[tag] = looseTable
    }

    /// The number of an origin, given it the first time.
    private mutating func number(of origin: String) -> Int32 {
        if let last = origins.last, last == origin { return Int32(origins.count - 1) }
        if let known = originNumbers[origin] { return known }
        origins.append(origin)
        originNumbers[origin] = Int32(origins.count - 1)
        return Int32(origins.count - 1)
    }

    /// Adds the translations of one origin (a String Catalog) as `add(language:source:value:origin:)`
    /// would one by one, in order, with each language's key worked out once (a BCP 47 parse a
    /// translation was a tenth of `merge --fill-from`) and its tables taken out, sized once
    /// when new, filled and put back.
    public mutating func add(_ translations: [(language: String, source: String, value: String)], origin: String) {
        var tags: [String: String] = [:]
        var byTag: [String: [Int]] = [:]
        var order: [String] = []
        for (index, translation) in translations.enumerated() where !translation.value.isEmpty && !translation.source.isEmpty {
            let tag: String
            if let known = tags[translation.language] {
                tag = known
            } else {
                tag = Self.languageKey(translation.language)
                tags[translation.language] = tag
                if spellings[tag] == nil { spellings[tag] = translation.language }
            }
            offered += 1
            if byTag[tag] == nil { order.append(tag) }
            byTag[tag, default: []].append(index)
        }
        let originNumber = number(of: origin)
        for tag in order {
            let indices = byTag[tag]!
            var exactTable = exact.removeValue(forKey: tag) ?? [:]
            var looseTable = loose.removeValue(forKey: tag) ?? [:]
            // A table's first batch sizes it; later ones let it grow by doubling (sizing it to
            // each batch hashed its keys again every time: 4 catalogs cost 6 rehashes, not 3).
            // No more than the texts wanted: most of a batch is not kept then.
            let capacity = min(indices.count, wanted?.exact.count ?? indices.count)
            if exactTable.isEmpty { exactTable.reserveCapacity(capacity) }
            if looseTable.isEmpty { looseTable.reserveCapacity(capacity) }
            for index in indices {
                let translation = translations[index]
                insert(value: translation.value, source: translation.source, origin: originNumber, tag: tag, exact: &exactTable, loose: &looseTable)
            }
            exact[tag] = exactTable
            loose[tag] = looseTable
        }
    }

    /// Files a translation of a language under its source text, and under that text without case
    /// and trailing punctuation, each where it is wanted (`tables` of the language, taken out of
    /// `self` while they are filled). Where a text has a translation already, the same value
    /// keeps the first (and its origin), another makes the text ambiguous. A value holding a
    /// character XML 1.0 does not allow is not filed (`refused`).
    private mutating func insert(value: String, source: String, origin: Int32, tag: String,
                                 exact exactTable: inout [StringsKey: Int32], loose looseTable: inout [String: Int32]) {
        let looseKey = Self.looseKey(source), exactKey = StringsKey(source)
        let wantsExact = wanted?.exact.contains(exactKey) ?? true
        let wantsLoose = wanted?.loose.contains(looseKey) ?? true
        guard wantsExact || wantsLoose else { return }
        // Checked only for a wanted text: an app's catalogs offer hundreds of thousands.
        if let character = value.unicodeScalars.first(where: { !XMLScanner.isXMLCharacter($0.value) }) {
            refused.append(Refused(language: spellings[tag] ?? tag, source: source, origin: origins[Int(origin)], character: character))
            if wantsExact, refusedExact[tag]?[exactKey] == nil { refusedExact[tag, default: [:]][exactKey] = refused.count - 1 }
            if wantsLoose, refusedLoose[tag]?[looseKey] == nil { refusedLoose[tag, default: [:]][looseKey] = refused.count - 1 }
            return
        }
        var filed: Int32?
        func file<Key: Hashable>(under key: Key, in table: inout [Key: Int32]) {
            if let existing = table[key] {
                if existing >= 0, values[Int(existing)] != value { table[key] = -1 }
                return
            }
            let number: Int32
            if let filed {
                number = filed
            } else {
                values.append(value)
                sources.append(source)
                originOf.append(origin)
                number = Int32(values.count - 1)
                filed = number
            }
            table[key] = number
        }
        if wantsExact { file(under: exactKey, in: &exactTable) }
        if wantsLoose { file(under: looseKey, in: &looseTable) }
    }

    /// The translation numbered `number`.
    private func translation(_ number: Int32) -> Translation {
        let index = Int(number)
        return Translation(value: values[index], origin: origins[Int(originOf[index])], source: sources[index])
    }

    /// The app's translation of `source` into `language`: the same text, else the same text
    /// ignoring case and trailing punctuation (`Password:` for `Password`). Returns it and
    /// whether it matched exactly.
    /// `language` is a folder name (`zh_CN`): the app's language `assign(_:)` chose for it, else
    /// the one with the same tag.
    public func translation(of source: String, language: String) -> (translation: Translation, exact: Bool)? {
        guard let tag = tag(ofFolder: language) else { return nil }
        if let found = exact[tag]?[StringsKey(source)] {
            return found < 0 ? nil : (translation(found), true)
        }
        if let found = loose[tag]?[Self.looseKey(source)] {
            return found < 0 ? nil : (Self.punctuated(translation(found), like: source), false)
        }
        return nil
    }

    /// A loosely matched translation with the trailing punctuation of `source` instead of the
    /// app's (`版本：` for the app's `Version:` becomes `版本` for `Version`).
    static func punctuated(_ translation: Translation, like source: String) -> Translation {
        let theirs = trailing(translation.source), ours = trailing(source)
        guard theirs != ours else { return translation }
        var result = translation
        var value = Substring(translation.value)
        if !theirs.isEmpty {
            while let last = value.unicodeScalars.last, trailingPunctuation.contains(last) { value.unicodeScalars.removeLast() }
        }
        result.value = String(value) + ours
        return result
    }

    static let trailingPunctuation: Set<Unicode.Scalar> = [".", ":", "…", "!", "?", "。", "：", "！", "？", " ", "\t"]

    /// The trailing punctuation of a text (`:` of `Version:`).
    static func trailing(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        var run = String.UnicodeScalarView()
        while let last = scalars.last, trailingPunctuation.contains(last) {
            run.insert(last, at: run.startIndex)
            scalars.removeLast()
        }
        return String(run)
    }

    /// The languages it has translations into (lower-cased BCP 47 tags).
    public var languages: [String] { exact.keys.sorted() }

    /// The languages it has translations into, as the app spells them (`zh-Hans`), sorted.
    public var languageNames: [String] { exact.keys.sorted().map { spellings[$0] ?? $0 } }

    /// Sets which of the app's languages fills each folder (`["zh_CN": "zh-Hans"]`), as
    /// `LocalizationMatcher.sources(for:among:)` chooses: a folder not named has no language.
    public mutating func assign(_ languages: [String: String]) {
        languageOfFolder = languages
        matched = true
    }

    /// Whether `assign(_:)` chose the folders' languages.
    private var matched = false

    /// The app's language, as it spells it, that fills the folder `folder` (`zh_CN` → `zh-Hans`),
    /// or `nil` when the app has none for it.
    public func language(forFolder folder: String) -> String? {
        guard let tag = tag(ofFolder: folder), exact[tag] != nil else { return nil }
        return spellings[tag] ?? tag
    }

    /// The translation not taken (`refused`) that would have been the app's translation of
    /// `source` into the folder `language`, matched as `translation(of:language:)` matches, where
    /// that finds none: what a missing key of that folder lost. `nil` where a translation is
    /// found, or the app translates the text in two ways (a translator's choice either way).
    public func refusal(of source: String, language: String) -> Refused? {
        guard let tag = tag(ofFolder: language), translation(of: source, language: language) == nil,
              exact[tag]?[StringsKey(source)] == nil else { return nil }
        if let index = refusedExact[tag]?[StringsKey(source)] { return refused[index] }
        let looseKey = Self.looseKey(source)
        guard loose[tag]?[looseKey] == nil else { return nil }
        return refusedLoose[tag]?[looseKey].map { refused[$0] }
    }

    /// The key of the app's language that fills `folder`.
    private func tag(ofFolder folder: String) -> String? {
        if let language = languageOfFolder[folder] { return Self.languageKey(language) }
        return matched ? nil : Self.languageKey(folder)
    }

    /// How many texts it translates, over every language.
    public var count: Int { exact.values.reduce(0) { $0 + $1.count } }

    /// The key a language or folder name is kept under: its BCP 47 tag, lower-cased.
    public static func languageKey(_ language: String) -> String {
        (LanguageTag.bcp47(folderName: language) ?? language).lowercased()
    }

    /// `Password:` and `password` both become `password`.
    static func looseKey(_ text: String) -> String {
        var scalars = Substring(text.lowercased()).unicodeScalars
        while let last = scalars.last, trailingPunctuation.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}

extension AppTranslations {
    /// The translations of an app's `.lproj` tables (its resources folder, read as a bundle):
    /// each key's value in the development language is the source text of the same key in
    /// every other language (Base.lproj's tables are not read).
    /// - Throws: the first table, of those read, that cannot be read as the device reads it (it
    ///   does not parse, is not readable, or is a link outside the folder): left out, it would
    ///   leave its translations out, or file the others under their keys instead of their texts.
    public init(tablesOf app: SettingsBundle, developmentLanguage: String, wanting sources: Set<StringsKey>? = nil) throws(TableReadError) {
        if let sources { self.init(wanting: sources) } else { self.init() }
        guard let development = app.localization(forLanguage: developmentLanguage) else { return }
        var sources: [String: [StringsKey: String]] = [:]
        for table in development.tables {
            sources[table.name] = try table.deviceTable()
        }
        for localization in app.localizations where localization.folder != development.folder && localization.name != "Base" {
            for table in localization.tables {
                let source = sources[table.name] ?? [:]
                for (key, value) in try table.deviceTable().sorted(by: { $0.key < $1.key }) {
                    add(language: localization.name, source: source[key] ?? key.string, value: value, origin: table.path)
                }
            }
        }
    }
}
