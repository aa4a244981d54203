import Foundation
import Testing
import SettingsL10nTestSupport

/// One number, one answer: `status`, `check` and the HTML previews' index count translations
/// with one definition (`TranslationPolicy`: doNotTranslate, strings without letters, keep).
@Suite("status, check and render agree on what is translated")
struct CompletenessCommandTests {
    /// What each command says of each locale: status's percent and missing count, the
    /// previews' percent, and check's untranslated count.
    struct Numbers: Equatable, CustomStringConvertible {
        var status: String
        var preview: String?
        var statusMissing: Int
        var checkMissing: Int
        var description: String { "status \(status), preview \(preview ?? "none"), status missing \(statusMissing), check untranslated \(checkMissing)" }
    }

    /// The numbers of every locale of a bundle, from the built binary.
    static func numbers(_ bundle: String, options: [String] = []) throws -> [String: Numbers] {
        let status = try Tool.run(["status", bundle, "--format", "json"] + options)
        let document = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as! [String: Any]
        // A schema file that does not load (a pane naming no file) makes the counts incomplete: exit 1.
        let unloaded = try #require(document["unloadedSchemaFiles"] as? [[String: Any]])
        try #require(status.exitCode == (unloaded.isEmpty ? 0 : 1), "\(status)")
        var numbers: [String: Numbers] = [:]
        // A table that cannot be read counts every string missing in status; check reports the
        // table's error instead (the device drops the whole table): those tables are compared apart.
        var unreadable: Set<String> = []
        for locale in document["locales"] as! [[String: Any]] {
            var missing = locale["missing"] as! Int
            for table in locale["tables"] as! [[String: Any]] where table["file"] as? String == "unreadable" {
                missing -= table["missing"] as! Int
                unreadable.insert(table["path"] as! String)
            }
            numbers[locale["locale"] as! String] = Numbers(status: String(format: "%.1f%%", locale["percent"] as! Double), preview: nil,
                                                           statusMissing: missing, checkMissing: 0)
        }

        let check = try Tool.run(["check", bundle, "--format", "json"] + options)
        let findings = (try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [String: Any])["diagnostics"] as! [[String: Any]]
        let tableErrors = Set(findings.filter { ["strings-syntax", "strings-encoding"].contains($0["rule"] as! String) }.map { $0["file"] as! String })
        #expect(unreadable.isSubset(of: tableErrors), "status counts \(unreadable.sorted()) unreadable; check reports \(tableErrors.sorted())")
        for finding in findings {
            let file = finding["file"] as! String
            guard let folder = file.split(separator: "/").first, folder.hasSuffix(".lproj") else { continue }
            let locale = String(folder.dropLast(6))
            switch finding["rule"] as! String {
            case "missing-translation", "development-entry-missing": numbers[locale]?.checkMissing += 1
            case "table-missing":
                // "de.lproj has no Root.strings: the Settings app shows its 52 strings untranslated"
                let message = finding["message"] as! String
                let count = message.components(separatedBy: "shows its ")[1].split(separator: " ")[0]
                numbers[locale]?.checkMissing += Int(count)!
            default: break
            }
        }

        let output = try TemporaryFolder()
        let render = try Tool.run(["render", bundle, "--locale", "all", "--format", "html", "--output", output.path] + options)
        try #require(render.exitCode == 0 || render.exitCode == 1, "\(render)")
        let index = try String(contentsOf: output.url.appendingPathComponent("index.html"), encoding: .utf8)
        // <span class="detail">de.lproj · 69.0% translated</span>
        for row in index.components(separatedBy: "<span class=\"detail\">").dropFirst() {
            // A caveat after the share (`69.0% translated (1 table could not be read)`) is not its number.
            var value = row.prefix { $0 != "<" }
            if let caveat = value.range(of: "% translated (") { value = value[..<caveat.lowerBound] + "% translated" }
            guard let dot = value.range(of: ".lproj · "), value.hasSuffix("% translated") else { continue }
            let folder = String(value[..<dot.lowerBound])
            numbers[folder]?.preview = String(value[dot.upperBound...].dropLast(" translated".count))
        }
        return numbers
    }

    static func expectAgreement(_ numbers: [String: Numbers], in bundle: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!numbers.isEmpty, "\(bundle) has no locale", sourceLocation: sourceLocation)
        for (locale, number) in numbers.sorted(by: { $0.key < $1.key }) {
            #expect(number.preview == number.status && number.checkMissing == number.statusMissing,
                    "\(bundle) \(locale): \(number)", sourceLocation: sourceLocation)
        }
    }

    @Test("on every vendored corpus bundle, for every language (the fetched ones: CLIFieldTests)", arguments: TestPaths.corpusBundles())
    func everyBundle(bundle: String) throws {
        try Self.expectAgreement(bundle)
    }

    static func expectAgreement(_ bundle: String) throws {
        // linphone's panes leave StringsTable out and rely on InAppSettingsKit's fallback.
        let options = bundle.contains("linphone") ? ["--table-fallback", "file-name"] : []
        let path = TestPaths.corpus(bundle).path
        Self.expectAgreement(try Self.numbers(path, options: options), in: bundle)
    }

    @Test("a-shell with a configuration: doNotTranslate and keep count the same in all three (VLC's: CLIFieldTests)")
    func configured() throws {
        let folder = try TemporaryFolder()
        let configuration = folder.url.appendingPathComponent("a-shell.json")
        try Data(#"{"doNotTranslate": ["Default", "Maximum"], "keep": ["Enable *TeX*"]}"#.utf8).write(to: configuration)
        let numbers = try Self.numbers(TestPaths.corpus("holzschu__a-shell/Settings.bundle").path, options: ["--config", configuration.path])
        Self.expectAgreement(numbers, in: "a-shell")
        // 20 strings: French has 8, and the 2 that need no translation count as done.
        #expect(numbers["fr"]?.description == "status 50.0%, preview 50.0%, status missing 10, check untranslated 10")
    }
}
