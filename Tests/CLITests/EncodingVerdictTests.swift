import Foundation
import Testing
import SettingsL10nTestSupport

/// One reading of each table for every command (issue 26): the example's German Root table in
/// each encoding real bundles ship, and what each command makes of it.
@Suite("every command reads a table's encoding the same way")
struct EncodingVerdictTests {
    enum Encoding: String, CaseIterable {
        case utf8, utf8BOM, utf16LE, utf16LEBOM, utf16BE, utf16BEBOM, macRoman, empty

        func encode(_ text: String) -> Data {
            switch self {
            case .utf8: Data(text.utf8)
            case .utf8BOM: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
            case .utf16LE: text.data(using: .utf16LittleEndian)!
            case .utf16LEBOM: Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
            case .utf16BE: text.data(using: .utf16BigEndian)!
            case .utf16BEBOM: Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!
            case .macRoman: text.data(using: .macOSRoman)!
            case .empty: Data()
            }
        }

        /// Whether the device reads the table (CF's reader: UTF-8 with or without BOM, UTF-16 with one).
        var isReadable: Bool { ![.utf16LE, .utf16BE, .macRoman].contains(self) }
    }

    static let table = "de.lproj/Root.strings"

    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Each command's verdict on the table: true when it reads it.
    private static func verdicts(_ bundle: String, xliff: String) throws -> [String: Bool] {
        var verdicts: [String: Bool] = [:]
        let check = try json(Tool.run(["check", bundle, "--format", "json"]).stdout)
        let findings = try #require(check["diagnostics"] as? [[String: Any]])
        verdicts["check"] = !findings.contains { ($0["file"] as? String)?.hasSuffix(table) == true && $0["severity"] as? String == "error" }
        let render = try Tool.run(["render", bundle, "--locale", "de", "--format", "text"])
        verdicts["render"] = render.exitCode == 0 && !render.stderr.contains(table)
        for arguments in [["--check"], []] {
            let merge = try Tool.run(["merge", bundle, "--format", "json"] + arguments)
            let tables = try #require(try json(merge.stdout)["tables"] as? [[String: Any]])
            let report = try #require(tables.first { $0["path"] as? String == table })
            verdicts["merge" + (arguments.first ?? "")] = report["error"] is NSNull && merge.exitCode == 0
        }
        let status = try json(Tool.run(["status", bundle, "--format", "json", "--locale", "de"]).stdout)
        let locales = try #require(status["locales"] as? [[String: Any]])
        let rows = try #require(locales.first?["tables"] as? [[String: Any]])
        verdicts["status"] = rows.first { $0["table"] as? String == "Root" }?["file"] as? String == "present"
        let exports = try TemporaryFolder()
        let extract = try Tool.run(["extract", bundle, "--xliff", exports.path + "/out", "--locale", "de"])
        verdicts["extract"] = extract.exitCode == 0 && !extract.stderr.contains(table)
        let imported = try Tool.run(["import", bundle, xliff])
        verdicts["import"] = imported.exitCode == 0
        return verdicts
    }

    @Test("check, render, merge, merge --check, status, extract and import agree on each encoding", arguments: Encoding.allCases)
    func agree(encoding: Encoding) throws {
        let exports = try TemporaryFolder()
        #expect(try Tool.run(["extract", "Resources/Settings.bundle", "--xliff", exports.path, "--locale", "de"]).exitCode == 0)
        let copy = try BundleCopy()
        let text = try String(contentsOf: TestPaths.exampleBundle.appendingPathComponent(Self.table), encoding: .utf8)
        let bytes = encoding.encode(text)
        try bytes.write(to: copy.bundle.appendingPathComponent(Self.table))
        let verdicts = try Self.verdicts(copy.bundle.path, xliff: exports.path + "/de.xliff")
        let expected = Dictionary(uniqueKeysWithValues: verdicts.keys.map { ($0, encoding.isReadable) })
        #expect(verdicts == expected)
        if !encoding.isReadable {
            // Nothing wrote over the table the device cannot read.
            #expect(try copy.bytes(Self.table) == bytes)
        }
    }
}
