/// Names the tool makes for files (temporary files, pages), kept within what a folder allows.
package enum FileNameFitting {
    /// The most bytes a name in a folder may have (`NAME_MAX` on Linux and macOS).
    package static let maximumNameBytes = 255

    /// `name`, so that it and `reserving` more bytes fit in a name: whole when they do, else its
    /// first bytes, cut between scalars, then `~` and 16 hex digits of an FNV-1a hash of the
    /// whole name, so that two long names still make two files.
    package static func fitted(_ name: String, reserving reserved: Int) -> String {
        let room = maximumNameBytes - reserved
        guard name.utf8.count > room else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        let mark = "~" + String(repeating: "0", count: 16 - digits.count) + digits
        var prefix = "", bytes = 0
        for scalar in name.unicodeScalars {
            let count = UTF8.width(scalar)
            if bytes + count > room - mark.utf8.count { break }
            prefix.unicodeScalars.append(scalar)
            bytes += count
        }
        return prefix + mark
    }
}
