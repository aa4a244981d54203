import SettingsL10nCore
import SettingsL10nExtract
import SettingsL10nResolve

/// A String Catalog that holds the strings of some tables of a Settings bundle (`sync`).
public struct CatalogSyncInput: Sendable {
    /// How messages name the catalog: relative to the bundle (`../Settings.xcstrings`), or absolute.
    public var path: String
    /// The catalog as read, or `nil` when the file does not exist yet (it is then created).
    public var catalog: StringCatalog?
    /// Where each string's key is in the catalog's text (`StringCatalog.readLocated`).
    public var positions: [StringsKey: TextPosition]
    /// The tables whose strings the catalog holds: every table of the bundle for one catalog,
    /// one table for a catalog per table.
    public var tables: [String]

    public init(path: String, catalog: StringCatalog?, positions: [StringsKey: TextPosition] = [:], tables: [String]) {
        self.path = path
        self.catalog = catalog
        self.positions = positions
        self.tables = tables
    }
}

/// What syncing a catalog with the tables does: the catalog after, the tables that change, and
/// what could not be reconciled.
public struct CatalogSyncResult: Sendable {
    /// The catalog after the sync.
    public var catalog: StringCatalog
    /// Whether the catalog's file changes (or is created).
    public var catalogChanged: Bool
    /// Strings the schema uses that the catalog lacked, added (`extractionState` `manual`).
    public var added: [String] = []
    /// Strings marked `stale` that the schema uses again (now `manual`).
    public var revived: [String] = []
    /// Strings no schema file uses any more, now `stale`.
    public var staled: [String] = []
    /// Stale strings removed (`prune`).
    public var pruned: [String] = []
    /// Strings no schema file uses that Xcode extracted from the app's code: left alone.
    public var appStrings: [String] = []
    /// Translations of the tables the catalog lacked, added to it (in new and existing strings).
    public var unitsFromTables = 0
    /// Translations of the catalog the tables' replaced (`preferTables`).
    public var unitsReplacedFromTables = 0
    /// Strings whose development text the tables changed, which the catalog now takes: their
    /// translations were made from the old text.
    public var sourceChanged: [String] = []
    /// Their `translated` units, now `needs_review`.
    public var unitsMarkedForReview = 0
    /// The tables whose bytes change.
    public var updates: [TableUpdate] = []
    /// Per updated table path, how many translations were written (changed or added).
    public var written: [String: Int] = [:]
    /// Per updated table path, those of them that replaced another text the table held: the
    /// key, the table's text and the catalog's, in the table's order of the schema's strings.
    public var replaced: [String: [Replacement]] = [:]
    public struct Replacement: Hashable, Sendable {
        public var key: String
        public var table: String
        public var catalog: String
    }
    /// Conflicts (the catalog won), translations the tables disagree on, catalog languages
    /// without a folder, and tables left alone (unreadable, or not writable).
    public var diagnostics: [Diagnostic] = []

    /// The tables that could not be read (`de.lproj/Root.strings`): nothing was taken from
    /// them or planned for them, so whether they are in sync is unknown.
    public var unreadableTables: [String] = []
    /// Those of them the disk did not give (an I/O error): then nothing of the sync may be
    /// written, since what they hold is unknown (`file-unreadable` errors say so).
    public var tablesNotRead: [String] = []

    /// Whether something was left undone: a table left alone, or a translation not taken.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// How many errors say what was left undone.
    public var errorCount: Int { diagnostics.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }
}

