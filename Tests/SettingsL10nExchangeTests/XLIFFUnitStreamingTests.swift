import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExchange

/// The reader makes each `<trans-unit>` as it reads it, without an element tree for the unit
/// (issue 29: the tree was most of a 60,000-unit import). Checked against the reader it replaced,
/// kept here as the oracle: the same units, or the same error at the same place, for every unit
/// form and every broken one.
@Suite("XLIFF: units read as they stream")
struct XLIFFUnitStreamingTests {
    static let units = [
        // What export writes, and what translation tools add (Translate Toolkit's fuzzy unit).
        "<trans-unit id=\"a\" approved=\"no\"><source>a</source><target state=\"needs-translation\">x</target></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><target>x</target></trans-unit>",
        """
        <trans-unit id="Sound" approved="yes" xml:space="preserve">
          <source>Sound</source>
          <target state="needs-review-translation">Ton</target>
          <context-group purpose="location"><context context-type="sourcefile">Root.plist</context><context context-type="linenumber">13</context></context-group>
          <note from="developer">Root.plist › group heading</note>
          <note>second</note>
        </trans-unit>
        """,
        "<trans-unit id=\"a\" translate=\"no\"><source>a</source></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><target/></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><target></target><note/></trans-unit>",
        "<trans-unit id=\"a\"><target>x</target><source>a</source></trans-unit>",
        "<trans-unit id=\"a &amp; b\"><source>a &amp; b &#x41;</source><target><![CDATA[x < y]]> &lt;z&gt;</target></trans-unit>",
        "<trans-unit id=\"a\"><source>a<!-- c --> b</source><target> x\r\n y\r</target></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><target>x</target ></trans-unit >",
        "<trans-unit id=\"a\"><source>a</source><note>one <b>two</b> three</note></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><alt-trans><source>old</source><target>alt</target></alt-trans><target>x</target></trans-unit>",
        "<xliff:trans-unit id=\"a\"><xliff:source>a</xliff:source><xliff:target>x</xliff:target></xliff:trans-unit>",
        "<group><trans-unit id=\"a\"><source>a</source></trans-unit><group><trans-unit id=\"b\"><source>b</source></trans-unit></group></group>",
        "<trans-unit id=\"a\"><source>a</source><context-group><context/><context>x<y/></context></context-group></trans-unit><trans-unit id=\"b\"><source>b</source></trans-unit>",
        // Refused: which text counts would be a guess, or the markup is broken.
        "<trans-unit id=\"a\"><source>a</source><target>x</target><target>y</target></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><source>b</source></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><group><trans-unit id=\"b\"><source>b</source></trans-unit></group></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><trans-unit id=\"b\"/></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><c><d><e><trans-unit/></e></d></c><target>x</target><target>y</target></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><target>x</target><target>y</target><c><trans-unit/></c></trans-unit>",
        "<trans-unit id=\"a\"><source>a<trans-unit id=\"b\"/></source></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><note><trans-unit id=\"b\"><source>b</source></trans-unit></note></trans-unit>",
        "<trans-unit id=\"a\"><source>a <g id=\"1\">b</g></source><target>x<x id=\"2\"/></target></trans-unit>",
        "<trans-unit id=\"a\"><source>a <g id=\"1\">b</g></source><target>x</target></trans-unit>",
        "<trans-unit><source>a</source><source>b</source></trans-unit>",
        "<trans-unit id=\"a\"><target>x</target></trans-unit>",
        "<trans-unit id=\"a\"/>",
        "<trans-unit id=\"a\"><source>a</source><context-group><context></context-group></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source></target></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source>",
        "<trans-unit id=\"a\"><source>a</source><c>",
        "<trans-unit id=\"a\"><source>a</source><target>x &bogus; y</target></trans-unit>",
        "<trans-unit id=\"a\" id=\"b\"><source>a</source></trans-unit>",
        "<trans-unit id=\"a\"><source>a</sourc></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><source>b</source><c></d></trans-unit>",
        "<trans-unit><source>a</source><c></d></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><trans-unit id=\"b\"><c><trans-unit id=\"c\"/></c></trans-unit></trans-unit>",
        "<trans-unit id=\"a\"><source>a</source><c><d/><trans-unit id=\"b\"/></c><e><trans-unit id=\"c\"/></e></trans-unit>",
    ]

    @Test("the same units or the same error as the tree reader, at every depth limit", arguments: units)
    func sameAsTree(unit: String) {
        let text = "<xliff version=\"1.2\"><file original=\"en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\"><body>\n"
            + unit + "\n</body></file></xliff>\n"
        // From a limit that stops at <body> to one nothing here reaches.
        for depth in [3, 4, 5, 6, 7, 8, 128] {
            let limits = ReadLimits(maximumDepth: depth)
            let streamed = Result { () throws(SyntaxError) in try XLIFFReader.read(Array(text.utf8), limits: limits).files.flatMap(\.units) }
            let tree = Result { () throws(SyntaxError) in try TreeOracle.units(Array(text.utf8), maximumDepth: depth) }
            #expect(streamed == tree, "maximum depth \(depth)")
        }
    }

