import SettingsL10nCore

/// Reads XLIFF 1.2 documents, untrusted input from translators and platforms, with the same
/// bounded XML scanner as property lists: no entity is declared, expanded or fetched.
public enum XLIFFReader {
    /// Parses an XLIFF 1.2 document.
    /// - Throws: `SyntaxError` with the line and column of the first problem.
    public static func read(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError) -> XLIFFDocument {
        guard bytes.count <= limits.maximumDocumentSize else {
            throw SyntaxError("the document is larger than \(limits.maximumDocumentSize) bytes; export fewer locales or tables per document")
        }
        let utf8 = try XMLScanner.utf8(bytes)
        let scanner = XMLScanner(utf8: utf8, normalizesLineBreaks: true, refusesNonXMLCharacters: true)
        if let offset = XMLScanner.firstNonXMLCharacter(in: utf8) {
            throw scanner.error("a character XML 1.0 does not allow (\(describeCharacter(utf8, at: offset))); remove it", at: offset)
        }
        var builder = TreeBuilder(scanner: scanner, limits: limits)
        let root = try builder.document()
        guard localName(root.name) == "xliff" else {
            throw builder.scanner.error("the root element is <\(root.name)>, not <xliff>: this is not an XLIFF document", at: root.offset)
        }
        if let version = root.attribute("version"), !version.hasPrefix("1.") {
            throw builder.scanner.error("XLIFF version \(version) is not supported; export XLIFF 1.2", at: root.offset)
        }
        var files: [XLIFFFile] = []
        for fileElement in root.children(named: "file") {
            guard let original = fileElement.attribute("original") else {
                throw builder.scanner.error("<file> has no original attribute naming its table", at: fileElement.offset)
            }
            guard let sourceLanguage = fileElement.attribute("source-language") else {
                throw builder.scanner.error("<file original=\(MessageText.quoted(original))> has no source-language", at: fileElement.offset)
            }
            // The units were made as the tree was built (`TreeBuilder`), each as its element
            // closed: the document's elements are never all held at once.
            let units = fileElement.units
            files.append(XLIFFFile(original: original, sourceLanguage: sourceLanguage,
                                   targetLanguage: fileElement.attribute("target-language"), units: units,
                                   position: builder.scanner.lines.position(at: fileElement.offset)))
        }
        if files.isEmpty {
            throw builder.scanner.error("the document has no <file> element", at: root.offset)
        }
        return XLIFFDocument(files: files)
    }

    /// The unit of a `<trans-unit>` element.
    static func unit(_ unitElement: XMLElementNode, scanner: XMLScanner) throws(SyntaxError) -> XLIFFUnit {
        guard let id = unitElement.attribute("id") else {
            throw scanner.error("<trans-unit> has no id", at: unitElement.offset)
        }
        // One pass over the unit's children; a second <source> or <target>, or a unit
        // inside a unit, would leave which text counts to a guess.
        var source: XMLElementNode?, target: XMLElementNode?, notes: [String] = []
        for child in unitElement.elements {
            let name = localName(child.name)
            switch name {
            case "source", "target":
                guard (name == "source" ? source : target) == nil else {
                    throw scanner.error("<trans-unit id=\(MessageText.quoted(id))> has a second <\(child.name)>; keep one", at: child.offset)
                }
                if name == "source" { source = child } else { target = child }
            case "note": notes.append(child.textContent)
            default:
                if let nested = ([child] + child.descendants(named: "trans-unit")).first(where: { localName($0.name) == "trans-unit" }) {
                    throw scanner.error("a <trans-unit> inside <trans-unit id=\(MessageText.quoted(id))> is not XLIFF; move it out", at: nested.offset)
                }
            }
        }
        guard let source else {
            throw scanner.error("<trans-unit id=\(MessageText.quoted(id))> has no <source>", at: unitElement.offset)
        }
        var targetText: String?
        if let target { targetText = try plainText(target, scanner: scanner) }
        return XLIFFUnit(
            id: id, source: try plainText(source, scanner: scanner),
            target: targetText,
            state: target?.attribute("state"),
            notes: notes,
            position: scanner.lines.position(at: unitElement.offset),
            translate: unitElement.attribute("translate") != "no")
    }

    /// The text of `<source>` or `<target>`; inline markup (`<g>`, `<x/>`) has no meaning in a
    /// `.strings` value and is refused.
    private static func plainText(_ element: XMLElementNode, scanner: XMLScanner) throws(SyntaxError) -> String {
        if let inline = element.elements.first {
            throw scanner.error("<\(inline.name)> inside <\(element.name)>: inline markup is not supported in Settings strings", at: inline.offset)
        }
        return element.textContent
    }

    /// `U+0001` for the character at `offset` of validated UTF-8.
    private static func describeCharacter(_ utf8: [UInt8], at offset: Int) -> String {
        var end = offset + 1
        while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
        return XMLScanner.codePoint(String(decoding: utf8[offset..<end], as: UTF8.self).unicodeScalars.first!.value)
    }

