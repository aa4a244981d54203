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
    /// in every merge: one text grown in place, where parts joined cost three times as much).
    package func describe<Text: DescriptionText>(into text: inout Text, sourceText: (String) -> String = { $0 }) {
        text += file
        // A row without a title (a group's empty Title, or one whose text is empty) adds no
        // empty `›  ›` part.
        if field != .title, let specifierTitle {
            let shown = sourceText(specifierTitle)
            if !shown.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                text += " › "
                text += shown
            }
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
        case .subtitle:
            text += "subtitle below the row"
            if let value = subtitleValue {
                if value == "__default__" {
                    text += " for any other value"
                } else {
                    text += " when the value is "
                    text += value
                }
            }
        case .placeholder:
            text += "placeholder shown while the field is empty"
        case .childTitle:
            text += "title of the page the row opens"
        case .mailComposeSubject:
            text += "subject of the e-mail the row writes"
        case .mailComposeBody:
            text += "text of the e-mail the row writes"
        case .file:
            text += "address the row opens (translate it to open another one in this language)"
        }
    }

    /// For a subtitle of a dictionary of one per value: the value it is shown for
    /// (`__default__` for the others); `nil` for a single subtitle.
    var subtitleValue: String? {
        guard field == .subtitle, case .key(let value)? = keyPath.components.last, value != LocalizableField.subtitle.rawValue else { return nil }
        return value
    }

    /// `option 2 of 3`.
    private func appendOption<Text: DescriptionText>(to text: inout Text) {
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
    private func appendDecimal<Text: DescriptionText>(_ value: Int, to text: inout Text) {
        if (0..<10).contains(value) {
            text.appendASCII(UInt8(ascii: "0") + UInt8(value))
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
        case .other(let name): "title of \(MessageText.withArticle(name)) row"
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
    /// Places described alike (InAppSettingsKit's mail subject in twelve rows of one file) are
    /// said once.
    package func appendComment<Text: DescriptionText>(to text: inout Text, sourceText: (String) -> String = { $0 }) {
        guard occurrences.count > 1 else {
            occurrences.first?.describe(into: &text, sourceText: sourceText)
            return
        }
        var said = Set<String>()
        for occurrence in occurrences {
            let description = occurrence.describe(sourceText: sourceText)
            guard said.insert(description).inserted else { continue }
            if said.count > 1 { text += "; " }
            text += description
        }
    }
}

/// What descriptions are appended to: a `String`, or UTF-8 bytes (merge keeps every location
/// comment of a table in one buffer: appending a string to bytes is a copy, to a string several
/// times that).
package protocol DescriptionText {
    static func += (text: inout Self, string: String)
    mutating func appendASCII(_ byte: UInt8)
}

extension String: DescriptionText {
    package mutating func appendASCII(_ byte: UInt8) {
        unicodeScalars.append(Unicode.Scalar(byte))
    }
}

extension Array: DescriptionText where Element == UInt8 {
    package static func += (text: inout [UInt8], string: String) {
        text.appendUTF8(string)
    }

    package mutating func appendASCII(_ byte: UInt8) {
        append(byte)
    }
}
