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
