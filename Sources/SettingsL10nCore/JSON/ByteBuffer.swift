/// A growing run of bytes, appended with plain copies: what `JSONWriter` writes into.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ first: UInt8, _ second: UInt8) {
        if capacity - count < 2 { grow(toHold: 2) }
        base[count] = first
        base[count + 1] = second
        count += 2
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        Self.copy(source, to: UnsafeMutableRawPointer(base + count), count: bytes.count)
        count += bytes.count
    }

    /// Copies `count` bytes: up to 32 in overlapping loads and stores, without a call to
    /// memcpy (most pieces of a document are a few dozen bytes: keys, short values, runs
    /// between escapes).
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int) {
        if count > 32 {
            destination.copyMemory(from: source, byteCount: count)
        } else if count > 16 {
            // The first sixteen bytes and the last sixteen, overlapping in the middle.
            let end = count - 16
            destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (destination + 8).storeBytes(of: (source + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
            (destination + end).storeBytes(of: (source + end).loadUnaligned(as: UInt64.self), as: UInt64.self)
            (destination + end + 8).storeBytes(of: (source + end + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else if count >= 8 {
            destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (destination + count - 8).storeBytes(of: (source + count - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else if count >= 4 {
            destination.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (destination + count - 4).storeBytes(of: (source + count - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else {
            for offset in 0..<count { (destination + offset).storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), as: UInt8.self) }
        }
    }

    /// `"key":` (and a space), in one step: a key that needs no escape.
    @inline(__always)
    mutating func appendKey(_ key: UnsafeRawBufferPointer, space: Bool) {
        let total = key.count + (space ? 4 : 3)
        if capacity - count < total { grow(toHold: total) }
        var at = base + count
        at.pointee = UInt8(ascii: "\"")
        at += 1
        if let source = key.baseAddress, !key.isEmpty {
            Self.copy(source, to: UnsafeMutableRawPointer(at), count: key.count)
            at += key.count
        }
        at.pointee = UInt8(ascii: "\"")
        (at + 1).pointee = UInt8(ascii: ":")
        if space { (at + 2).pointee = 0x20 }
        count += total
    }

    /// A line break and `indentation` spaces, in one step.
    @inline(__always)
    mutating func appendLineBreak(indentation: Int) {
        if capacity - count < indentation + 1 { grow(toHold: indentation + 1) }
        base[count] = 0x0A
        // Eight spaces a store: a call to memset costs more than the few spaces of a line.
        var at = UnsafeMutableRawPointer(base + count + 1)
        var left = indentation
        while left >= 8 {
            at.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            at += 8
            left -= 8
        }
        while left > 0 {
            at.storeBytes(of: 0x20 as UInt8, as: UInt8.self)
            at += 1
            left -= 1
        }
        count += indentation + 1
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Empties the buffer, keeping its memory.
    mutating func removeAll() {
        count = 0
    }

    /// A copy of the bytes.
    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes as text (they are UTF-8 by construction).
    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}
