import SettingsL10n

/// The files of an export made one language at a time (`XLIFFExporter.export(…body:)`), each
/// staged on disk as it is made (`LocalFile.StagedWrites`), so that memory holds one language's
/// files and not every language's. The export is refused as a command holding every file
/// refused it before writing any: for a file of the bundle that could not be read, then a file
/// import would not read back, a symbolic link in the output folder, a file it would replace
/// that holds other work; each checked for every file, told in that order once all are made, and
/// then nothing is left on disk. Once a refusal is certain, no more files are staged.
struct ExportStaging {
    let folder: String
    let force: Bool
    /// The warnings and errors of every language's export, told before the refusals.
    var diagnostics: [Diagnostic] = []
    /// A file the export needs and could not read (checked after `diagnostics`).
    var readFailure: String?
    private let writes = LocalFile.StagedWrites()
    private var tooLarge: String?
    private var link: (any Error)?
    private var changed: [String] = []
    private var writeFailure: String?

    init(folder: String, force: Bool) {
        self.folder = folder
        self.force = force
    }

    private var refused: Bool {
        readFailure != nil || tooLarge != nil || link != nil || !changed.isEmpty || writeFailure != nil
            || diagnostics.contains { $0.rule == .fileUnreadable }
    }

    /// Checks one file of the export and stages it unless the export is refused.
    mutating func add(_ path: String, _ bytes: [UInt8]) {
        let limit = ReadLimits.standard.maximumDocumentSize
        if bytes.count > limit, tooLarge == nil {
            tooLarge = "\(path) would be \(bytes.count.grouped) bytes, more than import reads (\(limit.grouped)); nothing was written"
        }
        if link == nil {
            do { try OutputGuard.refuseLinks(below: folder, to: [path]) } catch { link = error }
        }
        if !force, OutputGuard.differs(path, from: bytes) { changed.append(path) }
        guard !refused else { return }
        do {
            try writes.stage(bytes, at: path)
        } catch {
            writeFailure = error.reason
        }
    }

    /// Prints the diagnostics, then refuses the export (nothing left on disk) or puts every file
    /// in place. `refuse` refuses for the diagnostics; `cannotWrite` makes the message of a
    /// failure to write from the system's reason.
    func finish(refuse: ([Diagnostic]) throws -> Void, cannotWrite: (String) -> String,
                formatter: some DiagnosticFormatter) throws {
        printError(formatter.format(diagnostics), ifNotEmpty: true)
        do {
            try refuse(diagnostics)
            if let readFailure { throw CommandFailure(readFailure) }
            if let tooLarge { throw CommandFailure(tooLarge) }
            if let link { throw link }
            try OutputGuard.refuseOverwrites(changed: changed)
            if let writeFailure { throw CommandFailure(cannotWrite(writeFailure)) }
            do {
                try writes.commit()
            } catch {
                throw CommandFailure(cannotWrite(error.reason))
            }
        } catch {
            writes.discard()
            throw error
        }
    }
}
