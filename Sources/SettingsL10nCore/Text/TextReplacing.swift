#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// The text with every occurrence of `target` replaced by `replacement`, matched byte for
    /// byte in UTF-8 (a literal search, as Foundation's `replacingOccurrences` does, at a small
    /// fraction of its cost on Linux); the text itself when `target` does not occur.
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return self }
        var text = self
        return text.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            var copied = 0, index = 0
            let last = bytes.count - needle.count
            while index <= last {
                // The next place the first byte occurs (memchr reads many bytes at a time).
                guard let found = memchr(bytes.baseAddress! + index, Int32(first), last + 1 - index) else { break }
                index = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) {
                    if output.isEmpty { output.reserveCapacity(bytes.count + replacement.utf8.count) }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                    output.append(contentsOf: replacement.utf8)
                    index += needle.count
                    copied = index
                } else {
                    index += 1
                }
            }
            guard copied > 0 else { return self }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: output, as: UTF8.self)
        }
    }
}

extension String {
    /// The first occurrence of `target` at or after `start`, matched byte for byte in UTF-8
    /// (a literal search, without the cost of Foundation's `range(of:)` on Linux).
    package func byteRange(of target: String, from start: Index? = nil) -> Range<Index>? {
        let from = start.map { utf8.distance(from: utf8.startIndex, to: $0) } ?? 0
        var text = self, target = target
        let found: (offset: Int, count: Int)? = text.withUTF8 { bytes in
            target.withUTF8 { needle in
                guard let first = needle.first, needle.count <= bytes.count else { return nil }
                var index = from
                let last = bytes.count - needle.count
                while index <= last {
                    if bytes[index] == first, memcmp(bytes.baseAddress! + index, needle.baseAddress!, needle.count) == 0 {
                        return (index, needle.count)
                    }
                    index += 1
                }
                return nil
            }
        }
        guard let found else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: found.offset)
        return lower..<utf8.index(lower, offsetBy: found.count)
    }
}
