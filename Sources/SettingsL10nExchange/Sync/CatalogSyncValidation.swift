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
        if let version = catalog.document[member: "version"] {
            guard let text = version.stringValue, CatalogSync.knownVersions.contains(text) else {
                throw ExchangeError("its version is \(version.rendered(pretty: false).trimmingLineBreak), which settings-l10n does not know (it knows \(CatalogSync.knownVersions.sorted().joined(separator: " and "))); nothing was written",
                                    path: path)
            }
        }
        guard let strings = catalog.document[member: "strings"]?.members else { return }
        for (key, value) in strings {
            let isUsed = used.byKey[StringsKey(key)] != nil
            if let problem = problem(with: value, used: isUsed) {
                throw ExchangeError("the string \(MessageText.quoted(key)) \(problem); nothing was written", path: path,
                                    position: input.positions[StringsKey(key)])
            }
        }
    }

    /// What is wrong with one string's value, or `nil`. Every string must be an object whose
    /// `extractionState` (which sync sets) is a string; a string the schema uses must hold only
    /// plain string units, which sync writes into the tables.
    static func problem(with value: JSONValue, used: Bool) -> String? {
        guard value.members != nil else { return "is not a JSON object" }
        if let state = value[member: "extractionState"], state.stringValue == nil { return "has an extractionState that is not a string" }
        guard used else { return nil }
        if let comment = value[member: "comment"], comment.stringValue == nil { return "has a comment that is not a string" }
        if let flag = value[member: "shouldTranslate"], flag.boolValue == nil { return "has a shouldTranslate that is not true or false" }
        guard let localizations = value[member: "localizations"] else { return nil }
        guard let languages = localizations.members else { return "has localizations that are not a JSON object" }
        for (language, localization) in languages {
            guard localization.members != nil else { return "has a \(language) localization that is not a JSON object" }
            if localization[member: "variations"] != nil || localization[member: "substitutions"] != nil {
                return "varies by plural or device in \(language), which a .strings table of a Settings bundle cannot hold (the Settings app reads one text per key); give it one text (Vary by… off in Xcode's editor)"
            }
            guard let unit = localization[member: "stringUnit"] else { continue }
            guard unit[member: "state"]?.stringValue != nil, unit[member: "value"]?.stringValue != nil else {
                return "has a \(language) stringUnit without a string state and value"
            }
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
