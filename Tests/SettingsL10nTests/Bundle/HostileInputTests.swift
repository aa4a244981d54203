import Foundation
import Testing
@testable import SettingsL10n

/// Hostile and broken input that once lost translations or cost unbounded memory or time
/// (issue "Reliability: no command ever destroys what it could not read"). Each test failed
/// before its fix.
@Suite("Hostile input")
struct HostileInputTests {
    /// A binary property list whose root array references one ASCII string `count` times.
    static func sharedStringPlist(length: Int, references count: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        let arrayOffset = bytes.count
        bytes += [0xAF, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)] + [UInt8](repeating: 1, count: count)
        let stringOffset = bytes.count
        bytes += [0x5F, 0x12] + withUnsafeBytes(of: UInt32(length).bigEndian, Array.init)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: length)
        let tableOffset = bytes.count
        bytes += withUnsafeBytes(of: UInt32(arrayOffset).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt32(stringOffset).bigEndian, Array.init)
        bytes += [0, 0, 0, 0, 0, 0, 4, 1]
        bytes += withUnsafeBytes(of: UInt64(2).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: UInt64(tableOffset).bigEndian, Array.init)
        return bytes
    }

    @Test("a binary property list naming one large string many times is refused by its expanded bytes")
    func sharedStringExpansion() throws {
        // 1 MB referenced 200 times: 200 MB once read. The value count (201) is far under its limit.
        let bytes = Self.sharedStringPlist(length: 1 << 20, references: 200)
        #expect(bytes.count < (1 << 20) + 300)
        #expect(throws: SyntaxError("the binary property list expands to more than 33554432 bytes of strings and data")) {
            try PropertyListReader.read(bytes)
        }
        // Sharing within the bound still reads.
        let (root, _) = try PropertyListReader.read(Self.sharedStringPlist(length: 1000, references: 30))
        #expect(root.value.arrayValue?.count == 30)
    }

    @Test("messages quote the start of a long value, never all of it")
    func longValuesInMessages() throws {
        let long = String(repeating: "Ω", count: 100_000)
        #expect(MessageText.quoted(long) == "\"" + String(repeating: "Ω", count: 80) + "…\" (100000 characters)")
        #expect(MessageText.quoted("short \"one\"") == "\"short \\\"one\\\"\"")
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema("<dict><key>Type</key><string>PS\(long)</string></dict>"),
        ]))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)))
        #expect(diagnostics.map(\.rule) == ["specifier-type-unknown"])
        #expect(diagnostics.allSatisfy { $0.message.utf8.count < 400 })
    }

    @Test("fuzzy matching does not compare long strings character by character")
    func longFuzzyStrings() {
        let old = String(repeating: "a", count: 40_000) + "b"
        let new = String(repeating: "a", count: 40_000) + "c"
        // An edit distance of 40,000 × 40,000 took 15 s; such strings now match only when equal
        // after normalization.
        #expect(FuzzyMatch.score(old, new) == nil)
        #expect(FuzzyMatch.score(old + ".", old) == 1)
        #expect(FuzzyMatch.pairs(newKeys: [new, "Extra lives"], oldKeys: [old, "Extra Lives"]).map(\.new) == ["Extra lives"])
    }

    @Test("a schema file that does not load stops every table from being written")
    func unloadedSchemaFile() throws {
        let german = "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n"
        let files = [
            "Root.plist": xmlSchema(childPane(title: "Sound", file: "Child")).replacingOccurrences(of: "</plist>", with: "</plst>"),
            "Child.plist": xmlSchema(""),
            "de.lproj/Root.strings": german,
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n",
        ]
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: files))
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Root.plist"])
        let refusal = try #require(bundle.schemaWriteRefusal)
        #expect(refusal == "Root.plist did not load (line 19: not a property list: </plst> does not close <plist> (opened at line 3)), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again")
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: MergeOptions(prune: true))
        #expect(result.updates.isEmpty)
        #expect(result.reports.map(\.problem) == [String?](repeating: "not merged: " + refusal, count: result.reports.count))
    }

    @Test("a schema root that is not a dictionary, or specifiers that are not an array, count as not loaded",
          arguments: ["<plist><array/></plist>", "<plist><dict><key>PreferenceSpecifiers</key><string>x</string></dict></plist>"])
    func unreadableStructure(root: String) throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: ["Root.plist": xmlSchema(""), "Child.plist": root]))
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Child.plist"])
    }

    @Test("a folder that cannot be listed is neither merged nor written")
    func unlistedFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Account\" = \"Konto\";\n")
        for index in 0..<12 { try folder.write("Settings.bundle/de.lproj/x\(index).txt", "") }
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"),
                                           limits: ReadLimits(maximumFolderEntries: 10))
        let german = try #require(bundle.localization(named: "de.lproj"))
        #expect(german.tables.isEmpty)
        #expect(german.listingProblem == "the folder holds more than 10 entries; it was not read")
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: MergeOptions(fillSource: true))
        #expect(result.updates.map(\.path) == ["en.lproj/Root.strings"])
        #expect(result.reports.first { $0.path == "de.lproj/Root.strings" }?.problem
            == "not merged: de.lproj could not be listed (the folder holds more than 10 entries; it was not read), so what it holds is unknown; nothing in it is written")
    }

    @Test("tables that are pipes or links are never merged into a new file")
    func pipesAndLinks() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("outside.strings", "\"Account\" = \"Account\";\n")
        try folder.symlink("Settings.bundle/en.lproj/Root.strings", to: "../../outside.strings")
        try folder.write("Settings.bundle/sv.lproj/Other.strings", "")
        #expect(mkfifo(folder.path + "/Settings.bundle/sv.lproj/Root.strings", 0o644) == 0)
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Old\" = \"Alt\";\n")
        try folder.symlink("Settings.bundle/fr.lproj/Root.strings", to: "../de.lproj/Root.strings")
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: MergeOptions(fillSource: true))
        #expect(result.updates.map(\.path) == ["de.lproj/Root.strings"])
        #expect(result.reports.map { "\($0.path): \($0.problem ?? "-")" } == [
            "de.lproj/Root.strings: -",
            "en.lproj/Root.strings: cannot be read: this symbolic link points outside the bundle; it was not followed; it was left untouched",
            "fr.lproj/Root.strings: needs changes that were not made: fr.lproj/Root.strings is a symbolic link, and settings-l10n never writes through links: work on the file it points to, or replace the link with a file",
            "sv.lproj/Root.strings: cannot be read: not a regular file (a pipe, socket, device or dangling link); it was not read; it was left untouched",
        ])
        let check = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)))
            .filter { $0.severity == .error }.map { "\($0.rule) \($0.location.file)" }
        #expect(check == ["link-outside-bundle en.lproj/Root.strings", "file-unreadable sv.lproj/Root.strings"])
    }

    @Test("names that are not UTF-8 are reported, and a schema file among them stops writes")
    func namesNotUTF8() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Account\" = \"Konto\";\n")
        let bundlePath = folder.path + "/Settings.bundle"
        // Latin-1 bytes: 0xFC (ü) and 0xE9 (é) are not UTF-8.
        folder.createFile(in: "Settings.bundle/de.lproj", rawName: Array("Gr".utf8) + [0xFC] + Array("n.strings".utf8))
        folder.createFile(in: "Settings.bundle", rawName: Array("Child".utf8) + [0xE9] + Array(".plist".utf8))
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: bundlePath))
        #expect(bundle.diagnostics.map { "\($0.rule) \($0.location.file)" } == [
            "file-name-encoding Child\u{FFFD}.plist", "file-name-encoding de.lproj/Gr\u{FFFD}n.strings",
        ])
        #expect(bundle.unloadedSchemaFiles.map(\.path) == ["Child\u{FFFD}.plist"])
    }

    @Test("the writer replaces only the file it read, and never creates over something")
    func writerChecksWhatItReplaces() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"A\" = \"B\";\n")
        var writer = DiskBundleWriter(bundle: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let table = folder.url.appendingPathComponent("Settings.bundle/de.lproj/Root.strings")
        let original = Array("\"A\" = \"B\";\n".utf8)
        // An editor saved the file after it was read: the write is refused, the edit stays.
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"A\" = \"B\";\n\"C\" = \"D\";\n")
        #expect(throws: BundleWriteError(path: "de.lproj/Root.strings",
                                         message: "the file changed while settings-l10n was working (an editor saved it?); run again; the file was left as it was",
                                         kind: .conflict)) {
            try writer.write(Array("\"A\" = \"X\";\n".utf8), to: "de.lproj/Root.strings", replacing: original)
        }
        #expect(try String(contentsOf: table, encoding: .utf8) == "\"A\" = \"B\";\n\"C\" = \"D\";\n")
        // A new file never replaces one that appeared.
        #expect(throws: BundleWriteError(path: "de.lproj/Root.strings",
                                         message: "a file appeared there while settings-l10n was working (it was not there when the bundle was read); run again; the file was left as it was",
                                         kind: .conflict)) {
            try writer.write(Array("new".utf8), to: "de.lproj/Root.strings", replacing: nil)
        }
        // Nor does a write follow a link.
        try FileManager.default.removeItem(at: table)
        try folder.write("elsewhere.strings", "x")
        try folder.symlink("Settings.bundle/de.lproj/Root.strings", to: folder.path + "/elsewhere.strings")
        #expect(throws: BundleWriteError(path: "de.lproj/Root.strings",
                                         message: "the file is now a symbolic link; settings-l10n never writes through links; the file was left as it was",
                                         kind: .conflict)) {
            try writer.write(Array("y".utf8), to: "de.lproj/Root.strings", replacing: Array("x".utf8))
        }
        #expect(try String(contentsOfFile: folder.path + "/elsewhere.strings", encoding: .utf8) == "x")
        // The file it read is replaced, and no temporary file is left.
        try FileManager.default.removeItem(at: table)
        try folder.write("Settings.bundle/de.lproj/Root.strings", "old")
        try writer.write(Array("new".utf8), to: "de.lproj/Root.strings", replacing: Array("old".utf8))
        #expect(try String(contentsOf: table, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Settings.bundle/de.lproj") == ["Root.strings"])
    }

    @Test("temporary files of processes that are gone are removed by the next write in their folder")
    func staleTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/de.lproj/Root.strings", "old")
        // pid_max is at most 4,194,304: this process cannot exist. This test process does.
        try folder.write("Settings.bundle/de.lproj/.Root.strings.settings-l10n-99999999.tmp", "left by kill -9")
        try folder.write("Settings.bundle/de.lproj/.Root.strings.settings-l10n-\(getppid()).tmp", "a live process's")
        try folder.write("Settings.bundle/de.lproj/.notes.tmp", "not ours")
        var writer = DiskBundleWriter(bundle: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        try writer.write(Array("new".utf8), to: "de.lproj/Root.strings", replacing: Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Settings.bundle/de.lproj").sorted() == [
            ".Root.strings.settings-l10n-\(getppid()).tmp", ".notes.tmp", "Root.strings",
        ])
        #expect(DiskBundleWriter.temporaryFileOwner(".Root.strings.settings-l10n-42.tmp") == 42)
        #expect(DiskBundleWriter.temporaryFileOwner(".Root.strings.settings-l10n-x.tmp") == nil)
    }

    @Test("XLIFF: conflicting duplicate units are rejected, identical ones are not")
    func duplicateUnits() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(groupSpecifier("Sound") + groupSpecifier("Music")),
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n\"Music\" = \"Music\";\n",
            "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n",
        ]))
        let text = """
        <xliff version="1.2"><file original="en.lproj/Root.strings" source-language="en" target-language="de"><body>
        <trans-unit id="Sound"><source>Sound</source><target>Klang</target></trans-unit>
        <trans-unit id="Sound"><source>Sound</source><target>Geräusch</target></trans-unit>
        <trans-unit id="Music"><source>Music</source><target>Töne</target></trans-unit>
        <trans-unit id="Music"><source>Music</source><target>Töne</target></trans-unit>
        </body></file></xliff>
        """
        let document = try XLIFFReader.read(Array(text.utf8))
        let result = try XLIFFImporter.plan(documents: [("de.xliff", document)], bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(result.rejected.map { "\($0.location.line ?? 0) \($0.rule): \($0.message)" } == [
            "2 import-conflict: unit \"Sound\" is in the documents 2 times with different translations (line 2, line 3); none of them was imported: keep one",
            "3 import-conflict: unit \"Sound\" is in the documents 2 times with different translations (line 2, line 3); none of them was imported: keep one",
        ])
        #expect(result.updates.map(\.document.text) == ["\"Sound\" = \"Ton\";\n\"Music\" = \"Töne\";\n"])
    }

    @Test("XLIFF: characters XML 1.0 does not allow are refused, as references or as bytes")
    func nonXMLCharacters() {
        let reference = "<xliff version=\"1.2\"><file original=\"en.lproj/Root.strings\" source-language=\"en\"><body>\n<trans-unit id=\"a\"><source>a</source><target>x&#x1;y</target></trans-unit></body></file></xliff>"
        #expect(throws: SyntaxError("&#x1; stands for a character XML 1.0 does not allow (U+0001); remove it", at: TextPosition(line: 2, column: 47))) {
            try XLIFFReader.read(Array(reference.utf8))
        }
        let raw = reference.replacingOccurrences(of: "&#x1;", with: "\u{1}")
        #expect(throws: SyntaxError("a character XML 1.0 does not allow (U+0001); remove it", at: TextPosition(line: 2, column: 47))) {
            try XLIFFReader.read(Array(raw.utf8))
        }
        // Tab, line feed and carriage return are characters like any other.
        #expect(throws: Never.self) { try XLIFFReader.read(Array(reference.replacingOccurrences(of: "&#x1;", with: "&#x9;").utf8)) }
    }

    @Test("XLIFF: a document larger than a table's limit, as export writes for a large bundle, is read")
    func largeDocument() throws {
        var text = "<xliff version=\"1.2\"><file original=\"en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\"><body>\n"
        let unit = "<trans-unit id=\"KEY\"><source>" + String(repeating: "s", count: 400) + "</source><target>t</target></trans-unit>\n"
        for index in 0..<45_000 { text += unit.replacingOccurrences(of: "KEY", with: "k\(index)") }
        text += "</body></file></xliff>\n"
        #expect(text.utf8.count > ReadLimits.standard.maximumFileSize)
        let document = try XLIFFReader.read(Array(text.utf8))
        #expect(document.files[0].units.count == 45_000)
    }

    @Test("configuration: bounded, and the development language is a language identifier")
    func configurationBounds() {
        #expect(throws: ConfigurationError("the file is 1048577 bytes, more than the limit of 1048576")) {
            try CheckConfiguration.parse([UInt8](repeating: 0x20, count: (1 << 20) + 1), knownRules: [])
        }
        for language in ["../x", ".hidden", "a b", "", "Base"] {
            #expect(CheckConfiguration.languageProblem(language) != nil, "\(language)")
            #expect(throws: ConfigurationError.self) {
                try CheckConfiguration.parse(Array("{\"developmentLanguage\": \"\(language)\"}".utf8), knownRules: [])
            }
        }
        for language in ["en", "pt-BR", "zh_Hans", "English", "gsw-CH"] {
            #expect(CheckConfiguration.languageProblem(language) == nil, "\(language)")
        }
    }
}

/// A group specifier in XML.
func groupSpecifier(_ title: String) -> String {
    "\t\t<dict>\n\t\t\t<key>Type</key>\n\t\t\t<string>PSGroupSpecifier</string>\n\t\t\t<key>Title</key>\n\t\t\t<string>\(title)</string>\n\t\t</dict>\n"
}
