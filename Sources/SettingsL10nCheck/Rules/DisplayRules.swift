import SettingsL10nCore

/// Rules about option lists as each language shows them.
enum DisplayRules {
    static let all: [any CheckRule] = [OptionTitlesDuplicate(), ShortTitleLonger()]

    /// The options whose title an earlier option of the list already has, with that earlier one.
    static func duplicateTitles(_ titles: [String?]) -> [(first: Int, index: Int)] {
        var found: [(first: Int, index: Int)] = []
        // Most lists are short: comparing with the earlier titles beats hashing them.
        let isLong = titles.count > 32
        var firstOfTitle: [String: Int] = [:]
        for (index, title) in titles.enumerated() {
            guard let title else { continue }
            let earlier = isLong ? firstOfTitle[title] : titles[..<index].firstIndex { $0 == title }
            if let first = earlier {
                found.append((first, index))
            } else if isLong {
                firstOfTitle[title] = index
            }
        }
        return found
    }

    /// The options whose short title is longer than their title.
    static func longerShortTitles(titles: [String?], shortTitles: [String?]) -> [Int] {
        shortTitles.indices.filter { index in
            guard index < titles.count, let short = shortTitles[index], let title = titles[index] else { return false }
            return isLonger(short, than: title)
        }
    }

    /// Whether `short` shows more characters than `title`.
    static func isLonger(_ short: String, than title: String) -> Bool {
        // No more bytes than an ASCII title: no more characters (most pairs stop here).
        if short.utf8.count <= title.utf8.count, isASCII(title) { return false }
        return displayLength(short) > displayLength(title)
    }

    /// The characters a title shows: its bytes when it is ASCII (most are), else its
    /// grapheme clusters.
    static func displayLength(_ text: String) -> Int {
        isASCII(text) ? text.utf8.count : text.count
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether a rule of this group reports anything about a list: only such lists are kept.
    static func mayReport(_ list: LocalizedOptions) -> Bool {
        mayReport(titles: list.titles, shortTitles: list.shortTitles)
    }

    /// `longerShortTitles` or `duplicateTitles` is not empty, found without building either.
    static func mayReport(titles: [String?], shortTitles: [String?]) -> Bool {
        for index in shortTitles.indices where index < titles.count {
            if let short = shortTitles[index], let title = titles[index], isLonger(short, than: title) { return true }
        }
        return hasDuplicateTitle(titles)
    }

    private static func hasDuplicateTitle(_ titles: [String?]) -> Bool {
        // ASCII texts are equal only when their bytes are (a non-ASCII text may equal an ASCII
        // one: the Kelvin sign is K), so in an ASCII list, hashes of the bytes settle most pairs.
        var prints: [UInt64?] = []
        prints.reserveCapacity(titles.count)
        var allASCII = true
        for title in titles {
            let print = title.flatMap(asciiFingerprint)
            if title != nil, print == nil { allASCII = false }
            prints.append(print)
        }
        if titles.count > 32 {
            // Long lists: distinct hashes mean distinct titles; only a shared hash needs the texts.
            guard allASCII else { return !duplicateTitles(titles).isEmpty }
            var seen = Set<UInt64>(minimumCapacity: titles.count)
            for case let print? in prints where !seen.insert(print).inserted { return !duplicateTitles(titles).isEmpty }
            return false
        }
        for index in titles.indices {
            guard let title = titles[index] else { continue }
            for earlier in 0..<index {
                guard let other = titles[earlier], !allASCII || prints[earlier] == prints[index] else { continue }
                if other == title { return true }
            }
        }
        return false
    }

    /// An FNV-1a hash of an ASCII text's bytes; `nil` when the text is not ASCII.
    private static func asciiFingerprint(_ text: String) -> UInt64? {
        var text = text
        return text.withUTF8 { bytes in
            let (hash, isASCII) = fingerprint(bytes)
            return isASCII ? hash : nil
        }
    }

    /// An FNV-1a hash of the bytes, and whether they are all ASCII (found in the same pass).
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, isASCII: Bool) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var bits: UInt8 = 0
        for byte in bytes {
            bits |= byte
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return (hash, bits < 0x80)
    }

