/// Paths inside a bundle (`en.lproj/Root.strings`), looked at in bytes, as the system reads
/// them. Split into characters, a `/` followed by a combining mark is one character, and the
/// `..` before it would go unseen while the system still climbs it.
package enum BundlePath {
    /// The names between the `/` bytes of `path`, empty ones included unless `omittingEmpty`.
    package static func components(_ path: String, omittingEmpty: Bool) -> [Substring] {
        var components: [Substring] = []
        let utf8 = path.utf8
        var start = utf8.startIndex
        // Sliced through the scalars: a String subscript would round the index after a `/`
        // down to the character the `/` begins.
        func add(_ end: String.Index) {
            if !omittingEmpty || start < end { components.append(Substring(path.unicodeScalars[start..<end])) }
        }
        for index in utf8.indices where utf8[index] == UInt8(ascii: "/") {
            add(index)
            start = utf8.index(after: index)
        }
        add(utf8.endIndex)
        return components
    }

    /// Whether `component` is `.` or `..`, byte for byte.
    package static func isDots(_ component: Substring) -> Bool {
        component.utf8.elementsEqual(".".utf8) || component.utf8.elementsEqual("..".utf8)
    }

    /// Whether `component` is `..`, byte for byte.
    package static func isParent(_ component: Substring) -> Bool {
        component.utf8.elementsEqual("..".utf8)
    }

    /// Whether `path` is plain names joined by `/`: no empty name, no `.` or `..`.
    package static func isPlain(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                let length = index - start
                if length == 0 { return false }
                if length <= 2, bytes[start] == UInt8(ascii: "."), length == 1 || bytes[start + 1] == UInt8(ascii: ".") { return false }
                start = index + 1
            }
            return true
        }
    }

    /// What follows `folder` and a `/` in `path`, compared byte for byte; `nil` when `path` is
    /// not below `folder`. A trailing `/` of `folder` is ignored (`/` itself holds every
    /// absolute path). As characters, `folder/` would not prefix `folder/\u{301}x`: the `/` and
    /// the mark are one.
    package static func relative(_ path: String, below folder: String) -> Substring? {
        var base = folder.utf8[...]
        if base.last == UInt8(ascii: "/") { base = base.dropLast() }
        let utf8 = path.utf8
        guard utf8.count > base.count, utf8.starts(with: base) else { return nil }
        let slash = utf8.index(utf8.startIndex, offsetBy: base.count)
        guard utf8[slash] == UInt8(ascii: "/") else { return nil }
        return Substring(path.unicodeScalars[utf8.index(after: slash)...])
    }

    /// Whether `path` is `folder` or below it, byte for byte.
    package static func isSameOrBelow(_ path: String, _ folder: String) -> Bool {
        path.utf8.elementsEqual(folder.utf8) || relative(path, below: folder) != nil
    }

    /// Whether `path` starts with a `/` byte (as characters, `/` and a mark after it are one).
    package static func isAbsolute(_ path: String) -> Bool {
        path.utf8.first == UInt8(ascii: "/")
    }

    /// `path` split at its last `/` byte: what comes before it (`nil` when there is no `/`, empty
    /// for `/name`) and the name after it.
    package static func splitLast(_ path: String) -> (folder: Substring?, name: Substring) {
        let utf8 = path.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return (nil, Substring(path)) }
        let scalars = path.unicodeScalars
        return (Substring(scalars[..<slash]), Substring(scalars[utf8.index(after: slash)...]))
    }

    /// Why a name of the bundle (a `StringsTable`, a child pane's `File`) may not hold `scalar`,
    /// or `nil` when it may: a control character (C0, DEL or C1, such as U+0085 NEXT LINE),
    /// or a line or paragraph separator, which end a line for a terminal, an editor or a log.
    package static func refusal(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: "a control character"
        case 0x2028: "a line separator (U+2028)"
        case 0x2029: "a paragraph separator (U+2029)"
        default: nil
        }
    }
}
