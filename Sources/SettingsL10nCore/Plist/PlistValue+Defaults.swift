/// Comparing values as the defaults database stores and reads them.
extension PlistValue {
    /// Whether two values are the same value for the defaults database (an integer and a real
    /// of the same number are).
    package static func same(_ a: PlistValue, _ b: PlistValue) -> Bool {
        if let x = a.numberValue, let y = b.numberValue { return x == y }
        return a == b
    }

    /// Whether two values read the same through the defaults database's typed getters
    /// (`boolForKey:` reads "YES" as true, `integerForKey:` reads "30" as 30).
    package static func equivalent(_ a: PlistValue, _ b: PlistValue) -> Bool {
        if same(a, b) { return true }
        func number(_ value: PlistValue) -> Double? {
            switch value {
            case .boolean(let flag): flag ? 1 : 0
            case .string(let text):
                switch text.lowercased() {
                case "yes", "true": 1
                case "no", "false": 0
                default: Double(text)
                }
            default: value.numberValue
            }
        }
        guard let x = number(a), let y = number(b) else { return false }
        return x == y
    }
}
