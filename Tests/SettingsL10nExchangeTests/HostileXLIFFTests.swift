import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

/// Hostile and broken input that once lost translations or cost unbounded memory or time
/// (issue "Reliability: no command ever destroys what it could not read"). Each test failed
/// before its fix.
@Suite("Hostile input: XLIFF")
struct HostileXLIFFTests {
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
            "2 import-conflict: unit \"Sound\" is in the document 2 times with different translations (line 2, line 3); none of them was imported: keep one",
            "3 import-conflict: unit \"Sound\" is in the document 2 times with different translations (line 2, line 3); none of them was imported: keep one",
        ])
        #expect(result.updates.map(\.document.text) == ["\"Sound\" = \"Ton\";\n\"Music\" = \"Töne\";\n"])
    }

    @Test("XLIFF: 8,000 conflicting copies of a unit name five places each, not 8,000 (was 696 MB of messages)")
    func conflictMessagesCapped() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(groupSpecifier("Sound")),
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n",
            "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n",
        ]))
        var text = "<xliff version=\"1.2\"><file original=\"en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\"><body>\n"
        for index in 0..<8_000 { text += "<trans-unit id=\"Sound\"><source>Sound</source><target>T\(index)</target></trans-unit>\n" }
        text += "</body></file></xliff>\n"
        let document = try XLIFFReader.read(Array(text.utf8))
        let result = try XLIFFImporter.plan(documents: [("de.xliff", document)], bundle: bundle, catalog: Extractor.catalog(of: bundle))
        #expect(result.rejected.count == 8_000)
        #expect(result.rejected[0].message == "unit \"Sound\" is in the document 8,000 times with different translations (line 2, line 3, line 4, line 5 and 7,996 more places); none of them was imported: keep one")
        #expect(result.rejected.reduce(0) { $0 + $1.message.utf8.count } == 8_000 * result.rejected[0].message.utf8.count)
        #expect(result.updates.isEmpty)
    }

    @Test("XLIFF: an attribute twice, a second <target> or <source>, a unit inside a unit are refused, not guessed", arguments: [
        ("<trans-unit id=\"a\" id=\"b\"><source>a</source><target>x</target></trans-unit>",
         "the attribute id appears twice in <trans-unit>; keep one", 20),
        ("<trans-unit id=\"a\"><source>a</source><target>x</target><target>y</target></trans-unit>",
         "<trans-unit id=\"a\"> has a second <target>; keep one", 56),
        ("<trans-unit id=\"a\"><source>a</source><source>b</source></trans-unit>",
         "<trans-unit id=\"a\"> has a second <source>; keep one", 38),
        ("<trans-unit id=\"a\"><source>a</source><group><trans-unit id=\"b\"><source>b</source></trans-unit></group></trans-unit>",
         "a <trans-unit> inside <trans-unit id=\"a\"> is not XLIFF; move it out", 45),
    ])
    func ambiguousUnits(unit: String, message: String, column: Int) {
        let text = "<xliff version=\"1.2\"><file original=\"en.lproj/Root.strings\" source-language=\"en\"><body>\n" + unit + "</body></file></xliff>"
        #expect(throws: SyntaxError(message, at: TextPosition(line: 2, column: column))) {
            try XLIFFReader.read(Array(text.utf8))
        }
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
}
