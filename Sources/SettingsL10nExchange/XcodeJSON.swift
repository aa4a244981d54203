import SettingsL10nCore
import SettingsL10nICU

/// JSON as Xcode writes its String Catalogs and `.xcloc` `contents.json` (Foundation's
/// `JSONSerialization` with pretty printing, sorted keys and unescaped slashes): two-space
/// indentation, `" : "` between key and value, every object's keys in `FoundationKeyOrder`,
/// empty containers as `{\n\n}`, no final line break. Reading a file Xcode wrote and writing it
/// again gives the same bytes.
public enum XcodeJSON {
    public static func text(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// `text` as UTF-8, written straight into bytes (a String grown piece by piece was two
    /// thirds of a String Catalog export).
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        // The root collation always opens; without it, code-point order still writes valid JSON.
        let order = KeyOrder(try? FoundationKeyOrder())
        var out: [UInt8] = []
        write(value, indent: 0, order: order, into: &out)
        return out
    }

    /// The order of an object's keys, found once for each set of keys written: a catalog's
    /// thousands of string units have the same few keys, each set collated every time before.
    private final class KeyOrder {
        let order: FoundationKeyOrder?
        /// By the keys as code units: an object keyed `Café` in NFD is not one keyed in NFC.
        var known: [[StringsKey]: [String]] = [:]

        init(_ order: FoundationKeyOrder?) { self.order = order }

        func sorted(_ keys: [String]) -> [String] {
            let set = keys.map { StringsKey($0) }
            if let sorted = known[set] { return sorted }
            let sorted = order?.sorted(keys) ?? keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            // A large object's keys (the catalog's strings) are seen once: not kept.
            if keys.count <= 64 { known[set] = sorted }
            return sorted
        }
    }

    private static func write(_ value: JSONValue, indent: Int, order: KeyOrder, into out: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &out)
        case .bool(let flag): append(flag ? "true" : "false", to: &out)
        case .integer(let number): out.append(contentsOf: String(number).utf8)
        case .number(let number, let literal):
            // A number read keeps its text (`1.0`, `1e400`, `123456789012345678901234567890`).
            let text = literal ?? (!number.isFinite ? "null"
                : number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)")
            out.append(contentsOf: text.utf8)
        case .string(let text): quote(text, into: &out)
        case .array(let elements):
            append("[\n", to: &out)
            if elements.isEmpty { out.append(0x0A) }
            for (index, element) in elements.enumerated() {
                out.append(contentsOf: repeatElement(0x20, count: indent + 2))
                write(element, indent: indent + 2, order: order, into: &out)
                append(index + 1 < elements.count ? ",\n" : "\n", to: &out)
            }
            out.append(contentsOf: repeatElement(0x20, count: indent))
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            append("{\n", to: &out)
            if members.isEmpty { out.append(0x0A) }
            let keys = members.map(\.0)
            let sorted = order.sorted(keys)
            // By code units: `Café` in NFC and in NFD are two strings of a catalog (see StringsKey).
            var byKey: [StringsKey: JSONValue] = [:]
            for (key, member) in members { byKey[StringsKey(key)] = member }
            for (index, key) in sorted.enumerated() {
                out.append(contentsOf: repeatElement(0x20, count: indent + 2))
                quote(key, into: &out)
                append(" : ", to: &out)
                write(byKey[StringsKey(key)]!, indent: indent + 2, order: order, into: &out)
                append(index + 1 < sorted.count ? ",\n" : "\n", to: &out)
            }
            out.append(contentsOf: repeatElement(0x20, count: indent))
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// `text` as a JSON string: every character it escapes is ASCII, so the bytes between
    /// them are copied as they are, a run at a time.
    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { source in
            var runStart = 0
            for index in source.indices {
                let byte = source[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &out)
                case UInt8(ascii: "\\"): append("\\\\", to: &out)
                case 0x0A: append("\\n", to: &out)
                case 0x0D: append("\\r", to: &out)
                case 0x09: append("\\t", to: &out)
                case 0x08: append("\\b", to: &out)
                case 0x0C: append("\\f", to: &out)
                default:
                    let hex = String(byte, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
