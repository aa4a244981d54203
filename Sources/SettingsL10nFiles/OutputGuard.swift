import SettingsL10nCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output the tool will not write (inside the bundle, over a file it did not write, through
/// a link planted in an output folder): a message, and a usage error's exit code (2).
package struct OutputRefusal: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }

    package init(_ message: String) {
        self.message = message
    }
}

/// Where reports, baselines, stamps and exports may be written.
package enum OutputGuard {
    /// Refuses an output inside the bundle folder: a report, a baseline or an export never
    /// replaces a schema file or a table (only merge, import and sync write the bundle). Inside
    /// is decided by device and inode (`FileIdentity`), so another path to the bundle (a bind
    /// mount, a Docker volume, a macOS firmlink, another case of its name) is inside too.
    package static func refuseInsideBundle(_ path: String, bundle: DiskBundleSource, option: String) throws {
        guard FileIdentity.isSameOrBelow(path, bundle.rootPath) else { return }
        throw OutputRefusal("\(option) \(path) is inside the bundle, into which settings-l10n writes only the tables (merge, import and sync write them): give a path outside it")
    }

    /// Whether a file is at `path` and holds other bytes than `bytes`.
    package static func differs(_ path: String, from bytes: [UInt8]) -> Bool {
        guard LocalFile.kind(of: path) != .missing else { return false }
        return (try? LocalFile.read(path, limit: ReadLimits.standard.maximumDocumentSize)) != bytes
    }

    /// Refuses, before anything is written, to replace files that hold something else than what
    /// the export would write (a translator's returned XLIFF, say): `changed`, in order, are
    /// those found to differ (`differs`) where `--force` was not given; the same bytes are no loss.
    package static func refuseOverwrites(changed: [String]) throws {
        guard let first = changed.first else { return }
        let others = changed.count > 1 ? " (and \(changed.count - 1) other file\(changed.count == 2 ? "" : "s"))" : ""
        throw OutputRefusal("\(first)\(others) exists and differs from this export, perhaps a translator's returned work: import it first, or give --force to replace it; nothing was written")
    }

    /// Refuses a symbolic link below an output folder, on the way to any file the command
    /// would write there: a link is followed only where the user named it, and one planted in
    /// the folder (`out/de.xliff` to a table of the bundle) must not take the write elsewhere.
    /// `role` names the folder in the message (`the output folder`, `the catalog folder`).
    /// `outcome`: what the refusal left undone, for a folder read rather than written.
    package static func refuseLinks(below folder: String, to files: [String], role: String = "the output folder",
                                    outcome: String = "nothing was written") throws {
        let base = folder.utf8.last == UInt8(ascii: "/") ? String(Substring(folder.unicodeScalars.dropLast())) : folder
        var checked: Set<String> = []
        for file in files {
            guard let below = BundlePath.relative(file, below: base) else { continue }
            var path = base
            for component in BundlePath.components(String(below), omittingEmpty: true) {
                path += "/" + component
                guard checked.insert(path).inserted else { continue }
                var info = stat()
                guard lstat(path, &info) == 0 else { break }  // nothing there yet, nor below
                if info.st_mode & S_IFMT == S_IFLNK {
                    throw OutputRefusal("\(path) is a symbolic link inside \(role) \(folder); settings-l10n follows only a link named on the command line: remove it, or choose another folder; \(outcome)")
                }
            }
        }
    }
}
