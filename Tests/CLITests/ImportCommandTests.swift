import Foundation
import Testing
import SettingsL10nTestSupport

/// A copy of the example bundle in a temporary folder, removed afterwards.
final class BundleCopy {
    let folder: URL
    var bundle: URL { folder.appendingPathComponent("Settings.bundle") }

    init(_ source: URL = TestPaths.exampleBundle) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-l10n-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: bundle)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: bundle.appendingPathComponent(path))
    }

    /// Every file of the bundle and its bytes.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: bundle.path)!
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: bundle.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try bytes(path)
            }
        }
        return files
    }
}

@Suite("settings-l10n import")
struct ImportCommandTests {
    /// Sets the targets of the given units (by id) in an exported document.
    static func fill(_ xliff: String, _ targets: [String: String]) -> String {
        var text = xliff
        for (id, target) in targets {
            let unitStart = text.range(of: "<trans-unit id=\"\(id)\"")!
            let unitEnd = text.range(of: "</trans-unit>", range: unitStart.upperBound..<text.endIndex)!
            var unit = String(text[unitStart.lowerBound..<unitEnd.upperBound])
            if let old = unit.range(of: "<target state=\"translated\">"), let close = unit.range(of: "</target>", range: old.upperBound..<unit.endIndex) {
                unit.replaceSubrange(old.lowerBound..<close.upperBound, with: "<target state=\"translated\">\(target)</target>")
            } else {
                let source = unit.range(of: "</source>")!
                unit.insert(contentsOf: "\n        <target state=\"translated\">\(target)</target>", at: source.upperBound)
            }
            text.replaceSubrange(unitStart.lowerBound..<unitEnd.upperBound, with: unit)
        }
        return text
    }

