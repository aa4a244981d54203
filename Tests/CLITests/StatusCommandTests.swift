import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("settings-l10n status")
struct StatusCommandTests {
    @Test("the Markdown heading escapes the bundle's name as the rows escape folder names (an entity or emphasis in it was GitHub's markup)")
    func markdownHeading() throws {
        let folder = try TemporaryFolder()
        let name = "S&lt;*b*.bundle"
        try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: folder.url.appendingPathComponent(name))
        let result = try Tool.run(["status", name, "--format", "markdown"], in: folder.url)
        #expect(result.stdout.hasPrefix("### Translations of S\\&lt;\\*b\\*.bundle\n\n"), "\(result)")
    }

    @Test("the example bundle is complete in every language")
    func example() throws {
        let result = try Tool.run(["status", "Resources/Settings.bundle", "--locale", "sv", "--locale", "en"])
        #expect(result == ToolResult(stdout: """
        locale  table    translated  fuzzy  missing  stale  percent
        en *    Privacy      source      0        0      0   100.0%
                Root         source      0        0      0   100.0%
                all          source      0        0      0   100.0%  ████████████████████
        sv      Privacy         5/5      0        0      0   100.0%
                Root          52/52      0        0      0   100.0%
                all           57/57      0        0      0   100.0%  ████████████████████
        * the development language (en): its table holds the source text; missing counts the entries merge adds

        """, stderr: "", exitCode: 0))
    }

    @Test("markdown for a pull-request comment, and JSON")
    func formats() throws {
        let copy = try BundleCopy()
        let german = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try "\"Analytics\" = \"Analyse\";\n\"Old\" = \"Alt\";\n".write(to: german, atomically: true, encoding: .utf8)
        let markdown = try Tool.run(["status", copy.bundle.path, "--format", "markdown", "--locale", "de"])
        #expect(markdown.stdout.hasPrefix("""
        ### Translations of Settings.bundle

        0 of 1 language complete.

        | Language | Translated | Fuzzy | Missing | Stale | Complete |
        |---|---:|---:|---:|---:|---|
        | de | 53 / 57 | 0 | 4 | 1 | 93.0% `█████████▎` |

        <details><summary>Per table</summary>
        """))
        // The source is not one of the languages counted: alone, it is no language complete.
        let source = try Tool.run(["status", copy.bundle.path, "--format", "markdown", "--locale", "en"])
        #expect(source.stdout.hasPrefix("### Translations of Settings.bundle\n\nOnly the source language: no translation to count.\n\n"))
        let json = try Tool.run(["status", copy.bundle.path, "--format", "json", "--locale", "de"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let locale = (document["locales"] as! [[String: Any]])[0]
        #expect(locale["translated"] as? Int == 53)
        #expect(locale["missing"] as? Int == 4)
        #expect(locale["stale"] as? Int == 1)
        #expect((locale["tables"] as! [[String: Any]]).map { $0["table"] as! String } == ["Privacy", "Root"])
    }

    @Test("markdown: the development language's rows read source, not 20 / 20 beside 15 missing, and the footnote says what its missing counts")
    func markdownDevelopmentLanguage() throws {
        let result = try Tool.run(["status", TestPaths.corpus("holzschu__a-shell/Settings.bundle").path, "--format", "markdown", "--locale", "en", "--locale", "es"])
        #expect(result == ToolResult(stdout: """
        ### Translations of Settings.bundle

        0 of 1 language complete.

        | Language | Translated | Fuzzy | Missing | Stale | Complete |
        |---|---:|---:|---:|---:|---|
        | en (source) | source | 0 | 15 | 3 | 100.0% `██████████` |
        | es | 8 / 20 | 0 | 12 | 3 | 40.0% `████······` |

        (source) the development language (en): its table holds the source text; missing counts the entries merge adds

        """, stderr: "", exitCode: 0))
    }

    @Test("on a-shell's bundle, the table's numbers agree with check --format json (VLC's: CLIFieldTests)")
    func agreesWithCheck() throws {
        let rows = try Self.expectAgreement(TestPaths.corpus("holzschu__a-shell/Settings.bundle").path)
        #expect(rows.count == 6)
        #expect(rows["fr"].map { "\($0.translated)/\($0.total) missing \($0.missing) stale \($0.stale)" } == "8/20 missing 12 stale 3")
    }

    typealias Row = (translated: Int, total: Int, fuzzy: Int, missing: Int, stale: Int)

    /// The Root table's row of each locale in `status`, each agreeing with the findings of
    /// `check --format json` for that table.
    static func expectAgreement(_ bundle: String) throws -> [String: Row] {
        let status = try Tool.run(["status", bundle])
        #expect(status.exitCode == 0)
        // locale  table  translated/total  fuzzy  missing  stale  percent  bar
        var rows: [String: Row] = [:]
        for line in status.stdout.split(separator: "\n").dropFirst() where !line.hasPrefix("*") {
            // The development language's name carries a "*" column of its own, and its
            // translated column says "source".
            let fields = line.split(separator: " ").map(String.init).filter { $0 != "*" }
            let counts = fields[2] == "source" ? [-1, -1] : fields[2].split(separator: "/").compactMap { Int($0) }
            rows[fields[0]] = (counts[0], counts[1], Int(fields[3])!, Int(fields[4])!, Int(fields[5])!)
        }

        let check = try Tool.run(["check", bundle, "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [String: Any]
        let diagnostics = document["diagnostics"] as! [[String: Any]]
        var counted: [String: (missing: Int, stale: Int, fuzzy: Int)] = [:]
        for diagnostic in diagnostics {
            let file = diagnostic["file"] as! String
            guard file.hasSuffix("/Root.strings") else { continue }
            let locale = String(file.split(separator: "/")[0].dropLast(6))
            var count = counted[locale] ?? (0, 0, 0)
            switch diagnostic["rule"] as! String {
            case "missing-translation", "development-entry-missing": count.missing += 1
            case "stale-key": count.stale += 1
            case "needs-review": count.fuzzy += 1
            default: break
            }
            counted[locale] = count
        }
        #expect(!diagnostics.isEmpty)
        for (locale, row) in rows {
            let fromCheck = counted[locale] ?? (0, 0, 0)
            #expect(row.missing == fromCheck.missing, "\(locale): missing")
            #expect(row.stale == fromCheck.stale, "\(locale): stale")
            #expect(row.fuzzy == fromCheck.fuzzy, "\(locale): fuzzy")
            if row.total >= 0 { #expect(row.translated + row.missing + row.fuzzy == row.total, "\(locale): the counts add up") }
        }
        return rows
    }
}
