/// Rules about option lists as each language shows them.
enum DisplayRules {
    static let all: [any CheckRule] = [OptionTitlesDuplicate(), ShortTitleLonger()]

    struct OptionTitlesDuplicate: CheckRule {
        let id = "option-titles-duplicate"
        let defaultSeverity = Severity.warning
        let summary = "Two options of one list have the same title in a language: users cannot tell them apart."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            var found: [Diagnostic] = []
            for list in context.optionLists {
                // Most lists are short: comparing with the earlier titles beats hashing them.
                let isLong = list.titles.count > 32
                var firstOfTitle: [String: Int] = [:]
                for (index, title) in list.titles.enumerated() {
                    guard let title else { continue }
                    let earlier = isLong ? firstOfTitle[title] : list.titles[..<index].firstIndex { $0 == title }
                    guard let first = earlier else {
                        if isLong { firstOfTitle[title] = index }
                        continue
                    }
                    let elements = list.specifier.field("Titles")?.elements ?? []
                    let name = list.specifier.title.map { " of \(StringsWriting.quoted($0))" } ?? ""
                    let language = list.locale.map { " in \($0)" } ?? ""
                    found.append(diagnostic("options \(first + 1) and \(index + 1)\(name) are both titled \(StringsWriting.quoted(title))\(language): users cannot tell them apart",
                                            at: list.location(of: list.titleEntries[index], schemaValue: index < elements.count ? elements[index] : nil)))
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
            for list in context.optionLists {
                for (index, short) in list.shortTitles.enumerated() where index < list.titles.count {
                    guard let short, let title = list.titles[index], short.count > title.count else { continue }
                    let elements = list.specifier.field("ShortTitles")?.elements ?? []
                    let language = list.locale.map { " in \($0)" } ?? ""
                    found.append(diagnostic("the short title \(StringsWriting.quoted(short)) is longer than its title \(StringsWriting.quoted(title))\(language)",
                                            at: list.location(of: list.shortTitleEntries[index], schemaValue: index < elements.count ? elements[index] : nil)))
                }
            }
            return found
        }
    }
}

/// One option list in one checked localization, with its localized titles and short titles.
struct LocalizedOptions: Sendable {
    var file: String
    var specifier: Specifier
    /// The table the titles come from (`nil` for files without StringsTable).
    var tablePath: String?
    var locale: String?
    /// What the Settings app shows: the table's value, or the key where the table lacks it.
    var titles: [String?]
    var shortTitles: [String?]
    var titleKeys: [String?]
    var shortTitleKeys: [String?]
    /// The table's entry of each title and short title, where it has one.
    var titleEntries: [StringsScan.Entry?]
    var shortTitleEntries: [StringsScan.Entry?]

    /// Where the option's entry is in the table, or its schema value when the table lacks it.
    func location(of entry: StringsScan.Entry?, schemaValue: SchemaValue?) -> SourceLocation {
        if let tablePath, let entry {
            return SourceLocation(file: tablePath, position: entry.position)
        }
        return SourceLocation(file: file, position: schemaValue?.position, keyPath: schemaValue?.keyPath)
    }
}