    @Test("round trip: export a locale, fill some targets, import; the tables hold exactly those translations")
    func roundTrip() throws {
        let copy = try BundleCopy()
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path, "--locale", "ja"]).exitCode == 0)
        let before = try copy.snapshot()
        let exported = try String(contentsOf: out.appendingPathComponent("ja.xliff"), encoding: .utf8)
        let filled = Self.fill(exported, ["Country": "国・地域", "Sweden": "スウェーデン王国", "Referral code": "招待コード"])
        try filled.write(to: out.appendingPathComponent("ja.xliff"), atomically: true, encoding: .utf8)

        let result = try Tool.run(["import", copy.bundle.path, out.appendingPathComponent("ja.xliff").path])
        // Each translation replaced is named, old and new (issue 47), before the tables are written.
        let lines = filled.components(separatedBy: "\n")
        func unit(_ id: String) -> String {
            "\(out.appendingPathComponent("ja.xliff").path):\(lines.firstIndex { $0.contains("<trans-unit id=\"\(id)\"") }! + 1):7"
        }
        #expect(result == ToolResult(stdout: "", stderr: """
            \(unit("Referral code")): warning: ja.lproj/Privacy.strings has "紹介コード" for "Referral code"; the document's "招待コード" replaces it [import-replaced]
            \(unit("Country")): warning: ja.lproj/Root.strings has "国" for "Country"; the document's "国・地域" replaces it [import-replaced]
            \(unit("Sweden")): warning: ja.lproj/Root.strings has "スウェーデン" for "Sweden"; the document's "スウェーデン王国" replaces it [import-replaced]
            ja.lproj/Privacy.strings: wrote 1 translation
            ja.lproj/Root.strings: wrote 2 translations

            """, exitCode: 0))

        let after = try copy.snapshot()
        #expect(Set(after.keys) == Set(before.keys))
        for (path, data) in before where !path.hasPrefix("ja.lproj/") {
            #expect(after[path] == data, "\(path) changed")
        }
        // The Japanese tables are UTF-16 with a byte-order mark, and stay so; only the three
        // values changed.
        func text(_ data: Data) -> String { String(data: data, encoding: .utf16)! }
        let root = try #require(after["ja.lproj/Root.strings"])
        #expect(root.prefix(2) == Data([0xFF, 0xFE]))
        #expect(text(root) == text(before["ja.lproj/Root.strings"]!)
            .replacingOccurrences(of: "\"Country\" = \"国\";", with: "\"Country\" = \"国・地域\";")
            .replacingOccurrences(of: "\"Sweden\" = \"スウェーデン\";", with: "\"Sweden\" = \"スウェーデン王国\";"))
        #expect(text(after["ja.lproj/Privacy.strings"]!) == text(before["ja.lproj/Privacy.strings"]!)
            .replacingOccurrences(of: "\"Referral code\" = \"紹介コード\";", with: "\"Referral code\" = \"招待コード\";"))

        // Importing the same document again changes nothing.
        let again = try Tool.run(["import", copy.bundle.path, out.appendingPathComponent("ja.xliff").path])
        #expect(again == ToolResult(stdout: "", stderr: "no table changes (57 translations already up to date)\n", exitCode: 0))
        #expect(try copy.snapshot() == after)
    }

    @Test("a folder of one document per language is imported one document at a time; two for one language are weighed together, their conflicts named")
    func folderOfDocuments() throws {
        let copy = try BundleCopy()
        let out = copy.folder.appendingPathComponent("xliff")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", out.path]).exitCode == 0)
        let german = out.appendingPathComponent("de.xliff")
        let exported = try String(contentsOf: german, encoding: .utf8)
        try Self.fill(exported, ["Country": "Land oder Region"]).write(to: german, atomically: true, encoding: .utf8)
        let swedish = out.appendingPathComponent("sv.xliff")
        try Self.fill(try String(contentsOf: swedish, encoding: .utf8), ["Country": "Land eller region"]).write(to: swedish, atomically: true, encoding: .utf8)
        let oneByOne = try Tool.run(["import", copy.bundle.path, out.path, "--dry-run"])
        #expect(oneByOne.exitCode == 0)
        let countryLine = exported.components(separatedBy: "\n").firstIndex { $0.contains("<trans-unit id=\"Country\"") }! + 1
        #expect(oneByOne.stderr == """
            \(german.path):\(countryLine):7: warning: de.lproj/Root.strings has "Land" for "Country"; the document's "Land oder Region" replaces it [import-replaced]
            \(swedish.path):\(countryLine):7: warning: sv.lproj/Root.strings has "Land" for "Country"; the document's "Land eller region" replaces it [import-replaced]
            de.lproj/Root.strings: would write 1 translation
            sv.lproj/Root.strings: would write 1 translation

            """)
        #expect(oneByOne.stdout.contains("+\"Country\" = \"Land oder Region\";") && oneByOne.stdout.contains("+\"Country\" = \"Land eller region\";"))
        // A second German document with another translation of the same key: neither is imported.
        let second = out.appendingPathComponent("de-reviewed.xliff")
        try Self.fill(exported, ["Country": "Staat"]).write(to: second, atomically: true, encoding: .utf8)
        let line = exported.components(separatedBy: "\n").firstIndex { $0.contains("<trans-unit id=\"Country\"") }! + 1
        let together = try Tool.run(["import", copy.bundle.path, out.path, "--dry-run"])
        #expect(together.exitCode == 1)
        #expect(together.stderr == """
            \(swedish.path):\(line):7: warning: sv.lproj/Root.strings has "Land" for "Country"; the document's "Land eller region" replaces it [import-replaced]
            \(second.path):\(line):7: error: unit "Country" is in the documents 2 times with different translations (de-reviewed.xliff line \(line), de.xliff line \(line)); none of them was imported: keep one [import-conflict]
            \(german.path):\(line):7: error: unit "Country" is in the documents 2 times with different translations (de-reviewed.xliff line \(line), de.xliff line \(line)); none of them was imported: keep one [import-conflict]
            sv.lproj/Root.strings: would write 1 translation
            2 problems kept translations from being imported (see above)

            """)
    }

    @Test("--dry-run prints a unified diff and writes nothing")
    func dryRun() throws {
        let copy = try BundleCopy()
        let xliff = copy.folder.appendingPathComponent("sv.xliff")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="en.lproj/Privacy.strings" source-language="en" target-language="sv" datatype="plaintext"><body>
            <trans-unit id="Analytics"><source>Analytics</source><target state="translated">Statistik</target></trans-unit>
          </body></file>
        </xliff>
        """.write(to: xliff, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, xliff.path, "--dry-run"])
        #expect(result == ToolResult(stdout: """
        --- a/sv.lproj/Privacy.strings
        +++ b/sv.lproj/Privacy.strings
        @@ -1,4 +1,4 @@
        -"Analytics" = "Analys";
        +"Analytics" = "Statistik";
         "We never share your location." = "Vi delar aldrig din plats.";
         "Share anonymous statistics" = "Dela anonym statistik";
         "Referral code" = "Värvningskod";

        """, stderr: """
        \(xliff.path):4:5: warning: sv.lproj/Privacy.strings has "Analys" for "Analytics"; the document's "Statistik" replaces it [import-replaced]
        sv.lproj/Privacy.strings: would write 1 translation

        """, exitCode: 0))
        #expect(try copy.snapshot() == before)
    }

    @Test("a unit whose source changed is rejected with exit 1; the rest is written")
    func rejected() throws {
        let copy = try BundleCopy()
        let xliff = copy.folder.appendingPathComponent("de.xliff")
        try """
        <xliff version="1.2"><file original="en.lproj/Privacy.strings" source-language="en" target-language="de"><body>
        <trans-unit id="Analytics"><source>Analytics</source><target>Analysen</target></trans-unit>
        <trans-unit id="Referral code"><source>Referral Code</source><target>Werbecode</target></trans-unit>
        </body></file></xliff>
        """.write(to: xliff, atomically: true, encoding: .utf8)
        let result = try Tool.run(["import", copy.bundle.path, xliff.path])
        #expect(result.exitCode == 1)
        #expect(result.stderr == """
        \(xliff.path):2:1: warning: de.lproj/Privacy.strings has "Analyse" for "Analytics"; the document's "Analysen" replaces it [import-replaced]
        \(xliff.path):3:1: error: unit "Referral code": its source "Referral Code" no longer matches the development text "Referral code"; export again and translate the new text [import-source-changed]
        de.lproj/Privacy.strings: wrote 1 translation
        1 problem kept translations from being imported (see above)

        """)
        let table = String(decoding: try copy.bytes("de.lproj/Privacy.strings"), as: UTF8.self)
        #expect(table.contains("\"Analytics\" = \"Analysen\";"))
        #expect(table.contains("\"Referral code\" = \"Empfehlungscode\";"))
    }

    @Test("a malformed document is an error and nothing is written", arguments: [
        ("<xliff version=\"1.2\"><file original=\"en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\"><body>", "not a valid XLIFF document: <body> opened here is never closed"),
        ("<xliff version=\"1.2\"><file original=\"en.lproj/Nope.strings\" source-language=\"en\" target-language=\"de\"/></xliff>", "<file original=\"en.lproj/Nope.strings\"> is for the table Nope, which no schema file of the bundle uses; nothing was imported"),
    ])
    func malformed(document: String, message: String) throws {
        let copy = try BundleCopy()
        let good = copy.folder.appendingPathComponent("good.xliff")
        try """
        <xliff version="1.2"><file original="en.lproj/Root.strings" source-language="en" target-language="de"><body>
        <trans-unit id="Map"><source>Map</source><target>Landkarte</target></trans-unit></body></file></xliff>
        """.write(to: good, atomically: true, encoding: .utf8)
        let bad = copy.folder.appendingPathComponent("bad.xliff")
        try document.write(to: bad, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, good.path, bad.path])
        #expect(result.exitCode == 3)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: \(bad.path)"))
        #expect(result.stderr.contains(message))
        #expect(try copy.snapshot() == before)
    }
}
