#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Columns and numbers of plain-text reports (rules, status, catalog summaries, the check
/// summary, previews).
extension String {
    /// The string followed by spaces up to `width` characters; unchanged when it is as wide.
    package func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }

    /// Spaces, then the string, up to `width` characters; unchanged when it is as wide.
    package func rightAligned(to width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - count)) + self
    }

    /// The string without white space and line breaks at its ends, exactly what Foundation's
    /// `.whitespacesAndNewlines` trims (separators, controls 9-13, U+0085, U+200B; compared
    /// over every scalar), without Foundation: a first call to its character sets costs more
    /// than reading a whole schema file.
    package func trimmingWhiteSpace() -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x80 ? scalar == " " || (0x09...0x0D).contains(scalar.value)
                : scalar.value == 0x85 || scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
                    || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[start...last]
    }

    /// `value` with `decimals` digits after the point, rounded as C's printf rounds (`%.1f`:
    /// 12.25 is "12.2", the nearest to the binary value, ties to even), in the C locale.
    package init(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            self = value.isNaN ? "nan" : value < 0 ? "-inf" : "inf"
            return
        }
        let places = Int32(Swift.min(Swift.max(decimals, 0), 17))
        // 309 digits before the point at most (Double's range), the point and the decimals.
        var buffer = [CChar](repeating: 0, count: 330)
        let length = withVaList([places, value]) { arguments in
            Int(vsnprintf(&buffer, buffer.count, "%.*f", arguments))
        }
        self = String(decoding: buffer.prefix(Swift.max(0, Swift.min(length, buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
