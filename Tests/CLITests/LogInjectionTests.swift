import Foundation
import Testing
import SettingsL10nTestSupport

/// Input that would act on a terminal or a CI log (issue 27): file names, keys, values and
/// XLIFF attributes holding ESC sequences and line breaks followed by GitHub workflow commands.
/// No output format of any command prints a raw ESC, or a line GitHub would run, but the
/// commands `check --format github` writes itself.
@Suite("Log and terminal injection")
struct LogInjectionTests {
    static let esc = "\u{1B}"
    /// A stale key with a right-to-left override (which reorders the rest of a line), a C1
    /// control (NEL, a line break to some terminals), DEL and a left-to-right isolate.
    static let reordered = "Old\u{202E}txet\u{85}\u{7F}\u{2066}end"
    /// What a terminal or a log viewer acts on beside ESC and BEL.
    static let unsafeScalars: [Unicode.Scalar] = ["\u{202E}", "\u{85}", "\u{7F}", "\u{2066}"]

    /// The example bundle with hostile names and values.
    static func hostileBundle() throws -> BundleCopy {
        let copy = try BundleCopy()
        // A schema file whose name breaks the line, starts a workflow command and clears the screen.
        try Data(xmlSchema("\t\t<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sound</string></dict>").utf8).write(to: copy.bundle.appendingPathComponent("Inj\n::warning::X\(esc)[2J.plist"))
        // A footer (OpenStep allows any character) and a table value with ESC sequences and a command.
        try Data("{ StringsTable = Privacy; PreferenceSpecifiers = ( { Type = PSGroupSpecifier; Title = \"Analytics\"; FooterText = \"a\\033[2Jb\\n::error file=app.swift::INJECTED\"; } ); }".utf8)
            .write(to: copy.bundle.appendingPathComponent("Privacy.plist"))
        try Data("\"Analytics\" = \"Analyse\(esc)]52;c;SGVsbG8=\u{07}\\n::error::clipboard\";\n\"Stale\(esc)[31m\" = \"x\";\n\"\(reordered)\" = \"y\";\n".utf8)
            .write(to: copy.bundle.appendingPathComponent("de.lproj/Privacy.strings"))
        try FileManager.default.createDirectory(at: copy.bundle.appendingPathComponent("x\(esc)[2J\n::notice::y.lproj"), withIntermediateDirectories: true)
        return copy
    }

