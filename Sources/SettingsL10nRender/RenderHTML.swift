import SettingsL10nCore
import SettingsL10nICU
import SettingsL10nResolve

/// `render --format html`: static, self-contained pages per locale that look like the iOS
/// Settings app (grouped lists, disclosure rows to child pages and option pages, switches,
/// sliders, footers), `dir="rtl"` for right-to-left languages, and an index of every locale
/// with its translation completeness. No script, no network: styles are inline and images are
/// embedded.
public struct RenderHTML {
    /// Files of the bundle the pages show (slider images), by name.
    public let images: [String: [UInt8]]
    public var icuVersion: String
    /// The share of each localization's strings that are translated, in percent, by `.lproj`
    /// folder without extension: `status`'s numbers (`TranslationPolicy`), which the index shows.
    public var completeness: [String: Double]
    /// What a percentage of `completeness` leaves unsaid (`StatusReport.caveatByLocale`): shown
    /// beside it, so that 0% of a folder that could not be read is not taken for untranslated.
    public var caveats: [String: String] = [:]
    /// Each image's number, for the class that shows it: a page embeds an image once, in its
    /// style sheet, however many rows show it (100 sliders with one 1 MiB image made a page of
    /// 280 MB when each row embedded it).
    private let imageNumbers: [String: Int]

    public init(images: [String: [UInt8]] = [:], icuVersion: String = Collator.icuVersion, completeness: [String: Double] = [:]) {
        self.images = images
        self.icuVersion = icuVersion
        self.completeness = completeness
        self.imageNumbers = Dictionary(uniqueKeysWithValues: images.keys.sorted().enumerated().map { ($1, $0) })
    }

    /// Every page, by path relative to the output folder: `index.html`, and per locale
    /// `<locale>/index.html`, one page per child pane and one per option list.
    public func pages(for locales: [LocalizedLocale]) -> [String: String] {
        var pages: [String: String] = [:]
        var entries: [IndexEntry] = []
        for (locale, folder) in zip(locales, Self.folders(for: locales.map(\.locale))) {
            let (localePages, entry) = self.pages(of: locale, folder: folder)
            for page in localePages { pages[page.path] = page.html }
            entries.append(entry)
        }
        pages["index.html"] = index(entries)
        return pages
    }

    /// A locale's row of the index: `index(_:)` needs no more of it, so that the pages of one
    /// locale can be written before the next is resolved (`render --format html` holds one
    /// locale's pages at a time, not every locale's: 226 MB of HTML on the bench's medium bundle).
    public struct IndexEntry: Sendable {
        var locale: String
        var localization: String?
        /// The folder of its pages, relative to the output folder.
        public var folder: String
        /// Whether the locale has a first page. A locale with none (its Root did not load, or no
        /// page for this idiom) is listed without a link, never with one to a page that does not
        /// exist.
        var shown: Bool
    }

    /// The pages of one locale, by path relative to the output folder (`<folder>/index.html`, one
    /// page per child pane and one per option list), sorted by path, and its row of the index.
    /// `folder`: the locale's folder (`folders(for:)`).
    public func pages(of locale: LocalizedLocale, folder: String) -> (pages: [(path: String, html: String)], entry: IndexEntry) {
        let localePages = localePages(locale, tables: nil)
        let entry = IndexEntry(locale: locale.locale, localization: locale.localization, folder: folder, shown: localePages["index.html"] != nil)
        let pages = localePages.map { (path: "\(folder)/\($0.key)", html: $0.value.html) }.sorted { $0.path < $1.path }
        return (pages, entry)
    }

    /// The folder of a locale's pages: its name, made safe for a file name.
    package static func folder(for locale: LocalizedLocale) -> String {
        safeName(locale.locale)
    }

    /// A folder for each of the locales named (`LocalizedLocale.locale`, in order): each name
    /// made safe, and one that another took already, whatever its case (one folder where a
    /// volume ignores case), or that is the index page, given `-2`, `-3`, … (`--languages xx,de`
    /// and `--locale xx_de` are both `xx_de`: the second's pages went over the first's, and the
    /// index linked both rows to one of them).
    public static func folders(for locales: [String]) -> [String] {
        var taken: Set<String> = ["index.html"]
        return locales.map { locale in
            let safe = safeName(locale)
            var folder = safe, number = 1
            while !taken.insert(folder.lowercased()).inserted {
                number += 1
                folder = "\(safe)-\(number)"
            }
            return folder
        }
    }

