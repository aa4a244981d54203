import SettingsL10nCore

/// The one policy for paths that come from files (a configuration's `"catalog"` and `"bundle"`,
/// and any path setting it gains later): a path is resolved against the configuration's folder,
/// and refused when it leaves the repository (the nearest folder above the configuration that
/// holds `.git`; without one, the configuration's own folder), where a configuration could make
/// the tool create, rewrite or prune another project's files. A configuration inside a bundle (a
/// third-party bundle's, copied into the app) is used for its rules only: every path in it is
/// refused. Leaving is decided on the real path (links resolved) by device and inode
/// (`FileIdentity`).
package enum PathPolicy {
    /// A path the policy refused: the reason, to be said at the setting's line and column.
    package struct Refusal: Error, Equatable, Sendable {
        package var reason: String
    }

    /// The folder a configuration's paths must stay in: the nearest folder from the
    /// configuration's own up to `/` that holds `.git` (a folder, or a file as in a worktree or a
    /// submodule), else the configuration's folder.
    package static func root(forConfigurationAt file: String) -> String {
        let folder = LocalFile.resolvedPath(LocalFile.folderOf(file))
        var components = BundlePath.components(folder, omittingEmpty: true).map(String.init)
        while true {
            let candidate = "/" + components.joined(separator: "/")
            if LocalFile.kind(of: (candidate == "/" ? "" : candidate) + "/.git") != .missing { return candidate }
            guard components.popLast() != nil else { return folder }
        }
    }

    /// `value` (the setting `setting` of the configuration at `file`) resolved against the
    /// configuration's folder, with `folder/..` folded away; refused when it names no plain
    /// relative path, leaves the repository, or comes from a configuration inside the bundle.
    package static func resolve(_ value: String, setting: String, configurationAt file: String,
                                insideBundle: Bool) throws(Refusal) -> String {
        if insideBundle {
            throw Refusal(reason: "\"\(setting)\" is set in a configuration inside the bundle, which ships in the app and is used for its rules only (a third-party bundle's may name any path); move the setting into a \(configurationName) beside the bundle")
        }
        guard !value.unicodeScalars.contains(where: isControl) else {
            throw Refusal(reason: "\"\(setting)\" holds a control character or a line break; give a plain path relative to the configuration file")
        }
        let path = folded(joined(LocalFile.folderOf(file), value))
        let root = root(forConfigurationAt: file)
        guard FileIdentity.isSameOrBelow(path, root) else {
            // Outside a repository (no folder above holds .git), the configuration's folder stands for it.
            if LocalFile.kind(of: (root == "/" ? "" : root) + "/.git") == .missing {
                throw Refusal(reason: "\"\(setting)\" is \(MessageText.quoted(value)), which leads out of the configuration's folder (\(root)); outside a git repository settings-l10n reads and writes only paths below the configuration file: give a path below it, or put the project in a repository")
            }
            throw Refusal(reason: "\"\(setting)\" is \(MessageText.quoted(value)), which leads out of the repository (\(root)); settings-l10n reads and writes only paths inside it: give a path inside it")
        }
        return path
    }

    static let configurationName = ".settings-l10n.json"

    /// A C0 or C1 control, DEL, or a Unicode line or paragraph separator.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        folder == "." ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    /// `path` with `folder/..` and `.` folded away (`Sources/App/../../Settings.xcstrings` →
    /// `Settings.xcstrings`), as the user would read it; a leading `..` stays.
    package static func folded(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = BundlePath.isAbsolute(path)
        for part in BundlePath.components(path, omittingEmpty: true) {
            if BundlePath.isParent(part), let last = parts.last, !BundlePath.isParent(last) {
                parts.removeLast()
            } else if !part.utf8.elementsEqual(".".utf8) {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
