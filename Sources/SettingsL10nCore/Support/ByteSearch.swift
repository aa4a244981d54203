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
    /// Whether `needle` occurs in `haystack` (an empty needle occurs everywhere).
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        return needle.withUnsafeBufferPointer { needle in
            var start = 0
            let last = haystack.count - needle.count
            while start <= last {
                guard let found = memchr(base + start, Int32(first), last - start + 1) else { return false }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
                start = at + 1
            }
            return false
        }
    }
}