/// Keeps a String Catalog and the `.lproj` tables of a Settings bundle in line, both ways, as
/// Xcode keeps a catalog in line with the code after a build:
///
/// 1. The catalog: a string the schema uses and the catalog lacks is added (a comment saying
///    where it is shown, `extractionState` `manual`, the development text where it differs from
///    the key, each language's translation from the tables); a string the catalog has but lacks
///    a language's translation of gets the tables' one; a string no schema file uses becomes
///    `stale` (removed with `prune`); a `stale` string used again becomes `manual`. Nothing else
///    changes: comments, states, variations and fields settings-l10n does not own stay as they
///    are, and a catalog with nothing to add keeps its bytes.
/// 2. The tables: each `translated` or `needs_review` unit of a string the schema uses is
///    written into its language's table with import's guarantees (a `needs_review` one marked
///    for review). Where a table holds another translation, the catalog's wins (a
///    `sync-conflict` warning where another table of the key holds the catalog's text: that
///    table changed, the catalog did not). A key the development language's tables give
///    different texts is neither taken nor written; a table a language lacks is not made where
///    it would hide a fuller one the device falls back to (`sync-table-missing`). Adoption
///    writes no table: what the catalog takes, every table of the key holds already.
public enum CatalogSync {
    /// Plans the sync of one catalog; nothing is written.
    /// - Throws: when the catalog cannot be synced safely (another source language, an unknown
    ///   version, a string the schema uses that a table cannot hold): nothing may be written.
    /// `preferTables`: where every table of a key holds one translation and the catalog another,
    /// the tables' replaces the catalog's (after an import into the tables, which the catalog's
    /// would otherwise undo).
    public static func plan(_ input: CatalogSyncInput, bundle: SettingsBundle, catalog: Catalog,
                            prune: Bool = false, preferTables: Bool = false) throws(ExchangeError) -> CatalogSyncResult {
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        let sourceTag = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        let original = input.catalog ?? StringCatalog(document: .object([
            ("sourceLanguage", .string(sourceTag)), ("strings", .object([])), ("version", .string("1.0")),
        ]))
        let used = UsedStrings(catalog.tables.filter { input.tables.contains($0.name) },
                               live: input.tables.reduce(into: Set()) { $0.formUnion(catalog.otherHostKeys[$1] ?? []) })
        try CatalogSyncValidation.check(original, input: input, used: used, sourceTag: sourceTag)

        var result = CatalogSyncResult(catalog: original, catalogChanged: input.catalog == nil)
        let languages = SyncLanguages(bundle: bundle, development: development, sourceTag: sourceTag, catalog: original)
        var folders = LanguageFolders(bundle)
        result.diagnostics += languages.unmatched.map { tag in
            let quoted = MessageText.quoted(tag)
            let message: String
            if let folder = folders.localization(forLanguage: tag), let used = languages.all.first(where: { $0.localization.folder == folder.folder }) {
                // Another spelling of a language the catalog also has (DE beside de).
                message = "the catalog has translations into \(quoted) as well as into \(MessageText.quoted(used.tag)), which both name \(folder.folder); sync takes \(MessageText.quoted(used.tag))'s and leaves \(quoted)'s alone, so they do not ship: move them to \(MessageText.quoted(used.tag))"
            } else if !LanguageTag.isValidFolderName(tag) {
                message = "the catalog has translations into \(quoted), which is not a language identifier, so they do not ship; give them a language's tag (de, pt-BR)"
            } else {
                message = "the catalog has translations into \(tag), which has no .lproj folder in the bundle, so they do not ship; create \(tag).lproj to ship them"
            }
            return Diagnostic(.warning, rule: .syncLanguageMissing, message, at: SourceLocation(file: input.path))
        }
        let tables = SyncTables.read(used: used, languages: languages, base: bundle.localizations.first { $0.name == "Base" },
                                     diagnostics: &result.diagnostics)
        result.unreadableTables = tables.unreadable.sorted()
        result.tablesNotRead = tables.notRead.sorted()
        // Keys the development language's tables give different texts: one string of the
        // catalog cannot stand for them, so sync neither takes nor writes them.
        var split: Set<StringsKey> = []
        for key in used.order {
            let string = used.byKey[key]!
            guard let texts = tables.developmentTexts(of: string, languages: languages) else { continue }
            split.insert(key)
            result.diagnostics.append(SyncTables.splitFinding(string, texts: texts, catalogPath: input.path))
        }

        var editor = CatalogEditor(document: original.document)
        editor.markUnused(used: used, policy: catalog.translationPolicy, prune: prune, result: &result)
        if !result.appStrings.isEmpty {
            let shown = result.appStrings.prefix(DiagnosticReport.keysShown).map(MessageText.quoted).joined(separator: ", ")
                + (result.appStrings.count > DiagnosticReport.keysShown ? ", … (+\(result.appStrings.count - DiagnosticReport.keysShown))" : "")
            let count = result.appStrings.count
            result.diagnostics.append(Diagnostic(
                .note, rule: .syncAppStrings,
                "the catalog holds \(count) string\(count == 1 ? "" : "s") that Xcode extracted from the app's code and no schema file uses (\(shown)): "
                    + "sync leaves \(count == 1 ? "it" : "them") alone, never stale, never pruned; give the bundle a catalog of its own (Settings.xcstrings) to keep the two apart",
                at: SourceLocation(file: input.path)))
        }
        editor.addUsed(used: used, split: split, languages: languages, tables: tables, catalogPath: input.path, preferTables: preferTables, result: &result)
        result.catalog = StringCatalog(document: editor.document)
        result.catalogChanged = input.catalog == nil || result.catalog.document != original.document

        SyncTables.plan(into: &result, editor: editor, used: used, split: split, languages: languages, tables: tables, bundle: bundle,
                        catalog: catalog, catalogPath: input.path)
        return result
    }
}

