import SettingsL10nCore
import SettingsL10nResolve

/// One localized string drawn on a page (`render --format png`): the table and key it is looked
/// up with, the field of the row (`Title`, `FooterText`, `Titles[2]`, `ShortTitles[2]`), where
/// that field is written (the schema file and key path), and the text shown.
public struct ScreenshotString: Hashable, Sendable {
    public var table: String
    public var key: String
    public var field: String
    public var file: String
    public var keyPath: String
    public var text: String

    /// The strings of one page's rows: the page's schema file, and the catalog table of each
    /// schema file (a file it lacks is looked up in the table of its own name, as the device does).
    struct Source {
        let page: String
        let table: String

        init(page: String, tables: [String: String]) {
            self.page = page
            let base = page.split(separator: "/").last.map(String.init) ?? page
            table = tables[page] ?? String(base.dropLast(base.hasSuffix(".plist") ? 6 : 0))
        }

        private func string(_ key: String?, _ field: String, of row: LocalizedSpecifier, text: String) -> ScreenshotString? {
            guard let key else { return nil }
            return ScreenshotString(table: table, key: key, field: field, file: page,
                                    keyPath: "\(row.specifier.keyPath).\(field)", text: text)
        }

        func title(of row: LocalizedSpecifier) -> ScreenshotString? {
            string(row.specifier.title, "Title", of: row, text: row.title ?? "")
        }

        func footer(of row: LocalizedSpecifier) -> ScreenshotString? {
            string(row.specifier.footerText, "FooterText", of: row, text: row.footerText ?? "")
        }

        /// An option's title, when it was looked up (not the value shown for want of one).
        func optionTitle(_ option: LocalizedOption, of row: LocalizedSpecifier) -> ScreenshotString? {
            guard option.isLocalized, let titles = row.specifier.titles, option.index < titles.count else { return nil }
            return string(titles[option.index], "Titles[\(option.index)]", of: row, text: option.title)
        }

        func shortTitle(_ option: LocalizedOption, of row: LocalizedSpecifier) -> ScreenshotString? {
            guard let short = option.shortTitle, let titles = row.specifier.shortTitles, option.index < titles.count else { return nil }
            return string(titles[option.index], "ShortTitles[\(option.index)]", of: row, text: short)
        }
    }
}

/// The localized strings one page draws, in the order they are drawn: each is wrapped in a
/// `<span data-l10n="N">`, N its place in `strings`, for the browser to measure. Off (the
/// HTML previews), a text is only escaped.
final class Marks {
    let isOn: Bool
    private(set) var strings: [ScreenshotString] = []

    init(on: Bool) {
        isOn = on
    }

    /// `text` as HTML, marked as `string` when marking is on and the text is a localized string.
    func text(_ text: String, _ string: ScreenshotString?) -> String {
        guard isOn, var string else { return RenderHTML.escaped(text) }
        string.text = text
        strings.append(string)
        return "<span data-l10n=\"\(strings.count - 1)\">\(RenderHTML.escaped(text))</span>"
    }
}

/// A page to draw for `render --format png`: its locale's folder and its name (`de`, `Root`:
/// `de/Root.png`), its schema file, its HTML with every localized string marked, and those strings.
public struct ScreenshotPage: Hashable, Sendable {
    public var folder: String
    public var name: String
    public var file: String
    public var html: String
    public var strings: [ScreenshotString]
    public var isRightToLeft: Bool
}

extension RenderHTML {
    /// The pages of a locale to draw, by name: one per schema file (its path made safe,
    /// `Root`, `com.mono0926.LicensePlist_Alpha`) and one per option list
    /// (`options-Root-5`), as the HTML previews have them. `tables` is the catalog table of each
    /// schema file (`Catalog.tableOfFile`).
    /// `folder`: the locale's folder (`folders(for:)`), else its name made safe.
    public func screenshotPages(for locale: LocalizedLocale, tables: [String: String], folder: String? = nil) -> [ScreenshotPage] {
        let root = locale.pages.first?.file
        let folder = folder ?? Self.folder(for: locale)
        let pages = localePages(locale, tables: tables)
        // The root's screenshot is named after its schema file (`Root`), not `index`: a name
        // no other page has, whatever the case (a child `Root_iphone.plist` beside
        // `Root~iphone.plist` made one file of the two).
        let others = Set(pages.keys.filter { $0 != "index.html" }.map { $0.dropLast(5).lowercased() })
        var rootBase = "index"
        if let root {
            let stem = Self.safeName(String(root.dropLast(root.hasSuffix(".plist") ? 6 : 0)))
            rootBase = stem
            var number = 1
            while others.contains(rootBase.lowercased()) {
                number += 1
                rootBase = String(Self.fitted(stem, "-\(number).html").dropLast(5))
            }
        }
        return pages.map { name, page in
            ScreenshotPage(folder: folder, name: name == "index.html" ? rootBase : String(name.dropLast(5)), file: page.file, html: page.html,
                           strings: page.strings, isRightToLeft: locale.isRightToLeft)
        }.sorted { $0.name < $1.name }
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "<br>"
            default: out.append(character)
            }
        }
        return out
    }
}
