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
        appending(component: .key(key))
    }

    public func appending(_ index: Int) -> PlistKeyPath {
        appending(component: .index(index))
    }

    /// The path and one more component, in one array made to size (`components + [component]`
    /// made two; extraction makes one path per string of a bundle).
    private func appending(component: Component) -> PlistKeyPath {
        var extended: [Component] = []
        extended.reserveCapacity(components.count + 1)
        extended.append(contentsOf: components)
        extended.append(component)
        return PlistKeyPath(extended)
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
