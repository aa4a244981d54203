import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

/// Merges a copy (in memory) of every vendored corpus bundle and checks the merger's guarantees
/// (`CorpusFieldTests` does the same with the fetched ones).
@Suite("Corpus: merge loses nothing and is stable")
struct CorpusMergeTests {
    /// Every file of a bundle on disk, by path relative to it.
    static func files(of bundle: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: bundle.path)!
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = bundle.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = [UInt8](try Data(contentsOf: url))
            }
        }
        return files
    }

    static func merge(_ files: [String: [UInt8]], fallback: TableFallback) throws -> (MergeResult, [String: [UInt8]]) {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        let catalog = Extractor.catalog(of: bundle, tableFallback: fallback)
        let result = Merger.merge(bundle: bundle, catalog: catalog)
        var after = files
        for update in result.updates { after[update.path] = update.updated }
        return (result, after)
    }

    @Test("every vendored corpus bundle", arguments: TestPaths.corpusBundles(), TableFallback.allCases)
    func corpus(path: String, fallback: TableFallback) throws {
        try Self.expectLossless(path, fallback: fallback)
    }

    /// Merging the bundle keeps every translation, encoding and byte-order mark, and a second
    /// merge changes nothing.
    static func expectLossless(_ path: String, fallback: TableFallback) throws {
        let files = try Self.files(of: TestPaths.corpus(path))
        let (first, once) = try Self.merge(files, fallback: fallback)
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(files: files))
        let catalog = Extractor.catalog(of: bundle, tableFallback: fallback)
        for update in first.updates {
            let table = catalog.table(named: String(update.path.split(separator: "/")[1].dropLast(8)))!
            let merged = try StringsParser.parse(update.updated)
            #expect(merged.entries.count > 0)
            guard let original = update.original else { continue }
            let before = try StringsParser.parse(original)
            // Encoding and byte-order mark are kept.
            #expect(merged.encoding == before.encoding, "\(update.path)")
            #expect(merged.hasByteOrderMark == before.hasByteOrderMark, "\(update.path)")
            // No translation of a live key changes or is lost; no obsolete entry is lost.
            let oldTable = before.table, newTable = merged.table
            for (key, value) in oldTable {
                #expect(newTable[key] == value, "\(path) \(update.path): \(key) \(table.keys.contains(key) ? "(live)" : "(obsolete)") changed")
            }
        }
        let (second, twice) = try Self.merge(once, fallback: fallback)
        #expect(second.updates.map(\.path) == [], "\(path): the second merge changed files")
        #expect(twice == once)
    }
}
