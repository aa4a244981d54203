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
    /// in place together by `commit()`: an export of forty languages holds a few documents in
    /// memory, not forty (2.1 GB on the bench's large bundle), and a refusal or a failure before
    /// `commit()` leaves nothing behind (`discard()`: no file, and no folder it created).
    ///
    /// Durability is the writer's policy (`Durability`), as for the pages of a preview: each
    /// file's data is flushed to disk before it takes its name, and each folder once, after its
    /// last file (and the folder above each folder created). The files are written and flushed
    /// on several threads while the next is made, so that their flushes overlap (one at a time,
    /// an export of packages waited on the disk for a third of its time): at most `width` wait,
    /// and at most `byteBudget` bytes of them unless a single file is larger.
    package final class StagedWrites: @unchecked Sendable {
        private let work = DispatchQueue(label: "settings-l10n.staging", attributes: .concurrent)
        private let state = DispatchQueue(label: "settings-l10n.staging.state")
        private let running = DispatchGroup()
        private let slots: DispatchSemaphore
        private let budget: DispatchSemaphore
        private let budgetUnits: Int
        /// The bytes a unit of `budget` stands for.
        private static let unit = 1 << 20
        /// The temporary files written, by the order they were staged in, and the first failure
        /// in that order: changed and read through `state`.
        private var staged: [(index: Int, temporary: String, path: String)] = []
        private var failure: (index: Int, path: String, error: WriteError)?
        private var count = 0
        /// The folders the files go into and those above the folders this created, flushed once
        /// each by `commit()`; the folders this created (outermost first).
        private var folders = Durability.Folders()
        private var createdFolders: [String] = []
        /// The folders files were staged into, swept of what killed runs left.
        private var swept: Set<String> = []

        /// `width` files written at once (the writer's, as for tables and pages), holding at most
        /// `byteBudget` bytes between them unless one file is larger.
        package init(width: Int = DiskBundleWriter.defaultWidth, byteBudget: Int = 32 << 20) {
            slots = DispatchSemaphore(value: max(1, width))
            budgetUnits = max(1, byteBudget / Self.unit)
            budget = DispatchSemaphore(value: budgetUnits)
        }

        /// Writes `bytes` for the regular file at `path` (not a folder: the caller checks) into a
        /// temporary file beside it, creating the folders that are missing. A failure to write is
        /// thrown by `commit()`. Called from one thread at a time.
        package func stage(_ bytes: [UInt8], at path: String) throws(WriteError) {
            let folder = LocalFile.folderOf(path)
            if swept.insert(folder).inserted {
                try createFolder(folder)
                Debris.sweep(folder)
                folders.add(folder)
            }
            let index = count
            count += 1
            let units = min(budgetUnits, max(1, (bytes.count + Self.unit - 1) / Self.unit))
            slots.wait()
            // One thread stages, so taking the units one at a time cannot deadlock.
            for _ in 0..<units { budget.wait() }
            work.async(group: running) {
                defer {
                    for _ in 0..<units { self.budget.signal() }
                    self.slots.signal()
                }
                // After a failure, only the files staged before it are still written: the first
                // failure in order is the one told.
                guard self.state.sync(execute: { self.failure.map { $0.index > index } ?? true }) else { return }
                do throws(WriteError) {
                    let temporary = try LocalFile.writeTemporary(bytes, for: path)
                    self.state.sync { self.staged.append((index, temporary, path)) }
                } catch {
                    self.state.sync {
                        if let first = self.failure, first.index < index { return }
                        self.failure = (index, path, error)
                    }
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

        /// Puts every staged file in place in the order staged (each by a rename, so a reader sees
        /// the old file or the new one) and flushes each folder once. A failure to write a staged
        /// file is thrown before any is renamed (and every staged file removed); a failure to
        /// rename one is thrown with how many were renamed before it (the rest removed).
        package func commit() throws(CommitFailure) {
            running.wait()
            let (staged, failure) = state.sync { (self.staged.sorted { $0.index < $1.index }, self.failure) }
            if let failure {
                discard()
                throw CommitFailure(reason: failure.error.reason, path: failure.path, renamed: 0, staging: true)
            }
            for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
                let reason = String(cString: strerror(errno))
                for rest in staged[index...] { unlink(rest.temporary) }
                state.sync { self.staged = [] }
                throw CommitFailure(reason: reason, path: file.path, renamed: index, staging: false)
            }
            state.sync { self.staged = [] }
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

        /// The first file that could not be written, and why, once the files being written are
        /// (`nil` when every one was): what a run stopped by something else tells first.
        package func firstFailure() -> (path: String, reason: String)? {
            running.wait()
            return state.sync { failure.map { ($0.path, $0.error.reason) } }
        }

        /// Waits for the files being written, then removes every staged file and the folders this
        /// created (those still empty).
        package func discard() {
            running.wait()
            state.sync {
                for file in staged { unlink(file.temporary) }
                staged = []
            }
            for folder in createdFolders.reversed() { rmdir(folder) }
            createdFolders = []
        }
    }
}
