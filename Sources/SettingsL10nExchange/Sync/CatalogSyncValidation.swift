import SettingsL10nCore

/// What a catalog must be for `sync` to write anything: the bundle's source language, a version
/// Xcode writes, and, for every string the schema uses, plain string units a `.strings` table
/// can hold. Each problem names the catalog and the line of the string.
enum CatalogSyncValidation {
    static func check(_ catalog: StringCatalog, input: CatalogSyncInput, used: UsedStrings, sourceTag: String) throws(ExchangeError) {
        let path = input.path
        let source = catalog.sourceLanguage
        if LanguageTag.bcp47(folderName: source)?.lowercased() != sourceTag.lowercased() {
            throw ExchangeError("its sourceLanguage is \(MessageText.quoted(source)), but the bundle's development language is \(sourceTag); sync a catalog of the same source language (or give --development-language); nothing was written",
                                path: path)
        }
        // The reader's, for a catalog built in memory too.
        if let problem = StringCatalog.versionProblem(catalog.document) {
            throw ExchangeError(problem + "; nothing was written", path: path)
        }
        guard let strings = catalog.document[member: "strings"]?.members else { return }
        for (key, value) in strings {
            let isUsed = used.byKey[StringsKey(key)] != nil
            if let problem = problem(with: value, key: key, used: isUsed) {
                throw ExchangeError("the string \(MessageText.quoted(key)) \(problem); nothing was written", path: path,
                                    position: input.positions[StringsKey(key)])
            }
        }
    }

    /// What is wrong with one string's value, or `nil`. The shape of every string (an object,
    /// its comment, states and values text) is the reader's (`StringCatalog.shapeProblem`),
    /// for a catalog built in memory too; a string the schema uses must hold only plain string
    /// units, which sync writes into the tables.
    static func problem(with value: JSONValue, key: String, used: Bool) -> String? {
        if let shape = StringCatalog.shapeProblem(key, value) { return shape.problem }
        guard used, let languages = value[member: "localizations"]?.members else { return nil }
        for (language, localization) in languages where StringCatalog.varies(localization) {
            return "varies by plural or device in \(MessageText.quoted(language)), which a .strings table of a Settings bundle cannot hold (the Settings app reads one text per key); give it one text (Vary by… off in Xcode's editor)"
        }
        return nil
    }
}

extension String {
    /// The text without a final line break.
    var trimmingLineBreak: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
