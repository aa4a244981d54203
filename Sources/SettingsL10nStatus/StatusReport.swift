import SettingsL10nCore
import SettingsL10nCheck

/// Translation completeness per locale and table: `settings-l10n status`.
public struct StatusReport: Hashable, Sendable {
    public struct Locale: Hashable, Sendable {
        public var locale: String
        public var isDevelopmentLanguage: Bool
        package var tables: [TableCoverage]

        public var total: Int { tables.map(\.total).reduce(0, +) }
        /// The strings with a translation; every string, for the development language, whose
        /// table holds the source text (its missing entries are still counted as missing).
        public var translated: Int { isDevelopmentLanguage ? total : tables.map(\.translated).reduce(0, +) }
        public var fuzzy: Int { tables.map(\.fuzzy.count).reduce(0, +) }
        public var missing: Int { tables.map { $0.missing.count + $0.filled.count }.reduce(0, +) }
        public var stale: Int { tables.map(\.stale.count).reduce(0, +) }
        public var percent: Double { total == 0 ? 100 : Double(translated) * 100 / Double(total) }

        /// A table's translated strings and percentage, the development language's complete.
        func progress(of table: TableCoverage) -> (translated: Int, percent: Double) {
            isDevelopmentLanguage ? (table.total, 100) : (table.translated, table.percent)
        }
    }

    public var developmentLanguage: String
    public var locales: [Locale]
    /// The schema files that did not load (or that a child pane could not open): their strings
    /// are not counted, and which keys are stale is unknown while any is listed (`check`
    /// withholds `stale-key` then, and `merge` writes nothing).
    public var unloaded: [UnloadedSchemaFile]

    /// Whether the stale counts mean anything: every schema file loaded.
    public var staleIsKnown: Bool { unloaded.isEmpty }

    /// The top-level tables (`Privacy.strings`) that every language reads instead of its own
    /// (`table-outside-lproj`): those tables of the `.lproj` folders are marked `shadowed`.
    public var shadowingTables: [String]

    /// - Parameter configuration: the check's, whose `table-outside-lproj` decides which tables
    ///   are marked `shadowed` (none where it is switched off, or ignored for the file).
    public init(_ context: CheckContext, configuration: CheckConfiguration = CheckConfiguration()) {
        developmentLanguage = context.catalog.developmentLanguage
        unloaded = context.bundle.unloadedSchemaFiles
        // The device reads a top-level table in every language (facts.md): a translation in a
        // folder's table of that name is never shown, which the marker and the note say.
        let shadowing = Dictionary(Checker.hiddenByTopLevel(context.bundle, catalog: context.catalog, configuration: configuration).map { ($0.table, $0.path) }) { first, _ in first }
        // The tables that hide one of the folders checked (not a --locale's others).
        var hiding: Set<String> = []
        var byLocale: [String: Locale] = [:]
        var order: [String] = []
        for var coverage in context.coverage {
            // The counts stay check's (what the folder's table holds); the file is marked.
            if shadowing[coverage.table] != nil, coverage.file == .present {
                coverage.file = .shadowed
                hiding.insert(coverage.table)
            }
            if byLocale[coverage.locale] == nil {
                order.append(coverage.locale)
                byLocale[coverage.locale] = Locale(locale: coverage.locale, isDevelopmentLanguage: coverage.isDevelopmentLanguage, tables: [])
            }
            byLocale[coverage.locale]!.tables.append(coverage)
        }
        locales = order.map { byLocale[$0]! }
        shadowingTables = context.catalog.tables.filter { hiding.contains($0.name) }.compactMap { shadowing[$0.name] }
    }

    /// Each locale's percentage by `.lproj` folder name without extension: what the HTML
    /// previews' index shows, so that it and `status` give one number.
    public var percentByLocale: [String: Double] {
        Dictionary(locales.map { ($0.locale, $0.percent) }) { first, _ in first }
    }

