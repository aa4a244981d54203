import SettingsL10nTestSupport
import Testing
@testable import SettingsL10nCore

/// The one escaping layer: what `escaped` (a field) and `forLog` (a document) change, exactly,
/// and that nothing they return is a line GitHub's runner would run (`RunnerCommands`, a port of
/// its parser).
@Suite("TerminalText: controls, line breaks and workflow commands")
struct TerminalTextTests {
    @Test("a field: controls and every line break escaped, a leading :: after any Unicode space and ##[ anywhere neutralized", arguments: [
        ("Settings.bundle/de.lproj/Root.strings", "Settings.bundle/de.lproj/Root.strings"),
        ("IPv6 ::1 and C++ a::b", "IPv6 ::1 and C++ a::b"),
        ("de\n::add-mask::x.lproj", "de\\n::add-mask::x.lproj"),
        ("\u{A0}::error file=a.swift::forged", "\u{A0}\\U003A:error file=a.swift::forged"),
        ("\u{3000}\u{2003} ::notice::y", "\u{3000}\u{2003} \\U003A:notice::y"),
        ("::", "\\U003A:"),
        ("\t::warning::t", "\\t::warning::t"),
        ("User ##[error file=x.swift,line=1]forged", "User ##\\U005Berror file=x.swift,line=1]forged"),
        ("###[debug]", "###\\U005Bdebug]"),
        ("#\u{200B}#[x] # #[y]", "#\u{200B}#[x] # #[y]"),
        ("a\u{2028}b\u{85}c\u{2029}d\r\ne", "a\\U2028b\\U0085c\\U2029d\\r\\ne"),
        ("\u{1B}[2J\u{7F}\u{202E}", "\\U001B[2J\\U007F\\U202E"),
    ])
    func field(_ input: String, _ expected: String) {
        #expect(TerminalText.escaped(input) == expected)
    }

    @Test("a document: its line breaks stay and each of its lines is made safe as a field is", arguments: [
        ("one\n  \u{A0}::error::x\r\n##[debug]y\nIPv6 ::1\n", "one\n  \u{A0}\\U003A:error::x\r\n##\\U005Bdebug]y\nIPv6 ::1\n"),
        ("a\rb\u{2028}::set-output name=a::b", "a\\rb\\U2028::set-output name=a::b"),
        ("\t\t::group::g\n", "\t\t\\U003A:group::g\n"),
        ("plain\ntext\n", "plain\ntext\n"),
    ])
    func document(_ input: String, _ expected: String) {
        #expect(TerminalText.forLog(input) == expected)
        #expect(TerminalText.isSafeForLog(input) == (input == expected))
    }

    @Test("colours the tool writes stay with keepingColors; any other ESC is escaped")
    func colours() {
        let text = "\u{1B}[1;31merror\u{1B}[0m: \u{1B}[2J\u{1B}]52;c;eA==\u{07}\n"
        #expect(TerminalText.forLog(text, keepingColors: true) == "\u{1B}[1;31merror\u{1B}[0m: \\U001B[2J\\U001B]52;c;eA==\\U0007\n")
        #expect(TerminalText.forLog(text) == "\\U001B[1;31merror\\U001B[0m: \\U001B[2J\\U001B]52;c;eA==\\U0007\n")
    }

    /// Pieces of hostile text: white space .NET trims, line breaks the runner splits at and those
    /// it does not, the marks of commands and their near misses, characters ICU ignores.
    static let pieces = [
        "a", "error", "add-mask", "stop-commands", " ", "\t", "\n", "\r", "\r\n", ":", "::", "#", "##", "[", "]", "=",
        "\u{A0}", "\u{3000}", "\u{2000}", "\u{202F}", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\u{200B}",
        "\u{FEFF}", "\u{1B}", "%0A", "é", "ß",
    ]

    @Test("on 20,000 hostile texts neither form holds a line the runner runs, a field holds no line break, and both are idempotent")
    func noCommandSurvives() {
        var generator = SeededGenerator(seed: 0x46)
        var commandsBefore = 0
        for round in 0..<20_000 {
            var text = ""
            for _ in 0..<(round % 24) { text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            // A third of the texts start with a command outright.
            if round % 3 == 0 { text = ["::error::", "##[warning]", "\u{A0}::add-mask::"][round % 9 / 3] + text }
            if !RunnerCommands.commands(in: text).isEmpty { commandsBefore += 1 }
            let field = TerminalText.escaped(text), document = TerminalText.forLog(text)
            #expect(RunnerCommands.commands(in: field).isEmpty, "\(String(reflecting: text)) -> \(String(reflecting: field))")
            #expect(RunnerCommands.commands(in: document).isEmpty, "\(String(reflecting: text)) -> \(String(reflecting: document))")
            #expect(!field.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "\(String(reflecting: field))")
            #expect(TerminalText.escaped(field) == field && TerminalText.forLog(document) == document)
            #expect(TerminalText.isSafeForLog(document) && TerminalText.isSafeForLog(text) == (document == text))
        }
        // The inputs hold commands often: the test can fail.
        #expect(commandsBefore > 5_000)
    }
}
