import SettingsL10nCore

/// The localizable strings of a bundle, per table, in schema-walk order.
public struct Catalog: Hashable, Sendable {
    public var developmentLanguage: String
    /// Tables by name.
    public var tables: [CatalogTable]
    /// The names of `tables`.
    public var tableNames: Set<String> { Set(tables.map(\.name)) }
    /// Schema files with no `StringsTable`: the Settings app shows their strings as written.
    public var unlocalized: [UnlocalizedFile]
    /// What the extractor could not take as a key (numbers in `Titles`, for instance).
    public var diagnostics: [Diagnostic]
    /// The table that localizes each schema file (by path); files without one are absent.
    public var tableOfFile: [String: String] = [:]
    /// The configuration's `doNotTranslate` patterns that match no key of the catalog.
    public var unusedDoNotTranslate: [String] = []
    /// What the strings are collected for: the Settings app, or InAppSettingsKit in the app.
    public var host: SettingsHost = .settingsApp
    /// By table, the keys only the other host shows (InAppSettingsKit's rows for the Settings
    /// app, and the reverse), and those the schema names under a member of the app's own
    /// (`Extractor.appKeys`, VLC's `infobuttonvalue`), which the app reads itself: never stale,
    /// and `merge --prune` keeps them.
    public var otherHostKeys: [String: Set<StringsKey>] = [:]
    /// By table, the keys the schema holds only in fields no host shows (a slider's `Title`),
    /// each with its first place: stale like a key no schema file uses, and said to be so.
    public var unshownKeys: [String: [StringsKey: Occurrence]] = [:]
    /// What counts as translated (from the configuration): what marked `needsTranslation`, and
    /// what every command that counts translations asks.
    public var translationPolicy = TranslationPolicy()

    package init(developmentLanguage: String, tables: [CatalogTable] = [], unlocalized: [UnlocalizedFile] = [],
                diagnostics: [Diagnostic] = []) {
        self.developmentLanguage = developmentLanguage
        self.tables = tables
        self.unlocalized = unlocalized
        self.diagnostics = diagnostics
    }

    public func table(named name: String) -> CatalogTable? {
        tables.first { $0.name == name }
    }
}

/// The strings of one `.strings` table, deduplicated, in order of first appearance.
public struct CatalogTable: Hashable, Sendable {
    public var name: String
    public var strings: [LocalizableString]

    package init(name: String, strings: [LocalizableString]) {
        self.name = name
        self.strings = strings
    }

    public var keys: [StringsKey] { strings.map(\.key) }

    public func string(forKey key: StringsKey) -> LocalizableString? {
        strings.first { $0.key == key }
    }
}

/// One key of a table and every place the schema uses it.
public struct LocalizableString: Hashable, Sendable {
    /// The key, compared as the device compares keys (see `StringsKey`).
    public var key: StringsKey
    public var occurrences: [Occurrence]
    /// Whether a language needs its own text for the string: not for a key without a single
    /// letter ("1.5", "100 %", "—"), which the device shows as written in every language, nor
    /// for a key the configuration's `doNotTranslate` names (a brand, say).
    /// Set from the catalog's `TranslationPolicy`.
    public var needsTranslation = true

    package init(key: StringsKey, occurrences: [Occurrence]) {
        self.key = key
        self.occurrences = occurrences
    }
}

/// One place a string is used: which file, where, on which specifier, in which field.
public struct Occurrence: Hashable, Sendable {
    /// The schema file, relative to the bundle.
    public var file: String
    public var position: TextPosition?
    /// `PreferenceSpecifiers[2].Titles[1]`.
    public var keyPath: PlistKeyPath
    /// The specifier's `Type` as written, or `nil` when it has none.
    public var specifierType: String?
    public var field: LocalizableField
    /// For `Titles` and `ShortTitles`: the option's index and the number of options.
    public var optionIndex: Int?
    public var optionCount: Int?
    /// The specifier's own `Title` (its key), to say in words where the string appears.
    public var specifierTitle: String?
    /// For `ShortTitles`: the `Titles` entry it abbreviates.
    public var abbreviates: String?

    package init(file: String, position: TextPosition?, keyPath: PlistKeyPath, specifierType: String?,
                field: LocalizableField, optionIndex: Int? = nil, optionCount: Int? = nil,
                specifierTitle: String? = nil, abbreviates: String? = nil) {
        self.file = file
        self.position = position
        self.keyPath = keyPath
        self.specifierType = specifierType
        self.field = field
        self.optionIndex = optionIndex
        self.optionCount = optionCount
        self.specifierTitle = specifierTitle
        self.abbreviates = abbreviates
    }
}

/// A schema file without `StringsTable` and the strings it shows as written.
public struct UnlocalizedFile: Hashable, Sendable {
    public var file: String
    public var strings: [String]

    package init(file: String, strings: [String]) {
        self.file = file
        self.strings = strings
    }
}
