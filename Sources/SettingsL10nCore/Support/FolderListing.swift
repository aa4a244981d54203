#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A name in a folder as the file system holds it: bytes, almost always UTF-8.
package struct FolderEntryName: Sendable, Equatable {
    /// The name; where its bytes are not UTF-8, with U+FFFD for what does not decode.
    package let string: String
    /// Whether the bytes are UTF-8, so that `string` names the entry exactly.
    package let isUTF8: Bool
    /// What the listing says the entry is, where the file system says (`d_type`).
    package let kind: Kind

    /// The kinds of entry a listing tells apart without a system call per entry.
    package enum Kind: Sendable, Equatable {
        /// A regular file (not a symbolic link to one).
        case file
        /// A folder (not a symbolic link to one).
        case folder
        /// A symbolic link, anything else, or an entry of a file system that does not say:
        /// `lstat` tells.
        case unknown
    }

    package init(string: String, isUTF8: Bool, kind: Kind = .unknown) {
        self.string = string
        self.isUTF8 = isUTF8
        self.kind = kind
    }

    /// A name starting with a dot (`.DS_Store`, a temporary file).
    package var isHidden: Bool { string.utf8.first == UInt8(ascii: ".") }
}

/// Why a folder could not be listed; `reason` is what the system said.
package enum FolderListingError: Error, Sendable, Equatable {
    /// The folder cannot be opened (`No such file or directory`).
    case cannotOpen(reason: String)
    /// Reading the folder failed part way.
    case cannotRead(reason: String)
    /// More than the limit of entries that are not hidden: the listing stopped there.
    case moreThan(Int)
}

/// The names in a folder, through `opendir` and `readdir`: one place that decodes them and
/// tells a failed read from the end of the folder.
package enum FolderListing {
    /// The names in `folder` but `.` and `..`, in the order the file system gives them; without
    /// `includingHidden`, names starting with a dot are left out too. Stops with `moreThan`
    /// past `limit` names, so that a folder of millions of files is not listed into memory.
    package static func names(in folder: String, includingHidden: Bool = false, limit: Int = .max) throws(FolderListingError) -> [FolderEntryName] {
        guard let directory = opendir(folder) else { throw .cannotOpen(reason: systemMessage()) }
        defer { closedir(directory) }
        var names: [FolderEntryName] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .cannotRead(reason: systemMessage()) }
                return names
            }
            let kind: FolderEntryName.Kind = switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): .file
            case Int32(DT_DIR): .folder
            default: .unknown
            }
            let bytes = nameBytes(of: entry)
            let name = FolderEntryName(string: String(decoding: bytes, as: UTF8.self), isUTF8: DecodedText.isValidUTF8(bytes), kind: kind)
            if name.string == "." || name.string == ".." || (name.isHidden && !includingHidden) { continue }
            guard names.count < limit else { throw .moreThan(limit) }
            names.append(name)
        }
    }

    /// The bytes of an entry's name, read where the entry holds them. `d_name` is declared
    /// longer than most names (256 bytes on Linux, 1,024 on Darwin) and an entry is only as long
    /// as its name needs (`d_reclen`): copying the whole field could read past the entry.
    private static func nameBytes(of entry: UnsafeMutablePointer<dirent>) -> UnsafeBufferPointer<UInt8> {
        let start = (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: UInt8.self)
        #if canImport(Darwin)
        let length = Int(entry.pointee.d_namlen)
        #else
        let length = strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))
        #endif
        return UnsafeBufferPointer(start: start, count: length)
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
