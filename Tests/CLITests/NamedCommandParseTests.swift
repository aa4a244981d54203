import ArgumentParser
import Foundation
import Testing
@testable import settings_l10n

/// `SettingsL10nCommand.parseNamedCommand`, the parse of the command the first argument names
/// with its own type as the root: it gives the values the whole tree gives, and nothing where
/// the tree would say something (usage errors, help, the version, completion scripts).
@Suite("Parsing the named command on its own")
struct NamedCommandParseTests {
    /// Every property of a parsed command, recursively (option groups, arrays, optionals).
    static func values(_ command: ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    /// A surface's arguments with its placeholders filled in by plain paths.
    static func filled(_ arguments: [String]) -> [String] {
        arguments.map { argument in
            var argument = argument
            for placeholder in ["bundle", "out", "xliff", "xcloc", "xcstrings", "exports", "catalog", "baseline", "app", "ref"] {
                argument = argument.replacingOccurrences(of: "{\(placeholder)}", with: "/tmp/\(placeholder)")
            }
            return argument.replacingOccurrences(of: "{locale}", with: "de")
        }
    }

    @Test("every surface's command line gives the values the whole tree gives", arguments: Surfaces.all.map(\.name))
    func sameValues(surface name: String) throws {
        let arguments = Self.filled(Surfaces.all.first { $0.name == name }!.arguments)
        let named = try #require(SettingsL10nCommand.parseNamedCommand(arguments), "\(arguments) did not parse on its own")
        let whole = try SettingsL10nCommand.parseAsRoot(arguments)
        #expect(type(of: named) == type(of: whole))
        #expect(Self.values(named) == Self.values(whole))
    }

    @Test("options and flags of every kind, repeated and inverted, give the same values", arguments: [
        ["check", "/tmp/b", "--format", "sarif", "--no-strict", "--locale", "de", "--locale=fr", "--each", "--severity", "warning"],
        ["check", "/tmp/b", "--strict", "--fail-on-fixed-baseline", "--baseline", "/tmp/x.json"],
        ["merge", "/tmp/b", "--check", "--strict", "--format", "json"],
        ["render", "/tmp/b", "--locale", "all", "--format", "html", "--output", "/tmp/o"],
        ["extract", "/tmp/b", "--xliff", "/tmp/o", "--locale", "de"],
        ["check", "--", "-odd.bundle"],
    ])
    func sameValuesForOptions(arguments: [String]) throws {
        let named = try #require(SettingsL10nCommand.parseNamedCommand(arguments))
        #expect(Self.values(named) == Self.values(try SettingsL10nCommand.parseAsRoot(arguments)))
    }

    @Test("the values compared are the parsed ones: two command lines that differ in one option differ")
    func valuesTellCommandLinesApart() throws {
        let json = try #require(SettingsL10nCommand.parseNamedCommand(["check", "/tmp/b", "--format", "json"]))
        let sarif = try #require(SettingsL10nCommand.parseNamedCommand(["check", "/tmp/b", "--format", "sarif"]))
        #expect(Self.values(json) != Self.values(sarif))
        #expect(Self.values(json).contains("json"))
    }

    @Test("usage errors, help, the version and completion scripts are left to the whole tree", arguments: [
        ["check"], ["check", "/tmp/b", "--format", "yaml"], ["check", "/tmp/b", "--unknown"],
        ["check", "/tmp/b", "--baseline", "a", "--write-baseline", "b"], ["check", "--help"], ["check", "-h"],
        ["check", "/tmp/b", "--version"], ["check", "--generate-completion-script", "bash"], ["--version"], ["help", "check"],
        ["checkk", "/tmp/b"], [],
    ])
    func leftToTheTree(arguments: [String]) {
        #expect(SettingsL10nCommand.parseNamedCommand(arguments) == nil)
    }
}
