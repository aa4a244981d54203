import SettingsL10nCore
import SettingsL10nExtract
import SettingsL10nResolve

/// What importing XLIFF documents would do.
public struct ImportResult: Hashable, Sendable {
    /// The tables whose bytes change.
    public var updates: [TableUpdate] = []
    /// Per updated table path, how many translations were written (changed or added).
    public var written: [String: Int] = [:]
    /// Units not applied: their source no longer matches, their key is gone, or their table
    /// cannot be read.
    public var rejected: [Diagnostic] = []
    /// Units without a target (or with an empty one), left alone.
    public var untranslated = 0
    /// Units whose target is already what the table holds.
    public var unchanged = 0
    /// Translations the import replaces with a different text (`import-replaced` warnings,
    /// each naming the old and the new text), in the order of the units.
    public var replaced: [Diagnostic] = []
    /// `<file>` sections of whole-app exports that are not this bundle's tables (the app's
    /// `Localizable.strings`, `Info.plist`, another bundle's tables): their `original`s.
    public var skipped: [String] = []
    /// Sections for a table of this bundle that no schema file uses: their `original`s.
    public var unusedTables: [String] = []
    /// Tables the disk did not give when they were read to be planned (an I/O error), by path,
    /// with the system's reason: their units are rejected too.
    public var notRead: [String: String] = [:]
}

/// Brings translated XLIFF back into the `.lproj` tables.
public enum XLIFFImporter {
    /// Plans the import of `documents` (each with the path it was read from, for messages).
    ///
    /// Documents may be settings-l10n's own (`original="en.lproj/Root.strings"`) or Xcode's
    /// whole-app exports, whose sections for this bundle end in
    /// `<bundleName>/<lang>.lproj/<Table>.strings` (or `Settings.bundle/…`, the only name the
    /// Settings app reads); every other section is skipped and counted, as are Xcode's sections
    /// for a table of the bundle that no schema file uses.
    ///
    /// Every document is checked first: one with no section for this bundle, or that names a
    /// table or language the bundle does not have, throws, and nothing is written. Units are then
    /// applied with the merger's guarantees: values change in place with the key and spacing as
    /// written, new entries go where the catalog's order puts them, encoding, byte-order mark,
    /// line endings and comments are kept, and an empty value is never written.
    public static func plan(documents: [(path: String, document: XLIFFDocument)], bundle: SettingsBundle,
                            catalog: Catalog, bundleName: String = "Settings.bundle") throws(ExchangeError) -> ImportResult {
        var skipped: [String] = [], unusedTables: [String] = []
        let sections = try sections(of: documents, bundle: bundle, catalog: catalog, bundleName: bundleName,
                                    skipped: &skipped, unusedTables: &unusedTables)
        var planner = ImportPlanner(bundle: bundle, catalog: catalog, sections: sections)
        for section in sections { planner.apply(section) }
        var result = planner.result()
        result.skipped = skipped
        result.unusedTables = unusedTables
        return result
    }

    /// The import of documents given one at a time, each planned and let go before the next is
    /// read: an import of forty languages' exports holds one document, not forty. What it plans
    /// is what `plan(documents:…)` plans for the same documents, as long as no two documents have
    /// sections for the same table (one document per language, as export writes them): only
    /// then can units of two documents conflict, and `add` says so, so that every document is
    /// planned together instead.
    public struct Session {
        private let bundle: SettingsBundle
        private let catalog: Catalog
        private let bundleName: String
        private var planner: ImportPlanner
        private var planned: Set<String> = []
        private var skipped: [String] = []
        private var unusedTables: [String] = []

        public init(bundle: SettingsBundle, catalog: Catalog, bundleName: String = "Settings.bundle") {
            self.bundle = bundle
            self.catalog = catalog
            self.bundleName = bundleName
            planner = ImportPlanner(bundle: bundle, catalog: catalog, sections: [])
        }

        /// Checks and plans one document, as `plan(documents:…)` checks and plans each.
        /// - Returns: `false`, and nothing of the document planned, when a section of it is for a
        ///   table a document added before had a section for: plan every document with
        ///   `plan(documents:…)` instead.
        public mutating func add(_ document: XLIFFDocument, path: String) throws(ExchangeError) -> Bool {
            var skipped: [String] = [], unusedTables: [String] = []
            let sections = try XLIFFImporter.sections(of: [(path, document)], bundle: bundle, catalog: catalog, bundleName: bundleName,
                                                      skipped: &skipped, unusedTables: &unusedTables)
            let tables = Set(sections.map(\.tablePath))
            guard planned.isDisjoint(with: tables) else { return false }
            planned.formUnion(tables)
            self.skipped += skipped
            self.unusedTables += unusedTables
            planner.findRepeats(in: sections)
            for section in sections { planner.apply(section) }
            planner.settleTables()
            return true
        }