    @Test("the oracle itself: a plain unit, and an error at its place")
    func oracle() throws {
        let text = "<xliff version=\"1.2\"><file original=\"en.lproj/Root.strings\" source-language=\"en\"><body>\n<trans-unit id=\"a\"><source>a</source><target state=\"translated\">x</target><note>n</note></trans-unit>\n<trans-unit id=\"b\"><target>y</target></trans-unit></body></file></xliff>"
        #expect(throws: SyntaxError("<trans-unit id=\"b\"> has no <source>", at: TextPosition(line: 3, column: 1))) {
            try TreeOracle.units(Array(text.utf8), maximumDepth: 128)
        }
        let first = String(text.prefix { $0 != "\n" }) + "\n" + text.split(separator: "\n")[1] + "</body></file></xliff>"
        #expect(try TreeOracle.units(Array(first.utf8), maximumDepth: 128) == [
            XLIFFUnit(id: "a", source: "a", target: "x", state: "translated", notes: ["n"], position: TextPosition(line: 2, column: 1)),
        ])
    }
}

/// The reader as it was before units streamed (b244d6d): an element tree, each outermost
/// `<trans-unit>` made into its unit when it closes, its problems told then.
private struct TreeOracle {
    struct Node {
        var name: String
        var attributes: [XMLScanner.Attribute]
        var offset: Int
        var content: [Content] = []

        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        var elements: [Node] { content.compactMap { if case .element(let node) = $0 { node } else { nil } } }
        var textContent: String {
            content.map { switch $0 { case .text(let text): text; case .element(let node): node.textContent; case .unit: "" } }.joined()
        }
        var units: [XLIFFUnit] {
            content.flatMap { part -> [XLIFFUnit] in
                switch part { case .unit(let unit): [unit]; case .element(let node): node.units; case .text: [] }
            }
        }
        func descendants(named name: String) -> [Node] {
            elements.flatMap { XLIFFReader.localName($0.name) == name ? [$0] : $0.descendants(named: name) }
        }
    }

    enum Content {
        case text(String)
        case element(Node)
        case unit(XLIFFUnit)
    }

    var scanner: XMLScanner
    let maximumDepth: Int
    var openUnits = 0

    static func units(_ bytes: [UInt8], maximumDepth: Int) throws(SyntaxError) -> [XLIFFUnit] {
        var oracle = TreeOracle(scanner: XMLScanner(utf8: bytes, normalizesLineBreaks: true, refusesNonXMLCharacters: true),
                                maximumDepth: maximumDepth)
        guard case .start(let name, let attributes, false, let offset)? = try oracle.scanner.next() else {
            throw SyntaxError("the test document starts with its root", at: TextPosition(line: 1, column: 1))
        }
        var root = Node(name: name, attributes: attributes, offset: offset)
        try oracle.fill(&root, depth: 1)
        return root.units
    }

    mutating func fill(_ node: inout Node, depth: Int) throws(SyntaxError) {
        guard depth < maximumDepth else { throw scanner.error("nesting deeper than \(maximumDepth) levels", at: node.offset) }
        while let token = try scanner.next() {
            switch token {
            case .text(let text, _):
                node.content.append(.text(text))
            case .start(let name, let attributes, let selfClosing, let offset):
                var child = Node(name: name, attributes: attributes, offset: offset)
                let isUnit = XLIFFReader.localName(name) == "trans-unit"
                if isUnit { openUnits += 1 }
                if !selfClosing { try fill(&child, depth: depth + 1) }
                if isUnit { openUnits -= 1 }
                node.content.append(isUnit && openUnits == 0 ? .unit(try unit(child)) : .element(child))
            case .end(let name, let offset):
                guard name == node.name else {
                    throw scanner.error("</\(name)> does not close <\(node.name)> (opened at line \(scanner.lines.line(at: node.offset)))", at: offset)
                }
                return
            }
        }
        throw scanner.error("<\(node.name)> opened here is never closed", at: node.offset)
    }

    func unit(_ node: Node) throws(SyntaxError) -> XLIFFUnit {
        guard let id = node.attribute("id") else { throw scanner.error("<trans-unit> has no id", at: node.offset) }
        var source: Node?, target: Node?, notes: [String] = []
        for child in node.elements {
            let name = XLIFFReader.localName(child.name)
            switch name {
            case "source", "target":
                guard (name == "source" ? source : target) == nil else {
                    throw scanner.error("<trans-unit id=\(MessageText.quoted(id))> has a second <\(child.name)>; keep one", at: child.offset)
                }
                if name == "source" { source = child } else { target = child }
            case "note":
                notes.append(child.textContent)
            default:
                if let nested = ([child] + child.descendants(named: "trans-unit")).first(where: { XLIFFReader.localName($0.name) == "trans-unit" }) {
                    throw scanner.error("a <trans-unit> inside <trans-unit id=\(MessageText.quoted(id))> is not XLIFF; move it out", at: nested.offset)
                }
            }
        }
        guard let source else { throw scanner.error("<trans-unit id=\(MessageText.quoted(id))> has no <source>", at: node.offset) }
        func plainText(_ element: Node) throws(SyntaxError) -> String {
            if let inline = element.elements.first {
                throw scanner.error("<\(inline.name)> inside <\(element.name)>: inline markup is not supported in Settings strings", at: inline.offset)
            }
            return element.textContent
        }
        var targetText: String?
        if let target { targetText = try plainText(target) }
        return XLIFFUnit(id: id, source: try plainText(source), target: targetText, state: target?.attribute("state"),
                         approved: XLIFFReader.approved(node.attribute("approved")), notes: notes,
                         position: scanner.lines.position(at: node.offset), translate: node.attribute("translate") != "no")
    }
}
