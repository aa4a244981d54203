#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore

/// A file or folder as the system knows it: its device and inode. Two paths name the same
/// folder when their identities are equal, whatever their spelling: a bind mount or a Docker
/// volume of the bundle, a macOS firmlink, another case of a name on a volume that ignores case.
/// Where a guarantee is "inside the bundle" or "inside the output folder", it is this, never a
/// comparison of path strings.
package struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity of what `path` names, links followed, or `nil` when nothing is there.
    package static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether `path` (which need not exist yet) is `folder` or lies below it: the folders that
    /// hold it, from its nearest existing one up to `/`, links resolved (`realpath`), compared
    /// with `folder` by identity.
    package static func isSameOrBelow(_ path: String, _ folder: String) -> Bool {
        relative(path, below: folder) != nil
    }

    /// `path` relative to `folder` when it is `folder` (`""`) or lies below it, by identity (see
    /// `isSameOrBelow`): the part of its real path below the folder that is `folder`; else `nil`.
    package static func relative(_ path: String, below folder: String) -> String? {
        guard let target = of(folder) else { return nil }
        let components = BundlePath.components(LocalFile.resolvedPath(path), omittingEmpty: true).map(String.init)
        var count = components.count
        while true {
            if of("/" + components.prefix(count).joined(separator: "/")) == target {
                return components.dropFirst(count).joined(separator: "/")
            }
            guard count > 0 else { return nil }
            count -= 1
        }
    }
}
