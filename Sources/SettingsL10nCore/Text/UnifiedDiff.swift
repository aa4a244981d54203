#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unified diffs (`diff -u`) of text files, for `--dry-run`.
package enum UnifiedDiff {
    /// The unified diff from `old` to `new`, labelled `a/<path>` and `b/<path>` (`/dev/null` for a
    /// new file), with three lines of context; empty when the texts are equal.
    package static func diff(old: String, new: String, path: String, isNewFile: Bool = false, context: Int = 3) -> String {
        diff(old: Array(old.utf8), new: Array(new.utf8), path: path, isNewFile: isNewFile, context: context)
    }

    /// `diff` of texts held as UTF-8 bytes.
    package static func diff(old oldBytes: [UInt8], new newBytes: [UInt8], path: String, isNewFile: Bool = false, context: Int = 3) -> String {
        String(decoding: diffBytes(old: oldBytes, new: newBytes, path: path, isNewFile: isNewFile, context: context), as: UTF8.self)
    }

    /// The unified diff of two files' bytes, as `diff -u --text` makes it: lines end at each
    /// line-feed byte, whatever the encoding, so that the diff of a UTF-16 table holds the
    /// file's own bytes and `git apply` or `patch` applies it to the file. Empty when equal.
    package static func diffBytes(old oldBytes: [UInt8], new newBytes: [UInt8], path: String, isNewFile: Bool = false, context: Int = 3) -> [UInt8] {
        // Lines are compared byte for byte: text that only looks the same is still a change.
        if oldBytes == newBytes { return [] }
        return oldBytes.withUnsafeBufferPointer { oldBuffer in
            newBytes.withUnsafeBufferPointer { newBuffer in
                // Only the lines between the common head and tail (and their context) are split
                // and compared: a merge changes a few lines of a long table.
                let (start, oldEnd, newEnd) = changedRegion(oldBuffer, newBuffer, context: context)
                let skipped = lineCount(UnsafeBufferPointer(rebasing: oldBuffer[..<start]))
                return render(lines(UnsafeBufferPointer(rebasing: oldBuffer[start..<oldEnd])),
                              lines(UnsafeBufferPointer(rebasing: newBuffer[start..<newEnd])),
                              lineOffset: skipped, path: path, isNewFile: isNewFile, context: context)
            }
        }
    }

    /// Where the region that differs starts (the same offset in both texts) and where it ends
    /// in each, on line boundaries, widened by `context` lines on each side.
    static func changedRegion(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, context: Int) -> (start: Int, oldEnd: Int, newEnd: Int) {
        let shorter = min(a.count, b.count)
        var head = 0
        while head < shorter, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < shorter - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        // Back to the start of the line the first difference is on, then `context` lines more.
        var start = head
        while start > 0, a[start - 1] != 0x0A { start -= 1 }
        for _ in 0..<context where start > 0 {
            start -= 1
            while start > 0, a[start - 1] != 0x0A { start -= 1 }
        }
        // Forward past the first line feed of the common tail (a line that starts there starts
        // there in both texts), then `context` lines more.
        var tailStart = a.count - tail
        while tailStart < a.count, a[tailStart] != 0x0A { tailStart += 1 }
        tailStart = min(tailStart + 1, a.count)
        for _ in 0..<context where tailStart < a.count {
            tailStart += 1
            while tailStart < a.count, a[tailStart - 1] != 0x0A { tailStart += 1 }
        }
        let kept = a.count - tailStart
        return (start, a.count - kept, b.count - kept)
    }

    /// How many lines (line feeds) the text holds.
    private static func lineCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard var at = text.baseAddress else { return 0 }
        let end = at + text.count
        var count = 0
        while at < end, let found = memchr(at, 0x0A, end - at) {
            count += 1
            at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    private static func render(_ a: [Line], _ b: [Line], lineOffset: Int, path: String, isNewFile: Bool, context: Int) -> [UInt8] {
        let edits = script(a, b)
        var out: [UInt8] = []
        out.append(contentsOf: "--- \(isNewFile ? "/dev/null" : quotedName("a/" + path))\n+++ \(quotedName("b/" + path))\n".utf8)
        // Group the edit script into hunks separated by more than 2 * context equal lines.
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { $0.kind != .equal }) else { break }
            var end = firstChange
            var lastChange = firstChange
            while end < edits.count {
                if edits[end].kind != .equal {
                    lastChange = end
                } else if end - lastChange > 2 * context {
                    break
                }
                end += 1
            }
            let start = max(index, firstChange - context)
            let stop = min(edits.count, lastChange + context + 1)
            let hunk = edits[start..<stop]
            let oldStart = hunk.first!.oldIndex + lineOffset, newStart = hunk.first!.newIndex + lineOffset
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out.append(contentsOf: "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n".utf8)
            for edit in hunk {
                switch edit.kind {
                case .equal: out.append(UInt8(ascii: " "))
                case .delete: out.append(UInt8(ascii: "-"))
                case .insert: out.append(UInt8(ascii: "+"))
                }
                out.append(contentsOf: edit.text.bytes)
                if edit.text.bytes.last != 0x0A { out.append(contentsOf: "\n\\ No newline at end of file\n".utf8) }
            }
            index = stop
        }
        return out
    }

    /// A line of a text as bytes, with its line break; equal when the bytes are. It points into
    /// the text, which outlives it (`diff` holds the text while it works).
    struct Line: Equatable {
        var bytes: UnsafeBufferPointer<UInt8>

        static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.bytes.count == rhs.bytes.count
                && (lhs.bytes.count == 0 || memcmp(lhs.bytes.baseAddress!, rhs.bytes.baseAddress!, lhs.bytes.count) == 0)
        }
    }

    /// A file's name in a header line, quoted as git quotes it where it holds a control
    /// character (a line break would end the header), a quote or a backslash:
    /// `"a/de\n.lproj/Root.strings"`, with C's escapes and octal ones (`\033`), which `git apply`
    /// and GNU `patch` read back. Any other name is written as it is.
    static func quotedName(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return name }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in name.utf8 {
            let named: Character? = switch byte {
            case 0x07: "a"
            case 0x08: "b"
            case 0x09: "t"
            case 0x0A: "n"
            case 0x0B: "v"
            case 0x0C: "f"
            case 0x0D: "r"
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): Character(Unicode.Scalar(byte))
            default: nil
            }
            if let named {
                out.append(UInt8(ascii: "\\"))
                out.append(contentsOf: String(named).utf8)
            } else if byte < 0x20 || byte == 0x7F {
                out.append(UInt8(ascii: "\\"))
                out.append(contentsOf: [byte >> 6, byte >> 3 & 7, byte & 7].map { UInt8(ascii: "0") + $0 })
            } else {
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // Lines are 1-based; an empty range names the line before it.
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    /// The lines of `text`, each with its line feed, as `diff` and `patch` see lines: a CRLF
    /// line ends with its LF, and a carriage return alone does not end a line.
    static func lines(_ text: UnsafeBufferPointer<UInt8>) -> [Line] {
        var result: [Line] = []
        var start = 0
        let count = text.count
        guard let base = text.baseAddress else { return [] }
        while start < count {
            // memchr finds the next line feed many bytes at a time.
            let end: Int
            if let found = memchr(base + start, 0x0A, count - start) {
                end = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            } else {
                end = count
            }
            result.append(Line(bytes: UnsafeBufferPointer(rebasing: text[start..<end])))
            start = end
        }
        return result
    }

    struct Edit<Text> {
        enum Kind { case equal, delete, insert }
        var kind: Kind
        var text: Text
        /// The 0-based line in the old and new text where this edit sits.
        var oldIndex: Int
        var newIndex: Int
    }

    /// A shortest edit script from `a` to `b`: the common head and tail are matched first, the
    /// middle with Myers' O(ND) algorithm; past `limit` differences, the middle is written as
    /// deleted and inserted whole, so huge rewrites stay cheap.
    static func script<Text: Equatable>(_ a: [Text], _ b: [Text], limit: Int = 2000) -> [Edit<Text>] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var edits: [Edit<Text>] = (0..<head).map { Edit(kind: .equal, text: a[$0], oldIndex: $0, newIndex: $0) }
        let middleA = Array(a[head..<(a.count - tail)]), middleB = Array(b[head..<(b.count - tail)])
        // One side empty (a file created or removed): only insertions or deletions. Myers would
        // take min(count, limit) steps of growing length to find as much (quadratic up to the limit).
        if !middleA.isEmpty, !middleB.isEmpty, let middle = myers(middleA, middleB, limit: limit) {
            edits += middle.map { Edit(kind: $0.kind, text: $0.text, oldIndex: $0.oldIndex + head, newIndex: $0.newIndex + head) }
        } else {
            edits += middleA.enumerated().map { Edit(kind: .delete, text: $1, oldIndex: head + $0, newIndex: head) }
            edits += middleB.enumerated().map { Edit(kind: .insert, text: $1, oldIndex: head + middleA.count, newIndex: head + $0) }
        }
        edits += (0..<tail).map {
            Edit(kind: .equal, text: a[a.count - tail + $0], oldIndex: a.count - tail + $0, newIndex: b.count - tail + $0)
        }
        return edits
    }

    /// Myers' algorithm, keeping only the diagonals each step reached; `nil` past `limit` steps.
    private static func myers<Text: Equatable>(_ a: [Text], _ b: [Text], limit: Int) -> [Edit<Text>]? {
        let n = a.count, m = b.count
        let offset = n + m + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        var found = false
        for d in 0...(n + m) {
            if d > limit { return nil }
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break
                }
            }
            if found { break }
        }
        var edits: [Edit<Text>] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[d]   // v before step d, for diagonals -d...d
            func value(_ k: Int) -> Int { saved[k + d] }
            let k = x - y
            let previousK = (k == -d || (k != d && value(k - 1) < value(k + 1))) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : value(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(Edit(kind: .equal, text: a[x], oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, text: b[y], oldIndex: x, newIndex: y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, text: a[x], oldIndex: x, newIndex: y))
                }
            }
        }
        return edits.reversed()
    }
}
