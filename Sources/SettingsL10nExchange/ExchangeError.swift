import SettingsL10nCore

/// A translation exchange that cannot go ahead: nothing was written.
public struct ExchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document the problem is in, as it was given; `nil` for a problem of the bundle.
    public var path: String?
    /// Where in the document (the `<file>` element).
    public var position: TextPosition?
    public var message: String

    package init(_ message: String, path: String? = nil, position: TextPosition? = nil) {
        self.message = message
        self.path = path
        self.position = position
    }

    /// `path:line:column: message`, as much of the location as is known.
    public var description: String {
        guard let path else { return message }
        return "\(path)\(TextPosition.pathSuffix(position)): \(message)"
    }
}
