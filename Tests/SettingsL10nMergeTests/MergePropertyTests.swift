import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
import SettingsL10nTestSupport

/// A small deterministic random generator (SplitMix64), so failures reproduce from the seed.
@Suite("Merge properties over generated tables")
struct MergePropertyTests {
    static let words = ["Sound", "Music", "Extra lives", "Difficulty", "Easy", "Hard", "Colour", "Quote \"q\"",
                        "Back\\slash", "Line\nbreak", "Ünïcode ✓", "日本語", "tab\tbed", "Volume", "Volumes", "Off",
                        "On", "a", "Z", "Spaced  out", "Trailing.", "Trailing", "Hint", "Hints!", "Emoji 🎉"]

    struct Case {
        var schema: String
        var development: [UInt8]
        var table: [UInt8]
        var live: [String]
    }

    static func generate(seed: UInt64) -> Case {
        var random = SeededGenerator(seed: seed)
        let live = Array(words.shuffled(using: &random).prefix(Int.random(in: 1...12, using: &random)))
        let obsolete = words.filter { !live.contains($0) }.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))
        func xml(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let schema = xmlSchema(live.map { "\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>\(xml($0))</string></dict>" }
            .joined(separator: "\n"))

        func table(_ keys: [String], translate: Bool) -> [UInt8] {
            let eol = Bool.random(using: &random) ? "\r\n" : "\n"
            var text = Bool.random(using: &random) ? "/* Header */\(eol)\(eol)" : ""
            var entries = keys.map { key in (key, translate ? "T(\(key))" : key) }
            // Duplicates: an earlier entry the device never reads.
            if let first = entries.first, Bool.random(using: &random) { entries.insert((first.0, "stale"), at: 0) }
            entries.shuffle(using: &random)
            for (key, value) in entries {
                switch Int.random(in: 0..<6, using: &random) {
                case 0: text += "/* note on \(StringsEntry.sanitizeComment(key)) */\(eol)"
                case 1: text += "// a line comment\(eol)"
                case 2: text += eol
                default: break
                }
                let spacing = [" = ", "=", "  =\t"].randomElement(using: &random)!
                text += StringsWriting.quoted(key) + spacing + StringsWriting.quoted(value) + ";"
                if Int.random(in: 0..<4, using: &random) == 0 { text += " // trailing" }
                text += eol
            }
            if Bool.random(using: &random), text.hasSuffix(eol) { text.removeLast() }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return DecodedText.encode(text, as: .utf8, byteOrderMark: false)
            case 1: return DecodedText.encode(text, as: .utf8, byteOrderMark: true)
            case 2: return DecodedText.encode(text, as: .utf16LittleEndian, byteOrderMark: true)
            default: return DecodedText.encode(text, as: .utf16BigEndian, byteOrderMark: true)
            }
        }
        let present = live.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
        return Case(schema: schema, development: table(live.filter { _ in Bool.random(using: &random) }, translate: false),
                    table: table(present + obsolete, translate: true), live: live)
    }

    static func merge(_ files: [String: [UInt8]], options: MergeOptions = MergeOptions()) throws -> (MergeResult, [String: [UInt8]]) {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: options)
        var after = files
        for update in result.updates { after[update.path] = update.updated }
        return (result, after)
    }

    @Test("merging twice equals merging once, byte for byte; every translation of a live key survives",
          arguments: 0..<1000)
    func properties(seed: Int) throws {
        let generated = Self.generate(seed: UInt64(seed))
        let files = ["Root.plist": Array(generated.schema.utf8), "en.lproj/Root.strings": generated.development,
                     "de.lproj/Root.strings": generated.table]
        let before = try StringsParser.parse(generated.table)
        let (first, once) = try Self.merge(files)
        let (second, twice) = try Self.merge(once)
        #expect(second.updates.isEmpty, "seed \(seed): the second merge changed \(second.updates.map(\.path))")
        #expect(twice == once)

        let merged = try StringsParser.parse(once["de.lproj/Root.strings"]!)
        #expect(merged.encoding == before.encoding)
        #expect(merged.hasByteOrderMark == before.hasByteOrderMark)
        let oldTable = before.table, newTable = merged.table
        for key in generated.live.map({ StringsKey($0) }) {
            if let translation = oldTable[key] {
                #expect(newTable[key] == translation, "seed \(seed): the translation of \(key.debugDescription) changed")
            }
        }
        // Nothing is lost: every key of the old table is still there (obsolete ones in their section).
        for key in oldTable.keys {
            #expect(newTable[key] == oldTable[key], "seed \(seed): \(key.debugDescription) lost")
        }
        let development = try StringsParser.parse(once["en.lproj/Root.strings"]!).table
        #expect(Set(generated.live.map { StringsKey($0) }).isSubset(of: Set(development.keys)))
        #expect(first.reports.allSatisfy { $0.problem == nil })

        // --prune removes exactly the obsolete keys, and is stable too.
        let (_, pruned) = try Self.merge(once, options: MergeOptions(prune: true))
        let prunedTable = try StringsParser.parse(pruned["de.lproj/Root.strings"]!).table
        #expect(Set(prunedTable.keys) == Set(newTable.keys).intersection(generated.live.map { StringsKey($0) }))
        let (stable, _) = try Self.merge(pruned, options: MergeOptions(prune: true))
        #expect(stable.updates.isEmpty)

        // --check (reports only) reports what the merge does, table by table, in every mode.
        for options in [MergeOptions(), MergeOptions(prune: true), MergeOptions(fillSource: true)] {
            var reportOnly = options
            reportOnly.reportOnly = true
            for state in [files, once, pruned] {
                let (full, _) = try Self.merge(state, options: options)
                let (reported, _) = try Self.merge(state, options: reportOnly)
                #expect(reported.reports == full.reports, "seed \(seed): --check reports otherwise than the merge")
                #expect(reported.updates.allSatisfy { full.updates.contains($0) })
            }
        }
    }
}
