/// A pattern where `*` stands for any run of characters, slashes included (`Acme *`,
/// `ar.lproj/*`, `strings-*`); every other character stands for itself.
public struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    /// The literal pieces between the stars.
    private let pieces: [[UInt8]]

    public init(_ text: String) {
        self.text = text
        self.pieces = text.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
    }

    public var description: String { text }

    /// Whether `string` matches the whole pattern, byte for byte in UTF-8.
    public func matches(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard pieces.count > 1 else { return bytes == pieces[0] }
        let first = pieces[0], last = pieces[pieces.count - 1]
        guard bytes.count >= first.count + last.count, bytes.starts(with: first),
              bytes[(bytes.count - last.count)...].elementsEqual(last) else { return false }
        // The middle pieces, in order, each at its first place after the previous one.
        var position = first.count
        let end = bytes.count - last.count
        for piece in pieces[1..<(pieces.count - 1)] where !piece.isEmpty {
            guard let found = Self.find(piece, in: bytes, from: position, before: end) else { return false }
            position = found + piece.count
        }
        return true
    }

    private static func find(_ piece: [UInt8], in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
        guard piece.count <= end - start else { return nil }
        for index in start...(end - piece.count) where bytes[index] == piece[0] {
            if bytes[index..<(index + piece.count)].elementsEqual(piece) { return index }
        }
        return nil
    }
}
