/// Rules about option lists as each language shows them.
enum DisplayRules {
    static let all: [any CheckRule] = [OptionTitlesDuplicate(), ShortTitleLonger()]

    /// Each option list, per checked localization, with its localized titles and short titles.
    struct LocalizedOptions {
        var file: String
        var specifier: Specifier
        /// The table the titles come from, and its entries for option titles (`nil` for files
        /// without StringsTable, or when the language has no such table).
        var tablePath: String?
        var entries: [String: StringsScan.Entry]?
        var locale: String?
        var titles: [String?]
        var shortTitles: [String?]
        var titleKeys: [String?]
        var shortTitleKeys: [String?]

        /// Where a key's entry is in the table, or the schema value when the table lacks it.
        func location(ofKey key: String?, schemaValue: SchemaValue?) -> SourceLocation {
            if let tablePath, let key, let entry = entries?[key] {
                return SourceLocation(file: tablePath, position: entry.position)
            }
            return SourceLocation(file: file, position: schemaValue?.position, keyPath: schemaValue?.keyPath)
        }
    }

    static func optionLists(_ context: CheckContext) -> [LocalizedOptions] {
        var lists: [LocalizedOptions] = []
        for (file, specifier) in context.specifiers {
            guard let titleKeys = specifier.titles, titleKeys.count > 1 else { continue }
            let shortKeys = specifier.shortTitles ?? []
            guard let tableName = context.catalog.tableOfFile[file.path] else {
                lists.append(LocalizedOptions(file: file.path, specifier: specifier, tablePath: nil, entries: nil, locale: nil, titles: titleKeys,
                                              shortTitles: shortKeys, titleKeys: titleKeys, shortTitleKeys: shortKeys))
                continue
            }
            for localization in context.localizations {
                let path = "\(localization.folder)/\(tableName).strings"
                let entries = context.facts(at: path)?.optionEntries
                func localize(_ key: String?) -> String? { key.map { entries?[$0]?.value ?? $0 } }
                lists.append(LocalizedOptions(file: file.path, specifier: specifier, tablePath: path, entries: entries,
                                              locale: localization.name,
                                              titles: titleKeys.map(localize), shortTitles: shortKeys.map(localize),
                                              titleKeys: titleKeys, shortTitleKeys: shortKeys))
            }
        }
        return lists
    }

    struct OptionTitlesDuplicate: CheckRule {
        let id = "option-titles-duplicate"
        let defaultSeverity = Severity.warning
        let summary = "Two options of one list have the same title in a language: users cannot tell them apart."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            var found: [Diagnostic] = []
            for list in DisplayRules.optionLists(context) {
                var seen: [String: Int] = [:]
                for (index, title) in list.titles.enumerated() {
                    guard let title else { continue }
                    guard let first = seen[title] else {
                        seen[title] = index
                        continue
                    }
                    let elements = list.specifier.field("Titles")?.elements ?? []
                    let name = list.specifier.title.map { " of \(StringsWriting.quoted($0))" } ?? ""
                    let language = list.locale.map { " in \($0)" } ?? ""
                    found.append(diagnostic("options \(first + 1) and \(index + 1)\(name) are both titled \(StringsWriting.quoted(title))\(language): users cannot tell them apart",
                                            at: list.location(ofKey: list.titleKeys[index], schemaValue: index < elements.count ? elements[index] : nil)))
                }
            }
            return found
        }
    }

    struct ShortTitleLonger: CheckRule {
        let id = "short-title-longer"
        let defaultSeverity = Severity.warning
        let summary = "A short title is longer than the title it abbreviates in some language."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            var found: [Diagnostic] = []
            for list in DisplayRules.optionLists(context) {
                for (index, short) in list.shortTitles.enumerated() where index < list.titles.count {
                    guard let short, let title = list.titles[index], short.count > title.count else { continue }
                    let elements = list.specifier.field("ShortTitles")?.elements ?? []
                    let language = list.locale.map { " in \($0)" } ?? ""
                    found.append(diagnostic("the short title \(StringsWriting.quoted(short)) is longer than its title \(StringsWriting.quoted(title))\(language)",
                                            at: list.location(ofKey: list.shortTitleKeys[index], schemaValue: index < elements.count ? elements[index] : nil)))
                }
            }
            return found
        }
    }
}
