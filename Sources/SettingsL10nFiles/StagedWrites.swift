#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import SettingsL10nCore

extension LocalFile {
    /// Files made one at a time and written into temporary files beside where they go, then put
    /// in place together by `commit()`: an export of forty languages holds one document in
    /// memory, not forty (2.1 GB on the bench's large bundle), and a refusal or a failure before
    /// `commit()` leaves nothing behind (`discard()`: no file, and no folder it created). Each
    /// file is written and flushed on a thread of its own while the next is made; at most two
    /// wait, so memory holds two files.
    ///
    /// Durability is the writer's policy (`Durability`), as for the pages of a preview: each
    /// file's data is flushed to disk before it takes its name, and each folder once, after its
    /// last file, with the folder above each folder created (`Durability.Folders`).
    package final class StagedWrites: @unchecked Sendable {
        private let queue = DispatchQueue(label: "settings-l10n.staging")
        private let waiting = DispatchSemaphore(value: 2)
        /// The temporary files written and where each goes, and the first failure: changed on
        /// the queue only, read through it.
        private var staged: [(temporary: String, path: String)] = []
        private var failure: (path: String, error: WriteError)?
        /// The folders the files go into and those above the folders this created, flushed once
        /// each by `commit()`; the folders this created (outermost first).
        private var folders = Durability.Folders()
        private var createdFolders: [String] = []
        /// The folders files were staged into, swept of what killed runs left.
        private var swept: Set<String> = []

        package init() {}

        /// Writes `bytes` for the regular file at `path` (not a folder: the caller checks) into a
        /// temporary file beside it, creating the folders that are missing. A failure to write is
        /// thrown by `commit()`.
        package func stage(_ bytes: [UInt8], at path: String) throws(WriteError) {
            let folder = LocalFile.folderOf(path)
            if swept.insert(folder).inserted {
                try createFolder(folder)
                Debris.sweep(folder)
                folders.add(folder)
            }
            waiting.wait()
            queue.async {
                defer { self.waiting.signal() }
                guard self.failure == nil else { return }
                do throws(WriteError) {
                    self.staged.append((try LocalFile.writeTemporary(bytes, for: path), path))
                } catch {
                    self.failure = (path, error)
                }
            }
        }

        /// Creates the folder at `path` and those above it that are missing, now (a package's
        /// empty `Notes/`): `discard()` removes them, `commit()` flushes the folders above them.
        package func createFolder(_ path: String) throws(WriteError) {
            let before = createdFolders.count
            try LocalFile.createFolders(path, created: &createdFolders)
            folders.add(created: createdFolders[before...])
        }

        /// Puts every staged file in place (each by a rename, so a reader sees the old file or
        /// the new one) and flushes each folder once. A failure to write a staged file is thrown
        /// before any is renamed (and every staged file removed); a failure to rename one is
        /// thrown with how many were renamed before it (the rest removed).
        package func commit() throws(CommitFailure) {
            let (staged, failure) = queue.sync { (self.staged, self.failure) }
            if let failure {
                discard()
                throw CommitFailure(reason: failure.error.reason, path: failure.path, renamed: 0, staging: true)
            }
            for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
                let reason = String(cString: strerror(errno))
                for rest in staged[index...] { unlink(rest.temporary) }
                queue.sync { self.staged = [] }
                throw CommitFailure(reason: reason, path: file.path, renamed: index, staging: false)
            }
            queue.sync { self.staged = [] }
            if let (folder, failure) = folders.flush() {
                throw CommitFailure(reason: "the files were written, but \(folder) could not be flushed to disk (\(failure)): they may not survive a power cut",
                                    path: nil, renamed: staged.count, staging: false)
            }
        }

        /// Why `commit()` failed: the system's reason, the file it could not write (`staging`)
        /// or put in place (`nil` when every file was, and a folder could not be flushed), and
        /// how many files were put in place.
        package struct CommitFailure: Error {
            package var reason: String
            package var path: String?
            package var renamed: Int
            package var staging: Bool
        }

        /// Removes every staged file and the folders this created (those still empty).
        package func discard() {
            queue.sync {
                for file in staged { unlink(file.temporary) }
                staged = []
            }
            for folder in createdFolders.reversed() { rmdir(folder) }
            createdFolders = []
        }
    }
}
