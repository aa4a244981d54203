import Foundation
import Testing
import SettingsL10nTestSupport
@testable import settings_l10n

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

    /// `.lproj` folders named with GitHub's workflow commands in each form the runner runs (issue
    /// 46): after a line break and NBSP (which .NET trims), the legacy `##[` anywhere, after U+2028
    /// and U+0085 (not line breaks to the runner, but white space it trims) and U+3000; and one
    /// whose line break leads to plain words, which must never start a line of output.
    static let commandFolders = [
        "de\n\u{A0}::error file=a.swift,line=1::forged.lproj", "fr ##[error]forged.lproj", "it\u{2028}::add-mask::forged.lproj",
        "pt\u{85}::set-output name=x::forged.lproj", "\u{3000}::stop-commands::forged.lproj", "nl\nforged-line.lproj",
    ]
    /// What follows a line break in the hostile names, keys and values: no line of output starts
    /// with it (its line break was printed raw).
    static let tails = ["forged-line", "forged-key-line", "forged-value-line", "\u{A0}::error file=a.swift", "\u{A0}::warning::k", "::warning::X"]
    /// The Title of issue 46, which forged an annotation in check, merge and render.
    static let forgedTitle = "User ##[error file=x.swift,line=1]forged"

    /// The example bundle with hostile names and values.
    static func hostileBundle() throws -> BundleCopy {
        let copy = try BundleCopy()
        try replaceOnce(in: copy.bundle.appendingPathComponent("Root.plist"), "<string>User name</string>", with: "<string>\(forgedTitle)</string>")
        for folder in commandFolders {
            try FileManager.default.createDirectory(at: copy.bundle.appendingPathComponent(folder), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: copy.bundle.appendingPathComponent("de.lproj/Root.strings"), to: copy.bundle.appendingPathComponent(folder + "/Root.strings"))
        }
        // Keys and values likewise (`\\n` is a line break in a .strings literal).
        let table = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
        try Data((try String(contentsOf: table, encoding: .utf8) + """
            "\u{A0}::error::stale-key" = "##[error]stale-value";
            "Stale\\nforged-key-line\\n\u{A0}::warning::k" = "v\\n##[add-mask]x";
            "\(forgedTitle)" = "Benutzer ##[debug]y\\nforged-value-line\\n\u{A0}::error::value";

            """).utf8).write(to: table)
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

    /// What a run prints on standard output.
    enum Stdout {
        /// Text or JSON made safe: no raw control character, no command.
        case safe
        /// `check --format github`: one of the tool's own annotations a line, and nothing else.
        case workflowCommands
        /// The diffs of `--dry-run`, printed as written (applied elsewhere: `dryRunDiffsApply`).
        case asWritten
        /// The same where GitHub's runner reads them: inside the tool's pause, and nothing else.
        case pausedAsWritten
    }

    /// Checks both streams of `result`: no line GitHub's runner would run but those `stdout`
    /// allows (found with `RunnerCommands`, a port of the runner's parser), no line starting with
    /// what follows a line break of input, and (but in output printed as written) nothing a
    /// terminal acts on.
    static func assertSafe(_ result: ToolResult, _ what: String, stdout: Stdout = .safe) {
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let kind = stream == "stdout" ? stdout : .safe
            if kind != .asWritten, kind != .pausedAsWritten {
                #expect(!text.contains(esc), "\(what): a raw ESC on \(stream)")
                #expect(!text.contains("\u{07}"), "\(what): a raw BEL on \(stream)")
                for scalar in unsafeScalars + ["\u{2028}"] {
                    #expect(!text.unicodeScalars.contains(scalar), "\(what): a raw U+\(String(scalar.value, radix: 16, uppercase: true)) on \(stream)")
                }
            }
            let lines = RunnerCommands.lines(text)
            for tail in tails {
                #expect(!lines.contains { $0.hasPrefix(tail) }, "\(what): \(stream) printed a line break of input raw, before \(String(reflecting: tail))")
            }
            let commands = RunnerCommands.commands(in: text)
            switch kind {
            case .workflowCommands:
                // One annotation per finding, each a whole line of the tool's own.
                #expect(commands.count == lines.count, "\(what): a line that is not one command: \(commands)")
                #expect(commands.allSatisfy { ["error", "warning", "notice"].contains($0.name) && $0.properties["title"]?.hasPrefix("settings-l10n ") == true },
                        "\(what): \(commands)")
            case .pausedAsWritten:
                // The tool's own pause, its fresh token resumed by the last line: nothing in between runs.
                let token = commands.first?.data ?? ""
                #expect(commands.map(\.name) == ["stop-commands", token], "\(what): \(commands)")
                #expect(token.hasPrefix("settings-l10n-") && token.count == 46 && token.dropFirst(14).allSatisfy(\.isHexDigit), "\(what): token \(token)")
                #expect(lines.first == "::stop-commands::\(token)" && lines.last == "::\(token)::", "\(what)")
            case .asWritten:
                break
            case .safe:
                #expect(commands.isEmpty, "\(what): \(stream) has lines GitHub's runner would run: \(commands)")
            }
        }
    }

    @Test("every surface of the registry, as a terminal and as GitHub's runner read it, over hostile names, keys, values and XLIFF attributes: no command but the tool's own",
          arguments: Surfaces.all.map(\.name))
    func everySurface(name: String) throws {
        let surface = try #require(Surfaces.all.first { $0.name == name })
        let copy = try Self.hostileBundle()
        let inputs = try Self.hostileInputs(in: copy)
        var runs = Self.runs(of: surface, inputs: inputs)
        // A surface that takes a language takes each hostile folder's, which its messages may echo.
        if surface.arguments.contains(where: { $0.contains("{locale}") }) {
            for index in Self.commandFolders.indices.dropFirst() {
                runs += Self.runs(of: surface, inputs: inputs.merging(["{locale}": Self.locale(index)]) { $1 }).prefix(1)
            }
        }
        for run in runs {
            let result = try Tool.run(run.arguments, environment: run.environment)
            let what = (run.environment.keys.sorted() + run.arguments.map { $0.hasPrefix(copy.folder.path) ? "…" : $0 }).joined(separator: " ")
            #expect(result.exitCode < 4 && result.exitCode != 2 && !result.stderr.contains("Fatal error"), "\(what): \(result)")
            Self.assertSafe(result, what, stdout: run.stdout)
        }
    }

    @Test("every command has a surface, and every value of its --format one that runs it")
    func everyFormat() throws {
        let names = SettingsL10nCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        #expect(Set(Surfaces.all.map(\.command)) == Set(names))
        for (name, formats) in try Self.formats() {
            for format in formats where !Surfaces.all.contains(where: { $0.command == name && zip($0.arguments, $0.arguments.dropFirst()).contains { $0 == "--format" && $1 == format } }) {
                // The default format is run by the surface without --format.
                let runsDefault = Surfaces.all.contains { $0.command == name && !$0.arguments.contains("--format") }
                #expect(runsDefault && format == "text", "\(name) --format \(format) has no surface: it is not run over hostile input")
            }
        }
        // The hostile file name is the data of one command, escaped, never a command of its own.
        let copy = try Self.hostileBundle()
        let github = try Tool.run(["check", copy.bundle.path, "--format", "github"])
        #expect(github.stdout.contains("::warning file=\(copy.bundle.path)/Inj\\n%3A%3Awarning%3A%3AX\\U001B[2J.plist,line=4,col=1,title=settings-l10n schema-file-unreachable::"))
    }

    /// The values of each command's `--format`, from argument-parser's description of the tool.
    static func formats() throws -> [String: [String]] {
        let dump = try Tool.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let commands = (root["command"] as? [String: Any])?["subcommands"] as? [[String: Any]] ?? []
        var formats: [String: [String]] = [:]
        for command in commands {
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let format = arguments.first { ($0["names"] as? [[String: Any]])?.contains { $0["name"] as? String == "format" } == true }
            formats[command["commandName"] as? String ?? ""] = format?["allValues"] as? [String] ?? []
        }
        #expect(formats["check"] == ["text", "json", "github", "sarif", "gitlab", "junit"])
        return formats
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
            #expect(!strings.contains { $0.contains("\\U202E") || $0.contains("\\U005B") }, "\(what): a terminal escape inside a JSON string")
        }
        let check = try Tool.run(["check", bundle, "--format", "json"])
        #expect(check.stdout.contains("Old\\u202etxet\\u0085\\u007f\\u2066end"))
        // The forged Title is in the document as it is, its `##[` written the JSON way.
        let render = try Tool.run(["render", bundle, "--locale", "en", "--format", "json"])
        #expect(render.stdout.contains("\"User ##\\u005berror file=x.swift,line=1]forged\""))
    }

    @Test("the diffs of --dry-run are printed as written, raw ESC, quoted names and all: git apply makes the tables merge writes; for GitHub's runner the same bytes inside a pause")
    func dryRunDiffsApply() throws {
        let dry = try Self.hostileBundle(), written = try Self.hostileBundle()
        for copy in [dry, written] {
            // The diffs are of the text: a UTF-16 table's diff does not apply to its bytes.
            try FileManager.default.removeItem(at: copy.bundle.appendingPathComponent("ja.lproj"))
        }
        let arguments = ["merge", dry.bundle.path, "--dry-run", "--fill", "source", "--prune"]
        let plain = try Tool.run(arguments), paused = try Tool.run(arguments, environment: Self.actions)
        // The tables' bytes (a raw ESC of a pruned key), a folder's line break quoted as git quotes
        // it, and lines the runner would run, were they not paused.
        #expect(plain.stdout.contains("-\"Stale\u{1B}[31m\" = \"x\";\n") && plain.stdout.contains("\n--- \"a/de\\n\u{A0}::error file=a.swift,line=1::forged.lproj/Root.strings\"\n"))
        let unpaused = RunnerCommands.commands(in: plain.stdout)
        #expect(unpaused.count > 10 && unpaused.contains { $0.name == "add-mask" }, "\(unpaused)")
        Self.assertSafe(paused, "merge --dry-run", stdout: .pausedAsWritten)
        let lines = paused.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropFirst().dropLast(2).map { $0 + "\n" }.joined() == plain.stdout)
        // Applied as printed for the runner: git apply passes over the pause's two lines.
        let patch = dry.folder.appendingPathComponent("merge.patch")
        try Data(paused.stdout.utf8).write(to: patch)
        let apply = Process()
        apply.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        apply.arguments = ["git", "apply", patch.path]
        apply.currentDirectoryURL = dry.bundle
        try apply.run()
        apply.waitUntilExit()
        #expect(apply.terminationStatus == 0)
        #expect(try Tool.run(["merge", written.bundle.path, "--fill", "source", "--prune"]).exitCode == 0)
        #expect(try dry.snapshot() == written.snapshot())
        // sync and import print theirs the same way.
        let xliff = try Self.hostileXLIFF(in: dry.folder, escape: false).path
        for arguments in [["sync", written.bundle.path, "--catalog", written.folder.path + "/Settings.xcstrings", "--dry-run"], ["import", written.bundle.path, xliff, "--dry-run"]] {
            let plain = try Tool.run(arguments), paused = try Tool.run(arguments, environment: Self.actions)
            let lines = paused.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(!plain.stdout.isEmpty && lines.dropFirst().dropLast(2).map { $0 + "\n" }.joined() == plain.stdout, "\(arguments[0])")
        }
    }

    /// An XLIFF document whose attributes (a file's `original` and `target-language`) hold line
    /// breaks and workflow commands, whose unit's id is the forged Title and its target a line
    /// break before a command, and (with `escape`) a target with an ESC, which XML 1.0 forbids.
    static func hostileXLIFF(in folder: URL, escape: Bool = true) throws -> URL {
        let xliff = folder.appendingPathComponent(escape ? "evil.xliff" : "forged.xliff")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/&#10;::error file=app.swift,line=1::INJECTED&#10;/Main.strings" source-language="en" target-language="de&#10;\u{A0}::warning::lang ##[error]x" datatype="plaintext"><body>
                <trans-unit id="a"><source>a</source><target>b</target></trans-unit>
              </body></file>
              <file original="Settings.bundle/de.lproj/Root.strings" source-language="en" target-language="de" datatype="plaintext"><body>
                <trans-unit id="\(forgedTitle)"><source>\(forgedTitle)</source><target>Nutzer&#10;forged-value-line&#10;\u{A0}::error::x ##[add-mask]y</target></trans-unit>
                <trans-unit id="Account"><source>Account</source><target>Kon\(escape ? "\u{1B}[2J" : "")to</target></trans-unit>
              </body></file>
            </xliff>
            """.utf8).write(to: xliff)
        return xliff
    }

    @Test("import echoes no XLIFF attribute raw")
    func importAttributes() throws {
        let copy = try BundleCopy()
        let xliff = try Self.hostileXLIFF(in: copy.folder)
        Self.assertSafe(try Tool.run(["import", copy.bundle.path, xliff.path, "--dry-run"]), "import --dry-run")
    }
}
