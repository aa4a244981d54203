import SettingsL10nCore

extension Occurrence {
    /// Where the string appears, in words a translator understands:
    /// `Root.plist › Difficulty › option 2 of 3`.
    ///
    /// - Parameter sourceText: turns a key into the development-language text, so that symbolic
    ///   keys (`SETTINGS_DIFFICULTY`) read as the words the user sees.
    package func describe(sourceText: (String) -> String = { $0 }) -> String {
        var parts = [file]
        if field != .title, let specifierTitle {
            parts.append(sourceText(specifierTitle))
        }
        switch field {
        case .title:
            parts.append(titleRole)
        case .footerText:
            switch specifierType.map(SpecifierType.init) {
            case .group?, .radioGroup?: parts.append("footer text below the group")
            case .multiValue?: parts.append("footer text below the list of choices")
            default: parts.append("footer text below the row")
            }
        case .titles:
            parts.append(option)
        case .shortTitles:
            var phrase = "short form of \(option)"
            if let abbreviates { phrase += " (“\(sourceText(abbreviates))”)" }
            parts.append(phrase + ", shown in the row; keep it shorter")
        }
        return parts.joined(separator: " › ")
    }

    private var option: String {
        guard let optionIndex, let optionCount else { return "option" }
        return "option \(optionIndex + 1) of \(optionCount)"
    }

    private var titleRole: String {
        switch specifierType.map(SpecifierType.init) {
        case .group: "group heading"
        case .textField: "label of a text field"
        case .titleValue: "label of a read-only value"
        case .toggleSwitch: "label of an on/off switch"
        case .slider: "slider title"
        case .multiValue: "label of a list of choices"
        case .radioGroup: "heading of a list of choices"
        case .childPane: "link to a page, and that page's title"
        case .other(let name): "title of a \(name) row"
        case nil: "title of a row without Type"
        }
    }
}

extension LocalizableString {
    /// The comment written above a generated entry: every place the string appears.
    package func comment(sourceText: (String) -> String = { $0 }) -> String {
        occurrences.map { $0.describe(sourceText: sourceText) }.joined(separator: "; ")
    }
}
