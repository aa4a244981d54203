import SettingsL10nCore

extension CatalogTable {
    /// The keys of the table, in its order and each once, that a new table holding only
    /// `written` would show as themselves where the table the device reads today shows a text
    /// (`shown`: its value for a key, `nil` where it has none; an empty one shows nothing either):
    /// what making that table hides. Strings that need no translation are not counted: no
    /// table need hold them (`merge --fill source` adds none).
    public func hiddenByNewTable(holding written: Set<StringsKey>, shown: (StringsKey) -> String?) -> [StringsKey] {
        var hidden: [StringsKey] = []
        var seen: Set<StringsKey> = []
        // A string that needs no translation is left out, as `merge --fill source` leaves it out.
        for string in strings where string.needsTranslation && !written.contains(string.key) && seen.insert(string.key).inserted {
            if let text = shown(string.key), !text.isEmpty, text != string.key.string { hidden.append(string.key) }
        }
        return hidden
    }
}

/// A table a language lacks that an import, a sync or a merge did not make: one holding only the
/// translations written into it would hide the file the device reads instead (a regional parent's, `Base.lproj`'s,
/// else the development language's), whose texts the strings it would not hold would lose:
/// they would show their keys.
package struct NewTableRefusal: Sendable {
    /// The table's path (`de.lproj/Root.strings`) and name.
    package var path: String
    package var table: String
    /// How many translations it would have held.
    package var written: Int
    /// The file the device reads instead, and the keys it shows a text for that would show as keys.
    package var fallback: String
    package var hidden: [StringsKey]
    /// Where the translations came from.
    package var location: SourceLocation

    /// The refusal to make `path`, a file for `table` holding only `written` (`count`
    /// translations), where the device reads `fallback` today; `nil` where that hides nothing.
    /// `developmentFolder`: the development language's folder (`en.lproj`), whose table, as
    /// Base's, holds the source text; any other fallback is another language's.
    package init?(making path: String, of table: CatalogTable, holding written: Set<StringsKey>, count: Int,
                  fallback: (path: String, shown: [StringsKey: String]), developmentFolder: String?, location: SourceLocation) {
        let hidden = table.hiddenByNewTable(holding: written, shown: { fallback.shown[$0] })
        guard !hidden.isEmpty else { return nil }
        self.init(path: path, table: table.name, written: count, fallback: fallback.path, hidden: hidden, location: location)
        let folder = fallback.path.split(separator: "/").first.map(String.init)
        fallsBackToAnotherLanguage = folder != "Base.lproj" && folder != developmentFolder
    }

    package init(path: String, table: String, written: Int, fallback: String, hidden: [StringsKey], location: SourceLocation) {
        self.path = path
        self.table = table
        self.written = written
        self.fallback = fallback
        self.hidden = hidden
        self.location = location
    }

    /// Whether the file the device reads instead is another language's (a regional folder's
    /// parent, `es.lproj` for `es-MX.lproj`): its translations are what the new table should
    /// start from, not the development text `merge --fill source` writes.
    package var fallsBackToAnotherLanguage = false

    /// What makes the table whole, for a message: copying the parent's table, or `merge --fill source`.
    package var remedy: String {
        guard fallsBackToAnotherLanguage else { return "settings-l10n merge --fill source makes the table whole" }
        return "copy \(fallback) into \(folder) to start the table from its translations"
    }

    /// The table's folder (`de.lproj`).
    private var folder: String { path.split(separator: "/").first.map(String.init) ?? path }

    /// The first keys hidden, quoted (`"A", "B", "C", …`).
    package var listed: String {
        hidden.prefix(3).map { MessageText.quoted($0) }.joined(separator: ", ") + (hidden.count > 3 ? ", …" : "")
    }

    /// What it would do: `… and one holding only the document's 2 translations would hide …`.
    package func consequence(holding what: String) -> String {
        "\(folder) has no \(table).strings, and one holding only \(what) would hide \(fallback), which the device shows instead: \(DiagnosticReport.count(hidden.count, "other string")) would show \(hidden.count == 1 ? "its key" : "their keys") (\(listed))"
    }
}
