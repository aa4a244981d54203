import SettingsL10nCore
import SettingsL10nExtract

/// Edits a catalog's document in place: only the strings and fields sync owns change, every
/// other member keeps its value and place.
struct CatalogEditor {
    private var root: [(String, JSONValue)]
    private var strings: [(String, JSONValue)]
    private var index: [StringsKey: Int] = [:]

    init(document: JSONValue) {
        root = document.members ?? []
        strings = document[member: "strings"]?.members ?? []
        for (position, (key, _)) in strings.enumerated() where index[StringsKey(key)] == nil { index[StringsKey(key)] = position }
    }

    /// The document with the strings as edited.
    var document: JSONValue {
        var members = root
        if let place = members.firstIndex(where: { $0.0 == "strings" }) {
            members[place].1 = .object(strings)
        } else {
            members.append(("strings", .object(strings)))
        }
        return .object(members)
    }

    /// The value of the string `key`, if the catalog has it.
    func entry(_ key: StringsKey) -> JSONValue? {
        index[key].map { strings[$0].1 }
    }

    /// Marks every string no schema file uses `stale` (keys the app reads itself, `keep`, and
    /// the live ones no row of this host shows, `UsedStrings.live`, are left alone), or removes
    /// them with `prune`.
    mutating func markUnused(used: UsedStrings, policy: TranslationPolicy, prune: Bool, result: inout CatalogSyncResult) {
        var kept: [(String, JSONValue)] = []
        kept.reserveCapacity(strings.count)
        for (key, value) in strings {
            guard used.byKey[StringsKey(key)] == nil else {
                kept.append((key, value))
                continue
            }
            // Live without a row of this host (the app reads it, `keep`, the other host shows it):
            // not stale, and no longer so where an earlier sync marked it (before it knew).
            if used.live.contains(StringsKey(key)) || policy.isKept(StringsKey(key)) {
                kept.append((key, Self.revived(value, key: key, result: &result)))
                continue
            }
            // Xcode's, extracted from the app's code (the catalog is the app's own, such as
            // Localizable.xcstrings): not sync's to mark stale or remove with its translations.
            if Self.isExtractedByXcode(value) {
                result.appStrings.append(key)
                kept.append((key, value))
                continue
            }
            if prune {
                result.pruned.append(key)
                continue
            }
            if value[member: "extractionState"]?.stringValue != "stale" {
                result.staled.append(key)
                kept.append((key, value.setting("extractionState", to: .string("stale"))))
            } else {
                kept.append((key, value))
            }
        }
        let removed = kept.count != strings.count
        strings = kept
        if removed {
            index = [:]
            for (position, (key, _)) in strings.enumerated() where index[StringsKey(key)] == nil { index[StringsKey(key)] = position }
        }
    }

    /// Whether Xcode extracted the string from the app's code: no `extractionState` (what its
    /// extraction writes), `extracted_with_value` or `migrated`. sync writes `manual` and
    /// `stale` only.
    static func isExtractedByXcode(_ value: JSONValue) -> Bool {
        switch value[member: "extractionState"] {
        case nil: true
        case let state?: state.stringValue == "extracted_with_value" || state.stringValue == "migrated"
        }
    }

