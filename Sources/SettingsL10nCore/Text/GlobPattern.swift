/// A pattern where `*` stands for any run of characters, slashes included (`Acme *`,
/// `ar.lproj/*`, `strings-*`); every other character stands for itself.
public struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    /// The literal pieces between the stars.
    private let pieces: [[UInt8]]
    /// For each piece, its Knuth-Morris-Pratt failure table, computed once: a search is then
    /// linear in the text (a naive search of a 40 KB piece in a 400 KB title took 11 s).
    private let failures: [[Int]]

    public init(_ text: String) {
        self.text = text
        self.pieces = text.utf8.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
        self.failures = pieces.map(Self.failureTable)
    }

    /// `table[i]`: the length of the longest proper prefix of `piece[...i]` that is also its suffix.
    private static func failureTable(_ piece: [UInt8]) -> [Int] {
        var table = [Int](repeating: 0, count: piece.count)
        var length = 0
        for index in piece.indices.dropFirst() {
            while length > 0, piece[index] != piece[length] { length = table[length - 1] }
            if piece[index] == piece[length] { length += 1 }
            table[index] = length
        }
        return table
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
        for index in 1..<(pieces.count - 1) where !pieces[index].isEmpty {
            guard let found = Self.find(pieces[index], failures[index], in: bytes, from: position, before: end) else { return false }
            position = found + pieces[index].count
        }
        return true
    }

    /// The first place of `piece` in `bytes[start..<end]` (Knuth-Morris-Pratt).
    private static func find(_ piece: [UInt8], _ failure: [Int], in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
        guard piece.count <= end - start else { return nil }
        var matched = 0
        for index in start..<end {
            while matched > 0, bytes[index] != piece[matched] { matched = failure[matched - 1] }
            if bytes[index] == piece[matched] { matched += 1 }
            if matched == piece.count { return index - piece.count + 1 }
        }
        return nil
    }
}