    // MARK: Pages

    /// A page of a locale: its HTML, and with `tables` (`render --format png`) the localized
    /// strings it draws, in the order drawn, each marked in the HTML by its place in `strings`
    /// (`data-l10n="3"`).
    struct LocalePage {
        var html: String
        var file: String
        var strings: [ScreenshotString] = []
    }

    /// The pages of a locale by name. `tables` (the catalog table of each schema file) marks
    /// every localized string drawn; `nil` marks none (the HTML previews).
    // Long: one pass over the rows that builds each page's groups, option pages and marks together.
    func localePages(_ locale: LocalizedLocale, tables: [String: String]?) -> [String: LocalePage] {
        var pages: [String: LocalePage] = [:]
        var parent: [String: (file: String, title: String?)] = [:]
        // The row whose Title titles each child page (the first that opens it and shows its title).
        var titleSources: [String: ScreenshotString] = [:]
        let titles = Dictionary(locale.pages.map { ($0.file, $0.title) }, uniquingKeysWith: { first, _ in first })
        for page in locale.pages {
            for row in page.specifiers {
                guard let child = row.file else { continue }
                if parent[child] == nil { parent[child] = (page.file, page.title) }
                if titleSources[child] == nil, let tables, let title = row.title, title == titles[child] ?? nil {
                    titleSources[child] = ScreenshotString.Source(page: page.file, tables: tables).title(of: row)
                }
            }
        }
        // The previews title the bundle's root page "Settings" and link it back to the index of
        // the languages. A screenshot shows only what the device shows of the bundle: there the
        // root page's title is the app's name and the page above it the Settings app's, which
        // the bundle holds neither of, so its bar has no title and no back button, and the
        // back buttons of the pages it opens are a bare chevron.
        let home = tables == nil ? "Settings" : ""
        let root = locale.pages.first?.file
        let names = PageNames(locale.pages, root: root)
        for page in locale.pages {
            // Marked in the order drawn: the bar (back button, then title), then each group.
            let marks = Marks(on: tables != nil)
            let back = parent[page.file].map { (names.page($0.file, root: root), $0.title ?? home, titleSources[$0.file]) }
                ?? (tables == nil ? ("../index.html", "Languages", nil) : nil)
            let backLink = back.map { back in (back.0, back.2.map { marks.text(back.1, $0) } ?? escape(back.1)) }
            let heading = page.title.map { marks.text($0, titleSources[page.file]) } ?? home
            let strings = tables.map { ScreenshotString.Source(page: page.file, tables: $0) }
            var group: [String] = []
            var header: String?
            var footer: LocalizedSpecifier?
            var sections = ""
            func closeGroup() {
                if header != nil || !group.isEmpty || footer != nil {
                    // The footer is drawn (and marked) after the group's rows.
                    sections += section(header: header, rows: group, footer: footer.flatMap { row in row.footerText.map { marks.text($0, strings?.footer(of: row)) } })
                }
                group = []
                header = nil
                footer = nil
            }
            for (index, row) in page.specifiers.enumerated() {
                switch row.type {
                case .group?:
                    closeGroup()
                    header = row.title.map { marks.text($0, strings?.title(of: row)) }
                    footer = row.footerText == nil ? nil : row
                case .radioGroup?:
                    closeGroup()
                    let title = row.title.map { marks.text($0, strings?.title(of: row)) }
                    let rows = optionRows(row, marks: marks, strings: strings)
                    sections += section(header: title, rows: rows, footer: row.footerText.map { marks.text($0, strings?.footer(of: row)) })
                case .multiValue?:
                    let name = names.options[page.file]?[index] ?? Self.optionsPageName(page: page.file, index: index)
                    pages[name] = optionsPage(row, locale: locale, strings: strings,
                                              back: (names.page(page.file, root: root), page.title ?? home, page.title == nil ? nil : titleSources[page.file]))
                    let label = row.title.map { marks.text($0, strings?.title(of: row)) }
                    let selected = row.selectedOption.map { option in
                        option.shortTitle.map { marks.text($0, strings?.shortTitle(option, of: row)) } ?? marks.text(option.title, strings?.optionTitle(option, of: row))
                    } ?? ""
                    group.append(pageLink(name, label: label, value: selected))
                default:
                    group.append(self.row(row, root: root, names: names, marks: marks, strings: strings))
                }
            }
            closeGroup()
            let shown = Set(page.specifiers.flatMap { [$0.specifier.minimumValueImage, $0.specifier.maximumValueImage] }.compactMap { $0 })
            let html = document(locale: locale, title: page.title ?? home, heading: heading, back: backLink, body: sections, style: imageStyle(shown))
            pages[names.page(page.file, root: root)] = LocalePage(html: html, file: page.file, strings: marks.strings)
        }
        return pages
    }