    struct OptionTitlesDuplicate: CheckRule {
        let id = RuleID.optionTitlesDuplicate
        let defaultSeverity = Severity.warning
        let summary = "Two options of one list have the same title in a language: users cannot tell them apart."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.optionLists.flatMap { list in
                DisplayRules.duplicateTitles(list.titles).map { first, index in
                    let name = list.specifier.title.map { " of \(MessageText.quoted($0))" } ?? ""
                    let language = list.locale.map { " in \($0)" } ?? ""
                    let title = list.titles[index] ?? ""
                    return diagnostic("options \(first + 1) and \(index + 1)\(name) are both titled \(MessageText.quoted(title))\(language): users cannot tell them apart",
                                      at: list.titleLocation(index))
                }
            }
        }
    }

    struct ShortTitleLonger: CheckRule {
        let id = RuleID.shortTitleLonger
        let defaultSeverity = Severity.warning
        let summary = "A short title is longer than the title it abbreviates in some language."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            context.optionLists.flatMap { list in
                DisplayRules.longerShortTitles(titles: list.titles, shortTitles: list.shortTitles).map { index in
                    let language = list.locale.map { " in \($0)" } ?? ""
                    return diagnostic("the short title \(MessageText.quoted(list.shortTitles[index] ?? "")) is longer than its title \(MessageText.quoted(list.titles[index] ?? ""))\(language)",
                                      at: list.shortTitleLocation(index))
                }
            }
        }
    }
}

/// An option list of a schema file (more than one option), as the schema writes it: the same
/// in every language. `slots` number its keys among those of its table that option lists show.
struct SchemaOptionList: Sendable {
    /// Its place among the option lists of the bundle, in schema order.
    let order: Int
    let file: String
    let specifier: Specifier
    let titleKeys: [String?]
    let shortTitleKeys: [String?]
    var titleSlots: [Int?] = []
    var shortTitleSlots: [Int?] = []

    /// The list in one language: `entry` gives the table's entry for a slot, if any.
    func localized(tablePath: String?, locale: String?, entry: (Int) -> StringsScan.Entry?) -> LocalizedOptions {
        func entries(_ slots: [Int?], count: Int) -> [StringsScan.Entry?] {
            slots.isEmpty ? Array(repeating: nil, count: count) : slots.map { $0.flatMap(entry) }
        }
        let titleEntries = entries(titleSlots, count: titleKeys.count)
        let shortEntries = entries(shortTitleSlots, count: shortTitleKeys.count)
        return LocalizedOptions(file: file, specifier: specifier, tablePath: tablePath, locale: locale,
                                titles: zip(titleKeys, titleEntries).map { key, entry in entry?.value ?? key },
                                shortTitles: zip(shortTitleKeys, shortEntries).map { key, entry in entry?.value ?? key },
                                titleEntries: titleEntries, shortTitleEntries: shortEntries)
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
    /// The table's entry of each title and short title, where it has one.
    var titleEntries: [StringsScan.Entry?]
    var shortTitleEntries: [StringsScan.Entry?]

    /// Where option `index`'s title is in the table, or in the schema when the table lacks it.
    func titleLocation(_ index: Int) -> SourceLocation {
        location(of: titleEntries[index], schemaField: "Titles", index: index)
    }

    /// Where option `index`'s short title is in the table, or in the schema when the table lacks it.
    func shortTitleLocation(_ index: Int) -> SourceLocation {
        location(of: shortTitleEntries[index], schemaField: "ShortTitles", index: index)
    }

    private func location(of entry: StringsScan.Entry?, schemaField: String, index: Int) -> SourceLocation {
        if let tablePath, let entry {
            return SourceLocation(file: tablePath, position: entry.position)
        }
        let elements = specifier.field(schemaField)?.elements ?? []
        let schemaValue = index < elements.count ? elements[index] : nil
        return SourceLocation(file: file, position: schemaValue?.position, keyPath: schemaValue?.keyPath)
    }
}
