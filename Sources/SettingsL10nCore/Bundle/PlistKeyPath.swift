/// A path to a value inside a property list: `PreferenceSpecifiers[3].Titles[1]`.
public struct PlistKeyPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public init(stringLiteral value: String) {
        self.components = [.key(value)]
    }

    public func appending(_ key: String) -> PlistKeyPath {
        PlistKeyPath(components + [.key(key)])
    }

    public func appending(_ index: Int) -> PlistKeyPath {
        PlistKeyPath(components + [.index(index)])
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
