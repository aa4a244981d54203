import SettingsL10n
import SettingsL10nFiles

/// The bundle as a commit of its git repository held it, for `check --new-since REF`: read with
/// `git archive` into memory (nothing is written), compared with the commit where the current
/// branch forked from REF (their merge base, as `git diff REF...` compares), or REF itself when
/// they share no history.
struct GitSnapshot {
    /// The repository's top folder (a real path).
    var top: String
    /// The commit compared with.
    var commit: String
    /// How messages name it: `origin/main (1a2b3c4d)`, or with `where HEAD forked from it`.
    var name: String
    /// The bundle as the commit held it, or `nil` when the commit has no folder there.
    var source: SnapshotBundleSource?

    /// The largest archive of a bundle read.
    static let archiveLimit = 1 << 30

    /// Reads the bundle whose real path is `bundle` as `ref` held it.
    /// - Throws: `UsageFailure` (exit 2) when the bundle is in no git repository or `ref` names
    ///   no commit; `CommandFailure` (exit 3) when git cannot be run or fails otherwise.
    static func read(bundle: String, ref: String) throws -> GitSnapshot {
        guard !ref.isEmpty, !ref.hasPrefix("-") else {
            throw UsageFailure("--new-since takes a commit, branch or tag (origin/main, v1.2.0, a commit id), not \(MessageText.quoted(ref))")
        }
        let topLevel = try Git.run(["-C", bundle, "rev-parse", "--show-toplevel"])
        guard topLevel.status == 0 else {
            if topLevel.message.contains("not a git repository") {
                throw UsageFailure("--new-since compares the bundle with its history in git, and \(bundle) is not in a git repository (git: \(topLevel.message))")
            }
            throw CommandFailure("git cannot read the repository of \(bundle): \(topLevel.message)")
        }
        let top = LocalFile.resolvedPath(topLevel.text)
        let prefix = try path(of: bundle, below: top)
        let resolved = try Git.run(["-C", top, "rev-parse", "--verify", "--quiet", ref + "^{commit}"])
        guard resolved.status == 0, !resolved.text.isEmpty else {
            throw UsageFailure("--new-since \(MessageText.quoted(ref)) names no commit of the repository at \(top): give a branch, tag or commit id it has (a shallow clone, as CI checks out by default, may lack it: fetch it first, such as git fetch origin main, or check out with fetch-depth: 0)")
        }
        var commit = resolved.text
        var name = "\(ref) (\(commit.prefix(8)))"
        let base = try Git.run(["-C", top, "merge-base", commit, "HEAD"])
        if base.status == 0, !base.text.isEmpty, base.text != commit {
            commit = base.text
            name = "\(ref) (\(commit.prefix(8)), where HEAD forked from it)"
        } else if base.status != 0 || base.text.isEmpty,
                  try Git.run(["-C", top, "rev-parse", "--is-shallow-repository"]).text == "true" {
            // In a shallow clone the fork point may be a commit it does not hold: REF's tip
            // would stand in for it, and what REF fixed since would be called the branch's.
            throw UsageFailure("--new-since \(MessageText.quoted(ref)): this clone is shallow and holds no commit that HEAD and \(ref) (\(commit.prefix(8))) share, so where HEAD forked from it is unknown; fetch the history (git fetch --unshallow, or check out with fetch-depth: 0) and check again")
        }
        let tree = prefix.isEmpty ? commit + "^{tree}" : commit + ":" + prefix
        let kind = try Git.run(["-C", top, "cat-file", "-t", tree])
        guard kind.status == 0, kind.text == "tree" else {
            return GitSnapshot(top: top, commit: commit, name: name, source: nil)
        }
        let archive = try Git.run(["-C", top, "archive", "--format=tar", tree], limit: archiveLimit)
        guard archive.status == 0 else {
            throw CommandFailure("git cannot archive the bundle at \(name): \(archive.message)")
        }
        do {
            return GitSnapshot(top: top, commit: commit, name: name, source: try SnapshotBundleSource(tar: archive.stdout))
        } catch {
            throw CommandFailure("git archive of the bundle at \(name) cannot be read: \(error.description)")
        }
    }

    /// The path of the folder `real` in the repository whose top folder is `top` (`""` for the
    /// top folder itself), as git names it.
    private static func path(of real: String, below top: String) throws -> String {
        if real.utf8.elementsEqual(top.utf8) { return "" }
        if let relative = BundlePath.relative(real, below: top) { return String(relative) }
        // Another spelling of the same folder (a link above the repository): git's own answer.
        let prefix = try Git.run(["-C", real, "rev-parse", "--show-prefix"])
        guard prefix.status == 0 else { throw CommandFailure("git cannot place \(real) in the repository at \(top): \(prefix.message)") }
        var text = prefix.text
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The bytes of the file at `path` (a path on disk, as the user gave it) as the commit held
    /// it, or `nil` when the commit has none there or the file is outside the repository.
    func contents(ofFileAt path: String) throws -> [UInt8]? {
        let folder = LocalFile.resolvedPath(LocalFile.folderOf(path))
        let name = BundlePath.splitLast(path).name
        guard folder.utf8.elementsEqual(top.utf8) || BundlePath.relative(folder, below: top) != nil else { return nil }
        let inRepository = try Self.path(of: folder, below: top)
        let file = (inRepository.isEmpty ? "" : inRepository + "/") + name
        let blob = try Git.run(["-C", top, "cat-file", "blob", commit + ":" + file], limit: ReadLimits.standard.maximumDocumentSize)
        return blob.status == 0 ? blob.stdout : nil
    }
}
