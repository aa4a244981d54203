import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nExchange
import SettingsL10nTestSupport

@Suite("XLIFF documents")
struct XLIFFTests {
    static let tricky = ["plain", "a < b & c > d", "quotes \" and ' apostrophes", "line\nbreak", "carriage\r\nreturn",
                         "tab\there", "  leading and trailing  ", "日本語 🎉", "]]> not CDATA", "&amp; literally"]

    @Test("what the writer writes, the reader reads back exactly", arguments: tricky)
    func roundTrip(text: String) throws {
        let document = XLIFFDocument(files: [XLIFFFile(
            original: "en.lproj/Root.strings", sourceLanguage: "en", targetLanguage: "de",
            units: [XLIFFUnit(id: text, source: text, target: text, state: "translated", notes: [text],
                              locations: [XLIFFLocation(file: "Root.plist", line: 3)])])])
        let read = try XLIFFReader.read(Array(XLIFFWriter.xml(document).utf8))
        let unit = try #require(read.files.first?.units.first)
        #expect(unit.id == text)
        #expect(unit.source == text)
        #expect(unit.target == text)
        #expect(unit.state == "translated")
        #expect(unit.notes == [text])
        #expect(read.files.first?.tableName == "Root")
        #expect(read.files.first?.targetLanguage == "de")
    }

    @Test("a UTF-16 document without a byte-order mark is read by its XML declaration (XML 1.0, appendix F), either byte order")
    func utf16WithoutByteOrderMark() throws {
        let xml = XLIFFWriter.xml(XLIFFDocument(files: [XLIFFFile(original: "en.lproj/Root.strings", sourceLanguage: "en", targetLanguage: "de",
                                                                   units: [XLIFFUnit(id: "Größe", source: "Size", target: "Größe", state: "translated")])]))
        #expect(xml.hasPrefix("<?xml"))
        let expected = try XLIFFReader.read(Array(xml.utf8))
        for bigEndian in [false, true] {
            let bytes = xml.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            #expect(try XLIFFReader.read(bytes) == expected)
        }
    }

