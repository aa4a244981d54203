/// How a `.strings` file is written. CFBundle reads a table as a property list: besides the
/// usual `"key" = "value";` lines it takes a file that is an old-style `{ "Sound" = "Ton"; }`
/// dictionary, an XML property list or a binary one (real bundles ship all three). Every
/// command reads them; `merge`, `import` and `sync` write only the usual form, and refuse to
/// write over the others (`TableReadError.propertyListForm`) rather than change a file's form.
public enum StringsTableForm: String, Hashable, Sendable, CustomStringConvertible {
    /// `{ "key" = "value"; }`: an old-style (OpenStep) property list whose root is a dictionary.
    case oldStyleDictionary
    case xmlPropertyList
    case binaryPropertyList
    /// The usual lines in UTF-32 with a byte-order mark (`FF FE 00 00` or `00 00 FE FF`), which
    /// CoreFoundation reads (measured with PropertyListSerialization); without one it refuses
    /// the file, as every command here does.
    case utf32Text

    public var description: String {
        switch self {
        case .oldStyleDictionary: "an old-style { … } dictionary"
        case .xmlPropertyList: "an XML property list"
        case .binaryPropertyList: "a binary property list"
        case .utf32Text: "UTF-32 text"
        }
    }

    /// The property-list form `bytes` look written in, told from their start: `bplist`, then
    /// `<` (`<?xml`, `<plist`) or `{` as the first character that is not white space or in a
    /// comment; `nil` for anything else (the usual form, or text that is neither).
    static func propertyListForm(of bytes: [UInt8]) -> StringsTableForm? {
        if bytes.starts(with: Array("bplist".utf8)) { return .binaryPropertyList }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32Text }
        let start = Array(bytes.prefix(4096 & ~1))
        let text = (try? DecodedText.decode(start))?.utf8 ?? start
        var index = 0
        while index < text.count {
            let next = index + 1 < text.count ? text[index + 1] : 0
            switch text[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index < text.count, text[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                index += 2
                while index + 1 < text.count, !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            case UInt8(ascii: "<"): return .xmlPropertyList
            case UInt8(ascii: "{"): return .oldStyleDictionary
            default: return nil
            }
        }
        return nil
    }
}

extension StringsParser {
    /// Reads a table written as a property list (`StringsTableForm`): the entries of its root
    /// dictionary, in file order, with the reader's limits. `nil` when `bytes` do not look like
    /// one; an error when they do but do not parse, or the root is not a dictionary.
    package static func scanPropertyList(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError) -> (scan: StringsScan, form: StringsTableForm)? {
        guard let form = StringsTableForm.propertyListForm(of: bytes) else { return nil }
        if form == .utf32Text {
            // The text as UTF-8 behind its byte-order mark, so that what it declares (an XML
            // declaration's encoding) is not read again: the usual lines, or a property list in
            // UTF-32, which the device reads too.
            do throws(SyntaxError) {
                let text = [0xEF, 0xBB, 0xBF] + (try DecodedText.transcodeUTF32(bytes))
                do throws(SyntaxError) {
                    return (try StringsParser.scan(text, limits: limits), form)
                } catch {
                    if let (scan, _) = try scanPropertyList(text, limits: limits) { return (scan, form) }
                    throw error
                }
            } catch {
                throw SyntaxError("the table is written as \(form), which the device reads, but it does not parse: \(error.message)", at: error.position)
            }
        }
        let root: PlistNode
        do {
            root = try PropertyListReader.read(bytes, limits: limits).root
        } catch {
            throw SyntaxError("the table is written as \(form), which the device reads, but it does not parse: \(error.message)", at: error.position)
        }
        guard case .dictionary(let dictionary) = root.value else {
            throw SyntaxError("the table is written as \(form) whose root is \(MessageText.withArticle(root.value.typeName)), not a dictionary of keys and values: the device drops it and shows the keys as written",
                              at: root.position)
        }
        // The scan keeps places in 32 bits (see `StringsScan.append`).
        let size = dictionary.entries.reduce(0) { $0 + $1.key.utf8.count + ($1.value.value.stringValue?.utf8.count ?? 0) }
        guard size < Int(Int32.max) else {
            throw SyntaxError("the table's strings take more than \(Int32.max) bytes, more than settings-l10n reads")
        }
        return (StringsScan(propertyList: dictionary), form)
    }
}

extension StringsDocument {
    /// The entries `scan` read (a table in property-list form), as `"key" = "value";` entries
    /// in memory: what merge and import weigh their changes against. Never written: the file
    /// keeps its form (a value that is not a string reads as empty).
    package init(entriesOf scan: StringsScan) {
        let layout = StringsLayout()
        self.init(entries: scan.entries.map { StringsEntry.make(key: $0.key, value: $0.value ?? "", comment: nil, layout: layout, lineEnding: .lf) })
    }
}
