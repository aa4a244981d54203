import SettingsL10n

/// A command line that names an output the tool will not write (inside the bundle, or over a
/// file it did not write): a message, and an exit code of 2.
struct UsageFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

/// Where reports, baselines, stamps and exports may be written.
enum OutputGuard {
    /// Refuses an output inside the bundle folder: a report, a baseline or an export never
    /// replaces a schema file or a table (only merge and import write the bundle).
    static func refuseInsideBundle(_ path: String, bundle: DiskBundleSource, option: String) throws {
        let resolved = LocalFile.resolvedPath(path)
        let root = bundle.rootPath
        guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else { return }
        throw UsageFailure("\(option) \(path) is inside the bundle; only merge and import write there: give a path outside it")
    }

    /// Refuses, before anything is written, to replace a file that holds something else than
    /// what the export would write (a translator's returned XLIFF, say) unless `force`; the same
    /// bytes are no loss.
    static func refuseOverwrites(_ files: [(path: String, bytes: [UInt8])], force: Bool) throws {
        guard !force else { return }
        let changed = files.filter { file in
            guard LocalFile.kind(of: file.path) != .missing else { return false }
            return (try? LocalFile.read(file.path, limit: ReadLimits.standard.maximumDocumentSize)) != file.bytes
        }
        guard let first = changed.first else { return }
        let others = changed.count > 1 ? " (and \(changed.count - 1) other file\(changed.count == 2 ? "" : "s"))" : ""
        throw UsageFailure("\(first.path)\(others) exists and differs from this export, perhaps a translator's returned work: import it first, or give --force to replace it; nothing was written")
    }
}