    /// Adds the strings the schema uses that the catalog lacks, revives stale ones, and gives
    /// every used string the tables' translations into languages it has none for.
    /// `preferTables`: a plain unit the tables agree on another text for (or another review
    /// state) takes theirs.
    mutating func addUsed(used: UsedStrings, split: Set<StringsKey>, languages: SyncLanguages, tables: SyncTables, catalogPath: String,
                          preferTables: Bool = false, result: inout CatalogSyncResult) {
        for key in used.order {
            let string = used.byKey[key]!
            guard XLIFFWriter.isRepresentable(key.string) else {
                let occurrence = string.strings[0].string.occurrences[0]
                result.diagnostics.append(Diagnostic(
                    .warning, rule: .xliffUnrepresentable,
                    "\(MessageText.quoted(key)) holds a control character or a noncharacter that a String Catalog cannot hold; it is left out of the catalog",
                    at: SourceLocation(file: occurrence.file, position: occurrence.position, keyPath: occurrence.keyPath)))
                continue
            }
            var units: [(String, JSONValue)] = []
            let existing = index[key].map { strings[$0].1 }
            let present = Set(existing?[member: "localizations"]?.members?.map(\.0) ?? [])
            // A key the development tables give different texts takes no translation (SyncTables.splitFinding).
            for language in languages.all where !present.contains(language.tag) && !split.contains(key) {
                guard let translation = tables.agreed(string, in: language, catalogPath: catalogPath, diagnostics: &result.diagnostics) else { continue }
                units.append((language.tag, Self.unit(state: translation.needsReview ? "needs_review" : "translated", value: translation.value)))
            }
            result.unitsFromTables += units.count
            var replacements: [(String, JSONValue)] = []
            if preferTables, let existing, !split.contains(key) {
                for language in languages.all where present.contains(language.tag) {
                    // A unit with variations or substitutions is no one text: left as it is.
                    guard let localization = existing[member: "localizations"]?[member: language.tag],
                          localization[member: "variations"] == nil, localization[member: "substitutions"] == nil,
                          let translation = tables.agreed(string, in: language, catalogPath: catalogPath, diagnostics: &result.diagnostics) else { continue }
                    let state = translation.needsReview ? "needs_review" : "translated"
                    let held = StringCatalog.unit(in: existing, language: language.tag)
                    if held.map({ StringsKey($0.value) == StringsKey(translation.value) && $0.state == state }) == true { continue }
                    replacements.append((language.tag, Self.unit(state: state, value: translation.value)))
                }
                result.unitsReplacedFromTables += replacements.count
            }
            guard let place = index[key], var value = existing else {
                var members: [(String, JSONValue)] = [
                    ("comment", .string(string.merged.comment { tables.sourceText(of: StringsKey($0), in: string, languages: languages) ?? $0 })),
                    ("extractionState", .string("manual")),
                ]
                if !units.isEmpty { members.append(("localizations", .object(units))) }
                if !string.merged.needsTranslation { members.append(("shouldTranslate", .bool(false))) }
                index[key] = strings.count
                strings.append((key.string, .object(members)))
                result.added.append(key.string)
                continue
            }
            value = Self.revived(value, key: key.string, result: &result)
            value = Self.reviewingTranslations(of: value, key: key, newUnits: units + replacements, development: languages.development?.tag, result: &result)
            if !replacements.isEmpty, var localizations = value[member: "localizations"]?.members {
                for (tag, unit) in replacements {
                    if let place = localizations.firstIndex(where: { $0.0 == tag }) { localizations[place].1 = unit }
                }
                value = value.setting("localizations", to: .object(localizations))
            }
            if !units.isEmpty {
                let localizations = (value[member: "localizations"]?.members ?? []) + units
                value = value.setting("localizations", to: .object(localizations))
            }
            strings[place].1 = value
        }
    }

    /// A string marked `stale` that is live again (the schema uses it, or the app reads it):
    /// `manual`, and counted as revived; any other as it is.
    private static func revived(_ value: JSONValue, key: String, result: inout CatalogSyncResult) -> JSONValue {
        guard value[member: "extractionState"]?.stringValue == "stale" else { return value }
        result.revived.append(key)
        return value.setting("extractionState", to: .string("manual"))
    }

    /// A string whose development text the tables changed (the catalog takes the new one now,
    /// in `newUnits`): the catalog's `translated` units of other languages were made from the
    /// old text (the catalog's development unit, else the key), so they become `needs_review`, as
    /// Xcode marks a string's translations when its source changes; sync then writes them into
    /// the tables with the review mark. Units `newUnits` brings are the tables' and stay as
    /// they are; a unit with variations is not one text and is left alone.
    private static func reviewingTranslations(of value: JSONValue, key: StringsKey, newUnits: [(String, JSONValue)], development: String?,
                                              result: inout CatalogSyncResult) -> JSONValue {
        guard let development, let newText = newUnits.first(where: { $0.0 == development })?.1[member: "stringUnit"]?[member: "value"]?.stringValue,
              StringsKey(newText) != StringsKey(StringCatalog.unit(in: value, language: development)?.value ?? key.string),
              var localizations = value[member: "localizations"]?.members else { return value }
        let brought = Set(newUnits.map(\.0))
        var marked = 0
        for place in localizations.indices where localizations[place].0 != development && !brought.contains(localizations[place].0) {
            guard let unit = localizations[place].1[member: "stringUnit"], unit[member: "state"]?.stringValue == "translated" else { continue }
            localizations[place].1 = localizations[place].1.setting("stringUnit", to: unit.setting("state", to: .string("needs_review")))
            marked += 1
        }
        guard marked > 0 else { return value }
        result.sourceChanged.append(key.string)
        result.unitsMarkedForReview += marked
        return value.setting("localizations", to: .object(localizations))
    }

    static func unit(state: String, value: String) -> JSONValue {
        .object([("stringUnit", .object([("state", .string(state)), ("value", .string(value))]))])
    }
}

extension JSONValue {
    /// This object with its member `name` set to `value`: in its place when it has one, else
    /// added at the end.
    func setting(_ name: String, to value: JSONValue) -> JSONValue {
        var members = self.members ?? []
        if let place = members.firstIndex(where: { $0.0 == name }) {
            members[place].1 = value
        } else {
            members.append((name, value))
        }
        return .object(members)
    }
}
