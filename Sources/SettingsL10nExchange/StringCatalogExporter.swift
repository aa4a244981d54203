import SettingsL10nCore
import SettingsL10nExtract

/// Writes each table of the bundle as an Xcode String Catalog (`Root.xcstrings`), the format
/// Xcode and translation platforms (Crowdin, Phrase, Lokalise, Transifex) read.
public enum StringCatalogExporter {
    /// One catalog per catalog table: every string with a comment saying where it is shown,
    /// `extractionState` `manual`, `shouldTranslate` false where no translation is needed, the
    /// development language's value where it differs from the key, and each language's
    /// translation (`translated`, or `needs_review` for entries marked for review). A string
    /// whose key or source text holds a character XML 1.0 does not allow is left out, and so is
    /// such a translation, as XLIFF export leaves them out: import would refuse the catalog.
    /// With `locales`, the catalogs hold the development language and those languages only
    /// (each named as `extract --xliff --locale` names them); else every `.lproj` folder's.
    /// - Returns: the catalogs by table name, and warnings about tables that cannot be read and
    ///   strings left out.
    /// - Throws: `ExchangeError` when a locale has no folder.
    public static func export(catalog: Catalog, bundle: SettingsBundle,
                              locales: [String] = []) throws(ExchangeError) -> (catalogs: [(table: String, catalog: StringCatalog)], diagnostics: [Diagnostic]) {
        var catalogs: [(table: String, catalog: StringCatalog)] = []
        let diagnostics = try export(catalog: catalog, bundle: bundle, locales: locales) { catalogs.append(($0, $1)) }
        return (catalogs, diagnostics)
    }

    /// `export(catalog:bundle:)` one table at a time: each catalog is handed to `body` as it is
    /// made, so that a large bundle never holds every catalog at once (1.1 GB on the bench's
    /// large bundle). Returns the warnings.
    public static func export(catalog: Catalog, bundle: SettingsBundle, locales: [String] = [],
                              body: (_ table: String, _ catalog: StringCatalog) -> Void) throws(ExchangeError) -> [Diagnostic] {
        let development = bundle.developmentLocalization(catalog.developmentLanguage)
        let sourceLanguage = LanguageTag.bcp47(folderName: development?.name ?? catalog.developmentLanguage) ?? catalog.developmentLanguage
        // The development language is the catalog's source, whether or not --locale names it.
        let targets = try XLIFFExporter.targets(of: bundle, development: development, locales: locales)
            .filter { $0.folder != development?.folder && $0.name != "Base" }
        var diagnostics: [Diagnostic] = []
        for table in catalog.tables {
            let source = XLIFFExporter.sourceValues(of: table.name, in: development, diagnostics: &diagnostics)
            let languages = targets.map { localization in
                (tag: LanguageTag.bcp47(folderName: localization.name) ?? localization.name,
                 translations: XLIFFExporter.translations(of: table.name, in: localization, diagnostics: &diagnostics))
            }
            var strings: [(String, JSONValue)] = []
            for string in table.strings {
                func leftOut(_ what: String) {
                    let occurrence = string.occurrences[0]
                    diagnostics.append(Diagnostic(
                        .warning, rule: .xliffUnrepresentable,
                        "\(what) holds a control character or a noncharacter that import refuses; it is left out of \(table.name).xcstrings",
                        at: SourceLocation(file: occurrence.file, position: occurrence.position, keyPath: occurrence.keyPath)))
                }
                guard XLIFFWriter.isRepresentable(string.key.string), XLIFFWriter.isRepresentable(source[string.key] ?? "") else {
                    leftOut(MessageText.quoted(string.key))
                    continue
                }
                var members: [(String, JSONValue)] = [
                    ("comment", .string(string.comment { source[StringsKey($0)] ?? $0 })),
                    ("extractionState", .string("manual")),
                ]
                var localizations: [(String, JSONValue)] = []
                if let value = source[string.key], value != string.key.string {
                    localizations.append((sourceLanguage, unit(state: "translated", value: value)))
                }
                for language in languages {
                    guard let translation = language.translations[string.key] else { continue }
                    guard XLIFFWriter.isRepresentable(translation.value) else {
                        leftOut("the \(language.tag) translation of \(MessageText.quoted(string.key))")
                        continue
                    }
                    localizations.append((language.tag, unit(state: translation.state(of: string).stringCatalogState, value: translation.value)))
                }
                if !localizations.isEmpty { members.append(("localizations", .object(localizations))) }
                if !string.needsTranslation { members.append(("shouldTranslate", .bool(false))) }
                strings.append((string.key.string, .object(members)))
            }
            let document = JSONValue.object([("sourceLanguage", .string(sourceLanguage)), ("strings", .object(strings)), ("version", .string("1.0"))])
            body(table.name, StringCatalog(document: document))
        }
        return diagnostics
    }

    private static func unit(state: String, value: String) -> JSONValue {
        .object([("stringUnit", .object([("state", .string(state)), ("value", .string(value))]))])
    }
}
