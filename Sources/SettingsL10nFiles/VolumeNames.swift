#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore

/// Names as the volume compares them. macOS's default volume ignores case (and Unicode
/// normalization): asking for `de.lproj` there opens an existing `DE.lproj`, and a new
/// `Privacy.strings` cannot be created beside `privacy.strings`. A device's volume tells them
/// apart, so a file written under the other spelling ships where the device does not look.
///
/// The volume is asked, not imitated: a name it resolves to the same file (device and inode) as
/// another entry of the folder is that entry's other spelling. Where the exact name is an entry
/// of the folder, which is every case on a volume that tells case apart, no entry is looked at.
package enum VolumeNames {
    /// The entry of `path`'s folder that is the same file as `path` under another spelling, or
    /// `nil` (nothing is there, or it is there under exactly this name).
    package static func otherName(of path: String) -> String? {
        let split = BundlePath.splitLast(path)
        let folder = split.folder.map { $0.isEmpty ? "/" : String($0) } ?? "."
        let name = String(split.name)
        var target = stat()
        guard lstat(path, &target) == 0, let names = try? FolderListing.names(in: folder, includingHidden: true) else { return nil }
        if names.contains(where: { $0.string.utf8.elementsEqual(name.utf8) }) { return nil }
        for entry in names where entry.isUTF8 {
            var info = stat()
            if lstat(folder + "/" + entry.string, &info) == 0, info.st_dev == target.st_dev, info.st_ino == target.st_ino {
                return entry.string
            }
        }
        return nil
    }
}
