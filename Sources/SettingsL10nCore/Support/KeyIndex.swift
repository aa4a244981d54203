#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only `[StringsKey: Int]` that threads share without touching reference counts.
///
/// A `Dictionary` retains the key it compares with at each lookup; when the threads that check
/// or merge each language share one catalog's index, those atomic counts on the same strings
/// become the bottleneck. Here every key is also in one byte buffer: a probe is hashed (with a
/// folded-multiply hash seeded at random per index, so keys written to collide cannot be
/// prepared in advance; see `hash`) and compared byte for byte, which is how keys compare (by
/// code units, see `StringsKey`): the buffer answers every lookup, no `String` is made for one.
package struct KeyIndex: Sendable {
    package let dictionary: [StringsKey: Int]
    private let bytes: [UInt8]
    /// The key of slot `i` is `bytes[ranges[i]]`, its value `values[i]`.
    private let ranges: [Range<Int>]
    private let values: [Int]
    /// Open addressing over `ranges`: each slot holds an index, or -1.
    private let slots: [Int32]
    private let seed: Seed
    /// For each value from 0 up: the index in `ranges` of the key that has it, or -1. Keys are
    /// laid out in the order of their values, so that lookups that go through the keys in that
    /// order (a table written in catalog order) read them one after another.
    private let entryOfValue: [Int32]

    package init(_ dictionary: [StringsKey: Int]) {
        self.init(dictionary, inValueOrder: dictionary.sorted(by: { $0.value < $1.value }))
    }

    /// `init(dictionary)` where the dictionary numbers `keys` in order (`dictionary[keys[i]] ==
    /// i`, a table's keys and their ranks): the same index, without sorting the dictionary.
    package init(_ dictionary: [StringsKey: Int], numbering keys: [StringsKey]) {
        precondition(keys.count == dictionary.count, "the keys numbered must be the dictionary's")
        self.init(dictionary, inValueOrder: keys.enumerated().lazy.map { ($1, $0) })
    }

    private init<Pairs: Sequence<(key: StringsKey, value: Int)>>(_ dictionary: [StringsKey: Int], inValueOrder pairs: Pairs) {
        self.dictionary = dictionary
        var bytes: [UInt8] = [], ranges: [Range<Int>] = [], values: [Int] = []
        let seed = Seed()
        var size = 16
        while size < dictionary.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        var entryOfValue = [Int32](repeating: -1, count: dictionary.count)
        ranges.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        for (key, value) in pairs {
            let start = bytes.count
            key.withUTF8 { bytes.append(contentsOf: $0) }
            ranges.append(start..<bytes.count)
            values.append(value)
            // Distinct dictionary keys have distinct bytes: no equality test here.
            var slot = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[start...]), seed) } & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(ranges.count - 1)
            if value >= 0, value < entryOfValue.count { entryOfValue[value] = Int32(ranges.count - 1) }
        }
        self.bytes = bytes
        self.ranges = ranges
        self.values = values
        self.slots = slots
        self.seed = seed
        self.entryOfValue = entryOfValue
    }

    /// Runs `body` with lookups that read the index in place: one retain of its storage for
    /// the whole run, not one per lookup.
    package func withLookup<Result>(_ body: (Lookup) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { bytes in
            try ranges.withUnsafeBufferPointer { ranges in
                try values.withUnsafeBufferPointer { values in
                    try slots.withUnsafeBufferPointer { slots in
                        try entryOfValue.withUnsafeBufferPointer { entryOfValue in
                            try body(Lookup(seed: seed, bytes: bytes, ranges: ranges, values: values, slots: slots, entryOfValue: entryOfValue))
                        }
                    }
                }
            }
        }
    }

    package struct Lookup {
        fileprivate let seed: Seed
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let ranges: UnsafeBufferPointer<Range<Int>>
        fileprivate let values: UnsafeBufferPointer<Int>
        fileprivate let slots: UnsafeBufferPointer<Int32>
        fileprivate let entryOfValue: UnsafeBufferPointer<Int32>

        /// `dictionary[key]`.
        package func value(of key: StringsKey) -> Int? {
            key.withUTF8(value(ofUTF8:))
        }

        /// `value(of:)`, trying first the key whose value is `expected` (see
        /// `value(ofUTF8:expecting:)`).
        package func value(of key: StringsKey, expecting expected: Int) -> Int? {
            key.withUTF8 { value(ofUTF8: $0, expecting: expected) }
        }

        /// `value(ofUTF8:)`, trying first the key whose value is `expected` (the next in a
        /// table written in the order of the values): when the bytes are that key's, no hash
        /// and no probe at scattered places.
        package func value(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, expecting expected: Int) -> Int? {
            if expected >= 0, expected < entryOfValue.count, entryOfValue[expected] >= 0 {
                let range = ranges[Int(entryOfValue[expected])]
                if range.count == utf8.count, utf8.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress! + range.lowerBound, utf8.count) == 0 {
                    return expected
                }
            }
            return value(ofUTF8: utf8)
        }

        /// `dictionary[StringsKey(utf8: utf8)]`, without a `String`: the key whose bytes are
        /// `utf8`.
        package func value(ofUTF8 probe: UnsafeBufferPointer<UInt8>) -> Int? {
            let mask = slots.count - 1
            var slot = KeyIndex.hash(probe, seed) & mask
            while slots[slot] >= 0 {
                let entry = Int(slots[slot])
                let range = ranges[entry]
                if range.count == probe.count, probe.isEmpty || memcmp(probe.baseAddress!, bytes.baseAddress! + range.lowerBound, probe.count) == 0 {
                    return values[entry]
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Three random words, drawn once per index.
    fileprivate struct Seed: Sendable {
        let a: UInt64, b: UInt64, c: UInt64

        init() {
            var generator = SystemRandomNumberGenerator()
            (a, b, c) = (generator.next() | 1, generator.next() | 1, generator.next())
        }
    }

    /// The high and low halves of the full product, folded: the mixing step of foldhash and
    /// wyhash, which hash short keys several times faster than SipHash (`Hasher`).
    @inline(__always)
    private static func fold(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let (high, low) = x.multipliedFullWidth(by: y)
        return high ^ low
    }

    /// A seeded hash of the bytes: sixteen at a time, then the last one to sixteen (overlapping
    /// loads), the length mixed in first.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ seed: Seed) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var state = seed.a ^ UInt64(count)
        var index = 0
        while count - index > 16 {
            state = fold(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ state,
                         raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self) ^ seed.b)
            index += 16
        }
        let rest = count - index
        var first: UInt64 = 0, second: UInt64 = 0
        if rest >= 8 {
            first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            second = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if rest >= 4 {
            first = UInt64(raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            second = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else if rest > 0 {
            first = UInt64(raw[index]) | UInt64(raw[index + rest / 2]) << 8 | UInt64(raw[count - 1]) << 16
        }
        state = fold(first ^ state ^ seed.c, second ^ seed.b)
        return Int(truncatingIfNeeded: fold(state, seed.a))
    }
}
