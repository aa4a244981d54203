import Foundation
import Testing
import SettingsL10nTestSupport

/// Imports whose meaning would be a guess: each is refused whole (exit 3), naming what is
/// ambiguous, and the bundle is left as it was.
@Suite("settings-l10n import refuses what it would have to guess")
struct AmbiguousImportCommandTests {
    /// A String Catalog for the table Privacy whose string Analytics has `localizations`.
    static func catalog(_ localizations: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Analytics" : {
              "localizations" : {
        \(localizations)
              }
            }
          },
          "version" : "1.0"
        }

        """
    }

    /// Writes `text` as `name` beside a copy of the example bundle and imports `argument` (the
    /// document by default); expects exit 3, `message` after the document's path, and the
    /// bundle unchanged.
    static func expectRefused(_ text: String, name: String = "Privacy.xcstrings", argument: String? = nil, message: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let copy = try BundleCopy()
        let document = copy.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: document.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: document)
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path, argument ?? name], in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: "error: \(name)\(message)\n", exitCode: 3), sourceLocation: sourceLocation)
        #expect(try copy.snapshot() == before, "the bundle changed", sourceLocation: sourceLocation)
    }

    @Test("a String Catalog named after no table of the bundle: said in the catalog's terms, with the names it could have")
    func catalogOfNoTable() throws {
        try Self.expectRefused(Self.catalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Auswertung" } }
            """), name: "Settings.xcstrings", message: """
            : a String Catalog holds the table it is named after, and no schema file of the bundle uses a table Settings; \
            name it after the table it is for (Privacy.xcstrings, Root.xcstrings); nothing was imported
            """)
    }

    @Test("a link to a document under another name is judged on that name, whichever argument comes first", arguments: [
        ["Privacy.xcstrings", "Settings.xcstrings"],
        ["Settings.xcstrings", "Privacy.xcstrings"],
        ["Privacy.xcstrings", "symlinked/Settings.xcstrings"],
        ["symlinked/Settings.xcstrings", "Privacy.xcstrings"],
    ])
    func linkUnderAnotherName(arguments: [String]) throws {
        let copy = try BundleCopy()
        try Data(Self.catalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Auswertung" } }
            """).utf8).write(to: copy.folder.appendingPathComponent("Privacy.xcstrings"))
        try FileManager.default.linkItem(at: copy.folder.appendingPathComponent("Privacy.xcstrings"), to: copy.folder.appendingPathComponent("Settings.xcstrings"))
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("symlinked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: copy.folder.appendingPathComponent("symlinked/Settings.xcstrings").path, withDestinationPath: "../Privacy.xcstrings")
        let before = try copy.snapshot()
        let name = arguments.first { $0.hasSuffix("Settings.xcstrings") }!
        #expect(try Tool.run(["import", copy.bundle.path] + arguments, in: copy.folder) == ToolResult(stdout: "", stderr: """
            error: \(name): a String Catalog holds the table it is named after, and no schema file of the bundle uses a table Settings; \
            name it after the table it is for (Privacy.xcstrings, Root.xcstrings); nothing was imported

            """, exitCode: 3))
        #expect(try copy.snapshot() == before)
    }

    @Test("an XLIFF document linked into a package of another language is refused, whichever argument comes first", arguments: [false, true])
    func documentLinkedIntoPackage(packageFirst: Bool) throws {
        let copy = try BundleCopy()
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", "out", "--locale", "de"], in: copy.folder).exitCode == 0)
        let package = copy.folder.appendingPathComponent("sv.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: copy.folder.appendingPathComponent("out/de.xliff"), to: package.appendingPathComponent("sv.xliff"))
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path] + (packageFirst ? ["sv.xcloc", "out/de.xliff"] : ["out/de.xliff", "sv.xcloc"]), in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            error: sv.xcloc/Localized Contents/sv.xliff:3:3: <file original="en.lproj/Privacy.strings"> has target-language "de", \
            but its package "sv.xcloc" is for "sv": which language it holds is unclear; export it again, or name the package after \
            its language; nothing was imported

            """, exitCode: 3))
        #expect(try copy.snapshot() == before)
    }

    @Test("a symbolic link inside a package or a folder of documents is refused, nothing read through it: a document, Localized Contents, a package", arguments: [
        ("sv.xcloc", "sv.xcloc/Localized Contents/sv.xliff", "../../out/sv.xliff",
         "sv.xcloc/Localized Contents/sv.xliff is a symbolic link inside the package sv.xcloc"),
        ("sv.xcloc", "sv.xcloc/Localized Contents", "../out",
         "sv.xcloc/Localized Contents is a symbolic link inside the package sv.xcloc"),
        ("docs", "docs/sv.xliff", "../out/sv.xliff", "docs/sv.xliff is a symbolic link inside the folder of documents docs"),
        ("docs", "docs/sv.xcloc", "../sv", "docs/sv.xcloc is a symbolic link inside the folder of documents docs"),
    ])
    func linkInsideFolder(argument: String, link: String, target: String, refusal: String) throws {
        let copy = try BundleCopy()
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", "out", "--locale", "sv"], in: copy.folder).exitCode == 0)
        let files = FileManager.default
        try files.createDirectory(at: copy.folder.appendingPathComponent("sv/Localized Contents"), withIntermediateDirectories: true)
        try files.copyItem(at: copy.folder.appendingPathComponent("out/sv.xliff"), to: copy.folder.appendingPathComponent("sv/Localized Contents/sv.xliff"))
        let linkURL = copy.folder.appendingPathComponent(link)
        try files.createDirectory(at: linkURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: linkURL.path, withDestinationPath: target)
        let before = try copy.snapshot()
        #expect(try Tool.run(["import", copy.bundle.path, argument], in: copy.folder) == ToolResult(stdout: "", stderr: """
            error: \(refusal); settings-l10n follows only a link named on the command line: remove it, or choose another folder; \
            nothing was imported

            """, exitCode: 2))
        #expect(try copy.snapshot() == before)
        // Named on the command line, the link is followed.
        #expect(try Tool.run(["import", copy.bundle.path, link, "--dry-run"], in: copy.folder).exitCode == 0)
    }

    @Test("an XLIFF document hard-linked into a package of its own language and also given by its path is read once, as the package's", arguments: [false, true])
    func documentAlsoInItsPackage(packageFirst: Bool) throws {
        let copy = try BundleCopy()
        #expect(try Tool.run(["extract", copy.bundle.path, "--xliff", "out", "--locale", "sv"], in: copy.folder).exitCode == 0)
        let document = copy.folder.appendingPathComponent("out/sv.xliff")
        let text = try String(contentsOf: document, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "<trans-unit id=\"Analytics\"", with: "<trans-unit id=\"Nowhere\"")
            .replacingOccurrences(of: "<source>Analytics</source>", with: "<source>Nowhere</source>").utf8).write(to: document)
        let package = copy.folder.appendingPathComponent("sv.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: document, to: package.appendingPathComponent("sv.xliff"))
        let before = try copy.snapshot()
        let result = try Tool.run(["import", copy.bundle.path] + (packageFirst ? ["sv.xcloc", "out/sv.xliff"] : ["out/sv.xliff", "sv.xcloc"]), in: copy.folder)
        #expect(result == ToolResult(stdout: "", stderr: """
            sv.xcloc/Localized Contents/sv.xliff:8:7: error: unit "Nowhere" is not used by any schema file of the table Privacy any more; it was not imported [import-unknown-key]
            no table changes (56 translations already up to date)
            1 problem kept translations from being imported (see above)

            """, exitCode: 1))
        #expect(try copy.snapshot() == before)
    }

    @Test("a String Catalog with a language twice in one string")
    func languageTwice() throws {
        try Self.expectRefused(Self.catalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Auswertung" } },
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Analyse!" } }
            """), message: """
            :7:9: not a valid String Catalog: the key "de" is in this object twice (first at line 6, column 9); keep one; \
            fix it or export again with settings-l10n extract --xcstrings; nothing was imported
            """)
    }

    @Test("a String Catalog with a translation that is not text: refused at its line, where it was skipped without a word", arguments: [
        (#""ja" : { "stringUnit" : { "state" : "translated", "value" : 5 } }"#, #":7:69: not a valid String Catalog: the string "Analytics" has a stringUnit for "ja" whose value is not a string"#),
        (#""ja" : "Analytics""#, #":7:16: not a valid String Catalog: the string "Analytics" has a localization "ja" that is not a JSON object"#),
    ])
    func translationNotText(localization: String, message: String) throws {
        try Self.expectRefused(Self.catalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Auswertung" } },
                    \(localization)
            """), message: message + "; fix it or export again with settings-l10n extract --xcstrings; nothing was imported")
    }

    @Test("a String Catalog holding a character XML 1.0 does not allow", arguments: [
        (#"Aus\u001b[2Jwertung"#, #"\u001b stands for a control character (U+001B)"#),
        (#"Aus\u0000wertung"#, #"\u0000 stands for a control character (U+0000)"#),
        (#"Aus\bwertung"#, #"\b stands for a control character (U+0008)"#),
        (#"Aus\uFFFEwertung"#, #"\uFFFE stands for a noncharacter (U+FFFE)"#),
        ("Aus\u{FFFF}wertung", "a noncharacter (U+FFFF)"),
    ])
    func nonXMLCharacter(value: String, problem: String) throws {
        try Self.expectRefused(Self.catalog("""
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "\(value)" } }
            """), message: """
            :6:73: not a valid String Catalog: \(problem), which import refuses; remove it; \
            fix it or export again with settings-l10n extract --xcstrings; nothing was imported
            """)
    }

    @Test("an .xcloc package whose document is for another language than the package's")
    func packageLanguage() throws {
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Settings.bundle/en.lproj/Privacy.strings" source-language="en" target-language="sv" datatype="plaintext">
                <body><trans-unit id="Analytics"><source>Analytics</source><target state="translated">Analys</target></trans-unit></body>
              </file>
            </xliff>

            """
        try Self.expectRefused(xliff, name: "de.xcloc/Localized Contents/de.xliff", argument: "de.xcloc", message: """
            :3:3: <file original="Settings.bundle/en.lproj/Privacy.strings"> has target-language "sv", but its package "de.xcloc" \
            is for "de": which language it holds is unclear; export it again, or name the package after its language; nothing was imported
            """)
    }
}
