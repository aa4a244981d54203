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
}

/// Maps byte offsets of a UTF-8 buffer to lines and columns.
///
/// Lines end at LF, CRLF or a lone CR, as Xcode and CoreFoundation count them.
package struct LineIndex: Sendable {
    /// The byte offset where each line starts; `lineStarts[0] == 0`.
    private(set) var lineStarts: [Int] = [0]
    private let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                lineStarts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                lineStarts.append(index + 1)
            }
            index += 1
        }
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
        let line = line(at: offset)
        let start = lineStarts[line - 1]
        var column = 1
        var index = start
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return TextPosition(line: line, column: column)
    }
}

/// Positions of increasing offsets in a UTF-8 buffer, found by walking forward from the last
/// one: linear over a whole parse, where a fresh search per position would be quadratic.
struct PositionTracker: Sendable {
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
                while offset < end {
                    if buffer[offset] & 0xC0 != 0x80 { column += 1 }
                    offset += 1
                }
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
