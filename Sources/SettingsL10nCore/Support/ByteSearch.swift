#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding bytes in bytes, with the C library's `memchr` and `memcmp` (vectorized) rather than
/// a loop of Swift comparisons.
package enum ByteSearch {
    /// Whether `needle` occurs in `haystack` (an empty needle occurs everywhere). `memchr` looks
    /// for the needle's first byte that is not a letter, digit or space (rarer in text, so that
    /// fewer places are compared), or for its first byte.
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        let anchor = needle.firstIndex { byte in
            !(byte == 0x20 || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte))
        } ?? 0
        return needle.withUnsafeBufferPointer { needle in
            // Where the needle may start: 0...last.
            let last = haystack.count - needle.count
            var start = 0
            while start <= last {
                guard let found = memchr(base + start + anchor, Int32(needle[anchor]), last - start + 1) else { return false }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
                if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
                start = at + 1
            }
            return false
        }
    }
}
