#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads binary property lists (`bplist00`), validating every offset, count and reference.
///
/// Objects may be shared, so the parser bounds the total number of values it expands to, and
/// refuses a reference to an object that is still being read (a cycle).
struct BinaryPlistParser {
    private let bytes: [UInt8]
    private let limits: ReadLimits
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTableStart: Int
    private var inProgress: Set<Int> = []
    private var expanded = 0
    private var expandedBytes = 0

    static func parse(_ bytes: [UInt8], limits: ReadLimits) throws(SyntaxError) -> PlistNode {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw SyntaxError("unsupported binary property list version \"\(String(decoding: bytes.prefix(8), as: UTF8.self))\"; only bplist00 is read")
        }
        guard bytes.count >= 8 + 32 else {
            throw SyntaxError("the binary property list is truncated (\(bytes.count) bytes)")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = readUnsigned(bytes, at: trailer + 8, size: 8)
        let topObject = readUnsigned(bytes, at: trailer + 16, size: 8)
        let offsetTableStart = readUnsigned(bytes, at: trailer + 24, size: 8)
        guard [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(referenceSize) else {
            throw SyntaxError("the binary property list has invalid offset or reference sizes")
        }
        guard objectCount >= 1, objectCount <= UInt64(bytes.count), topObject < objectCount,
              offsetTableStart >= 8, offsetTableStart < UInt64(trailer),
              objectCount * UInt64(offsetSize) <= UInt64(trailer) - offsetTableStart else {
            throw SyntaxError("the binary property list has an invalid trailer")
        }
        var parser = BinaryPlistParser(bytes: bytes, limits: limits, offsetSize: offsetSize,
                                       referenceSize: referenceSize, objectCount: Int(objectCount),
                                       offsetTableStart: Int(offsetTableStart))
        return try parser.parseObject(Int(topObject), depth: 0)
    }

    private init(bytes: [UInt8], limits: ReadLimits, offsetSize: Int, referenceSize: Int,
                 objectCount: Int, offsetTableStart: Int) {
        self.bytes = bytes
        self.limits = limits
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = objectCount
        self.offsetTableStart = offsetTableStart
    }

    private static func readUnsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func objectOffset(_ object: Int) throws(SyntaxError) -> Int {
        let value = Self.readUnsigned(bytes, at: offsetTableStart + object * offsetSize, size: offsetSize)
        guard value >= 8, value < UInt64(offsetTableStart) else {
            throw SyntaxError("object \(object) of the binary property list lies outside the object area")
        }
        return Int(value)
    }

    /// Checks that `count` bytes from `offset` lie inside the object area.
    private func require(_ offset: Int, _ count: Int) throws(SyntaxError) {
        guard count >= 0, offset <= offsetTableStart, count <= offsetTableStart - offset else {
            throw SyntaxError("the binary property list is truncated inside an object")
        }
    }

    /// Reads an object's length: the low nibble, or an integer object after it when it is 0xF.
    private func length(marker: UInt8, at offset: inout Int) throws(SyntaxError) -> Int {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return nibble }
        try require(offset, 1)
        let intMarker = bytes[offset]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw SyntaxError("the binary property list has an invalid length")
        }
        let size = 1 << Int(intMarker & 0x0F)
        try require(offset + 1, size)
        let value = Self.readUnsigned(bytes, at: offset + 1, size: size)
        offset += 1 + size
        guard value <= UInt64(bytes.count) else {
            throw SyntaxError("the binary property list has a length larger than the file")
        }
        return Int(value)
    }

    private mutating func parseObject(_ object: Int, depth: Int) throws(SyntaxError) -> PlistNode {
        guard object < objectCount else {
            throw SyntaxError("the binary property list references object \(object), which does not exist")
        }
        expanded += 1
        guard expanded <= limits.maximumValueCount else {
            throw SyntaxError("the binary property list expands to more than \(limits.maximumValueCount) values")
        }
        var offset = try objectOffset(object)
        let marker = bytes[offset]
        offset += 1
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return PlistNode(.boolean(false))
            case 0x09: return PlistNode(.boolean(true))
            default: throw unsupported(marker)
            }
        case 0x1: return PlistNode(.integer(try integer(marker: marker, at: offset)))
        case 0x2: return PlistNode(.real(try real(marker: marker, at: offset)))
        case 0x3:
            guard marker == 0x33 else { throw SyntaxError("the binary property list holds an invalid date") }
            try require(offset, 8)
            let seconds = Double(bitPattern: Self.readUnsigned(bytes, at: offset, size: 8))
            return PlistNode(.date(Date(timeIntervalSinceReferenceDate: seconds)))
        case 0x4:
            let count = try length(marker: marker, at: &offset)
            try require(offset, count)
            try expand(bytes: count)
            return PlistNode(.data(Array(bytes[offset..<(offset + count)])))
        case 0x5, 0x6: return PlistNode(.string(try string(marker: marker, at: offset)))
        case 0x8:
            // A UID (keyed archives); not a Settings value. Kept as an integer.
            let size = Int(marker & 0x0F) + 1
            try require(offset, size)
            return PlistNode(.integer(Int64(Self.readUnsigned(bytes, at: offset, size: min(size, 8)))))
        case 0xA:
            try enter(object, depth: depth)
            defer { inProgress.remove(object) }
            return PlistNode(.array(try array(marker: marker, at: offset, depth: depth)))
        case 0xD:
            try enter(object, depth: depth)
            defer { inProgress.remove(object) }
            return PlistNode(.dictionary(try dictionary(marker: marker, at: offset, depth: depth)))
        default:
            throw unsupported(marker)
        }
    }

    private func unsupported(_ marker: UInt8) -> SyntaxError {
        SyntaxError("the binary property list holds an unsupported object (marker 0x\(hex(marker)))")
    }

    /// An integer object's value: 1, 2 and 4-byte integers are unsigned, 8-byte ones signed, and
    /// 16-byte ones are read when they fit in 64 bits.
    private func integer(marker: UInt8, at offset: Int) throws(SyntaxError) -> Int64 {
        let size = 1 << Int(marker & 0x0F)
        guard size <= 16 else { throw SyntaxError("the binary property list holds an invalid integer") }
        try require(offset, size)
        guard size == 16 else {
            let raw = Self.readUnsigned(bytes, at: offset, size: size)
            return size == 8 ? Int64(bitPattern: raw) : Int64(raw)
        }
        let high = Self.readUnsigned(bytes, at: offset, size: 8)
        let low = Self.readUnsigned(bytes, at: offset + 8, size: 8)
        let negative = high == UInt64.max && low >= UInt64(1) << 63
        guard high == 0 && low <= UInt64(Int64.max) || negative else {
            throw SyntaxError("the binary property list holds an integer that does not fit in 64 bits")
        }
        return Int64(bitPattern: low)
    }

    private func real(marker: UInt8, at offset: Int) throws(SyntaxError) -> Double {
        let size = 1 << Int(marker & 0x0F)
        try require(offset, size)
        switch size {
        case 4: return Double(Float(bitPattern: UInt32(Self.readUnsigned(bytes, at: offset, size: 4))))
        case 8: return Double(bitPattern: Self.readUnsigned(bytes, at: offset, size: 8))
        default: throw SyntaxError("the binary property list holds an invalid real")
        }
    }

    /// An ASCII (0x5) or UTF-16 (0x6) string, its bytes counted against the expansion limit.
    private mutating func string(marker: UInt8, at start: Int) throws(SyntaxError) -> String {
        var offset = start
        let count = try length(marker: marker, at: &offset)
        if marker >> 4 == 0x5 {
            try require(offset, count)
            try expand(bytes: count)
            let slice = bytes[offset..<(offset + count)]
            guard slice.allSatisfy({ $0 < 0x80 }) else {
                throw SyntaxError("the binary property list holds an ASCII string with non-ASCII bytes")
            }
            return String(decoding: slice, as: UTF8.self)
        }
        guard count <= Int.max / 2 else { throw SyntaxError("the binary property list holds an invalid string") }
        try require(offset, count * 2)
        try expand(bytes: count * 2)
        let units = (0..<count).map { UInt16(bytes[offset + 2 * $0]) << 8 | UInt16(bytes[offset + 2 * $0 + 1]) }
        // Decoded with repair, then compared: valid UTF-16 decodes to exactly its own units, a
        // lone surrogate becomes U+FFFD. (String(validating:as:) needs macOS 15.)
        let string = String(decoding: units, as: UTF16.self)
        guard string.utf16.elementsEqual(units) else {
            throw SyntaxError("the binary property list holds invalid UTF-16")
        }
        return string
    }

    /// The `index`th object reference of a container whose references start at `offset`.
    private func reference(at offset: Int, _ index: Int) -> Int {
        Int(Self.readUnsigned(bytes, at: offset + index * referenceSize, size: referenceSize))
    }

    private mutating func array(marker: UInt8, at start: Int, depth: Int) throws(SyntaxError) -> [PlistNode] {
        var offset = start
        let count = try length(marker: marker, at: &offset)
        guard count <= Int.max / referenceSize else { throw SyntaxError("the binary property list holds an invalid array") }
        try require(offset, count * referenceSize)
        var elements: [PlistNode] = []
        elements.reserveCapacity(count)
        for index in 0..<count {
            elements.append(try parseObject(reference(at: offset, index), depth: depth + 1))
        }
        return elements
    }

    /// A dictionary: its key references, then its value references.
    private mutating func dictionary(marker: UInt8, at start: Int, depth: Int) throws(SyntaxError) -> PlistDictionary {
        var offset = start
        let count = try length(marker: marker, at: &offset)
        guard count <= Int.max / (2 * referenceSize) else { throw SyntaxError("the binary property list holds an invalid dictionary") }
        try require(offset, 2 * count * referenceSize)
        var entries: [PlistDictionaryEntry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let key = try parseObject(reference(at: offset, index), depth: depth + 1)
            guard case .string(let keyString) = key.value else {
                throw SyntaxError("the binary property list has a dictionary key that is not a string")
            }
            entries.append(PlistDictionaryEntry(key: keyString, value: try parseObject(reference(at: offset, count + index), depth: depth + 1)))
        }
        return PlistDictionary(entries)
    }

    /// Counts the bytes of a string or data value against the limit: a shared object costs its
    /// bytes each time it is referenced, as it does once read.
    private mutating func expand(bytes count: Int) throws(SyntaxError) {
        expandedBytes += count
        guard expandedBytes <= limits.maximumExpandedBytes else {
            throw SyntaxError("the binary property list expands to more than \(limits.maximumExpandedBytes) bytes of strings and data")
        }
    }

    private mutating func enter(_ object: Int, depth: Int) throws(SyntaxError) {
        guard depth < limits.maximumDepth else {
            throw SyntaxError("nesting deeper than \(limits.maximumDepth) levels")
        }
        guard inProgress.insert(object).inserted else {
            throw SyntaxError("the binary property list contains a cycle (object \(object) contains itself)")
        }
    }
}
