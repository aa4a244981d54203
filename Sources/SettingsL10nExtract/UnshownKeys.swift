import SettingsL10nCore

extension Extractor {
    /// The strings of `specifier` in the localizable fields it holds that no host shows (a
    /// slider's `Title`: `key-ignored`), each with where it is. Neither the Settings app nor
    /// InAppSettingsKit shows them, so a table's entry for one is stale, and `check` and `merge`
    /// say why.
    static func unshown(in specifier: Specifier, file: String) -> [(String, Occurrence)] {
        let shown = Set(SettingsHost.allCases.flatMap { specifier.shownFields(in: $0) })
        var found: [(String, Occurrence)] = []
        for field in LocalizableField.allCases where !shown.contains(field) {
            guard let value = specifier.field(field.rawValue) else { continue }
            let values = field == .title || field == .footerText ? [value] : value.elements
            for element in values {
                guard let text = element.value.stringValue, !text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else { continue }
                found.append((text, Occurrence(file: file, position: element.position, keyPath: element.keyPath,
                                               specifierType: specifier.typeName, field: field, specifierTitle: specifier.title)))
            }
        }
        return found
    }
}

extension Extractor {
    /// Apple's keys, every field a host localizes and a list group's nested rows: what a
    /// specifier's member is when it is not the app's own.
    private static let schemaKeyNames = Set(SpecifierSchema.allKeyNames + LocalizableField.allCases.map(\.rawValue) + Specifier.nestedSpecifierKeys)

    /// The strings `specifier` holds under members of the app's own, which neither Apple's
    /// schema nor a host localizes (VLC's `infobuttonvalue` = `SETTINGS_HWDECODING_INFO`, the
    /// key of the text its info button shows): a string, or the strings of an array or a
    /// dictionary at any depth; not under an `IASK…` member. The app reads
    /// them from the table itself, so a table's entry for one is live, never stale and never
    /// pruned, as what the other host shows is.
    static func appKeys(in specifier: Specifier) -> [String] {
        var found: [String] = []
        func strings(in value: PlistValue) {
            if let text = value.stringValue, !text.isEmpty { found.append(text) }
            for element in value.arrayValue ?? [] { strings(in: element.value) }
            for entry in value.dictionaryValue?.entries ?? [] { strings(in: entry.value.value) }
        }
        // Every string below such a member, however deep (the parser bounds the depth). An
        // `IASK…` member is InAppSettingsKit's: class names, selectors, nested rows, not keys.
        for entry in specifier.dictionary.entries where !schemaKeyNames.contains(entry.key) && !entry.key.hasPrefix("IASK") {
            strings(in: entry.value.value)
        }
        return found
    }
}

extension Occurrence {
    /// Why a table's entry for a key the schema holds only where no host shows it is stale:
    /// `the Title of a PSSliderSpecifier (Root.plist:23), which no host shows`.
    public var unshownReason: String {
        let type = specifierType.map { MessageText.withArticle($0) } ?? "a specifier without a Type"
        let place = file + (position.map { ":\($0.line)" } ?? "")
        return "the \(field.rawValue) of \(type) (\(place)), which no host shows"
    }
}
