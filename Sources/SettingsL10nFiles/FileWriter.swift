/// The writers of the one writer, by what they write: every file the tool creates, replaces,
/// renames or removes goes through one of them, and so has the guarantees of all (`Placement`,
/// `Debris`, `Durability`, `FileIdentity`). The command registry (`Surfaces` in the executable)
/// says which each command uses; a writer that no command is listed with fails a test, so the
/// fault, hostile-input and linearity suites reach every one.
package enum FileWriter: String, CaseIterable, Sendable {
    /// `DiskBundleWriter`: tables of the bundle (merge, import, sync), each only while it is
    /// still the one read, inside the bundle, never through a link.
    case bundleTables = "bundle-tables"
    /// `LocalFile.replace(readFile:)`: a file the command read before writing it (sync's String
    /// Catalogs), exchanged and checked as tables are.
    case readFile = "read-file"
    /// `LocalFile.StagedWrites`: an export's files, staged beside where they go and put in place
    /// together (extract --xliff, --xcloc, --xcstrings).
    case staged
    /// `LocalFile.write(_:to:)`: one file the user named (a report, a baseline, a stamp).
    case namedFile = "named-file"
    /// `LocalFile.write(files:)`: many files into a folder the user named (render's pages).
    case files
    /// `LocalFile.ScratchFolder`: a private folder under the system's temporary folder for a
    /// child process's own files (the browser's profile of `render --format png`), removed with
    /// all it holds before the command ends.
    case scratch
}