        /// What importing the documents added would do.
        public func result() -> ImportResult {
            var result = planner.result()
            result.skipped = skipped
            result.unusedTables = unusedTables
            return result
        }
    }

    /// Why a document of an Xcode localization package (`de.xcloc`) may not be imported: a
    /// `<file>` whose target language is not the one the package is named for, so that which
    /// language it holds is unclear. `nil` when they agree, or the package's name is not a
    /// language.
    public static func packageMismatch(_ document: XLIFFDocument, path: String, packageName: String) -> ExchangeError? {
        let stem = packageName.hasPathExtension("xcloc") ? String(packageName.dropLast(6)) : packageName
        guard LanguageTag.isValidFolderName(stem), let packageTag = LanguageTag.bcp47(folderName: stem)?.lowercased() else { return nil }
        for file in document.files {
            guard let language = file.targetLanguage, !language.isEmpty,
                  LanguageTag.bcp47(folderName: language)?.lowercased() != packageTag else { continue }
            return ExchangeError("<file original=\(MessageText.quoted(file.original))> has target-language \(MessageText.quoted(language)), but its package \(MessageText.quoted(packageName)) is for \(MessageText.quoted(stem)): which language it holds is unclear; export it again, or name the package after its language; nothing was imported",
                                 path: path, position: file.position)
        }
        return nil
    }

    /// Which bundle table a `<file original>` is for.
    enum Target: Equatable {
        /// settings-l10n's own export: `en.lproj/Root.strings`.
        case own(table: String)
        /// An Xcode export's section for this bundle: `MyApp/Settings.bundle/en.lproj/Root.strings`.
        case xcode(table: String)
        /// Anything else of a whole-app export.
        case other
    }

    /// What `original` names, for a bundle folder called `bundleName`.
    static func target(of original: String, bundleName: String) -> Target {
        let parts = original.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj"), parts[parts.count - 2].count > 6,
              let file = parts.last, file.hasSuffix(".strings"), file.count > 8 else { return .other }
        let table = String(file.dropLast(8))
        if parts.count == 2 { return .own(table: table) }
        let container = parts[parts.count - 3]
        return container == bundleName || container == "Settings.bundle" ? .xcode(table: table) : .other
    }

    /// One `<file>` of a document, checked: the table of the bundle it goes into.
    struct Section {
        var documentPath: String
        var file: XLIFFFile
        var localization: Localization
        var table: CatalogTable
        /// The language of the section when it is one of a String Catalog's (which holds every
        /// language in one string, at one line): what a finding about one of its units names.
        var catalogLanguage: String?

        var tablePath: String { "\(localization.folder)/\(table.name).strings" }
    }

