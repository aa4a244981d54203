/// The bytes of an XML document as the UTF-8 its scanner reads: the encoding told from a
/// byte-order mark, the byte pattern of a UTF-16 start, or the XML declaration.
extension XMLScanner {
    /// Prepares the bytes of an XML document: a UTF-16 document (with byte-order mark, or
    /// without one where its XML declaration's `<?` tells the byte order, as XML 1.0's appendix F
    /// detects it) is transcoded, a UTF-8 byte-order mark dropped, and the rest read in the
    /// encoding its XML declaration names, as CoreFoundation reads a property list
    /// (`encodingForXMLData`, `declaredEncoding`): UTF-8 (or none found) validated as UTF-8;
    /// ISO-8859-1 and US-ASCII transcoded byte by byte (CoreFoundation reads a byte above 0x7F
    /// under US-ASCII as its Latin-1 character, measured). A UTF-16 or UTF-32 declaration on
    /// bytes that are neither is refused, as is a name no encoding has (the device refuses
    /// both); another encoding the device knows (windows-1252, Shift_JIS) is read where the
    /// file is ASCII, which every one of them reads alike, and refused by name where it is not.
    package static func utf8(_ input: [UInt8]) throws(SyntaxError) -> [UInt8] {
        if input.starts(with: [0xFF, 0xFE]) || input.starts(with: [0xFE, 0xFF]) {
            return try DecodedText.decode(input).utf8
        }
        if input.starts(with: [0x3C, 0x00, 0x3F, 0x00]) || input.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            return try DecodedText.transcodeUTF16(input, from: 0, bigEndian: input[0] == 0)
        }
        if input.starts(with: [0xEF, 0xBB, 0xBF]) {
            let utf8 = Array(input.dropFirst(3))
            try DecodedText.validateUTF8(utf8)
            return utf8
        }
        guard let (name, at) = declaredEncoding(input) else {
            try DecodedText.validateUTF8(input)
            return input
        }
        let folded = String(decoding: name.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }, as: UTF8.self)
        let shown = String(decoding: name, as: UTF8.self)
        switch XMLDeclaredEncoding(folded) {
        case .utf8:
            try DecodedText.validateUTF8(input)
            return input
        case .latin1:
            var utf8: [UInt8] = []
            utf8.reserveCapacity(input.count + input.count / 8)
            for byte in input {
                if byte < 0x80 {
                    utf8.append(byte)
                } else {
                    utf8.append(0xC0 | (byte >> 6))
                    utf8.append(0x80 | (byte & 0x3F))
                }
            }
            return utf8
        case .wide:
            throw SyntaxError("the XML declaration says the file is \(shown), but it is written in 8-bit text (no byte-order mark, no zero byte at its start), so the device cannot read it; declare encoding=\"UTF-8\"",
                              at: LineIndex(input).position(at: at))
        case .unknown:
            throw SyntaxError("the XML declaration names the encoding \"\(shown)\", which is no encoding the device knows, so it cannot read the file; declare encoding=\"UTF-8\"",
                              at: LineIndex(input).position(at: at))
        case .asciiCompatible:
            // Text that is ASCII reads alike in every one of them.
            guard let first = input.firstIndex(where: { $0 >= 0x80 }) else { return input }
            throw SyntaxError("the XML declaration says the file is \(shown), which settings-l10n reads only where the text is ASCII (byte 0x\(String(input[first], radix: 16, uppercase: true)) is not); save it as UTF-8 and declare encoding=\"UTF-8\"",
                              at: LineIndex(input).position(at: first))
        }
    }

    /// The name in the `encoding` of the XML declaration that starts `bytes` (`<?xml version="1.0"
    /// encoding="ISO-8859-1"?>`), and its offset, found as CoreFoundation finds it: after `<?xml`,
    /// the first `encoding=` (as written: no white space around `=`) before any `?` or `>`, then a
    /// quote and the name up to the same quote. `nil` where there is none of that, or the quote
    /// is not closed: UTF-8, for CoreFoundation and XML alike.
    static func declaredEncoding(_ bytes: [UInt8]) -> (name: ArraySlice<UInt8>, offset: Int)? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let word = Array("encoding=".utf8)
        var index = 5
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: ">") { return nil }
            if byte == UInt8(ascii: "e"), bytes[index...].starts(with: word) {
                let cursor = index + word.count
                guard cursor < bytes.count, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 else { return nil }
                let start = cursor + 1
                guard let close = bytes[start...].firstIndex(of: bytes[cursor]) else { return nil }
                return (bytes[start..<close], start)
            }
            index += 1
        }
        return nil
    }
}

/// What an XML declaration's encoding name (in lower case) means for reading the file's bytes.
enum XMLDeclaredEncoding {
    case utf8
    /// Each byte its character: ISO-8859-1, and US-ASCII as CoreFoundation reads it.
    case latin1
    /// UTF-16 or UTF-32, which 8-bit bytes are not.
    case wide
    /// An 8-bit encoding whose first 128 characters are ASCII's.
    case asciiCompatible
    /// No encoding's name: CoreFoundation refuses the file ("Encountered unknown encoding").
    case unknown

    init(_ name: String) {
        switch name {
        case "utf-8", "utf8": self = .utf8
        case "iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "l1", "iso-ir-100", "cp819", "ibm819", "csisolatin1", "iso_8859-1:1987",
             "us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "us", "csascii", "iso-ir-6", "cp367", "ibm367":
            self = .latin1
        default:
            if ["utf-16", "utf-32", "ucs-2", "ucs-4", "utf16", "utf32", "unicode", "csunicode", "iso-10646-ucs"].contains(where: { name.hasPrefix($0) }) {
                self = .wide
            } else if Self.asciiFamilies.contains(where: { name.hasPrefix($0) }), name.count >= 2 {
                self = .asciiCompatible
            } else {
                self = .unknown
            }
        }
    }

    /// The starts of the IANA names of the 8-bit and multi-byte encodings CoreFoundation knows
    /// that read ASCII text as ASCII (its `CFStringConvertIANACharSetNameToEncoding` table).
    static let asciiFamilies = [
        "iso-8859-", "iso_8859-", "iso8859-", "latin", "windows-", "cp", "ibm", "x-mac", "mac", "koi8", "euc", "shift_jis", "shift-jis",
        "sjis", "x-sjis", "ms_kanji", "csshiftjis", "gb", "x-gbk", "big5", "cn-big5", "iso-2022-", "hz-gb-2312", "tis-620", "viscii",
        "x-nextstep", "nextstep", "utf-7", "ks_c_5601", "ksc5601", "x-euc", "csiso", "cswindows", "csmac", "cskoi8", "cseuc", "csgb", "csbig5",
    ]
}
