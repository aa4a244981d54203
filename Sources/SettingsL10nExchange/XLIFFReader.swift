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

    /// `U+0001` for the character at `offset` of validated UTF-8.
    private static func describeCharacter(_ utf8: [UInt8], at offset: Int) -> String {
        var end = offset + 1
        while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
        return XMLScanner.codePoint(String(decoding: utf8[offset..<end], as: UTF8.self).unicodeScalars.first!.value)
    }

    /// XLIFF 1.2's `approved` (`yes` or `no`; anything else is no answer).
    static func approved(_ value: String?) -> Bool? {
        switch value {
        case "yes": true
        case "no": false
        default: nil
        }
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
        /// The line of the last unit's position, from which the next one's is walked forward.
        var lastLine = 1

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
                throw scanner.tooDeep(limit: limits.maximumDepth, at: element.offset)
            }
            while let token = try scanner.next() {
                switch token {
                case .text(let text, _):
                    element.append(text: text)
                case .start(let name, let attributes, let selfClosing, let offset):
                    let local = XLIFFReader.localName(name)
                    if makesUnits && openUnits == 0 && local == "trans-unit" {
                        element.content.append(.unit(try unit(name, attributes: attributes, selfClosing: selfClosing,
                                                              at: offset, depth: depth + 1)))
                        continue
                    }
                    var child = XMLElementNode(name: name, attributes: attributes, offset: offset)
                    child.keepsText = element.keepsText || Self.textElements.contains(local)
                    if !selfClosing { try fillLeaf(&child, depth: depth + 1) }
                    element.content.append(.element(child))
                case .end(let name, let offset):
                    guard name == element.name else {
                        throw scanner.mismatchedEnd(name, at: offset, closing: element.name, openedAt: element.offset)
                    }
                    return
                }
            }
            throw scanner.unclosed(element.name, openedAt: element.offset)
        }

        /// Fills a child element: a leaf's plain text and its end tag (`<target>Ton</target>`) in
        /// one step, what `fill` would have made of them; any other content by tokens.
        private mutating func fillLeaf(_ element: inout XMLElementNode, depth: Int) throws(SyntaxError) {
            if depth < limits.maximumDepth, let text = scanner.plainTextAndEndTag(of: element.name) {
                if !text.isEmpty { element.append(text: text) }
            } else {
                try fill(&element, depth: depth)
            }
        }

        /// What a `<trans-unit>` says wrong about its children, told once the unit is read (after
        /// any error of the markup inside it), in the order the children come.
        private enum UnitProblem {
            case second(name: String, offset: Int)
            case nested(offset: Int)
        }

        /// Reads a `<trans-unit>`, its start tag just read, to its end tag and makes its unit,
        /// without a node for it or for the children that are not its texts (location context,
        /// alternatives): most of an XLIFF document is units.
        private mutating func unit(_ name: String, attributes: [XMLScanner.Attribute], selfClosing: Bool,
                                   at offset: Int, depth: Int) throws(SyntaxError) -> XLIFFUnit {
            openUnits += 1
            defer { openUnits -= 1 }
            // A second <source> or <target>, or a unit inside a unit, would leave which text
            // counts to a guess.
            var source: XMLElementNode?, target: XMLElementNode?, notes: [String] = []
            var problem: UnitProblem?
            if !selfClosing {
                guard depth < limits.maximumDepth else {
                    throw scanner.tooDeep(limit: limits.maximumDepth, at: offset)
                }
                readChildren: while true {
                    guard let token = try scanner.next() else {
                        throw scanner.unclosed(name, openedAt: offset)
                    }
                    switch token {
                    case .text:
                        continue
                    case .start(let childName, let childAttributes, let childSelfClosing, let childOffset):
                        let local = XLIFFReader.localName(childName)
                        switch local {
                        case "source", "target", "note":
                            var child = XMLElementNode(name: childName, attributes: childAttributes, offset: childOffset)
                            child.keepsText = true
                            if !childSelfClosing { try fillLeaf(&child, depth: depth + 1) }
                            if local == "note" {
                                notes.append(child.textContent)
                            } else if (local == "source" ? source : target) != nil {
                                if problem == nil { problem = .second(name: childName, offset: childOffset) }
                            } else if local == "source" {
                                source = child
                            } else {
                                target = child
                            }
                        default:
                            var nested: Int? = local == "trans-unit" ? childOffset : nil
                            if !childSelfClosing {
                                let below = try skip(childName, at: childOffset, depth: depth + 1)
                                nested = nested ?? below
                            }
                            if problem == nil, let nested { problem = .nested(offset: nested) }
                        }
                    case .end(let endName, let endOffset):
                        guard endName == name else {
                            throw scanner.mismatchedEnd(endName, at: endOffset, closing: name, openedAt: offset)
                        }
                        break readChildren
                    }
                }
            }
            guard let id = attributes.first(where: { $0.name == "id" })?.value else {
                throw scanner.error("<trans-unit> has no id", at: offset)
            }
            switch problem {
            case .second(let childName, let childOffset):
                throw scanner.error("<trans-unit id=\(MessageText.quoted(id))> has a second <\(childName)>; keep one", at: childOffset)
            case .nested(let nestedOffset):
                throw scanner.error("a <trans-unit> inside <trans-unit id=\(MessageText.quoted(id))> is not XLIFF; move it out", at: nestedOffset)
            case nil:
                break
            }
            guard let source else {
                throw scanner.error("<trans-unit id=\(MessageText.quoted(id))> has no <source>", at: offset)
            }
            var targetText: String?
            if let target { targetText = try plainText(target) }
            return XLIFFUnit(
                id: id, source: try plainText(source), target: targetText,
                state: target?.attribute("state"), approved: XLIFFReader.approved(attributes.first(where: { $0.name == "approved" })?.value), notes: notes,
                position: scanner.lines.position(at: offset, after: &lastLine),
                translate: attributes.first(where: { $0.name == "translate" })?.value != "no")
        }

        /// Reads the element `name` opened at `offset` to its end tag, keeping nothing: where
        /// the first `<trans-unit>` below it starts, if one does.
        private mutating func skip(_ name: String, at offset: Int, depth: Int) throws(SyntaxError) -> Int? {
            guard depth < limits.maximumDepth else {
                throw scanner.tooDeep(limit: limits.maximumDepth, at: offset)
            }
            var nested: Int?
            while let token = try scanner.next() {
                switch token {
                case .text:
                    continue
                case .start(let childName, _, let childSelfClosing, let childOffset):
                    if nested == nil, XLIFFReader.localName(childName) == "trans-unit" { nested = childOffset }
                    guard !childSelfClosing else { continue }
                    if depth + 1 < limits.maximumDepth, scanner.plainTextAndEndTag(of: childName) != nil { continue }
                    let below = try skip(childName, at: childOffset, depth: depth + 1)
                    nested = nested ?? below
                case .end(let endName, let endOffset):
                    guard endName == name else {
                        throw scanner.mismatchedEnd(endName, at: endOffset, closing: name, openedAt: offset)
                    }
                    return nested
                }
            }
            throw scanner.unclosed(name, openedAt: offset)
        }

        /// The text of `<source>` or `<target>`; inline markup (`<g>`, `<x/>`) has no meaning in
        /// a `.strings` value and is refused.
        private func plainText(_ element: XMLElementNode) throws(SyntaxError) -> String {
            if let inline = element.elements.first {
                throw scanner.error("<\(inline.name)> inside <\(element.name)>: inline markup is not supported in Settings strings", at: inline.offset)
            }
            return element.textContent
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
