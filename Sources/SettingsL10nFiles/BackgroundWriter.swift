import Dispatch
import SettingsL10nCore

/// Writes tables in batches on a thread of its own while the merge goes on, each batch spread
/// over several threads (`DiskBundleWriter.write(_:)`). At most two batches wait, so memory
/// holds a few megabytes of tables, not the bundle.
package final class BackgroundWriter: @unchecked Sendable {
    /// A table that was not written, and the report it belongs to.
    package struct Failure {
        package var report: Int
        package var error: BundleWriteError
    }

    private var writer: DiskBundleWriter
    private let queue = DispatchQueue(label: "settings-l10n.writer")
    private let inFlight = DispatchSemaphore(value: 2)
    private var batch: [(write: BundleFileWrite, report: Int)] = []
    private var batchBytes = 0
    /// Written by the queue only; read after `finish` waited for it.
    private var failures: [Failure] = []

    /// A batch is handed over at this many tables or bytes.
    private let batchCount = 64
    private let batchByteLimit = 8 << 20

    package init(bundle: DiskBundleSource) {
        writer = DiskBundleWriter(bundle: bundle)
    }

    /// Queues a table; `report` is the index of its report, for a failure.
    package func add(_ write: BundleFileWrite, report: Int) {
        batch.append((write, report))
        batchBytes += write.bytes.count
        if batch.count >= batchCount || batchBytes >= batchByteLimit { handOver() }
    }

    /// Writes what is queued, waits for every batch, and returns the tables not written. With
    /// `sweeping`, also removes the temporary files killed or failed runs left in the bundle.
    package func finish(sweeping: Bool) -> [Failure] {
        handOver()
        return queue.sync {
            if sweeping { writer.sweepTemporaryFiles() }
            return failures
        }
    }

    private func handOver() {
        guard !batch.isEmpty else { return }
        let work = batch
        batch = []
        batchBytes = 0
        inFlight.wait()
        queue.async {
            let errors = self.writer.write(work.map(\.write))
            for (error, item) in zip(errors, work) {
                if let error { self.failures.append(Failure(report: item.report, error: error)) }
            }
            self.inFlight.signal()
        }
    }
}
