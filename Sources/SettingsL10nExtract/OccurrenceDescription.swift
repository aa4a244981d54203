import SettingsL10nCore

extension Occurrence {
    /// Where the string appears, in words a translator understands:
    /// `Root.plist › Difficulty › option 2 of 3`.
    ///
    /// - Parameter sourceText: turns a key into the development-language text, so that symbolic
    ///   keys (`SETTINGS_DIFFICULTY`) read as the words the user sees.
    package func describe(sourceText: (String) -> String = { $0 }) -> String {
        var text = ""
        describe(into: &text, sourceText: sourceText)
        return text
    }

    /// `describe`, appended to `text` (a location comment is made for every string of a table,
    /// in every merge: one string grown in place, where parts joined cost three times as much).
    package func describe(into text: inout String, sourceText: (String) -> String = { $0 }) {
        text += file
        if field != .title, let specifierTitle {
            text += " › "
            text += sourceText(specifierTitle)
        }
        text += " › "
        switch field {
        case .title:
            text += titleRole
        case .footerText:
            switch specifierType.map(SpecifierType.init) {
            case .group?, .radioGroup?: text += "footer text below the group"
            case .multiValue?: text += "footer text below the list of choices"
            default: text += "footer text below the row"
            }
        case .titles:
            appendOption(to: &text)
        case .shortTitles:
            text += "short form of "
            appendOption(to: &text)
            if let abbreviates {
                text += " (“"
                text += sourceText(abbreviates)
                text += "”)"
            }
            text += ", shown in the row; keep it shorter"
        }
    }

    /// `option 2 of 3`.
    private func appendOption(to text: inout String) {
        guard let optionIndex, let optionCount else {
            text += "option"
            return
        }
        text += "option "
        appendDecimal(optionIndex + 1, to: &text)
        text += " of "
        appendDecimal(optionCount, to: &text)
    }

    /// `value` in decimal digits (a single digit without making a String).
    private func appendDecimal(_ value: Int, to text: inout String) {
        if (0..<10).contains(value) {
            text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value)))
        } else {
            text += String(value)
        }
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
        var text = ""
        appendComment(to: &text, sourceText: sourceText)
        return text
    }

    /// `comment`, appended to `text`.
    package func appendComment(to text: inout String, sourceText: (String) -> String = { $0 }) {
        for (index, occurrence) in occurrences.enumerated() {
            if index > 0 { text += "; " }
            occurrence.describe(into: &text, sourceText: sourceText)
        }
    }
}
