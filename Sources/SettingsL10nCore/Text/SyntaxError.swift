/// Text that cannot be read (a property list, a `.strings` table, an XLIFF document), with the
/// 1-based line and column of the problem where the format has positions.
public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Where the problem is; `nil` for binary property lists and whole-file problems.
    public var position: TextPosition?

    public init(_ message: String, at position: TextPosition? = nil) {
        self.message = message
        self.position = position
    }

    public var description: String {
        position.map { "\($0): \(message)" } ?? message
    }
}
