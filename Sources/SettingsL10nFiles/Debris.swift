#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SettingsL10nCore

/// The temporary files of the one writer, and what killed runs left of them.
///
/// Every file is first written as `.<name>.settings-l10n-<pid>.tmp` beside where it goes: hidden,
/// this process's, recognised by `owner(of:)` when a killed run (or one whose machine lost
/// power) left it. The next run of a command that writes there removes those of processes that
/// no longer run: merge, import and sync in the bundle (every folder of it, also when they find
/// nothing to write), sync beside its catalogs, an exporter in its output folder, a report,
/// baseline or stamp beside its file. `check` and `extract` without an export never remove
/// anything: they do not write there, and may run where nothing can be written.
package enum Debris {
    /// What every temporary file's name holds: `.<name>` + marker + `<pid>.tmp`.
    package static let marker = ".settings-l10n-"

    /// The name of the temporary file that becomes `name` (`.Root.strings.settings-l10n-4242.tmp`).
    package static func temporaryName(for name: String) -> String {
        "." + stem(of: name) + marker + "\(getpid()).tmp"
    }

    /// `name` as its temporary file's name holds it: whole, or where the whole would make that
    /// name longer than a folder allows (a page or catalog named after a schema file or table of
    /// some 230 bytes), shortened by `FileNameFitting`, so that two long names still get two
    /// temporary files.
    static func stem(of name: String) -> String {
        // The dot, the marker, a process id of up to ten digits, `.tmp`.
        FileNameFitting.fitted(name, reserving: 1 + marker.utf8.count + 10 + 4)
    }

    /// The temporary file beside `path` (a folder, then `/`, then the name; or a bare name).
    package static func temporaryPath(for path: String) -> String {
        let split = BundlePath.splitLast(path)
        return (split.folder.map { $0 + "/" } ?? "") + temporaryName(for: String(split.name))
    }

    /// The process id in a temporary file's name (`.Root.strings.settings-l10n-4242.tmp`).
    package static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.byteRange(of: marker) else { return nil }
        let digits = name[marker.upperBound...].dropLast(4)
        // As `temporaryName` writes a process id: digits only, the first not 0 (`+12` and
        // `0012` are some other file's name).
        guard let first = digits.first, first != "0", digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), let pid = pid_t(digits), pid > 0 else { return nil }
        return pid
    }

    /// Whether the process that named a temporary file is gone: `kill` with signal 0 asks
    /// whether it exists, and `ESRCH` says it does not.
    static func isLeftOver(_ name: String) -> Bool {
        guard let pid = owner(of: name), pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporary files of processes that no longer run from `folder` (only those of
    /// the file named `target`, when given; only those of files whose name ends in `suffix`,
    /// when given: the tables, in a bundle, where nothing else is written): regular files only,
    /// never a link or a folder.
    package static func sweep(_ folder: String, for target: String? = nil, endingIn suffix: String? = nil) {
        guard let names = try? FolderListing.names(in: folder, includingHidden: true) else { return }
        for name in names.lazy.filter(\.isUTF8).map(\.string) {
            if let target, !name.hasPrefix("." + stem(of: target) + marker) { continue }
            if let suffix, name.byteRange(of: suffix + marker) == nil { continue }
            guard isLeftOver(name) else { continue }
            var info = stat()
            if lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                unlink(folder + "/" + name)
            }
        }
    }

    /// The folders of a bundle a sweep looks in: the bundle's own, and each `.lproj` folder that
    /// is a real folder (not a link).
    package static func bundleFolders(_ root: String) -> [String] {
        var folders = [root]
        if let names = try? FolderListing.names(in: root) {
            for name in names.lazy.filter(\.isUTF8).map(\.string) where name.hasSuffix(".lproj") {
                var info = stat()
                if lstat(root + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { folders.append(root + "/" + name) }
            }
        }
        return folders
    }
}
