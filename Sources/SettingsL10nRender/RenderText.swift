import SettingsL10nCore
import SettingsL10nICU
import SettingsL10nResolve

/// `render --format text`: each locale as a readable tree of pages, groups and rows, with the
/// value each row shows and the options of pickers (✓ marks the default).
public enum RenderText {
    public static func render(_ locales: [LocalizedLocale], icuVersion: String = Collator.icuVersion) -> String {
        locales.map { render($0, icuVersion: icuVersion) }.joined(separator: "\n")
    }

    /// The trees of what the users `requests` see, resolved by `resolver` on all cores and handed
    /// to `write` in order as they are done. `progress` hears of each locale as it is handed on.
    /// - Returns: the tables that could not be read (their locales show those keys as written).
    @discardableResult
    public static func render(_ requests: [LocaleRequest], with resolver: Resolver, icuVersion: String = Collator.icuVersion,
                              progress: ((_ done: Int, _ total: Int, _ locale: String) -> Void)? = nil,
                              into write: (String) -> Void) -> [Diagnostic] {
        let stream = RenderStream(requests, resolver: resolver, progress: progress) { render($0, icuVersion: icuVersion) }
        var first = true
        return stream.run { text in
            write(first ? text : "\n" + text)
            first = false
        }
    }

    static let width = 34

    static func render(_ locale: LocalizedLocale, icuVersion: String) -> String {
        var out = "\(oneLine(locale.locale)): "
        out += locale.localization.map { "\(oneLine($0)).lproj" } ?? "no .lproj (keys shown as written)"
        out += ", collation \(oneLine(locale.collation)) (ICU \(icuVersion))"
        if locale.isRightToLeft { out += ", right to left" }
        out += "\n"
        // Tables the chosen folder does not hold: where the device finds them instead.
        let folder = locale.localization.map { $0 + ".lproj/" }
        for table in locale.tables where folder == nil || !(table.path ?? "").hasPrefix(folder!) {
            out += "  table \(oneLine(table.table)): " + (table.path.map { "from \(oneLine($0))" } ?? "none (keys shown as written)") + "\n"
        }
        for page in locale.pages {
            out += "\n" + oneLine(page.file) + (page.title.map { ": " + oneLine($0) } ?? "") + "\n"
            var footer: String?
            func flushFooter() {
                if let text = footer { out += "    " + TerminalText.forLog(text).replacingEvery("\n", with: "\n    ") + "\n" }
                footer = nil
            }
            for row in page.specifiers {
                switch row.type {
                case .group?:
                    flushFooter()
                    out += heading(row.title)
                    footer = row.footerText
                case .radioGroup?:
                    flushFooter()
                    out += heading(row.title)
                    for option in row.options ?? [] {
                        out += "  " + (isSelected(option, row) ? "✓ " : "  ") + oneLine(option.title) + "\n"
                    }
                    footer = row.footerText
                default:
                    out += line(row)
                }
            }
            flushFooter()
        }
        return out
    }

    static func heading(_ title: String?) -> String {
        title.map { "  ── \(oneLine($0)) ──\n" } ?? "  ────\n"
    }

    static func line(_ row: LocalizedSpecifier) -> String {
        let title = oneLine(row.title ?? "")
        // Measured as it will be printed: a control character (a bidirectional mark of the
        // right-to-left pseudo-locale, say) is written as an escape such as \U202B.
        let padded = title + String(repeating: " ", count: max(1, width - displayWidth(title)))
        let specifier = row.specifier
        var text: String
        switch row.type {
        case .textField?:
            let value = specifier.string("DefaultValue").flatMap { $0.isEmpty ? nil : $0 }
            text = specifier.isSecure ? "[secure text field]" : "[text field" + (value.map { ": \(oneLine(StringsWriting.quoted($0)))" } ?? "") + "]"
        case .toggleSwitch?:
            text = "[switch: \(isOn(specifier) ? "on" : "off")]"
        case .slider?:
            let minimum = specifier.minimumValue.map(number) ?? "?", maximum = specifier.maximumValue.map(number) ?? "?"
            let value = specifier.defaultValue?.numberValue.map(number) ?? "?"
            text = "[slider \(minimum) … \(maximum), at \(value)]"
        case .titleValue?:
            text = oneLine(row.selectedOption?.title ?? row.defaultValue.map(Resolver.describe) ?? "")
        case .multiValue?:
            let selected = row.selectedOption
            text = oneLine(selected.map { $0.shortTitle ?? $0.title } ?? "") + " ›"
        case .childPane?:
            text = "›" + (row.file.map { "  (\(oneLine($0)))" } ?? "  (no page)")
        case .other(let name)?:
            text = "[\(oneLine(name))]"
        default:
            text = "[no Type]"
        }
        var out = "  " + padded + text + "\n"
        if row.type == .multiValue {
            for option in row.options ?? [] {
                out += "      " + (isSelected(option, row) ? "✓ " : "  ") + oneLine(option.title) + (option.shortTitle.map { " (\(oneLine($0)))" } ?? "") + "\n"
            }
        }
        return out
    }

    /// A name, title or value on its line, as `TerminalText.escaped` writes a field: a line break
    /// or tab in it is written `\n` or `\t`, so that it neither breaks the tree nor its columns,
    /// and nothing in it acts on a terminal or runs in a CI log. Only footers, which the Settings
    /// app wraps, keep their line breaks.
    static func oneLine(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    /// Columns a terminal gives `text`: two for East Asian wide characters, none for combining marks.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .format { return width }
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                return width + 2
            default:
                return width + 1
            }
        }
    }

    static func isSelected(_ option: LocalizedOption, _ row: LocalizedSpecifier) -> Bool {
        row.defaultValue.map { PlistValue.same(option.value, $0) } ?? false
    }

    /// Whether a switch starts on: its default equals TrueValue (or is true when there is none).
    static func isOn(_ specifier: Specifier) -> Bool {
        guard let value = specifier.defaultValue else { return false }
        if let trueValue = specifier.trueValue { return PlistValue.same(value, trueValue) }
        return PlistValue.equivalent(value, .boolean(true))
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
