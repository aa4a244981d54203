import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

/// Inserting many entries at once puts each where inserting them one by one would.
@Suite("Inserting entries into a table")
struct StringsInsertionTests {
    /// The reference: one entry after the nearest entry whose key comes earlier (else at 0).
    static func insertOneByOne(_ entry: StringsEntry, into document: inout StringsDocument, following order: [StringsKey: Int], layout: StringsLayout) {
        let rank = order[entry.key] ?? Int.max
        let index = (document.entries.lastIndex { (order[$0.key] ?? Int.max) <= rank }).map { $0 + 1 } ?? 0
        document.insert(entry, at: index, layout: layout)
    }

    static let texts = [
        "", "/* only a header */\n", "/* header */\n\n\"k3\" = \"v\";\n\"k7\" = \"v\";\n",
        "\"k9\" = \"v\";\n\"k1\" = \"v\";\n\"x\" = \"v\";\n\"k5\" = \"v\";",
        "/* a */\n\"k2\" = \"v\";\n\n/* b */\n\"k8\" = \"v\";\n\n/* c */\n\"k4\" = \"v\";\n",
        "\"k6\" = \"v\";\r\n\"k0\" = \"v\";\r\n",
    ]

    @Test("insert(contentsOf:) is the same text as inserting one by one in rank order, for every file shape", arguments: texts)
    func bulkMatchesOneByOne(text: String) throws {
        let order = Dictionary(uniqueKeysWithValues: (0..<10).map { (StringsKey("k\($0)"), $0) })
        var generator = SeededGenerator(seed: UInt64(text.utf8.count))
        for _ in 0..<50 {
            let document = try StringsParser.parse(Array(text.utf8))
            let present = Set(document.entries.map(\.key))
            var keys = (0..<10).map { StringsKey("k\($0)") }.filter { !present.contains($0) } + ["extra1", "extra2"]
            keys.shuffle(using: &generator)
            keys = Array(keys.prefix(Int.random(in: 1...keys.count, using: &generator)))
            for comments in [false, true] {
                var layout = StringsLayout(of: document)
                layout.commentsEntries = comments
                let added = keys.map { StringsEntry.make(key: $0, value: "new", comment: "c", layout: layout, lineEnding: document.lineEnding) }
                var oneByOne = document
                let ranked = added.enumerated().sorted { (order[$0.element.key] ?? .max, $0.offset) < (order[$1.element.key] ?? .max, $1.offset) }
                for (_, entry) in ranked { Self.insertOneByOne(entry, into: &oneByOne, following: order, layout: layout) }
                var bulk = document
                bulk.insert(contentsOf: added, following: order, layout: layout)
                #expect(bulk.text == oneByOne.text, "keys \(keys)")
            }
        }
    }

    @Test("a header comment stays on top, and unranked keys go last in the order given")
    func placement() throws {
        var document = try StringsParser.parse(Array("/* header */\n\n\"k5\" = \"v\";\n\"k6\" = \"v\";\n".utf8))
        let layout = StringsLayout(of: document)
        let added = ["z", "k9", "k1", "a"].map { StringsEntry.make(key: $0, value: "n", comment: nil, layout: layout, lineEnding: .lf) }
        document.insert(contentsOf: added, following: ["k1": 1, "k5": 5, "k6": 6, "k9": 9], layout: layout)
        #expect(document.text == "/* header */\n\n\"k1\" = \"n\";\n\"k5\" = \"v\";\n\"k6\" = \"v\";\n\"k9\" = \"n\";\n\"z\" = \"n\";\n\"a\" = \"n\";\n")
    }
}
