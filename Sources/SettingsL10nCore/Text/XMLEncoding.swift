/// The bytes of an XML document as the UTF-8 its scanner reads: the encoding told from a
/// byte-order mark, the byte pattern of a UTF-16 start, or the XML declaration.
extension XMLScanner {
    /// Prepares the bytes of an XML document: a UTF-16 document (with byte-order mark, or
    /// without one where its XML declaration's `<?` tells the byte order, as XML 1.0's appendix F
    /// detects it) is transcoded, a UTF-8 byte-order mark dropped, and the rest read in the
    /// encoding its XML declaration names, as CoreFoundation reads a property list
    /// (`encodingForXMLData`): UTF-8 (or none named) validated as UTF-8; ISO-8859-1 transcoded
    /// (each byte is its character); US-ASCII validated as ASCII. A UTF-16 or UTF-32 declaration
    /// on bytes that are neither is refused, as the device refuses it (it decodes them as what
    /// the declaration says); another encoding the device knows (windows-1252, Shift_JIS) is read
    /// where the file is ASCII, which every one of them reads alike, and refused by name where
    /// it is not.
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
        switch folded {
        case "utf-8", "utf8":
            try DecodedText.validateUTF8(input)
            return input
        case "iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "l1", "iso-ir-100", "cp819", "ibm819", "csisolatin1", "iso_8859-1:1987":
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
        default:
            if folded.hasPrefix("utf-16") || folded.hasPrefix("utf-32") || folded.hasPrefix("ucs-") || folded == "unicode" {
                throw SyntaxError("the XML declaration says the file is \(shown), but it is written in 8-bit text (no byte-order mark, no zero byte at its start), so the device cannot read it; declare encoding=\"UTF-8\"",
                                  at: LineIndex(input).position(at: at))
            }
            if ["us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "us"].contains(folded),
               let first = input.firstIndex(where: { $0 >= 0x80 }) {
                throw SyntaxError("the XML declaration says the file is \(shown), but byte 0x\(String(input[first], radix: 16, uppercase: true)) is not ASCII, so the device cannot read it; save it as UTF-8 and declare encoding=\"UTF-8\"",
                                  at: LineIndex(input).position(at: first))
            }
            // Text that is ASCII reads alike in every encoding the device knows that is not
            // UTF-16 or UTF-32 (US-ASCII, windows-1252, Mac OS Roman, Shift_JIS, …).
            guard let first = input.firstIndex(where: { $0 >= 0x80 }) else { return input }
            throw SyntaxError("the XML declaration says the file is \(shown), which settings-l10n reads only where the text is ASCII (byte 0x\(String(input[first], radix: 16, uppercase: true)) is not); save it as UTF-8 and declare encoding=\"UTF-8\"",
                              at: LineIndex(input).position(at: first))
        }
    }

    /// The name in the `encoding` of the XML declaration that starts `bytes` (`<?xml version="1.0"
    /// encoding="ISO-8859-1"?>`), and its offset; `nil` where there is no declaration or it names
    /// no encoding (UTF-8, for XML and CoreFoundation alike).
    static func declaredEncoding(_ bytes: [UInt8]) -> (name: ArraySlice<UInt8>, offset: Int)? {
        guard bytes.starts(with: Array("<?xml".utf8)), bytes.count > 5,
              [0x20, 0x09, 0x0A, 0x0D].contains(bytes[5]) else { return nil }
        let end = min(bytes.count, 512)
        var index = 5
        let word = Array("encoding".utf8)
        while index < end {
            if bytes[index] == UInt8(ascii: "?") { return nil }
            if bytes[index...].starts(with: word) {
                var cursor = index + word.count
                while cursor < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
                guard cursor < end, bytes[cursor] == UInt8(ascii: "=") else { return nil }
                cursor += 1
                while cursor < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
                guard cursor < end, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 else { return nil }
                let quote = bytes[cursor]
                let start = cursor + 1
                guard let close = bytes[start..<end].firstIndex(of: quote) else { return nil }
                return (bytes[start..<close], start)
            }
            index += 1
        }
        return nil
    }
}
