import SettingsL10nCore
import SettingsL10nICU

/// JSON as Xcode writes its String Catalogs and `.xcloc` `contents.json` (Foundation's
/// `JSONSerialization` with pretty printing, sorted keys and unescaped slashes): two-space
/// indentation, `" : "` between key and value, every object's keys in `FoundationKeyOrder`,
/// empty containers as `{\n\n}`, no final line break. Reading a file Xcode wrote and writing it
/// again gives the same bytes.
public enum XcodeJSON {
    public static func text(_ value: JSONValue) -> String {
        // The root collation always opens; without it, code-point order still writes valid JSON.
        let order = try? FoundationKeyOrder()
        var out = ""
        write(value, indent: 0, order: order, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, order: FoundationKeyOrder?, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .number(let number): out += number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .string(let text): quote(text, into: &out)
        case .array(let elements):
            out += "[\n"
            if elements.isEmpty { out += "\n" }
            for (index, element) in elements.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(element, indent: indent + 2, order: order, into: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            out += "{\n"
            if members.isEmpty { out += "\n" }
            let keys = members.map(\.0)
            let sorted = order?.sorted(keys) ?? keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            var byKey: [String: JSONValue] = [:]
            for (key, member) in members { byKey[key] = member }
            for (index, key) in sorted.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                quote(key, into: &out)
                out += " : "
                write(byKey[key]!, indent: indent + 2, order: order, into: &out)
                out += index + 1 < sorted.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
