#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore
import SettingsL10nExtract

/// The titles option lists show in one table's language, read from the table's bytes: a list
/// becomes strings (`LocalizedOptions`) only when a display rule reports something about it.
/// Most strings of a bundle are option titles, and most lists have nothing to report.
enum OptionTitles {
    /// The lists of `keys` a display rule reports something about, by `SchemaOptionList.order`.
    /// `entryOfSlot` gives the entry of `entries` each key slot has, or -1; `entries` is `nil`
    /// when the table cannot be read (every option shows its key).
    static func reportable(_ keys: TableKeys?, path: String, locale: String, entries: StringsScan.Bytes?,
                           entryOfSlot: [Int]) -> [Int: LocalizedOptions] {
        guard let keys, !keys.optionLists.isEmpty else { return [:] }
        var kept: [Int: LocalizedOptions] = [:]
        // Everything read in place: every thread shares the keys and lists, and a copy per
        // table would retain their arrays (contended, atomic) for every language.
        keys.optionKeyBytes.withUnsafeBufferPointer { keyBytes in
            keys.optionKeyRanges.withUnsafeBufferPointer { keyRanges in
                entryOfSlot.withUnsafeBufferPointer { entryOfSlot in
                    keys.optionLists.withUnsafeBufferPointer { lists in
                        let texts = SlotTexts(keyBytes: keyBytes, keyRanges: keyRanges, entries: entries, entryOfSlot: entryOfSlot)
                        // Buffers reused from list to list.
                        var titles: [UnsafeBufferPointer<UInt8>?] = [], shortTitles: [UnsafeBufferPointer<UInt8>?] = []
                        for index in lists.indices {
                            texts.fill(&titles, slots: lists[index].titleSlots, count: lists[index].titleKeys.count)
                            texts.fill(&shortTitles, slots: lists[index].shortTitleSlots, count: lists[index].shortTitleKeys.count)
                            guard DisplayRules.mayReport(titles: titles, shortTitles: shortTitles) else { continue }
                            kept[lists[index].order] = lists[index].localized(tablePath: path, locale: locale, entry: texts.entry)
                        }
                    }
                }
            }
        }
        return kept
    }

    /// What each key slot shows: its entry's value, or the key where there is no entry with a
    /// string value.
    struct SlotTexts {
        let keyBytes: UnsafeBufferPointer<UInt8>
        let keyRanges: UnsafeBufferPointer<Range<Int>>
        let entries: StringsScan.Bytes?
        let entryOfSlot: UnsafeBufferPointer<Int>

        func text(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
            if let entries, slot < entryOfSlot.count, entryOfSlot[slot] >= 0, let value = entries.value(entryOfSlot[slot]) {
                return value
            }
            return UnsafeBufferPointer(rebasing: keyBytes[keyRanges[slot]])
        }

        func entry(_ slot: Int) -> StringsScan.Entry? {
            guard let entries, slot < entryOfSlot.count, entryOfSlot[slot] >= 0 else { return nil }
            return entries.entry(entryOfSlot[slot])
        }

        /// The texts of a list's options (`nil` where an option has no title), as
        /// `SchemaOptionList.localized` finds them.
        func fill(_ buffer: inout [UnsafeBufferPointer<UInt8>?], slots: [Int?], count: Int) {
            buffer.removeAll(keepingCapacity: true)
            for index in 0..<min(count, slots.count) {
                buffer.append(slots[index].map(text))
            }
        }
    }
}

extension DisplayRules {
    /// `mayReport(titles:shortTitles:)` on UTF-8 texts. A list of texts whose scalars are all
    /// below U+0300 (ASCII, Latin-1, Latin Extended, IPA: every UTF-8 byte below 0xCC), or in
    /// the blocks of Cyrillic, kana, CJK ideographs and Hangul syllables named in
    /// `isByteComparable`, most lists of most languages, is settled on the bytes: such texts are
    /// equal only when their bytes are (none is a combining mark or a conjoining jamo, none
    /// decomposes into another scalar of the set), and show one character per scalar but for
    /// CR LF (`displayLength`). Any other list is settled on strings.
    static func mayReport(titles: [UnsafeBufferPointer<UInt8>?], shortTitles: [UnsafeBufferPointer<UInt8>?]) -> Bool {
        guard titles.allSatisfy({ $0.map(isByteComparable) ?? true }), shortTitles.allSatisfy({ $0.map(isByteComparable) ?? true }) else {
            func strings(_ texts: [UnsafeBufferPointer<UInt8>?]) -> [String?] { texts.map { $0.map { String(decoding: $0, as: UTF8.self) } } }
            return mayReport(titles: strings(titles), shortTitles: strings(shortTitles))
        }
        for index in shortTitles.indices where index < titles.count {
            guard let short = shortTitles[index], let title = titles[index] else { continue }
            // A text shows no more characters than it has bytes (most pairs stop here).
            let titleLength = displayLength(title)
            if short.count > titleLength, displayLength(short) > titleLength { return true }
        }
        return hasDuplicate(byteComparableTitles: titles)
    }

