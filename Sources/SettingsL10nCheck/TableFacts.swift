#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore
import SettingsL10nExtract

/// What `check` and `status` need from one table of one localization, found in one read of it,
/// so that the table is parsed once and never kept: the entries the table rules report, the
/// coverage of the catalog, and the localized titles of option lists.
package struct TableFacts: Sendable {
    /// The `.lproj` folder name without extension, and the folder.
    package var locale: String
    package var folder: String
    package var table: String
    package var path: String
    package var isDevelopmentLanguage: Bool
    /// Why the table could not be read, if it could not.
    package var problem: TableReadError?
    package var notices: [StringsNotice] = []
    /// Entries that a later entry with the same key overrides, with the later one's line.
    package var duplicates: [(entry: StringsScan.Entry, laterLine: Int)] = []
    /// Entries whose keys Unicode calls the same text but whose characters differ (one NFC,
    /// one NFD): two keys on the device. Each later one with the first of its kind, and
    /// whether each is a key the catalog tracks.
    package var lookAlikes: [(entry: StringsScan.Entry, first: StringsScan.Entry, entryIsTracked: Bool, firstIsTracked: Bool)] = []
    package var emptyValues: [StringsScan.Entry] = []
    /// Entries whose value is white space or invisible characters only (for a key that is not).
    package var blankValues: [StringsScan.Entry] = []
    /// Values that differ from their keys only in white space.
    package var whitespaceValues: [StringsScan.Entry] = []
    /// Entries marked as needing review.
    package var reviews: [StringsScan.Entry] = []
    /// Entries of the table's strings whose location comment is not the one merge writes, each
    /// with that one.
    package var outdatedLocations: [(entry: StringsScan.Entry, expected: String)] = []
    /// Entries of live keys below merge's obsolete-section marker, which merge moves back.
    package var liveBelowObsoleteMarker: [(entry: StringsScan.Entry, isSchemaString: Bool)] = []
    /// The coverage of the catalog table of the same name (`nil` for other tables).
    package var coverage: TableCoverage?
    /// The option lists of the table's schema files, in this language, that a display rule
    /// reports something about (most lists have nothing to report, and are not kept), by
    /// `SchemaOptionList.order`.
    var reportableOptionLists: [Int: LocalizedOptions] = [:]

    /// Reads `file` once and keeps what the rules need. `keys` is the catalog table of the same
    /// name, indexed once for every localization (`nil` for tables no schema file names).
    static func read(_ file: StringsTableFile, in localization: Localization, keys: TableKeys?, isDevelopment: Bool) -> TableFacts {
        var facts = TableFacts(locale: localization.name, folder: localization.folder, table: file.name, path: file.path,
                               isDevelopmentLanguage: isDevelopment)
        let scan: StringsScan
        do {
            scan = try file.scan()
        } catch {
            facts.problem = error
            // The device reads nothing of the table: every option shows its key.
            facts.reportableOptionLists = OptionTitles.reportable(keys, path: file.path, locale: localization.name, entries: nil, entryOfSlot: [])
            facts.coverage = unreadableCoverage(keys, path: file.path, in: localization, isDevelopment: isDevelopment)
            return facts
        }
        facts.notices = scan.notices
        let index = EntryIndex(scan, keys: keys)
        facts.duplicates = index.overridden.map { overridden in
            (scan.entry(at: overridden), scan.position(at: index.last(overriding: overridden, in: scan)).line)
        }
        let catalogKeyCount = keys?.table.strings.count ?? 0
        facts.lookAlikes = lookAlikeKeys(in: scan, index: index, keys: keys).map { first, later in
            let isTracked = { (entry: Int) in index.trackedOf[entry] >= 0 && index.trackedOf[entry] < catalogKeyCount }
            return (scan.entry(at: later), scan.entry(at: first), isTracked(later), isTracked(first))
        }

        // The effective entries, in file order, read in place: most need no `String` at all.
        var coverage = keys.map {
            TableCoverage(locale: localization.name, table: $0.table.name, path: file.path, isDevelopmentLanguage: isDevelopment,
                          file: .present, total: $0.table.strings.count, translated: 0, fuzzy: [], missing: CatalogStrings($0.table),
                          filled: [], stale: [])
        }
        let catalogCount = keys?.table.strings.count ?? 0
        // The entry of each key option lists show, by its slot, or -1.
        var entryOfSlot = [Int](repeating: -1, count: keys?.optionKeyCount ?? 0)
        // Read once, outside the loop: every thread shares these (a copy per entry would be a
        // contended retain; so is binding `keys` or changing `coverage` in place per entry).
        let optionSlot = keys?.optionSlot ?? []
        var comments = keys.map { CommentNotes($0) } ?? CommentNotes()
        let hasKeys = keys != nil
        var fuzzy: [StringsScan.Entry] = [], stale: [StringsScan.Entry] = []
        scan.withBytes { bytes in
            var belowObsoleteMarker = false
            for position in scan.indices {
                if !belowObsoleteMarker, bytes.opensObsoleteSection(position) { belowObsoleteMarker = true }
                guard !index.isOverridden[position] else { continue }
                if bytes.valueIsEmpty(position) { facts.emptyValues.append(bytes.entry(position)) }
                if let value = bytes.value(position) {
                    let key = bytes.key(position)
                    // Only white space or invisible characters: the device shows nothing either.
                    if Self.isBlank(value), !Self.isBlank(key) { facts.blankValues.append(bytes.entry(position)) }
                    if Self.differOnlyInWhiteSpace(value, key) { facts.whitespaceValues.append(bytes.entry(position)) }
                }
                if bytes.needsReview(position) {
                    facts.reviews.append(bytes.entry(position))
                    fuzzy.append(bytes.entry(position))
                }
                let tracked = index.trackedOf[position]
                if tracked < 0 || tracked >= catalogCount { stale.append(bytes.entry(position)) }
                if hasKeys { comments.note(bytes, position, tracked: tracked, belowObsoleteMarker: belowObsoleteMarker) }
                if tracked >= 0, optionSlot[tracked] >= 0 { entryOfSlot[optionSlot[tracked]] = position }
            }
            if let keys, var table = coverage {
                table.fuzzy = fuzzy
                table.stale = stale
                table.count(keys.table, entries: bytes, lastOfTracked: index.lastOfTracked)
                coverage = table
            }
            facts.reportableOptionLists = OptionTitles.reportable(keys, path: file.path, locale: localization.name,
                                                                  entries: bytes, entryOfSlot: entryOfSlot)
        }
        // UTF-16 without a byte-order mark is an error (`strings-encoding`): the device does not
        // read what an editor shows, merge and import leave the file alone, so none of it counts,
        // and its comments are not merge's to mend (generated-comment-outdated would never clear).
        let misencoded = scan.notices.contains { $0.kind == .utf16WithoutByteOrderMark }
        facts.outdatedLocations = misencoded ? [] : comments.outdated
        facts.liveBelowObsoleteMarker = misencoded ? [] : comments.live
        facts.coverage = misencoded ? unreadableCoverage(keys, path: file.path, in: localization, isDevelopment: isDevelopment) : coverage
        return facts
    }

    /// The pairs of effective entries (by index, file order) whose keys differ in their code
    /// units but are canonically equivalent (`String ==`): each with the first entry of its kind.
    /// Only a pair with a key that is not ASCII can be one (ASCII text has no other spelling but
    /// through such a key, the Kelvin sign for `K`): a tracked one (the catalog table has one,
    /// told once for every language) or one the index did not find (stale keys, few), so that
    /// most tables are not read twice.
    static func lookAlikeKeys(in scan: StringsScan, index: EntryIndex, keys: TableKeys?) -> [(first: Int, later: Int)] {
        // The effective entries of keys the index did not find are `lastOfOther`'s.
        let mayHavePair = keys?.hasNonASCIIKey == true || scan.withBytes { bytes in
            index.lastOfOther.values.contains { !StringsKey.isASCII(bytes.key($0)) }
        }
        guard mayHavePair else { return [] }
        // Grouped by `String`'s equality, which is canonical equivalence; the effective
        // entries' keys are distinct in their bytes, so every group of two or more is a pair.
        var firstOfText: [String: Int] = [:]
        var pairs: [(first: Int, later: Int)] = []
        for entry in scan.indices where !index.isOverridden[entry] {
            let text = scan.key(at: entry).string
            if let first = firstOfText[text] {
                pairs.append((first, entry))
            } else {
                firstOfText[text] = entry
            }
        }
        return pairs
    }

    /// Where the settings-l10n comments of a table's entries are not what merge writes: their
    /// location comments, or live keys below the obsolete marker. Made once per table, so that
    /// the entries' loop reads the catalog table and its hashes without copying them.
    struct CommentNotes {
        let table: CatalogTable
        let comments: MergeComments
        /// The hash of the location comment merge writes for each string (`MergeComments`),
        /// fetched at the first entry that has one.
        var hashes: [UInt64]?? = .none
        var outdated: [(entry: StringsScan.Entry, expected: String)] = []
        var live: [(entry: StringsScan.Entry, isSchemaString: Bool)] = []

        init(_ keys: TableKeys) {
            table = keys.table
            comments = keys.mergeComments
        }

        /// Notes of nothing, for a table no schema file names.
        init() {
            table = CatalogTable(name: "", strings: [])
            comments = MergeComments()
        }

        /// Notes entry `position` (of the catalog key `tracked`, or -1). Most entries have
        /// neither note: a flag and a comparison.
        mutating func note(_ bytes: StringsScan.Bytes, _ position: Int, tracked: Int, belowObsoleteMarker: Bool) {
            let isString = tracked >= 0 && tracked < table.strings.count
            if isString, let hash = bytes.locationHash(position) {
                if hashes == nil { hashes = .some(comments.locationHashes) }
                if let made = hashes!, made[tracked] != hash {
                    outdated.append((bytes.entry(position), comments.location(of: table, at: tracked)))
                }
            }
            guard belowObsoleteMarker else { return }
            if isString {
                live.append((bytes.entry(position), true))
            } else if comments.hasLiveElsewhere, comments.isLive(StringsKey(utf8: bytes.key(position))) {
                live.append((bytes.entry(position), false))
            }
        }
    }

    /// The coverage of a table nothing of which can be used: counted as a missing file is, every
    /// string missing but those that need no translation outside the development language.
    private static func unreadableCoverage(_ keys: TableKeys?, path: String, in localization: Localization, isDevelopment: Bool) -> TableCoverage? {
        guard let catalogTable = keys?.table else { return nil }
        var coverage = TableCoverage.missingFile(catalogTable, locale: localization.name, path: path, isDevelopmentLanguage: isDevelopment)
        coverage.file = .unreadable
        return coverage
    }

    /// Which catalog key each entry of a table is, and which entries a later one of the same
    /// key overrides. Tracked keys are found in the shared index by their bytes; other keys
    /// (stale ones, or every key of a table no schema file names) need a table of their own,
    /// for duplicates.
    struct EntryIndex {
        /// The tracked key of each entry, or -1.
        var trackedOf: [Int]
        /// The last entry of each tracked key, or -1.
        var lastOfTracked: [Int]
        var lastOfOther: [StringsKey: Int] = [:]
        /// Entries overridden by a later one, in file order.
        var overridden: [Int] = []
        var isOverridden: [Bool]

        init(_ scan: StringsScan, keys: TableKeys?) {
            trackedOf = [Int](repeating: -1, count: scan.count)
            lastOfTracked = [Int](repeating: -1, count: keys?.position.count ?? 0)
            isOverridden = [Bool](repeating: false, count: scan.count)
            // Every thread shares the catalog's keys: looked up in place (see KeyIndex).
            (keys?.index ?? KeyIndex([:])).withLookup { positions in
                scan.withBytes { bytes in
                    // Tables are mostly written in catalog order: each key is tried first as
                    // the one after the previous.
                    var expected = 0
                    for index in scan.indices {
                        let key = bytes.key(index)
                        if let tracked = positions.value(ofUTF8: key, expecting: expected) {
                            expected = tracked + 1
                            trackedOf[index] = tracked
                            if lastOfTracked[tracked] >= 0 { overridden.append(lastOfTracked[tracked]) }
                            lastOfTracked[tracked] = index
                        } else if let previous = lastOfOther.updateValue(index, forKey: StringsKey(utf8: key)) {
                            overridden.append(previous)
                        }
                    }
                }
            }
            overridden.sort()
            for index in overridden { isOverridden[index] = true }
        }

        /// The entry the device uses instead of the overridden entry at `index`.
        func last(overriding index: Int, in scan: StringsScan) -> Int {
            let tracked = trackedOf[index]
            return tracked >= 0 ? lastOfTracked[tracked] : lastOfOther[scan.key(at: index)]!
        }
    }

    /// Whether two strings are equal once runs of white space count as one space and the ends
    /// are trimmed; without allocating, and most pairs stop at their first character.
    static func sameIgnoringWhiteSpace(_ a: String, _ b: String) -> Bool {
        var (x, y) = (a, b)
        return x.withUTF8 { left in y.withUTF8 { right in squeezedBytesEqual(left, right) } }
    }

    /// Whether a value differs from its key in white space only (runs of it, or the ends):
    /// `sameIgnoringWhiteSpace` on UTF-8 bytes that differ.
    static func differOnlyInWhiteSpace(_ value: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let same = value.count == key.count && (value.count == 0 || memcmp(value.baseAddress!, key.baseAddress!, value.count) == 0)
        return !same && squeezedBytesEqual(value, key)
    }

    /// Whether `bytes` (valid UTF-8) are one or more characters that show nothing and nothing
    /// else: white space, controls, and Unicode's default-ignorable code points (zero-width
    /// spaces and joiners, the soft hyphen, direction marks, variation selectors, the Hangul
    /// fillers, tags). Most values' first character answers.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= bytes.count else { return false }
            var value = UInt32(lead < 0x80 ? lead : lead < 0xE0 ? lead & 0x1F : lead < 0xF0 ? lead & 0x0F : lead & 0x07)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            guard showsNothing(value) else { return false }
            index += length
        }
        return index > 0
    }

    /// Whether the scalar `value` shows nothing: White_Space, a C0 or C1 control, or a
    /// Default_Ignorable_Code_Point (Unicode 15).
    static func showsNothing(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x20, 0x7F...0xA0, 0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x1680, 0x17B4, 0x17B5, 0x180B...0x180F,
             0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x3000, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
             0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            true
        default:
            false
        }
    }

    /// The length of the white space character (Unicode's White_Space) at `index`, or 0.
    @inline(__always)
    static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) ? 1 : 0 }
        let rest = bytes.count - index
        switch byte {
        case 0xC2: // U+0085, U+00A0
            return rest >= 2 && (bytes[index + 1] == 0x85 || bytes[index + 1] == 0xA0) ? 2 : 0
        case 0xE1: // U+1680
            return rest >= 3 && bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? 3 : 0
        case 0xE2: // U+2000...U+200A, U+2028, U+2029, U+202F, U+205F
            guard rest >= 3 else { return 0 }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            if second == 0x80, (0x80...0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF { return 3 }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3: // U+3000
            return rest >= 3 && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }

    /// `sameIgnoringWhiteSpace` on valid UTF-8: runs of white space are one space, the ends are
    /// trimmed, everything else compares byte for byte.
    static func squeezedBytesEqual(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
            var skipped = false
            while index < bytes.count {
                let length = spaceLength(bytes, index)
                if length == 0 { break }
                index += length
                skipped = true
            }
            return skipped
        }
        // Trimmed texts end alike: two different last characters that are not white space
        // (most translations) settle it without walking the texts.
        if let last = x.last, let otherLast = y.last, last != otherLast,
           last > 0x20, last < 0x7F, otherLast > 0x20, otherLast < 0x7F {
            return false
        }
        var i = 0, j = 0
        _ = skipSpace(x, &i)
        _ = skipSpace(y, &j)
        while true {
            if i == x.count || j == y.count {
                // What is left of the other must be white space, which trimming removes.
                _ = skipSpace(x, &i)
                _ = skipSpace(y, &j)
                return i == x.count && j == y.count
            }
            let spaceX = skipSpace(x, &i), spaceY = skipSpace(y, &j)
            // A run on one side only stands against a character on the other (which is not at
            // its end): a space, or the end of the text, against a character.
            if spaceX != spaceY { return false }
            if spaceX { continue }
            if x[i] != y[j] { return false }
            i += 1
            j += 1
            // Equal bytes that cannot be (or start) white space: past them in a tight loop.
            while i < x.count, j < y.count, x[i] == y[j], x[i] > 0x20, x[i] < 0xC2 || x[i] > 0xE3 {
                i += 1
                j += 1
            }
        }
    }
}
