#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 1-based position in a text file: the line, and the column counted in Unicode scalars.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    /// The 1-based column, or `nil` where the format only tracks lines.
    public var column: Int?

    public init(line: Int, column: Int? = nil) {
        self.line = line
        self.column = column
    }

    public var description: String {
        column.map { "\(line):\($0)" } ?? "\(line)"
    }

    /// `:line:column` to follow a file's path in a message (column 1 where only the line is
    /// known); empty without a position.
    public static func pathSuffix(_ position: TextPosition?) -> String {
        position.map { ":\($0.line):\($0.column ?? 1)" } ?? ""
    }
}

/// Maps byte offsets of a UTF-8 buffer to lines and columns.
///
/// Lines end at LF, CRLF or a lone CR, as Xcode and CoreFoundation count them.
package struct LineIndex: Sendable {
    /// The byte offset where each line starts; `lineStarts[0] == 0`.
    private(set) var lineStarts: [Int] = [0]
    private let bytes: [UInt8]
    /// The scalars before each block of `blockSize` bytes: a column is then a difference of two
    /// counts, each at most a block's scan away, however long the line (a plist written on one
    /// line made every position a scan from the start of the file, quadratic over a parse).
    private var scalarsBefore: [Int] = []
    private static let blockSize = 1_024

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            if memchr(base, 0x0D, count) == nil {
                // No carriage return (nearly every file): from line break to line break with memchr.
                var offset = 0
                while offset < count, let found = memchr(base + offset, 0x0A, count - offset) {
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    lineStarts.append(offset)
                }
                return
            }
            var index = 0
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    lineStarts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    lineStarts.append(index + 1)
                }
                index += 1
            }
        }
        scalarsBefore.reserveCapacity(count / Self.blockSize + 1)
        var scalars = 0
        bytes.withUnsafeBufferPointer { buffer in
            for start in stride(from: 0, to: count, by: Self.blockSize) {
                scalarsBefore.append(scalars)
                scalars += PositionTracker.scalarCount(buffer, from: start, to: min(start + Self.blockSize, count))
            }
        }
    }

    /// The scalars of the bytes before `offset`.
    private func scalars(before offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        let block = offset / Self.blockSize
        guard block < scalarsBefore.count else { return scalarsBefore.last.map { $0 + PositionTracker.scalarCount(buffer, from: (scalarsBefore.count - 1) * Self.blockSize, to: offset) } ?? 0 }
        return scalarsBefore[block] + PositionTracker.scalarCount(buffer, from: block * Self.blockSize, to: offset)
    }

    /// The 1-based line that holds `offset`.
    package func line(at offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// The 1-based line and column (in Unicode scalars) of `offset`.
    package func position(at offset: Int) -> TextPosition {
        position(at: offset, line: line(at: offset))
    }

    /// `position(at:)` for offsets that mostly increase, as a parser asks for them: `line` is
    /// the line of the offset asked for before (1 to start), walked forward from there instead
    /// of searched for, and then the line of `offset`.
    package func position(at offset: Int, after line: inout Int) -> TextPosition {
        if line < 1 || line > lineStarts.count || lineStarts[line - 1] > offset {
            line = self.line(at: offset)
        } else {
            while line < lineStarts.count, lineStarts[line] <= offset { line += 1 }
        }
        return position(at: offset, line: line)
    }

    private func position(at offset: Int, line: Int) -> TextPosition {
        let start = lineStarts[line - 1]
        let end = min(offset, bytes.count)
        let column = 1 + (start < end ? bytes.withUnsafeBufferPointer { buffer in
            end - start <= Self.blockSize ? PositionTracker.scalarCount(buffer, from: start, to: end)
                : scalars(before: end, in: buffer) - scalars(before: start, in: buffer)
        } : 0)
        return TextPosition(line: line, column: column)
    }
}

/// Positions of increasing offsets in a UTF-8 buffer, found by walking forward from the last
/// one: linear over a whole parse, where a fresh search per position would be quadratic.
struct PositionTracker: Sendable {
    /// The scalars of the UTF-8 bytes `buffer[start..<end]`: the bytes that do not continue a
    /// scalar (10xxxxxx), counted eight at a time (a value's column is some 30 bytes on).
    static func scalarCount(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var count = 0, index = start
        while index &+ 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // High bit set in each byte whose top bits are 10.
            let continuation = word & ~(word << 1) & 0x8080_8080_8080_8080
            count &+= 8 &- continuation.nonzeroBitCount
            index &+= 8
        }
        while index < end {
            if buffer[index] & 0xC0 != 0x80 { count &+= 1 }
            index &+= 1
        }
        return count
    }

    private let bytes: [UInt8]
    /// Whether the text has a carriage return: without one, lines are found with `memchr`.
    private let hasCarriageReturn: Bool
    private var offset = 0
    private var line = 1
    private var column = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        hasCarriageReturn = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) != nil } ?? false
        }
    }

    /// The 1-based line and column (in Unicode scalars) of `target`.
    mutating func position(at target: Int) -> TextPosition {
        if target < offset {
            offset = 0
            line = 1
            column = 1
        }
        let end = min(target, bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, offset < end else { return }
            var offset = self.offset, line = self.line, column = self.column
            if !hasCarriageReturn {
                // Jump from line break to line break; count columns on the last line only.
                while offset < end, let found = memchr(base + offset, 0x0A, end - offset) {
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    line += 1
                    column = 1
                }
                column += Self.scalarCount(buffer, from: offset, to: end)
                offset = end
            } else {
                while offset < end {
                    let byte = buffer[offset]
                    if byte == 0x0A {
                        line += 1
                        column = 1
                    } else if byte == 0x0D {
                        line += 1
                        column = 1
                        if offset + 1 < end, buffer[offset + 1] == 0x0A { offset += 1 }
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                    offset += 1
                }
            }
            self.offset = offset
            self.line = line
            self.column = column
        }
        return TextPosition(line: line, column: column)
    }
}