    static func localName(_ name: String) -> String {
        // Looked for in the contiguous bytes (UTF8View's generic lastIndex walked them one index
        // at a time: a twentieth of reading a large XLIFF).
        let found = name.utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: ":")) }
        let colon = found ?? name.utf8.lastIndex(of: UInt8(ascii: ":")).map { name.utf8.distance(from: name.utf8.startIndex, to: $0) }
        guard let colon else { return name }
        return String(decoding: name.utf8.dropFirst(colon + 1), as: UTF8.self)
    }

    /// Builds an element tree from the scanner's tokens, bounded in depth.
    private struct TreeBuilder {
        var scanner: XMLScanner
        let limits: ReadLimits
        /// Whether `<trans-unit>` elements become units as they close (in an `<xliff>` root).
        var makesUnits = false
        /// How many `<trans-unit>` elements are open: only the outermost becomes a unit.
        var openUnits = 0

        mutating func document() throws(SyntaxError) -> XMLElementNode {
            var root: XMLElementNode?
            while let token = try scanner.next() {
                switch token {
                case .text(let text, let offset):
                    if !text.allSatisfy(\.isWhitespace) {
                        throw scanner.error("text outside the root element", at: offset)
                    }
                case .end(let name, let offset):
                    throw scanner.error("</\(name)> closes nothing", at: offset)
                case .start(let name, let attributes, let selfClosing, let offset):
                    if root != nil { throw scanner.error("a second root element <\(name)>", at: offset) }
                    var element = XMLElementNode(name: name, attributes: attributes, offset: offset)
                    makesUnits = XLIFFReader.localName(name) == "xliff"
                    if !selfClosing { try fill(&element, depth: 1) }
                    root = element
                }
            }
            guard let root else { throw scanner.error("the document is empty", at: 0) }
            return root
        }

        private mutating func fill(_ element: inout XMLElementNode, depth: Int) throws(SyntaxError) {
            guard depth < limits.maximumDepth else {
                throw scanner.error("nesting deeper than \(limits.maximumDepth) levels", at: element.offset)
            }
            while let token = try scanner.next() {
                switch token {
                case .text(let text, _):
                    element.append(text: text)
                case .start(let name, let attributes, let selfClosing, let offset):
                    var child = XMLElementNode(name: name, attributes: attributes, offset: offset)
                    child.keepsText = element.keepsText || Self.textElements.contains(XLIFFReader.localName(name))
                    let isUnit = makesUnits && XLIFFReader.localName(name) == "trans-unit"
                    if isUnit { openUnits += 1 }
                    if !selfClosing {
                        // A leaf's plain text and its end tag (`<target>Ton</target>`, most of a
                        // unit) in one step, what `fill` would have made of them; else by tokens.
                        if depth + 1 < limits.maximumDepth, let text = scanner.plainTextAndEndTag(of: name) {
                            if !text.isEmpty { child.append(text: text) }
                        } else {
                            try fill(&child, depth: depth + 1)
                        }
                    }
                    if isUnit { openUnits -= 1 }
                    if isUnit && openUnits == 0 {
                        element.content.append(.unit(try XLIFFReader.unit(child, scanner: scanner)))
                    } else {
                        element.content.append(.element(child))
                    }
                case .end(let name, let offset):
                    guard name == element.name else {
                        throw scanner.error("</\(name)> does not close <\(element.name)> (opened at line \(scanner.lines.line(at: element.offset)))", at: offset)
                    }
                    return
                }
            }
            throw scanner.error("<\(element.name)> opened here is never closed", at: element.offset)
        }

        /// The elements whose text is read.
        static let textElements: Set<String> = ["source", "target", "note"]
    }
}

/// An element of a parsed XML document.
struct XMLElementNode {
    enum Content {
        case text(String)
        case element(XMLElementNode)
        /// A `<trans-unit>`, made into its unit when it closed.
        case unit(XLIFFUnit)
    }

    var name: String
    var attributes: [XMLScanner.Attribute]
    var offset: Int
    var content: [Content] = []
    /// Whether white space between its children is kept: in and below the elements whose text
    /// is read.
    var keepsText = false

    /// Adds character data read inside the element. The white space that indents the elements
    /// is read by no one outside the texts (<source>, <target>, <note>): not kept (a third of a
    /// unit's nodes).
    mutating func append(text: String) {
        if keepsText || !text.utf8.allSatisfy(XMLScanner.isSpace) { content.append(.text(text)) }
    }

    /// An attribute by local name (`xml:space` matches `space` only when asked as `xml:space`).
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    var elements: [XMLElementNode] {
        content.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    func children(named name: String) -> [XMLElementNode] {
        elements.filter { XLIFFReader.localName($0.name) == name }
    }

    /// Elements named `name` anywhere below, in document order (`<group>`s may nest units).
    func descendants(named name: String) -> [XMLElementNode] {
        var found: [XMLElementNode] = []
        for child in elements {
            if XLIFFReader.localName(child.name) == name {
                found.append(child)
            } else {
                found += child.descendants(named: name)
            }
        }
        return found
    }

    var textContent: String {
        var text = ""
        for part in content {
            switch part {
            case .text(let string): text += string
            case .element(let element): text += element.textContent
            case .unit: break
            }
        }
        return text
    }

    /// The units below, in document order (`<group>`s may nest them).
    var units: [XLIFFUnit] {
        var found: [XLIFFUnit] = []
        for part in content {
            switch part {
            case .unit(let unit): found.append(unit)
            case .element(let element): found += element.units
            case .text: break
            }
        }
        return found
    }
}
