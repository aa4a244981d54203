import Foundation
import Testing
import SettingsL10nTestSupport

/// Every command over generated odd-but-real bundles, their verdicts compared with each other:
/// what one command calls unreadable, every command does; the pages render shows are the files
/// extract reads; merge loses no translation and --prune keeps every key in use.
@Suite("every command agrees on odd bundle shapes")
struct OddBundleTests {
    private static func json(_ result: ToolResult, _ shape: OddBundleGenerator.Shape) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(shape)\n\(result)")
    }

    private static func objects(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

    /// The key/value pairs of a table as a translator reads them, whatever its encoding.
    private static func pairs(_ data: Data) -> Set<String> {
        let text: String?
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            text = String(data: data, encoding: .utf16)
        } else {
            text = String(data: data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data, encoding: .utf8)
        }
        guard let text else { return [] }
        let pattern = try! NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;"#)
        return Set(pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { (text as NSString).substring(with: $0.range) })
    }

    @Test("check, status, merge, render and extract agree", arguments: Array(UInt64(1)...UInt64(32)))
    func agree(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let shape = try OddBundleGenerator.write(seed: seed, into: folder)
        let bundle = folder.path + "/Settings.bundle"
        let check = try Tool.run(["check", bundle, "--format", "json"])
        let status = try Tool.run(["status", bundle, "--format", "json"])
        let mergeCheck = try Tool.run(["merge", bundle, "--check", "--format", "json"])
        let extract = try Tool.run(["extract", bundle, "--format", "json"])
        let renders = try ["phone", "pad"].map { try Tool.run(["render", bundle, "--locale", "all", "--format", "json", "--idiom", $0]) }
        for result in [check, status, mergeCheck, extract] + renders {
            #expect([0, 1].contains(result.exitCode), "\(shape)\n\(result)")
        }

        // Which tables each command calls unreadable.
        let statusTables = try Self.objects(Self.json(status, shape)["locales"] as? [[String: Any]]).flatMap { Self.objects($0["tables"]) }
        let catalogPaths = Set(statusTables.compactMap { $0["path"] as? String })
        let unreadableRules: Set<String> = ["strings-encoding", "strings-syntax", "file-unreadable"]
        let byCheck = Set(try Self.objects(Self.json(check, shape)["diagnostics"]).filter {
            $0["severity"] as? String == "error" && unreadableRules.contains($0["rule"] as? String ?? "")
        }.compactMap { $0["file"] as? String }).intersection(catalogPaths)
        let byStatus = Set(statusTables.filter { $0["file"] as? String == "unreadable" }.compactMap { $0["path"] as? String })
        let mergeTables = try Self.objects(Self.json(mergeCheck, shape)["tables"])
        let byMerge = Set(mergeTables.filter { !($0["error"] is NSNull) }.compactMap { $0["path"] as? String })
        #expect(byCheck == byStatus, "\(shape)")
        #expect(byCheck == byMerge, "\(shape)")
        for render in renders {
            let named = catalogPaths.filter { render.stderr.contains($0) }
            #expect(named.isSubset(of: byCheck), "\(shape): render could not read \(named.subtracting(byCheck))")
        }
        // The development tables: the ones status marks, the ones merge marks.
        let statusDevelopment = Set(try Self.objects(Self.json(status, shape)["locales"]).filter { $0["developmentLanguage"] as? Bool == true }
            .flatMap { Self.objects($0["tables"]) }.compactMap { $0["path"] as? String })
        let mergeDevelopment = Set(mergeTables.filter { $0["developmentLanguage"] as? Bool == true }.compactMap { $0["path"] as? String })
        #expect(statusDevelopment == mergeDevelopment, "\(shape)")

        // The files extract reads strings from are pages render shows (on one idiom or the other).
        let extracted = try Self.objects(Self.json(extract, shape)["tables"]).flatMap { Self.objects($0["strings"]) }
        let usedKeys = Set(try Self.objects(Self.json(extract, shape)["tables"]).flatMap { table in
            Self.objects(table["strings"]).map { "\(table["name"]!)/\($0["key"]!)" }
        })
        let extractedFiles = Set(extracted.flatMap { Self.objects($0["occurrences"]) }.compactMap { $0["file"] as? String })
        var rendered: Set<String> = []
        for render in renders {
            for locale in try Self.objects(Self.json(render, shape)["locales"]) {
                rendered.formUnion(Self.objects(locale["pages"]).compactMap { $0["file"] as? String })
            }
        }
        #expect(extractedFiles.isSubset(of: rendered), "\(shape): not rendered: \(extractedFiles.subtracting(rendered))")

        // merge --prune loses no translation of a key in use, and a plain merge none at all.
        for prune in [false, true] {
            let copy = try BundleCopy(URL(fileURLWithPath: bundle))
            let before = try copy.snapshot()
            let merge = try Tool.run(["merge", copy.bundle.path, "--fill", "source"] + (prune ? ["--prune"] : []))
            #expect([0, 1].contains(merge.exitCode), "\(shape)\n\(merge)")
            let after = try copy.snapshot()
            for (path, bytes) in before where path.hasSuffix(".strings") && catalogPaths.contains(path) {
                let table = String(path.split(separator: "/").last!.dropLast(8))
                let lost = Self.pairs(bytes).subtracting(Self.pairs(after[path] ?? Data())).filter { pair in
                    !prune || usedKeys.contains("\(table)/" + String(pair.dropFirst().prefix { $0 != "\"" }))
                }
                #expect(lost.isEmpty, "\(shape): merge\(prune ? " --prune" : "") lost \(lost) from \(path)")
                if byCheck.contains(path) { #expect(after[path] == bytes, "\(shape): \(path) was unreadable but rewritten") }
            }
            let again = try Tool.run(["merge", copy.bundle.path, "--check", "--fill", "source"] + (prune ? ["--prune"] : []))
            #expect(again.exitCode == (byCheck.isEmpty ? 0 : 1), "\(shape)\n\(again)")
        }
    }
}