/// The strings the schema uses in the tables a catalog holds: each key once (a key shown by two
/// tables is one string of the catalog), in table order, then schema order.
struct UsedStrings {
    struct Used {
        var key: StringsKey
        /// The string in each table that uses it, in table order.
        var strings: [(table: String, string: LocalizableString)]

        /// One string with every place it is shown, for the comment.
        var merged: LocalizableString {
            var merged = strings[0].string
            merged.occurrences = strings.flatMap(\.string.occurrences)
            merged.needsTranslation = strings.contains { $0.string.needsTranslation }
            return merged
        }
    }

    var tables: [CatalogTable]
    var order: [StringsKey] = []
    var byKey: [StringsKey: Used] = [:]
    /// Keys no row of this host shows that are live all the same (`Catalog.otherHostKeys`: the
    /// other host's, the app's own): a catalog string of one is not stale.
    var live: Set<StringsKey>

    init(_ tables: [CatalogTable], live: Set<StringsKey> = []) {
        self.tables = tables
        self.live = live
        for table in tables {
            for string in table.strings {
                if byKey[string.key] == nil {
                    order.append(string.key)
                    byKey[string.key] = Used(key: string.key, strings: [])
                }
                byKey[string.key]!.strings.append((table.name, string))
            }
        }
    }
}

/// The bundle's languages as the catalog spells them.
struct SyncLanguages {
    struct Language {
        var localization: Localization
        /// The catalog's tag for it: the one the catalog uses, else the folder's BCP 47 tag.
        var tag: String
        var isDevelopment: Bool
    }

    /// The development language first, then every other folder but `Base`.
    var all: [Language] = []
    /// Tags of the catalog with no folder in the bundle (nor the source language).
    var unmatched: [String] = []

    init(bundle: SettingsBundle, development: Localization?, sourceTag: String, catalog: StringCatalog) {
        var tags: [String] = []
        var seen: Set<String> = []
        catalog.forEachLanguageTag { tag in
            if seen.insert(tag).inserted { tags.append(tag) }
        }
        // The first tag that names each folder: one pass over the tags, not one per folder.
        var folders = LanguageFolders(bundle)
        var tagOfFolder: [String: String] = [:]
        // A tag that spells the folder's language as the folder does (in any case) comes before
        // one that names it otherwise (`zh-Hans` for `zh_CN`, `afr` for `af`).
        var inOtherSpelling: [String] = []
        for tag in tags {
            guard let folder = folders.localization(forLanguage: tag, otherSpellings: false)?.folder else {
                inOtherSpelling.append(tag)
                continue
            }
            if tagOfFolder[folder] == nil { tagOfFolder[folder] = tag }
        }
        for tag in inOtherSpelling {
            if let folder = folders.localization(forLanguage: tag)?.folder, tagOfFolder[folder] == nil { tagOfFolder[folder] = tag }
        }
        if let development { all.append(Language(localization: development, tag: sourceTag, isDevelopment: true)) }
        for localization in bundle.localizations where localization.folder != development?.folder && localization.name != "Base" {
            let folderTag = LanguageTag.bcp47(folderName: localization.name) ?? localization.name
            let tag = seen.contains(folderTag) ? folderTag : tagOfFolder[localization.folder] ?? folderTag
            all.append(Language(localization: localization, tag: tag, isDevelopment: false))
        }
        let known = Set(all.map(\.tag)).union([sourceTag])
        unmatched = tags.filter { !known.contains($0) }
    }
}

extension StringCatalog {
    /// Hands every language tag of every string's `localizations` to `body`, in document order.
    func forEachLanguageTag(_ body: (String) -> Void) {
        guard let strings = document[member: "strings"]?.members else { return }
        for (_, value) in strings {
            for (tag, _) in value[member: "localizations"]?.members ?? [] { body(tag) }
        }
    }
}