    /// The sections of every document, each checked against the bundle before anything changes.
    static func sections(of documents: [(path: String, document: XLIFFDocument)], bundle: SettingsBundle,
                         catalog: Catalog, bundleName: String, skipped: inout [String],
                         unusedTables: inout [String]) throws(ExchangeError) -> [Section] {
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        let developmentTag = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage)?.lowercased()
        var sections: [Section] = []
        // A document's language in the folder's spelling or another (zh-Hans for zh_CN.lproj).
        var folders = LanguageFolders(bundle)
        for (path, document) in documents {
            var ours = 0
            for file in document.files {
                func refuse(_ message: String) -> ExchangeError {
                    ExchangeError(message + "; nothing was imported", path: path, position: file.position)
                }
                let kind = target(of: file.original, bundleName: bundleName)
                if kind == .other {
                    skipped.append(file.original)
                    continue
                }
                ours += 1
                guard let table = catalog.table(named: file.tableName) else {
                    if case .xcode = kind {
                        unusedTables.append(file.original)
                        continue
                    }
                    throw refuse(document.isStringCatalog
                        ? "a String Catalog holds the table it is named after, and no schema file of the bundle uses a table \(file.tableName); name it after the table it is for (\(catalog.tables.prefix(3).map { $0.name + ".xcstrings" }.joined(separator: ", "))\(catalog.tables.count > 3 ? ", …" : ""))"
                        : "<file original=\(MessageText.quoted(file.original))> is for the table \(file.tableName), which no schema file of the bundle uses")
                }
                guard let language = file.targetLanguage, !language.isEmpty else {
                    throw refuse("<file original=\(MessageText.quoted(file.original))> has no target-language")
                }
                guard let localization = folders.localization(forLanguage: language) else {
                    // Advice to create a folder only for a name that can be one (not "../x").
                    guard LanguageTag.isValidFolderName(language) else {
                        throw refuse("the target language \(MessageText.quoted(language)) is not a language tag (such as de, pt-BR or zh-Hans)")
                    }
                    throw refuse("the target language \(language) has no .lproj folder in the bundle; create \(language).lproj first")
                }
                if localization.folder == development?.folder {
                    throw refuse("the target language \(language) is the development language")
                }
                if let developmentTag, LanguageTag.bcp47(folderName: file.sourceLanguage)?.lowercased() != developmentTag {
                    throw refuse("the source language \(file.sourceLanguage) is not the development language \(catalog.developmentLanguage)")
                }
                sections.append(Section(documentPath: path, file: file, localization: localization, table: table,
                                        catalogLanguage: document.isStringCatalog ? language : nil))
            }
            if ours == 0 {
                let originals = document.files.prefix(3).map(\.original).joined(separator: ", ") + (document.files.count > 3 ? ", …" : "")
                throw ExchangeError("no <file> of the document is a table of \(bundleName) (\(document.files.isEmpty ? "it has none" : "it has \(originals)")); nothing was imported", path: path)
            }
        }
        return sections
    }

    /// Units that appear more than once for one table (a key in two documents, or twice in one).
    /// `conflicts`: those whose translations differ (in target or state), by table path and key,
    /// with every place a translation of the key is (`line 12`; `de.xliff line 12` where the
    /// places are in more than one document). `repeated`: the others, by table path and key, and
    /// whether one of the places has a translation: the key is imported once, from a place that
    /// has one, and a place without a translation is not a conflict nor a unit left untranslated.
    /// Only the places of today's source text count (`isCurrent`): a place of an older export,
    /// whose source changed, is refused on its own (`import-source-changed`) and takes part in
    /// neither, so that the verdict does not depend on the order of the documents.
    struct RepeatedUnits: Equatable {
        /// A key's translations that differ: where each is, whether they differ only in their
        /// state (`translated` against `needs-review-translation`), and whether one document
        /// holds them all.
        struct Conflict: Equatable {
            var places: [String]
            var inStateOnly: Bool
            var inOneDocument: Bool
        }
        var conflicts: [String: [StringsKey: Conflict]] = [:]
        var repeated: [String: [StringsKey: Bool]] = [:]
    }

    static func repeatedUnits(_ sections: [Section], isCurrent: (XLIFFUnit, Section) -> Bool) -> RepeatedUnits {
        var seen: [String: [StringsKey: [(document: String, position: TextPosition?, target: String?, state: String?, translated: Bool)]]] = [:]
        for section in sections {
            for unit in section.file.units {
                seen[section.tablePath, default: [:]][StringsKey(unit.id), default: []].append(
                    // A catalog's translation that varies is one too: another place's plain text
                    // differs from it (which of them is meant is the translator's call).
                    (section.documentPath, unit.position, unit.target, unit.state, unit.varies || unit.carriesTranslation && isCurrent(unit, section)))
            }
        }
        var found = RepeatedUnits()
        for (tablePath, units) in seen {
            for (key, occurrences) in units where occurrences.count > 1 {
                let translations = occurrences.filter(\.translated)
                guard let first = translations.first,
                      translations.contains(where: { $0.target != first.target || $0.state != first.state }) else {
                    found.repeated[tablePath, default: [:]][key] = !translations.isEmpty
                    continue
                }
                let names = translations.contains { $0.document != first.document } ? documentNames(translations.map(\.document)) : nil
                // Places on one line (a document written without line breaks) are told apart by column.
                let lines = translations.compactMap { place in place.position.map { "\($0.line) \(place.document)" } }
                let sharesLine = Set(lines).count < lines.count
                let places = translations.indices.map { index in
                    let line = translations[index].position.map { position in
                        "line \(position.line)" + (sharesLine ? position.column.map { ":\($0)" } ?? "" : "")
                    }
                    guard let names else { return line ?? "a unit" }
                    return names[index] + (line.map { " " + $0 } ?? "")
                }
                found.conflicts[tablePath, default: [:]][key] = RepeatedUnits.Conflict(
                    places: places, inStateOnly: translations.allSatisfy { $0.target == first.target }, inOneDocument: names == nil)
            }
        }
        return found
    }

    /// The documents' paths without the folders they all share (`de.xliff`,
    /// `de.xcloc/Localized Contents/de.xliff` for two documents of `exports/`).
    static func documentNames(_ paths: [String]) -> [String] {
        let components = paths.map { BundlePath.components($0, omittingEmpty: false).map(String.init) }
        var shared = 0
        while let first = components.first, shared < first.count - 1,
              components.allSatisfy({ shared < $0.count - 1 && $0[shared] == first[shared] }) {
            shared += 1
        }
        return components.map { $0.dropFirst(shared).joined(separator: "/") }
    }
}
