/// The three formats of property lists Apple's tools read.
public enum PlistFormat: String, Hashable, Sendable, CustomStringConvertible {
    case xml
    case binary
    case openStep

    public var description: String {
        switch self {
        case .xml: "XML"
        case .binary: "binary"
        case .openStep: "OpenStep"
        }
    }
}

/// Reads a property list in any of the three formats, detecting which one from its bytes.
public enum PropertyListReader {
    /// Parses `bytes` as an XML, binary (`bplist00`) or OpenStep property list.
    /// - Throws: `SyntaxError` with the line and column (text formats) of the problem.
    public static func read(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError) -> (root: PlistNode, format: PlistFormat) {
        guard bytes.count <= limits.maximumFileSize else {
            throw SyntaxError("the file is larger than \(limits.maximumFileSize) bytes")
        }
        let format = detectFormat(bytes)
        switch format {
        case .binary: return (try BinaryPlistParser.parse(bytes, limits: limits), format)
        case .xml: return (try XMLPlistParser.parse(bytes, limits: limits), format)
        case .openStep: return (try OpenStepPlistParser.parse(bytes, limits: limits), format)
        }
    }

    static func detectFormat(_ bytes: [UInt8]) -> PlistFormat {
        if bytes.starts(with: Array("bplist".utf8)) { return .binary }
        var text = bytes
        if let decoded = try? DecodedText.decode(Array(bytes.prefix(512 & ~1))) { text = decoded.utf8 }
        let start = text.firstIndex { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) } ?? text.count
        let rest = text[start...]
        for prefix in ["<?", "<!", "<plist", "<dict", "<array"] where rest.starts(with: Array(prefix.utf8)) {
            return .xml
        }
        return .openStep
    }
}