    private static func assertSafe(_ result: ToolResult, _ what: String, commandsAllowed: Bool = false) {
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            #expect(!text.contains(esc), "\(what): a raw ESC on \(stream)")
            #expect(!text.contains("\u{07}"), "\(what): a raw BEL on \(stream)")
            for scalar in unsafeScalars {
                #expect(!text.unicodeScalars.contains(scalar), "\(what): a raw U+\(String(scalar.value, radix: 16, uppercase: true)) on \(stream)")
            }
            let commands = text.split(separator: "\n").filter { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("::") }
            if commandsAllowed, stream == "stdout" {
                // One command per finding, each a whole line of the tool's own.
                #expect(commands.allSatisfy { $0.hasPrefix("::error file=") || $0.hasPrefix("::warning file=") || $0.hasPrefix("::notice file=") }, "\(what)")
                #expect(commands.count == text.split(separator: "\n").count, "\(what): a line that is not a command")
            } else {
                #expect(commands.isEmpty, "\(what): \(stream) has a line GitHub would run: \(commands)")
            }
        }
    }

    @Test("check, status, extract, render and merge in every format")
    func everyFormat() throws {
        let copy = try Self.hostileBundle()
        let bundle = copy.bundle.path
        for format in ["text", "json", "sarif"] {
            Self.assertSafe(try Tool.run(["check", bundle, "--format", format]), "check --format \(format)")
        }
        let github = try Tool.run(["check", bundle, "--format", "github"])
        Self.assertSafe(github, "check --format github", commandsAllowed: true)
        // The hostile file name is the data of one command, escaped, never a command of its own.
        #expect(github.stdout.contains("::warning file=\(bundle)/Inj\\n%3A%3Awarning%3A%3AX\\U001B[2J.plist,line=4,col=1,title=settings-l10n schema-file-unreachable::"))
        for format in ["text", "json", "markdown"] {
            Self.assertSafe(try Tool.run(["status", bundle, "--format", format]), "status --format \(format)")
        }
        for format in ["text", "json"] {
            Self.assertSafe(try Tool.run(["extract", bundle, "--format", format]), "extract --format \(format)")
            Self.assertSafe(try Tool.run(["render", bundle, "--locale", "de", "--format", format]), "render --format \(format)")
        }
        Self.assertSafe(try Tool.run(["merge", bundle, "--dry-run", "--fill", "source"]), "merge --dry-run")
        Self.assertSafe(try Tool.run(["merge", bundle, "--check", "--format", "json"]), "merge --format json")
        Self.assertSafe(try Tool.run(["merge", bundle, "--check"]), "merge --check")
        let exports = copy.folder.appendingPathComponent("x")
        Self.assertSafe(try Tool.run(["extract", bundle, "--xliff", exports.path]), "extract --xliff")
    }

    /// Every string of a JSON document, however deep.
    private static func strings(in value: Any) -> [String] {
        switch value {
        case let string as String: [string]
        case let array as [Any]: array.flatMap(strings(in:))
        case let object as [String: Any]: object.keys.map { $0 } + object.values.flatMap(strings(in:))
        default: []
        }
    }

    @Test("JSON and SARIF stay JSON, and carry the hostile key exactly, escaped the JSON way")
    func jsonStaysJSON() throws {
        let copy = try Self.hostileBundle()
        let bundle = copy.bundle.path
        let runs: [(String, [String], Bool)] = [
            ("check --format json", ["check", bundle, "--format", "json"], true),
            ("check --format sarif", ["check", bundle, "--format", "sarif"], true),
            ("status --format json", ["status", bundle, "--format", "json"], false),
            ("extract --format json", ["extract", bundle, "--format", "json"], false),
            ("render --format json", ["render", bundle, "--locale", "de", "--format", "json"], false),
            ("merge --check --format json", ["merge", bundle, "--check", "--format", "json", "--prune"], true),
        ]
        for (what, arguments, carriesKey) in runs {
            let result = try Tool.run(arguments)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            Self.assertSafe(result, what)
            let strings = Self.strings(in: document)
            // The stale key is reported (check: key-stale; merge: pruned) as it is in the table.
            if carriesKey { #expect(strings.contains { $0.contains(Self.reordered) }, "\(what): the key is not in the document") }
            #expect(!strings.contains { $0.contains("\\U202E") }, "\(what): a terminal escape inside a JSON string")
        }
        let check = try Tool.run(["check", bundle, "--format", "json"])
        #expect(check.stdout.contains("Old\\u202etxet\\u0085\\u007f\\u2066end"))
    }

    @Test("import echoes no XLIFF attribute raw")
    func importAttributes() throws {
        let copy = try BundleCopy()
        let xliff = copy.folder.appendingPathComponent("evil.xliff")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/&#10;::error file=app.swift,line=1::INJECTED&#10;/Main.strings" source-language="en" target-language="de&#10;::warning::lang" datatype="plaintext"><body>
                <trans-unit id="a"><source>a</source><target>b</target></trans-unit>
              </body></file>
              <file original="Settings.bundle/de.lproj/Root.strings" source-language="en" target-language="de" datatype="plaintext"><body>
                <trans-unit id="Account"><source>Account</source><target>Kon\u{1B}[2Jto</target></trans-unit>
              </body></file>
            </xliff>
            """.utf8).write(to: xliff)
        Self.assertSafe(try Tool.run(["import", copy.bundle.path, xliff.path, "--dry-run"]), "import --dry-run")
    }
}