    @Test("the exact XML of one unit")
    func exactXML() {
        let document = XLIFFDocument(files: [XLIFFFile(
            original: "en.lproj/Root.strings", sourceLanguage: "en", targetLanguage: "sv",
            units: [XLIFFUnit(id: "Country", source: "Country", target: "Land", state: "translated",
                              notes: ["Root.plist › label of a list of choices"], locations: [XLIFFLocation(file: "Root.plist", line: 80)]),
                    XLIFFUnit(id: "Fuzzy", source: "Fuzzy", target: "Luddig", state: "needs-review-translation"),
                    XLIFFUnit(id: "New", source: "New")])])
        #expect(XLIFFWriter.xml(document, toolVersion: "9.9") == """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
          <file original="en.lproj/Root.strings" source-language="en" target-language="sv" datatype="plaintext">
            <header>
              <tool tool-id="settings-l10n" tool-name="settings-l10n" tool-version="9.9"/>
            </header>
            <body>
              <trans-unit id="Country" approved="yes" xml:space="preserve">
                <source>Country</source>
                <target state="translated">Land</target>
                <context-group purpose="location"><context context-type="sourcefile">Root.plist</context><context context-type="linenumber">80</context></context-group>
                <note from="developer">Root.plist › label of a list of choices</note>
              </trans-unit>
              <trans-unit id="Fuzzy" xml:space="preserve">
                <source>Fuzzy</source>
                <target state="needs-review-translation">Luddig</target>
              </trans-unit>
              <trans-unit id="New" xml:space="preserve">
                <source>New</source>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """)
    }

    @Test("units nested in groups and prefixed namespaces are read")
    func groupsAndPrefixes() throws {
        let text = """
        <x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
        <x:file original="Root.strings" source-language="en" target-language="fr" datatype="plaintext"><x:body>
        <x:group id="g"><x:trans-unit id="a"><x:source>A</x:source><x:target>Á</x:target></x:trans-unit></x:group>
        </x:body></x:file></x:xliff>
        """
        let document = try XLIFFReader.read(Array(text.utf8))
        #expect(document.files.first?.units == [XLIFFUnit(id: "a", source: "A", target: "Á", position: TextPosition(line: 3, column: 17))])
    }

    @Test("hostile and malformed documents are errors with their position", arguments: [
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE xliff [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<xliff/>",
         SyntaxError("the DOCTYPE declares an internal subset; entity declarations are not allowed and are never expanded", at: TextPosition(line: 2, column: 17))),
        ("<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"x\"><source>&x;</source></trans-unit></body></file></xliff>",
         SyntaxError("the entity &x; is not defined; only &lt; &gt; &amp; &quot; &apos; and character references are allowed", at: TextPosition(line: 1, column: 95))),
        ("<xliff version=\"1.2\"><file>", SyntaxError("<file> opened here is never closed", at: TextPosition(line: 1, column: 22))),
        ("<root/>", SyntaxError("the root element is <root>, not <xliff>: this is not an XLIFF document", at: TextPosition(line: 1, column: 1))),
        ("<xliff version=\"2.0\"><file/></xliff>", SyntaxError("XLIFF version 2.0 is not supported; export XLIFF 1.2", at: TextPosition(line: 1, column: 1))),
        ("<xliff version=\"1.2\"></xliff>", SyntaxError("the document has no <file> element", at: TextPosition(line: 1, column: 1))),
        ("<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body>\n<trans-unit><source>x</source></trans-unit></body></file></xliff>",
         SyntaxError("<trans-unit> has no id", at: TextPosition(line: 2, column: 1))),
        ("<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"u\"><source>x</source><target>a<g id=\"1\">b</g></target></trans-unit></body></file></xliff>",
         SyntaxError("<g> inside <target>: inline markup is not supported in Settings strings", at: TextPosition(line: 1, column: 114))),
    ])
    func malformed(text: String, expected: SyntaxError) {
        #expect(throws: expected) { try XLIFFReader.read(Array(text.utf8)) }
    }

    @Test("a billion-laughs document fails fast")
    func billionLaughs() {
        var entities = "<!ENTITY a \"aaaaaaaaaa\">"
        for level in 1...10 { entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level == 1 ? "" : String(level - 1));", count: 10) + "\">" }
        let text = "<?xml version=\"1.0\"?><!DOCTYPE xliff [\(entities)]><xliff><file><body><trans-unit id=\"x\"><source>&a10;</source></trans-unit></body></file></xliff>"
        let start = ContinuousClock.now
        #expect(throws: SyntaxError.self) { try XLIFFReader.read(Array(text.utf8)) }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("CRLF in text is read as LF, as XML requires; &#13; is kept")
    func lineBreaks() throws {
        let text = "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"u\"><source>a\r\nb&#13;c</source></trans-unit></body></file></xliff>"
        #expect(try XLIFFReader.read(Array(text.utf8)).files[0].units[0].source == "a\nb\rc")
    }

    @Test("character data escapes markup and CR; attributes also quotes, LF and tab")
    func escaping() {
        let text = "a & b < c > d \"e\" 'f'\r\n\tg"
        #expect(XLIFFWriter.text(text) == "a &amp; b &lt; c &gt; d \"e\" 'f'&#13;\n\tg")
        #expect(XLIFFWriter.attribute(text) == "a &amp; b &lt; c &gt; d &quot;e&quot; 'f'&#13;&#10;&#9;g")
    }

    @Test("a unit that needs no translation is written and read as translate=\"no\"")
    func translateNo() throws {
        let document = XLIFFDocument(files: [XLIFFFile(original: "en.lproj/Root.strings", sourceLanguage: "en", targetLanguage: "de", units: [
            XLIFFUnit(id: "Acme", source: "Acme", translate: false), XLIFFUnit(id: "Sound", source: "Sound"),
        ])])
        let xml = XLIFFWriter.xml(document)
        #expect(xml.contains("<trans-unit id=\"Acme\" translate=\"no\" xml:space=\"preserve\">"))
        #expect(xml.contains("<trans-unit id=\"Sound\" xml:space=\"preserve\">"))
        #expect(try XLIFFReader.read(Array(xml.utf8)).files[0].units.map(\.translate) == [false, true])
    }

    @Test("a fuzzy unit of Translate Toolkit's (approved=\"no\", state needs-translation) carries a translation that needs review; approved=\"yes\" and other values change nothing")
    func approvedNo() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="en.lproj/Root.strings" source-language="en" target-language="de" datatype="plaintext"><body>
        <trans-unit xml:space="preserve" id="Account" approved="no"><source>Account</source><target state="needs-translation">Benutzerkonto</target></trans-unit>
        <trans-unit id="Sound" approved="yes"><source>Sound</source><target state="translated">Ton</target></trans-unit>
        <trans-unit id="Music" approved="yes"><source>Music</source><target state="needs-translation">Musik?</target></trans-unit>
        <trans-unit id="Effects" approved="maybe"><source>Effects</source><target>Effekte</target></trans-unit>
        <trans-unit id="Empty" approved="no"><source>Empty</source><target state="needs-translation"></target></trans-unit>
        <trans-unit id="New" approved="no"><source>New</source><target state="new">New</target></trans-unit>
        </body></file></xliff>
        """
        let units = try XLIFFReader.read(Array(text.utf8)).files[0].units
        #expect(units.map(\.approved) == [false, true, true, nil, false, false])
        #expect(units.map(\.carriesTranslation) == [true, true, false, true, false, false])
        #expect(units.map(\.needsReview) == [true, false, true, false, true, true])
    }
}

