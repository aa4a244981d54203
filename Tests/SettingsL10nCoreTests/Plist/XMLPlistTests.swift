import Foundation
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("XML property lists")
struct XMLPlistTests {
    private func read(_ text: String, limits: ReadLimits = .standard) throws -> PlistNode {
        let (root, format) = try PropertyListReader.read(Array(text.utf8), limits: limits)
        #expect(format == .xml)
        return root
    }

    private func failure(_ text: String, limits: ReadLimits = .standard) -> SyntaxError? {
        do {
            _ = try PropertyListReader.read(Array(text.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("every value type, with line and column")
    func valueTypes() throws {
        let root = try read("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>s</key><string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#233;&#x1F600;</string>
          <key>i</key>
          <integer>-42</integer>
          <key>r</key><real>2.5</real>
          <key>t</key><true/>
          <key>f</key><false/>
          <key>d</key><date>2010-04-27T12:30:00Z</date>
          <key>b</key><data>
            AQID
          </data>
          <key>a</key><array><string/><integer>0x10</integer></array>
          <key>e</key><dict/>
          <!-- a comment -->
          <key>c</key><string><![CDATA[<raw> & ]]>more</string>
        </dict>
        </plist>
        """)
        let dictionary = try #require(root.value.dictionaryValue)
        #expect(root.position == TextPosition(line: 4, column: 1))
        #expect(dictionary.keys == ["s", "i", "r", "t", "f", "d", "b", "a", "e", "c"])
        #expect(dictionary["s"]?.value == .string("a <b> & \"c\" 'd' é😀"))
        #expect(dictionary["i"] == PlistNode(.integer(-42), position: TextPosition(line: 7, column: 3)))
        #expect(dictionary.entry(for: "i")?.keyPosition == TextPosition(line: 6, column: 3))
        #expect(dictionary["r"]?.value == .real(2.5))
        #expect(dictionary["t"]?.value == .boolean(true))
        #expect(dictionary["f"]?.value == .boolean(false))
        #expect(dictionary["d"]?.value == .date(Date(timeIntervalSince1970: 1_272_371_400)))
        #expect(dictionary["b"]?.value == .data([1, 2, 3]))
        #expect(dictionary["a"]?.value == .array([
            PlistNode(.string(""), position: TextPosition(line: 15, column: 22)),
            PlistNode(.integer(16), position: TextPosition(line: 15, column: 31)),
        ]))
        #expect(dictionary["e"]?.value == .dictionary(PlistDictionary()))
        #expect(dictionary["c"]?.value == .string("<raw> & more"))
    }

    @Test("numbers and dates are read between white space and line breaks, as Foundation trims them")
    func trimmedScalars() {
        #expect(XMLPlistParser.integer(" 42\n") == 42)
        #expect(XMLPlistParser.integer("\u{A0}\u{2003}-7\u{2028}\u{85}") == -7)
        #expect(XMLPlistParser.integer("4 2") == nil)
        #expect(XMLPlistParser.integer(" \t\r\n") == nil)
        #expect(XMLPlistParser.real("\t1.5 ") == 1.5)
        #expect(XMLPlistParser.real(" INF\n") == .infinity)
        #expect(XMLPlistParser.date("\n  2010-04-27T12:30:00Z\n") == Date(timeIntervalSince1970: 1_272_371_400))
        // Each agrees with Foundation's trimming, on every separator Foundation trims.
        for text in [" 1 ", "\u{1680}2\u{3000}", "\u{2029}3\u{0B}", "\u{200B}4"] {
            #expect(String(text.trimmingWhiteSpace()) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("the scanner's text: plain runs, references, comments, CDATA, line breaks")
    func scannerText() throws {
        func texts(_ xml: String, normalizing: Bool = false) throws -> [String] {
            var scanner = XMLScanner(utf8: Array(xml.utf8), normalizesLineBreaks: normalizing)
            var found: [String] = []
            while let token = try scanner.next() {
                if case .text(let text, _) = token { found.append(text) }
            }
            return found
        }
        #expect(try texts("<a>plain</a>") == ["plain"])
        #expect(try texts("<a>x &amp; y &#x41;</a>") == ["x & y A"])
        #expect(try texts("<a>x<!-- c -->y</a>") == ["xy"])
        #expect(try texts("<a>  <![CDATA[<b>]]> z</a>") == ["  <b> z"])
        #expect(try texts("<a>l1\r\nl2\rl3</a>") == ["l1\r\nl2\rl3"])
        #expect(try texts("<a>l1\r\nl2\rl3</a>", normalizing: true) == ["l1\nl2\nl3"])
        #expect(try texts("<a>tail") == ["tail"])
        // White space between elements is skipped before markup, never before text or CDATA.
        var scanner = XMLScanner(utf8: Array("<a>\n\t<b/> x<![CDATA[y]]></a>".utf8))
        _ = try scanner.next()
        scanner.skipSpaceBeforeMarkup()
        guard case .start(let name, _, _, _)? = try scanner.next() else { Issue.record("expected <b/>"); return }
        #expect(name == "b")
        scanner.skipSpaceBeforeMarkup()
        guard case .text(let text, _)? = try scanner.next() else { Issue.record("expected text"); return }
        #expect(text == " xy")
    }

    @Test("the scanner's attributes: plain values, references, white space, a name twice among few or many")
    func scannerAttributes() throws {
        func attributes(_ xml: String) throws -> [String] {
            var scanner = XMLScanner(utf8: Array(xml.utf8))
            guard case .start(_, let attributes, _, _)? = try scanner.next() else { return [] }
            return attributes.map { "\($0.name)=\($0.value)" }
        }
        #expect(try attributes("<a x=\"1\" y='two words'>") == ["x=1", "y=two words"])
        #expect(try attributes("<a x=\"A &amp; B&#x43;\" y=\"l1\nl2\tt\r\"/>") == ["x=A & BC", "y=l1 l2 t "])
        #expect(try attributes("<a x=\"\" y=\"é ✓\">") == ["x=", "y=é ✓"])
        #expect(throws: SyntaxError.self) { try attributes("<a x=\"a<b\">") }
        #expect(throws: SyntaxError.self) { try attributes("<a x=\"open>") }
        let many = (0..<40).map { "a\($0)=\"\($0)\"" }
        #expect(try attributes("<t " + many.joined(separator: " ") + ">").count == 40)
        for repeated in [1, 15, 16, 17, 39] {
            let tag = "<t " + (many + ["a\(repeated)=\"again\""]).joined(separator: " ") + ">"
            #expect(throws: SyntaxError.self, "a\(repeated)") { try attributes(tag) }
            let early = "<t " + (many.prefix(repeated + 1) + ["a\(repeated)=\"again\""]).joined(separator: " ") + ">"
            #expect(throws: SyntaxError.self, "a\(repeated) early") { try attributes(early) }
        }
    }

    @Test("the first character XML 1.0 does not allow is found wherever it falls in a run of eight bytes")
    func nonXMLCharacterAtEveryOffset() {
        func reference(_ bytes: [UInt8]) -> Int? {
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return index }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return index }
                index += 1
            }
            return nil
        }
        let pieces = ["a", "bcdefgh", "\n", "\t", "\r", "\u{1}", "\u{1F}", " ", "é", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{FEFF}", "€", "😀", "\u{7F}"]
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<2_000 {
            let text = (0..<Int(generator.next() % 30)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let bytes = Array(text.utf8)
            #expect(XMLScanner.firstNonXMLCharacter(in: bytes) == reference(bytes), "\(text.debugDescription)")
        }
    }

    @Test("a duplicate key keeps both entries; lookups see the last")
    func duplicateKeys() throws {
        let root = try read("<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>")
        let dictionary = try #require(root.value.dictionaryValue)
        #expect(dictionary.entries.count == 2)
        #expect(dictionary["a"]?.value == .string("2"))
    }

    @Test("an external entity is never resolved: a DOCTYPE internal subset is refused")
    func externalEntity() throws {
        let folder = try TemporaryFolder()
        try folder.write("secret.txt", "TOP SECRET")
        let problem = failure("""
        <?xml version="1.0"?>
        <!DOCTYPE plist [ <!ENTITY xxe SYSTEM "file://\(folder.path)/secret.txt"> ]>
        <plist><dict><key>Title</key><string>&xxe;</string></dict></plist>
        """)
        #expect(problem == SyntaxError(
            "the DOCTYPE declares an internal subset; entity declarations are not allowed and are never expanded",
            at: TextPosition(line: 2, column: 17)))
    }

    @Test("an undeclared entity is an error, not a lookup")
    func undeclaredEntity() {
        #expect(failure("<plist><string>&xxe;</string></plist>") == SyntaxError(
            "the entity &xxe; is not defined; only &lt; &gt; &amp; &quot; &apos; and character references are allowed", at: TextPosition(line: 1, column: 16)))
    }

    @Test("a billion-laughs plist fails fast")
    func billionLaughs() {
        var entities = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\(entities)]>\n<plist><string>&lol9;</string></plist>"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(failure(text)?.message.hasPrefix("the DOCTYPE declares an internal subset") == true)
        }
        // Refused at the '[' without expanding anything; a generous bound for shared machines.
        #expect(elapsed < .seconds(1))
    }

    @Test("nesting is bounded")
    func depth() {
        let text = "<plist>" + String(repeating: "<array>", count: 5000) + String(repeating: "</array>", count: 5000) + "</plist>"
        #expect(failure(text) == SyntaxError("nesting deeper than 128 levels", at: TextPosition(line: 1, column: 904)))
    }

    @Test("file size is bounded")
    func size() {
        #expect(failure("<plist><string>0123456789</string></plist>", limits: ReadLimits(maximumFileSize: 16))
            == SyntaxError("the file is larger than 16 bytes"))
    }

    @Test("malformed documents name the line and column", arguments: [
        ("<plist><dict><key>a</key></dict></plist>", SyntaxError("the key \"a\" has no value", at: TextPosition(line: 1, column: 14))),
        ("<plist><dict>\n<string>x</string></dict></plist>", SyntaxError("expected <key> in <dict>, found <string>", at: TextPosition(line: 2, column: 1))),
        ("<plist><array><string>x</array></plist>", SyntaxError("</array> does not close <string> (opened at line 1)", at: TextPosition(line: 1, column: 24))),
        ("<plist><integer>12a</integer></plist>", SyntaxError("<integer> holds \"12a\", which is not an integer that fits in 64 bits", at: TextPosition(line: 1, column: 8))),
        ("<plist><real>x</real></plist>", SyntaxError("<real> holds \"x\", which is not a number", at: TextPosition(line: 1, column: 8))),
        ("<plist><date>yesterday</date></plist>", SyntaxError("<date> holds \"yesterday\", which is not a date like 2024-01-31T12:00:00Z", at: TextPosition(line: 1, column: 8))),
        ("<plist><foo/></plist>", SyntaxError("unknown element <foo> in a property list", at: TextPosition(line: 1, column: 8))),
        ("<plist><string>a & b</string></plist>", SyntaxError("'&' must start an entity reference such as &amp;", at: TextPosition(line: 1, column: 18))),
        ("<plist><dict>", SyntaxError("<dict> opened here is never closed", at: TextPosition(line: 1, column: 8))),
        ("<plist><string>x</string></plist>junk", SyntaxError("unexpected content after the end of the property list", at: TextPosition(line: 1, column: 34))),
        ("<plist><string>&#0;</string></plist>", SyntaxError("&#0; is not a valid character reference", at: TextPosition(line: 1, column: 16))),
    ])
    func malformed(text: String, expected: SyntaxError) {
        #expect(failure(text) == expected)
    }

    /// A document declaring `encoding`, whose one string's bytes are `body`.
    private func declared(_ encoding: String, _ body: [UInt8]) throws(SyntaxError) -> PlistNode {
        try PropertyListReader.read(Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<plist><string>".utf8) + body + Array("</string></plist>".utf8)).root
    }

    @Test("the XML declaration's encoding is read as CoreFoundation reads it: ISO-8859-1 transcoded (it was refused), ASCII-compatible ones where the text is ASCII")
    func declaredEncodings() throws {
        let at = TextPosition(line: 2, column: 8)
        #expect(try declared("ISO-8859-1", [0xDC, 0x62, 0x65, 0x72]) == PlistNode(.string("Über"), position: at))
        #expect(try declared("latin1", [0x63, 0x61, 0x66, 0xE9]) == PlistNode(.string("café"), position: at))
        #expect(try declared("utf-8", Array("café".utf8)) == PlistNode(.string("café"), position: at))
        #expect(try declared("US-ASCII", Array("cafe".utf8)) == PlistNode(.string("cafe"), position: at))
        // A byte above 0x7F under US-ASCII is its Latin-1 character for CoreFoundation (measured).
        #expect(try declared("US-ASCII", [0x63, 0xC3, 0xB6]) == PlistNode(.string("cÃ¶"), position: at))
        // Found as CoreFoundation finds it: however long the declaration, and in single quotes.
        let long = "<?xml version='1.0' " + String(repeating: " ", count: 600) + "encoding='ISO-8859-1'?>\n<plist><string>"
        #expect(try PropertyListReader.read(Array(long.utf8) + [0xE9] + Array("</string></plist>".utf8)).root.value == .string("é"))
        #expect(try declared("windows-1252", Array("cafe".utf8)) == PlistNode(.string("cafe"), position: at))
        // No declaration, or one without an encoding: UTF-8.
        #expect(try PropertyListReader.read(Array("<?xml version=\"1.0\"?><plist><string>é</string></plist>".utf8)).root.value == .string("é"))
    }

    @Test("an encoding the text is not in is refused where it is: UTF-16 declared on 8-bit text (read here as UTF-8, refused by the device), an unknown name, non-ASCII under windows-1252")
    func declaredEncodingRefused() throws {
        func failure(_ encoding: String, _ body: [UInt8]) -> SyntaxError? {
            do { _ = try declared(encoding, body); return nil } catch { return error }
        }
        #expect(failure("UTF-16", Array("cafe".utf8)) == SyntaxError(
            "the XML declaration says the file is UTF-16, but it is written in 8-bit text (no byte-order mark, no zero byte at its start), so the device cannot read it; declare encoding=\"UTF-8\"",
            at: TextPosition(line: 1, column: 31)))
        #expect(failure("bogus-enc", Array("cafe".utf8)) == SyntaxError(
            "the XML declaration names the encoding \"bogus-enc\", which is no encoding the device knows, so it cannot read the file; declare encoding=\"UTF-8\"",
            at: TextPosition(line: 1, column: 31)))
        #expect(failure("", Array("cafe".utf8))?.message.hasPrefix("the XML declaration names the encoding \"\", which is no encoding") == true)
        // White space around '=' hides the name from CoreFoundation, which reads the file as UTF-8.
        let spaced = Array("<?xml version=\"1.0\" encoding = \"ISO-8859-1\"?>\n<plist><string>".utf8) + [0x4B, 0xF6] + Array("</string></plist>".utf8)
        #expect(throws: SyntaxError.self) { try PropertyListReader.read(spaced) }
        let spacedUTF8 = Array("<?xml version=\"1.0\" encoding = \"ISO-8859-1\"?>\n<plist><string>Kö</string></plist>".utf8)
        #expect(try PropertyListReader.read(spacedUTF8).root.value == .string("Kö"))
        #expect(failure("windows-1252", [0x63, 0xE9]) == SyntaxError(
            "the XML declaration says the file is windows-1252, which settings-l10n reads only where the text is ASCII (byte 0xE9 is not); save it as UTF-8 and declare encoding=\"UTF-8\"",
            at: TextPosition(line: 2, column: 17)))
    }

    @Test("a UTF-16 XML plist with BOM is read")
    func utf16() throws {
        let bytes = utf16Bytes("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist><string>é</string></plist>")
        let (root, _) = try PropertyListReader.read(bytes)
        #expect(root == PlistNode(.string("é"), position: TextPosition(line: 2, column: 8)))
    }

    @Test("the reader agrees with Foundation on a schema file")
    func agreesWithFoundation() throws {
        let text = xmlSchema("""
        \t\t<dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>volume</string>
        \t\t<key>DefaultValue</key><real>0.5</real><key>MinimumValue</key><integer>0</integer>
        \t\t<key>MaximumValue</key><integer>1</integer></dict>
        """)
        let ours = try read(text)
        let theirs = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
        #expect(foundationObject(ours) == foundationObject(ours))
        #expect(NSDictionary(dictionary: theirs as! [String: Any]).isEqual(to: foundationObject(ours) as! [String: Any]))
    }
}

/// Converts a node to Foundation objects for comparison with PropertyListSerialization.
func foundationObject(_ node: PlistNode) -> NSObject {
    switch node.value {
    case .string(let value): return value as NSString
    case .integer(let value): return NSNumber(value: value)
    case .real(let value): return NSNumber(value: value)
    case .boolean(let value): return NSNumber(value: value)
    case .date(let value): return value as NSDate
    case .data(let value): return Data(value) as NSData
    case .array(let elements): return elements.map(foundationObject) as NSArray
    case .dictionary(let dictionary):
        let result = NSMutableDictionary()
        for entry in dictionary.entries { result[entry.key] = foundationObject(entry.value) }
        return result
    }
}

@Suite("XML property list integers")
struct XMLPlistIntegerTests {
    @Test("<integer> text: plain digits read from the bytes, every other form as before")
    func integers() {
        let cases: [(String, Int64?)] = [
            ("0", 0), ("007", 7), ("42", 42), ("123456789012345678", 123_456_789_012_345_678),
            ("1234567890123456789", 1_234_567_890_123_456_789), ("9223372036854775807", .max), ("9223372036854775808", nil),
            ("-42", -42), ("+42", 42), ("-9223372036854775808", .min), (" 42\n", 42), ("0x1F", 31), ("0X1f", 31),
            ("", nil), ("abc", nil), ("1e3", nil), ("4 2", nil), ("\u{663}", nil), ("12\u{301}", nil),
        ]
        for (text, expected) in cases {
            #expect(XMLPlistParser.integer(text) == expected, "\(text.debugDescription)")
        }
    }
}

@Suite("XML property list leaf text")
struct XMLPlistLeafTextTests {
    /// The text of `<key>k</key>` and of the string after it, read with the plain-text path
    /// where it applies and by tokens where it does not: each the same value.
    @Test("plain text up to its end tag, and every other form read as by tokens")
    func leafText() throws {
        let cases: [(String, String)] = [
            ("<string>Title</string>", "Title"),
            ("<string></string>", ""),
            ("<string>  </string>", "  "),
            ("<string>a\r\nb</string>", "a\r\nb"),
            ("<string>é 日本 🇸🇪</string>", "é 日本 🇸🇪"),
            ("<string>a</string >", "a"),
            ("<string>a &amp; b</string>", "a & b"),
            ("<string>a<!-- note -->b</string>", "ab"),
            ("<string>a<![CDATA[<b>]]></string>", "a<b>"),
            ("<string>&#x1F600;</string>", "😀"),
        ]
        for (element, expected) in cases {
            let text = "<plist><dict><key>k</key>\(element)</dict></plist>"
            let (root, _) = try PropertyListReader.read(Array(text.utf8))
            #expect(root.value.dictionaryValue?["k"]?.value == .string(expected), "\(element.debugDescription)")
        }
    }

    @Test("an end tag that does not close the element, or none, is the same error as before")
    func leafTextErrors() {
        let cases: [(String, SyntaxError)] = [
            ("<plist><string>a</strin></plist>", SyntaxError("</strin> does not close <string> (opened at line 1)", at: TextPosition(line: 1, column: 17))),
            ("<plist><string>a</stringy></plist>", SyntaxError("</stringy> does not close <string> (opened at line 1)", at: TextPosition(line: 1, column: 17))),
            ("<plist><string>a</", SyntaxError("expected a tag name", at: TextPosition(line: 1, column: 19))),
            ("<plist><string>a", SyntaxError("<string> opened here is never closed", at: TextPosition(line: 1, column: 8))),
            ("<plist><key>k</key></plist>", SyntaxError("<key> is only allowed inside <dict>", at: TextPosition(line: 1, column: 8))),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text.debugDescription)") { try PropertyListReader.read(Array(text.utf8)) }
        }
    }
}
