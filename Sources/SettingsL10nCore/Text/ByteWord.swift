/// Eight bytes at once, for scans that pass plain text a word at a step and look byte by byte
/// only where a word holds a byte that may matter (terminal escapes, characters XML forbids).
enum ByteWord {
    /// A word whose every byte is `byte`.
    @inline(__always)
    static func repeating(_ byte: UInt8) -> UInt64 {
        0x0101_0101_0101_0101 &* UInt64(byte)
    }

    /// The eight bytes from `index`, the first in the lowest byte.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `word` that is zero, and no other bit.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }
}