@Suite("XLIFF leaf text")
struct XLIFFLeafTextTests {
    /// The target of a unit written as `target`: read with the plain-text path where it
    /// applies and by tokens where it does not, each the same text.
    @Test("plain text up to its end tag, and every other form read as by tokens")
    func targets() throws {
        let cases: [(String, String?)] = [
            ("<target>Ton</target>", "Ton"),
            ("<target></target>", ""),
            ("<target>  </target>", "  "),
            ("<target>a\r\nb\rc</target>", "a\nb\nc"),
            ("<target>Ton</target >", "Ton"),
            ("<target>a &amp; b</target>", "a & b"),
            ("<target>a<!-- note -->b</target>", "ab"),
            ("<target><![CDATA[<b>]]></target>", "<b>"),
            ("<target>é 日本 🇸🇪</target>", "é 日本 🇸🇪"),
            ("<target/>", ""),
        ]
        for (target, expected) in cases {
            let text = """
            <xliff version="1.2"><file original="en.lproj/Root.strings" source-language="en" target-language="de"><body>
            <trans-unit id="Sound"><source>Sound</source>\(target)<note>A note</note></trans-unit>
            </body></file></xliff>
            """
            let unit = try #require(try XLIFFReader.read(Array(text.utf8)).files.first?.units.first, "\(target.debugDescription)")
            #expect(unit.source == "Sound")
            #expect(unit.target == expected, "\(target.debugDescription)")
            #expect(unit.notes == ["A note"])
        }
    }

    @Test("an end tag that does not close the element is the same error as before")
    func mismatchedEnd() {
        let text = "<xliff version=\"1.2\"><file original=\"a\"><body><trans-unit id=\"a\"><source>a</sourc></trans-unit></body></file></xliff>"
        #expect(throws: SyntaxError("</sourc> does not close <source> (opened at line 1)", at: TextPosition(line: 1, column: 75))) {
            try XLIFFReader.read(Array(text.utf8))
        }
    }
}