    private func optionRows(_ row: LocalizedSpecifier, marks: Marks, strings: ScreenshotString.Source?) -> [String] {
        (row.options ?? []).map { option in
            "<li class=\"row option\"><span class=\"label\">\(marks.text(option.title, strings?.optionTitle(option, of: row)))</span>\(RenderText.isSelected(option, row) ? "<span class=\"check\">✓</span>" : "")</li>"
        }
    }

    private func optionsPage(_ row: LocalizedSpecifier, locale: LocalizedLocale, strings: ScreenshotString.Source?,
                             back: (String, String, ScreenshotString?)) -> LocalePage {
        let marks = Marks(on: strings != nil)
        let backLink = (back.0, back.2.map { marks.text(back.1, $0) } ?? escape(back.1))
        let heading = row.title.map { marks.text($0, strings?.title(of: row)) } ?? ""
        let rows = optionRows(row, marks: marks, strings: strings)
        let html = document(locale: locale, title: row.title ?? "", heading: heading, back: backLink, body: section(header: nil, rows: rows, footer: nil, listClass: "options"))
        return LocalePage(html: html, file: strings?.page ?? "", strings: marks.strings)
    }

    private func row(_ row: LocalizedSpecifier, root: String?, names: PageNames, marks: Marks, strings: ScreenshotString.Source?) -> String {
        let specifier = row.specifier
        let title = row.title.map { marks.text($0, strings?.title(of: row)) }
        let label = title.map { "<span class=\"label\">\($0)</span>" } ?? ""
        switch row.type {
        case .textField?:
            let value = specifier.string("DefaultValue") ?? ""
            let shown = specifier.isSecure ? String(repeating: "•", count: max(value.count, 0)) : value
            return "<li class=\"row\">\(label)<span class=\"text\(shown.isEmpty ? " empty" : "")\">\(escape(shown))</span></li>"
        case .toggleSwitch?:
            let on = RenderText.isOn(specifier)
            return "<li class=\"row\">\(label)<span class=\"switch \(on ? "on" : "off")\" role=\"img\" aria-label=\"\(on ? "on" : "off")\"></span></li>"
        case .slider?:
            let minimum = specifier.minimumValue ?? 0, maximum = specifier.maximumValue ?? 1
            let value = specifier.defaultValue?.numberValue ?? minimum
            let share = maximum > minimum ? min(max((value - minimum) / (maximum - minimum), 0), 1) : 0
            let percent = String(share * 100, decimals: 0) + "%"
            return "<li class=\"row slider\">\(image(specifier.minimumValueImage))<span class=\"track\" role=\"img\" aria-label=\"\(RenderText.number(value)) of \(RenderText.number(minimum)) to \(RenderText.number(maximum))\"><span class=\"fill\" style=\"width:\(percent)\"></span><span class=\"knob\" style=\"inset-inline-start:\(percent)\"></span></span>\(image(specifier.maximumValueImage))</li>"
        case .titleValue?:
            let value = row.selectedOption.map { marks.text($0.title, strings?.optionTitle($0, of: row)) }
                ?? escape(row.defaultValue.map(Resolver.describe) ?? "")
            return "<li class=\"row\">\(label)<span class=\"value\">\(value)</span></li>"
        case .childPane?:
            return pageLink(row.file.map { names.page($0, root: root) } ?? "#", label: title, value: nil)
        case .other(let name)?:
            return "<li class=\"row\">\(label)<span class=\"badge\">\(escape(name))</span></li>"
        default:
            return "<li class=\"row\">\(label)<span class=\"badge\">no Type</span></li>"
        }
    }

    /// A row that opens a page; `label` and `value` are HTML (escaped, perhaps marked).
    private func pageLink(_ href: String, label: String?, value: String?) -> String {
        "<li class=\"row link\"><a href=\"\(escape(href))\"><span class=\"label\">\(label ?? "")</span>"
            + (value.map { "<span class=\"value\">\($0)</span>" } ?? "") + "<span class=\"chevron\" aria-hidden=\"true\">›</span></a></li>"
    }

    private func image(_ name: String?) -> String {
        guard let name, let number = imageNumbers[name] else { return "" }
        return "<span class=\"icon image-\(number)\" role=\"presentation\"></span>"
    }

    /// The style rules of the images a page shows, each embedded once.
    private func imageStyle(_ names: Set<String>) -> String {
        names.compactMap { name -> (Int, String)? in
            guard let number = imageNumbers[name], let bytes = images[name] else { return nil }
            let lowercased = name.lowercased()
            let type = lowercased.hasSuffix(".jpg") || lowercased.hasSuffix(".jpeg") ? "image/jpeg" : "image/png"
            return (number, ".image-\(number){background:url(\"data:\(type);base64,\(Base64.encode(bytes))\") center/contain no-repeat}")
        }.sorted { $0.0 < $1.0 }.map(\.1).joined()
    }

    /// A group; `header` and `footer` are HTML (escaped, perhaps marked).
    private func section(header: String?, rows: [String], footer: String?, listClass: String = "") -> String {
        var html = "<section class=\"group\">"
        if let header { html += "<h2>\(header)</h2>" }
        if !rows.isEmpty { html += "<ul\(listClass.isEmpty ? "" : " class=\"\(listClass)\"")>" + rows.joined() + "</ul>" }
        if let footer { html += "<p class=\"footer\">\(footer)</p>" }
        return html + "</section>\n"
    }

    /// A page; `heading` (the title in the bar) and the back link's text are HTML (escaped,
    /// perhaps marked), `title` is text; `back` is `nil` on a page with no back button.
    private func document(locale: LocalizedLocale, title: String, heading: String, back: (String, String)?, body: String, style: String = "") -> String {
        let language = locale.localization.flatMap(LanguageTag.bcp47(folderName:)) ?? (PseudoLocale(rawValue: locale.locale) == nil ? locale.locale : "en")
        return """
        <!DOCTYPE html>
        <html lang="\(escape(language))" dir="\(locale.isRightToLeft ? "rtl" : "ltr")">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) (\(escape(locale.locale)))</title>
        <style>\(Self.css)\(style)</style>
        </head>
        <body>
        <header class="bar">\(back.map { "<a class=\"back\" href=\"\(escape($0.0))\"><span class=\"chevron\" aria-hidden=\"true\">‹</span>\($0.1)</a>" } ?? "")<h1>\(heading)</h1></header>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    /// The first page: every locale with its translation completeness, each linked to its pages.
    public func index(_ entries: [IndexEntry]) -> String {
        let rows = entries.map { locale -> String in
            let folder = locale.localization.map { "\($0).lproj" } ?? "keys as written"
            // The name on its line, the folder and share below it (a subtitle row, as iOS has):
            // at a phone's width neither is cut nor wraps the name.
            let name = "<span class=\"label\">\(escape(locale.locale))</span>"
            guard locale.shown else {
                return "<li class=\"row\"><span class=\"stack\">\(name)<span class=\"detail\">\(escape(folder)) · no page: the Settings app shows nothing here (see the command's messages)</span></span></li>"
            }
            // The same number as status, to the same tenth; none for a folder status does not count.
            let percent = locale.localization.flatMap { completeness[$0] }.map { String($0, decimals: 1) + "%" }
            let meter = percent.map { "<span class=\"meter\" role=\"img\" aria-label=\"\($0)\"><span style=\"width:\($0)\"></span></span>" } ?? ""
            let caveat = locale.localization.flatMap { caveats[$0] }.map { " (\(escape($0)))" } ?? ""
            return "<li class=\"row link\"><a href=\"\(escape(locale.folder))/index.html\"><span class=\"stack\">\(name)<span class=\"detail\">\(escape(folder))\(percent.map { " · \($0) translated\(caveat)" } ?? "")</span></span>\(meter)<span class=\"chevron\" aria-hidden=\"true\">›</span></a></li>"
        }
        return """
        <!DOCTYPE html>
        <html lang="en" dir="ltr">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Settings previews</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <header class="bar"><h1>Settings previews</h1></header>
        <main>
        \(section(header: "Languages", rows: rows, footer: "Option lists sorted with ICU \(escape(icuVersion)). Generated by settings-l10n render."))</main>
        </body>
        </html>

        """
    }

    func escape(_ text: String) -> String {
        Self.escaped(text)
    }

    static let css = """
    :root{color-scheme:light;--bg:#f2f2f7;--card:#fff;--line:#c6c6c8;--text:#000;--muted:#6d6d72;--tint:#007aff;--green:#34c759}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--text);font:17px/1.3 -apple-system,system-ui,"Helvetica Neue","Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans CJK JP",sans-serif}
    .bar{position:sticky;top:0;display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);align-items:center;min-height:44px;padding:0 16px;background:rgba(249,249,249,.94);border-bottom:.5px solid var(--line)}
    .bar h1{grid-column:2;margin:0;font-size:17px;font-weight:600;text-align:center;max-width:calc(100vw - 96px);overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
    .back{grid-column:1;grid-row:1;justify-self:start;min-width:0;max-width:100%;margin-inline-start:-8px;overflow:hidden;white-space:nowrap;color:var(--tint);text-decoration:none;display:flex;align-items:center;gap:4px}
    main{max-width:680px;margin:0 auto;padding:8px 16px 32px}
    .group{margin:24px 0 0}
    .group h2{margin:0 0 6px;padding-inline-start:16px;font-size:13px;font-weight:400;text-transform:uppercase;color:var(--muted)}
    .group ul{list-style:none;margin:0;padding:0;background:var(--card);border-radius:10px;overflow:hidden}
    .row{display:flex;align-items:center;min-height:44px;padding:6px 16px;gap:12px;border-bottom:.5px solid var(--line)}
    .row:last-child{border-bottom:0}
    .row.link{padding:0}
    .row.link a{display:flex;align-items:center;gap:12px;width:100%;min-height:44px;padding:6px 16px;color:inherit;text-decoration:none}
    .label{flex:1 1 auto;text-align:start}
    .value,.text{color:var(--muted);text-align:end;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:60%}
    .text.empty::before{content:"\\00a0"}
    .chevron{color:#c4c4c7;font-size:22px;line-height:1}
    .back .chevron{color:inherit}
    .check{color:var(--tint);font-weight:600}
    .footer{margin:6px 0 0;padding:0 16px;font-size:13px;color:var(--muted)}
    .switch{flex:none;position:relative;width:51px;height:31px;border-radius:16px;background:#e9e9ea}
    .switch::after{content:"";position:absolute;top:2px;inset-inline-start:2px;width:27px;height:27px;border-radius:50%;background:#fff;box-shadow:0 2px 4px rgba(0,0,0,.2)}
    .switch.on{background:var(--green)}
    .switch.on::after{inset-inline-start:22px}
    .slider .track{position:relative;flex:1;height:4px;border-radius:2px;background:#e5e5ea}
    .slider .fill{position:absolute;inset-inline-start:0;top:0;height:4px;border-radius:2px;background:var(--tint)}
    .slider .knob{position:absolute;top:-12px;width:28px;height:28px;margin-inline-start:-14px;border-radius:50%;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.25)}
    .icon{display:inline-block;width:21px;height:21px}
    .badge{font-size:12px;color:var(--muted);border:1px solid var(--line);border-radius:4px;padding:1px 4px}
    .stack{flex:1 1 auto;min-width:0;display:flex;flex-direction:column;gap:2px}
    .stack .label{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .detail{font-size:13px;color:var(--muted);overflow-wrap:anywhere}
    .meter{flex:none;width:80px;height:6px;border-radius:3px;background:#e5e5ea;overflow:hidden}
    @media (max-width:360px){.meter{width:48px}}
    .meter span{display:block;height:6px;background:var(--green)}
    """
}
