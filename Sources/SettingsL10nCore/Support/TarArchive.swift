/// The members of a tar archive as `git archive` writes it (POSIX ustar, with pax extended headers
/// for long names): enough to read a bundle as a commit held it, without writing it anywhere.
package enum TarArchive {
    /// One member: a path relative to the archive's root (bytes, as the archive holds them), what
    /// it is, and a file's bytes or a link's target.
    package struct Member: Hashable, Sendable {
        package enum Kind: Hashable, Sendable {
            case file
            case folder
            case symbolicLink
            /// Hard links, devices, FIFOs and anything else tar can hold: never read.
            case other
        }

        package var path: [UInt8]
        package var kind: Kind
        package var contents: [UInt8]
        package var linkTarget: [UInt8]
    }

    private static let blockSize = 512

    /// The members of `bytes`, in order. Files larger than `fileLimit` are listed with their
    /// contents left out and `size` set (the reader refuses them as the disk source does).
    /// - Throws: `SyntaxError` when the archive is cut short or a header is not one.
    package static func members(_ bytes: [UInt8], fileLimit: Int = .max) throws(SyntaxError) -> [(member: Member, size: Int)] {
        var members: [(member: Member, size: Int)] = []
        var offset = 0
        var extended: [String: [UInt8]] = [:]
        while offset + blockSize <= bytes.count {
            let header = bytes[offset..<offset + blockSize]
            // Two zero blocks end the archive; one is enough to stop.
            if header.allSatisfy({ $0 == 0 }) { return members }
            guard let size = number(header, 124, 12), size >= 0 else {
                throw SyntaxError("the archive's header at byte \(offset) has no valid size")
            }
            let dataStart = offset + blockSize
            guard dataStart + size <= bytes.count else { throw SyntaxError("the archive is cut short at byte \(bytes.count)") }
            let data = bytes[dataStart..<dataStart + size]
            offset = dataStart + (size + blockSize - 1) / blockSize * blockSize
            let type = header[header.startIndex + 156]
            switch type {
            case UInt8(ascii: "x"):
                extended = paxRecords(data)
                continue
            case UInt8(ascii: "g"):
                continue
            default: break
            }
            var path = extended["path"] ?? field(header, 0, 100)
            if extended["path"] == nil, field(header, 257, 5) == Array("ustar".utf8) {
                let prefix = field(header, 345, 155)
                if !prefix.isEmpty { path = prefix + [UInt8(ascii: "/")] + path }
            }
            let linkTarget = extended["linkpath"] ?? field(header, 157, 100)
            extended = [:]
            let kind: Member.Kind = switch type {
            case UInt8(ascii: "0"), 0, UInt8(ascii: "7"): .file
            case UInt8(ascii: "5"): .folder
            case UInt8(ascii: "2"): .symbolicLink
            default: .other
            }
            while path.last == UInt8(ascii: "/") { path.removeLast() }
            while path.starts(with: Array("./".utf8)) { path.removeFirst(2) }
            if path.isEmpty || path == [UInt8(ascii: ".")] { continue }
            let contents = kind == .file && size <= fileLimit ? Array(data) : []
            members.append((Member(path: path, kind: kind, contents: contents, linkTarget: kind == .symbolicLink ? linkTarget : []), size))
        }
        guard offset == bytes.count || bytes.isEmpty else { throw SyntaxError("the archive is cut short at byte \(bytes.count)") }
        return members
    }

    /// A NUL-terminated field of the header.
    private static func field(_ header: ArraySlice<UInt8>, _ start: Int, _ length: Int) -> [UInt8] {
        let slice = header[header.startIndex + start..<header.startIndex + start + length]
        return Array(slice.prefix { $0 != 0 })
    }

    /// An octal number field (or base-256, the first byte's high bit set), or `nil`.
    private static func number(_ header: ArraySlice<UInt8>, _ start: Int, _ length: Int) -> Int? {
        let slice = header[header.startIndex + start..<header.startIndex + start + length]
        if let first = slice.first, first & 0x80 != 0 {
            var value = Int(first & 0x7F)
            for byte in slice.dropFirst() {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 256)
                guard !overflow else { return nil }
                value = shifted | Int(byte)
            }
            return value
        }
        var value = 0
        var digits = 0
        for byte in slice {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                guard value < Int.max >> 3 else { return nil }
                value = value << 3 | Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: " ") where digits == 0: continue
            case 0, UInt8(ascii: " "): return digits > 0 ? value : 0
            default: return nil
            }
        }
        return value
    }

    /// `<length> <key>=<value>\n` records of a pax extended header.
    private static func paxRecords(_ data: ArraySlice<UInt8>) -> [String: [UInt8]] {
        var records: [String: [UInt8]] = [:]
        var rest = data
        while let space = rest.firstIndex(of: UInt8(ascii: " ")) {
            guard let length = Int(String(decoding: rest[rest.startIndex..<space], as: UTF8.self)), length > 0,
                  rest.startIndex + length <= rest.endIndex else { break }
            let record = rest[rest.index(after: space)..<rest.startIndex + length - 1]  // without its line break
            if let equals = record.firstIndex(of: UInt8(ascii: "=")) {
                records[String(decoding: record[record.startIndex..<equals], as: UTF8.self)] = Array(record[record.index(after: equals)...])
            }
            rest = rest[(rest.startIndex + length)...]
        }
        return records
    }
}