    /// What a locale's percentage leaves unsaid, by `.lproj` folder name without extension, for
    /// the HTML previews' index (status says it by each table): tables that could not be read,
    /// and tables the device never reads (a top-level one comes first). None for most.
    public var caveatByLocale: [String: String] {
        var caveats: [String: String] = [:]
        for locale in locales {
            let unreadable = locale.tables.filter { $0.file == .unreadable }.count
            let shadowed = locale.tables.filter { $0.file == .shadowed }.count
            var parts: [String] = []
            if unreadable > 0 { parts.append("\(unreadable.grouped) table\(unreadable == 1 ? "" : "s") could not be read") }
            if shadowed > 0 { parts.append("\(shadowed.grouped) table\(shadowed == 1 ? " is" : "s are") never read: the top-level one comes first") }
            if !parts.isEmpty, caveats[locale.locale] == nil { caveats[locale.locale] = parts.joined(separator: "; ") }
        }
        return caveats
    }

    static func percent(_ value: Double) -> String {
        String(value, decimals: 1) + "%"
    }

    /// A bar of `width` cells for a percentage.
    static func bar(_ percent: Double, width: Int = 20) -> String {
        let eighths = Int((percent / 100 * Double(width * 8)).rounded())
        let full = eighths / 8, rest = eighths % 8
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][rest]
        let used = full + (partial.isEmpty ? 0 : 1)
        return String(repeating: "█", count: full) + partial + String(repeating: "·", count: max(0, width - used))
    }

    // MARK: Renderers

    /// A table for a terminal, with a bar per locale; `colors` tints the bars.
    public func text(colors: Bool = false) -> String {
        // Folder and table names come from the bundle: escaped, so the text is safe to print as it is.
        let tableWidth = max(5, locales.flatMap { $0.tables.map { TerminalText.escaped($0.table).count } }.max() ?? 0)
        let localeWidth = max(6, locales.map { TerminalText.escaped($0.locale).count + ($0.isDevelopmentLanguage ? 2 : 0) }.max() ?? 0)
        func tint(_ text: String, _ percent: Double) -> String {
            guard colors else { return text }
            let code = percent >= 100 ? "32" : percent >= 80 ? "33" : "31"
            return "\u{1B}[\(code)m\(text)\u{1B}[0m"
        }
        var out = "locale".padded(to: localeWidth) + "  " + "table".padded(to: tableWidth) + "  translated  fuzzy  missing  stale  percent\n"
        for locale in locales {
            let name = TerminalText.escaped(locale.locale) + (locale.isDevelopmentLanguage ? " *" : "")
            var rows: [(String, String, Int, Int, Int, Int, Int, Double)] = locale.tables.map {
                (TerminalText.escaped($0.table), Self.marker($0.file), locale.progress(of: $0).translated,
                 $0.total, $0.fuzzy.count, $0.missing.count + $0.filled.count, $0.stale.count, locale.progress(of: $0).percent)
            }
            if rows.count > 1 {
                rows.append(("all", "", locale.translated, locale.total, locale.fuzzy, locale.missing, locale.stale, locale.percent))
            }
            for (index, row) in rows.enumerated() {
                let isLast = index == rows.count - 1
                out += (index == 0 ? name : "").padded(to: localeWidth) + "  " + row.0.padded(to: tableWidth) + "  "
                out += (locale.isDevelopmentLanguage ? "source" : "\(row.2.grouped)/\(row.3.grouped)").rightAligned(to: 10) + "  " + row.4.grouped.rightAligned(to: 5) + "  "
                    + row.5.grouped.rightAligned(to: 7) + "  "
                out += (staleIsKnown ? row.6.grouped : "?").rightAligned(to: 5) + "  " + Self.percent(row.7).rightAligned(to: 7)
                if isLast { out += "  " + tint(Self.bar(locale.percent), locale.percent) }
                out += row.1 + "\n"
            }
        }
        // The note is about the row marked *: only where it is shown (not under --locale de).
        if locales.contains(where: \.isDevelopmentLanguage) { out += "* " + TerminalText.escaped(developmentNote) + "\n" }
        if let incomplete = incompleteNote { out += "! " + TerminalText.escaped(incomplete) + "\n" }
        if let shadowed = shadowedNote { out += "! " + TerminalText.escaped(shadowed) + "\n" }
        return out
    }

    /// What the text and Markdown say after a table's name when its file is not there, not read
    /// or never read by the device.
    static func marker(_ file: TableCoverage.FileState) -> String {
        switch file {
        case .present: ""
        case .missing: " (no file)"
        case .unreadable: " (unreadable)"
        case .shadowed: " (not read: the top-level table comes first)"
        }
    }

    /// What the counts of tables a top-level table shadows mean, or `nil`. Not escaped: each
    /// format escapes it its own way.
    public var shadowedNote: String? {
        guard !shadowingTables.isEmpty else { return nil }
        let files = shadowingTables.count == 1 ? "\(shadowingTables[0]) lies" : "\(shadowingTables.joined(separator: ", ")) lie"
        return "\(files) at the bundle's top level, which the device reads in every language instead of the .lproj folders' tables of that name: "
            + "what those hold is counted, but never shown; settings-l10n check says what to do"
    }

    /// What the development language's row means (text and Markdown say it below the table):
    /// its table holds the source text, so it is complete, and its missing entries are those
    /// merge adds. Base.lproj holds the development tables when there is no <dev>.lproj. Not
    /// escaped: each format escapes it its own way.
    var developmentNote: String {
        let folder = locales.first(where: \.isDevelopmentLanguage).map(\.locale) ?? developmentLanguage
        let held = folder == developmentLanguage ? "" : ", held by \(folder).lproj"
        return "the development language (\(developmentLanguage)\(held)): its table holds the source text; missing counts the entries merge adds"
    }

    /// What went wrong with several schema files, each kind once, in the plural: `did not load`,
    /// `are missing or could not be opened`.
    private static func failures(of unloaded: [UnloadedSchemaFile]) -> String {
        var said: [String] = []
        for file in unloaded where !said.contains(file.failureOfMany) { said.append(file.failureOfMany) }
        return said.count > 1 ? said.dropLast().joined(separator: ", ") + " or " + said.last! : said.joined()
    }

    /// What the counts leave out while a schema file did not load, or `nil`.
    public var incompleteNote: String? {
        guard let first = unloaded.first else { return nil }
        let paths = unloaded.distinctPaths
        let shown = paths.map(UnloadedSchemaFile.shown)
        let subject = paths.count == 1
            ? "\(first.shownPath) \(first.failure)"
            : "\(paths.count.grouped) schema files \(Self.failures(of: unloaded)) (\(shown.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : ""))"
        return subject + ": \(paths.count == 1 ? "its" : "their") strings are not counted, and which keys are stale is unknown (?); settings-l10n check says what is wrong"
    }

    public var json: JSONValue {
        let staleIsKnown = staleIsKnown
        func counts(_ translated: Int, _ fuzzy: Int, _ missing: Int, _ stale: Int, _ total: Int, _ percent: Double) -> [(String, JSONValue)] {
            [("translated", .integer(Int64(translated))), ("fuzzy", .integer(Int64(fuzzy))), ("missing", .integer(Int64(missing))),
             ("stale", staleIsKnown ? .integer(Int64(stale)) : .null), ("total", .integer(Int64(total))), ("percent", .number((percent * 10).rounded() / 10))]
        }
        return .object([
            ("developmentLanguage", .string(developmentLanguage)),
            ("locales", .array(locales.map { locale in
                .object([("locale", .string(locale.locale)), ("developmentLanguage", .bool(locale.isDevelopmentLanguage))]
                    + counts(locale.translated, locale.fuzzy, locale.missing, locale.stale, locale.total, locale.percent)
                    + [("tables", .array(locale.tables.map { table in
                        .object([("table", .string(table.table)), ("path", .string(table.path)), ("file", .string(table.file.rawValue))]
                            + counts(locale.progress(of: table).translated, table.fuzzy.count, table.missing.count + table.filled.count,
                                     table.stale.count, table.total, locale.progress(of: table).percent))
                    }))])
            })),
            ("unloadedSchemaFiles", .array(unloaded.map { file in
                let location = file.reason.location
                return .object([("path", .string(file.path)), ("rule", .string(file.reason.rule.rawValue)), ("message", .string(file.reason.message)),
                                ("file", .string(location.file)), ("line", location.line.map { .integer(Int64($0)) } ?? .null),
                                ("column", location.column.map { .integer(Int64($0)) } ?? .null)])
            })),
        ])
    }

    /// Text from the bundle (a file or folder name) as Markdown shows it literally: the
    /// characters that would start markup (a table cell's `|`, a link, HTML, code, and an entity
    /// such as `&#x202E;`, which GitHub turns into the character it names) escaped with a
    /// backslash, control characters as their escapes.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        for character in TerminalText.escaped(text) {
            if "\\`*[]<>|&".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Markdown for a pull-request comment under the heading `title`, which is Markdown already.
    public func markdown(title: String) -> String {
        markdownBody("### \(title)\n\n")
    }

    /// Markdown for a pull-request comment on the bundle named `bundleName` (the folder's name,
    /// escaped as every name from the bundle is: `S&lt;b.bundle` shows as written).
    public func markdown(bundleName: String) -> String {
        markdownBody("### Translations of \(Self.markdownEscaped(bundleName))\n\n")
    }

    private func markdownBody(_ heading: String) -> String {
        var out = heading
        // The translations, not the source: the development language is complete by definition.
        let translations = locales.filter { !$0.isDevelopmentLanguage }
        let complete = translations.filter { $0.percent >= 100 && $0.fuzzy == 0 }.count
        let summary = translations.isEmpty ? "Only the source language: no translation to count"
            : "\(complete.grouped) of \(translations.count.grouped) language\(translations.count == 1 ? "" : "s") complete"
        if let incomplete = incompleteNote {
            out += "> **Incomplete:** \(Self.markdownEscaped(incomplete))\n\n"
            out += summary + " in the schema files that loaded.\n\n"
        } else {
            out += summary + ".\n\n"
        }
        let stale = { (count: Int) in self.staleIsKnown ? count.grouped : "?" }
        out += "| Language | Translated | Fuzzy | Missing | Stale | Complete |\n|---|---:|---:|---:|---:|---|\n"
        // The development language's table holds the source text: "source", as the text says,
        // not a count of translations beside the entries merge adds.
        func translated(_ locale: Locale, _ count: Int, of total: Int) -> String {
            locale.isDevelopmentLanguage ? "source" : "\(count.grouped) / \(total.grouped)"
        }
        let caveats = caveatByLocale
        for locale in locales {
            let name = Self.markdownEscaped(locale.locale) + (locale.isDevelopmentLanguage ? " (source)" : "")
                + (caveats[locale.locale].map { " (\(Self.markdownEscaped($0)))" } ?? "")
            out += "| \(name) | \(translated(locale, locale.translated, of: locale.total)) | \(locale.fuzzy.grouped) | \(locale.missing.grouped) | \(stale(locale.stale)) | \(Self.percent(locale.percent)) `\(Self.bar(locale.percent, width: 10))` |\n"
        }
        if locales.contains(where: \.isDevelopmentLanguage) { out += "\n(source) \(Self.markdownEscaped(developmentNote))\n" }
        if let shadowed = shadowedNote { out += "\n> **Not read:** \(Self.markdownEscaped(shadowed))\n" }
        let multiTable = locales.contains { $0.tables.count > 1 }
        if multiTable {
            out += "\n<details><summary>Per table</summary>\n\n| Language | Table | Translated | Fuzzy | Missing | Stale |\n|---|---|---:|---:|---:|---:|\n"
            for locale in locales {
                for table in locale.tables {
                    out += "| \(Self.markdownEscaped(locale.locale)) | \(Self.markdownEscaped(table.table))\(Self.marker(table.file)) | \(translated(locale, locale.progress(of: table).translated, of: table.total)) | \(table.fuzzy.count.grouped) | \((table.missing.count + table.filled.count).grouped) | \(stale(table.stale.count)) |\n"
                }
            }
            out += "\n</details>\n"
        }
        return out
    }
}