    /// Whether every scalar of `text` (valid UTF-8) is below U+0300 or in a block of scalars
    /// that are one grapheme cluster each and canonically equivalent to no other text without a
    /// combining mark: Cyrillic (U+0400-U+0482, U+048A-U+04FF; not the combining U+0483-U+0489),
    /// CJK symbols (U+3000-U+3029, U+3030-U+303F; not the tone marks U+302A-U+302F), kana
    /// (U+3041-U+3096, U+309B-U+30FF; not the voicing marks U+3099, U+309A), CJK ideographs
    /// (U+4E00-U+9FFF; the compatibility ones, which decompose into them, are not) and Hangul
    /// syllables (U+AC00-U+D7A3; the jamo that compose them are not).
    static func isByteComparable(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0xCC {
                index += lead < 0x80 ? 1 : 2
                continue
            }
            let scalar: UInt32
            if lead >= 0xD0, lead <= 0xD3, index + 1 < text.count {
                scalar = UInt32(lead & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
                index += 2
            } else if lead >= 0xE3, lead <= 0xED, index + 2 < text.count {
                scalar = UInt32(lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F)
                index += 3
            } else {
                return false
            }
            switch scalar {
            case 0x0400...0x0482, 0x048A...0x04FF, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF,
                 0x4E00...0x9FFF, 0xAC00...0xD7A3:
                continue
            default:
                return false
            }
        }
        return true
    }

    /// `displayLength(_:)` of a text of scalars below U+0300: its bytes when it is ASCII, else
    /// its scalars, a CR LF pair counting once (the one grapheme cluster of two such scalars).
    private static func displayLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard !text.allSatisfy({ $0 < 0x80 }) else { return text.count }
        var length = 0
        for index in text.indices where text[index] & 0xC0 != 0x80 {
            if text[index] == 0x0A, index > 0, text[index - 1] == 0x0D { continue }
            length += 1
        }
        return length
    }

    private static func hasDuplicate(byteComparableTitles titles: [UnsafeBufferPointer<UInt8>?]) -> Bool {
        func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
            a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
        }
        if titles.count > 32 {
            // Long lists: an open-addressed table of the titles by hash; only a shared hash
            // needs a comparison. No allocation per title.
            var size = 64
            while size < titles.count * 2 { size *= 2 }
            let mask = size - 1
            return withUnsafeTemporaryAllocation(of: (hash: UInt64, index: Int).self, capacity: size) { table in
                table.initialize(repeating: (0, -1))
                for index in titles.indices {
                    guard let title = titles[index] else { continue }
                    let hash = fingerprint(title).hash
                    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
                    while table[slot].index >= 0 {
                        if table[slot].hash == hash, same(titles[table[slot].index]!, title) { return true }
                        slot = (slot + 1) & mask
                    }
                    table[slot] = (hash, index)
                }
                return false
            }
        }
        for index in titles.indices {
            guard let title = titles[index] else { continue }
            for earlier in 0..<index {
                if let other = titles[earlier], same(other, title) { return true }
            }
        }
        return false
    }
}

/// A catalog table's keys, numbered once and shared by every localization's facts: the catalog
/// keys first, in catalog order, then keys that only option lists show (empty titles, which are
/// not catalog keys but which the Settings app still looks up).
struct TableKeys: Sendable {
    let table: CatalogTable
    /// Each tracked key's number.
    let position: [StringsKey: Int]
    /// `position`, for lookups from many threads at once.
    let index: KeyIndex
    /// Each tracked key's slot among the keys option lists show, or -1.
    let optionSlot: [Int]
    /// The UTF-8 of the key of each slot, one after another, and where each lies: what an
    /// option shows when its table lacks the key, read in place by every thread.
    let optionKeyBytes: [UInt8]
    let optionKeyRanges: [Range<Int>]
    /// The number of slots.
    var optionKeyCount: Int { optionKeyRanges.count }
    /// The option lists of the schema files that use the table, their keys given slots.
    let optionLists: [SchemaOptionList]
    /// Whether a key of `position` is not ASCII: only then can a key the table holds under this
    /// index look like another (`TableFacts.lookAlikeKeys`).
    let hasNonASCIIKey: Bool
    /// What merge writes about the table's strings (`MergeComments`), made by the first table
    /// that has a settings-l10n comment to compare.
    var mergeComments = MergeComments()

    init(table: CatalogTable, optionLists lists: [SchemaOptionList]) {
        self.table = table
        var position: [StringsKey: Int] = [:]
        position.reserveCapacity(table.strings.count)
        // A catalog table holds each key once.
        for (index, string) in table.strings.enumerated() { position[string.key] = index }
        var optionSlot = [Int](repeating: -1, count: table.strings.count)
        var keyBytes: [UInt8] = [], keyRanges: [Range<Int>] = []
        func newSlot(_ key: String) -> Int {
            let start = keyBytes.count
            keyBytes.append(contentsOf: key.utf8)
            keyRanges.append(start..<keyBytes.count)
            return keyRanges.count - 1
        }
        func slot(_ key: String?) -> Int? {
            guard let text = key else { return nil }
            let key = StringsKey(text)
            if let tracked = position[key] {
                if optionSlot[tracked] < 0 { optionSlot[tracked] = newSlot(text) }
                return optionSlot[tracked]
            }
            position[key] = position.count
            optionSlot.append(newSlot(text))
            return optionSlot[optionSlot.count - 1]
        }
        var completed: [SchemaOptionList] = []
        for var list in lists {
            list.titleSlots = list.titleKeys.map(slot)
            list.shortTitleSlots = list.shortTitleKeys.map(slot)
            completed.append(list)
        }
        self.position = position
        self.hasNonASCIIKey = position.keys.contains { !$0.isASCII }
        self.index = KeyIndex(position)
        self.optionSlot = optionSlot
        self.optionKeyBytes = keyBytes
        self.optionKeyRanges = keyRanges
        self.optionLists = completed
    }
}
