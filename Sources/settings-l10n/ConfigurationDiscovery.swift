#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SettingsL10n
import SettingsL10nFiles

/// Where a bundle's configuration file is: `--config`, else the first `.settings-l10n.json`
/// found in the bundle folder, beside it, then in each parent folder up to the repository's
/// root (the first folder holding `.git`). Outside a repository, only the bundle folder and
/// the folder beside it are looked in.
struct ConfigurationFile: Equatable {
    /// The file's path as the user would type it (relative to the working directory when the
    /// bundle was named by a relative path).
    var path: String
    /// The file relative to the bundle (`../.settings-l10n.json`), as findings name it; absolute
    /// when it is not below the bundle's parent folders.
    var location: String

    /// The candidates, in the order they are tried: each file's path and location.
    static func candidates(forBundle bundle: String) -> [ConfigurationFile] {
        let folder = URL(fileURLWithPath: bundle).standardizedFileURL
        var candidates = [ConfigurationFile(path: folder.appendingPathComponent(CheckConfiguration.fileName).path,
                                            location: CheckConfiguration.fileName)]
        var ancestors: [URL] = []
        var current = folder.deletingLastPathComponent()
        while true {
            ancestors.append(current)
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        let root = ancestors.firstIndex { FileManager.default.fileExists(atPath: $0.appendingPathComponent(".git").path) }
        for (depth, ancestor) in ancestors.prefix((root ?? 0) + 1).enumerated() {
            candidates.append(ConfigurationFile(path: ancestor.appendingPathComponent(CheckConfiguration.fileName).path,
                                                location: String(repeating: "../", count: depth + 1) + CheckConfiguration.fileName))
        }
        let relative = !BundlePath.isAbsolute(bundle)
        return candidates.map { ConfigurationFile(path: relative ? displayPath($0.path) : $0.path, location: $0.location) }
    }

    /// The configuration of the bundle at `bundle`: `explicit` (`--config`) when given, else the
    /// first candidate that exists.
    static func find(forBundle bundle: String, explicit: String?) -> ConfigurationFile? {
        if let explicit {
            let absolute = URL(fileURLWithPath: explicit).standardizedFileURL.path
            // Inside the bundle by device and inode: another path to the bundle is the bundle.
            let inside = FileIdentity.relative(explicit, below: bundle).flatMap { $0.isEmpty ? nil : $0 }
            return ConfigurationFile(path: explicit, location: inside ?? absolute)
        }
        return candidates(forBundle: bundle).first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `path` relative to the working directory when it lies below it.
    private static func displayPath(_ path: String) -> String {
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        return BundlePath.relative(path, below: workingDirectory).map(String.init) ?? path
    }
}
