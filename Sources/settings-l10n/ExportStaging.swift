import SettingsL10n
import SettingsL10nFiles

/// The files of one `extract` run's exports (`--xliff`, `--xcloc` and `--xcstrings` together),
/// each staged on disk as it is made (`LocalFile.StagedWrites`), so that memory holds a few
/// files and not every language's, and put in place together once all are made, flushed as the
/// writer's policy says (`Durability`: each file's data before its rename, each folder once). The
/// exports are refused as a command holding every file refused them before writing any: for a
/// file of the bundle that could not be read, then two languages that would be written to one
/// file, a file import would not read back, a symbolic link in an output folder, a file it would
/// replace that holds other work, a file or folder it cannot write; each checked for every file,
/// told in that order once all are made, and then nothing is left on disk. Once a refusal is
/// certain, no more files are staged.
struct ExportStaging {
    let force: Bool
    /// The warnings and errors of every export, told before the refusals.
    var diagnostics: [Diagnostic] = []
    /// A file the export needs and could not read (checked after `diagnostics`).
    var readFailure: String?
    private let writes = LocalFile.StagedWrites()
    /// Each path staged or refused: the `.lproj` folder or table it is written for, the export's
    /// files and folder, for messages.
    private var owners: [String: (owner: String, what: String, folder: String)] = [:]
    private var twice: String?
    private var tooLarge: String?
    private var link: (any Error)?
    private var changed: [String] = []
    private var writeFailure: String?

    /// What the user runs once the disk is sound (`export again`, `render again`).
    let again: String

    init(force: Bool, again: String = "export again") {
        self.force = force
        self.again = again
    }

    private var refused: Bool {
        readFailure != nil || twice != nil || tooLarge != nil || link != nil || !changed.isEmpty || writeFailure != nil
            || diagnostics.contains(where: \.saysInputNotRead)
    }

    /// Checks one file of an export into `folder` and stages it unless the exports are refused.
    /// `owner` is what the file is written for (`de.lproj`), `what` the export's files (`the
    /// XLIFF documents`), for messages.
    mutating func add(_ path: String, _ bytes: [UInt8], for owner: String, below folder: String, writing what: String) {
        if let other = owners[path]?.owner {
            // Two folders of one language (pt-BR.lproj and pt_BR.lproj) make the same package.
            if twice == nil, other != owner {
                twice = "\(path) would be written for both \(other) and \(owner), which name the same language: export them one at a time with --locale, or make them one folder; nothing was written"
            }
            return
        }
        owners[path] = (owner, what, folder)
        let limit = ReadLimits.standard.maximumDocumentSize
        if bytes.count > limit, tooLarge == nil {
            tooLarge = "\(path) would be \(bytes.count.grouped) bytes, more than import reads (\(limit.grouped)); nothing was written"
        }
        if link == nil {
            do { try OutputGuard.refuseLinks(below: folder, to: [path]) } catch { link = error }
        }
        if LocalFile.kind(of: path) == .folder {
            if writeFailure == nil { writeFailure = Self.cannotWrite(what, folder, "\(path) is a folder") }
            return
        }
        if !force, OutputGuard.differs(path, from: bytes) { changed.append(path) }
        guard !refused else { return }
        do {
            try writes.stage(bytes, at: path)
        } catch {
            writeFailure = Self.cannotWrite(what, folder, error.reason, at: path)
        }
    }

    /// Checks and makes a folder the export holds empty (a package's `Notes/`), unless the
    /// exports are refused; a refusal removes it.
    mutating func addFolder(_ path: String, below folder: String, writing what: String) {
        if link == nil {
            do { try OutputGuard.refuseLinks(below: folder, to: [path]) } catch { link = error }
        }
        guard !refused else { return }
        do {
            try writes.createFolder(path)
        } catch {
            writeFailure = Self.cannotWrite(what, folder, error.reason, at: path)
        }
    }

    /// The refusal of a file at `path` below `folder` that could not be written: the folder it
    /// goes in is named where it is not `folder` itself (a locale's folder of the pages, a
    /// package's `Localized Contents`), since that is the one to look at (it was not named: "cannot
    /// write the pages into out: Operation not permitted" for an immutable `out/de`).
    private static func cannotWrite(_ what: String, _ folder: String, _ reason: String, at path: String? = nil) -> String {
        var place = ""
        if let path {
            let within = LocalFile.folderOf(path)
            // (Not where the reason names it already: `.../Notes is not a folder`.)
            if within != folder, within.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/"), !reason.contains(within) {
                place = "\(within): "
            }
        }
        return "cannot write \(what) into \(folder): \(place)\(reason); choose a folder you can write to"
    }

    /// Prints the diagnostics, then refuses the exports (nothing left on disk) or puts every
    /// file in place. `refuse` refuses for the diagnostics.
    func finish(refuse: ([Diagnostic]) throws -> Void, formatter: some DiagnosticFormatter) throws {
        // Each format's export reads the same tables: what they found is said once.
        var seen: Set<Diagnostic> = []
        let diagnostics = self.diagnostics.filter { seen.insert($0).inserted }
        printError(formatter.format(diagnostics), ifNotEmpty: true)
        do {
            try refuse(diagnostics)
            if let readFailure { throw CommandFailure(readFailure) }
            if let twice { throw CommandFailure(twice) }
            if let tooLarge { throw CommandFailure(tooLarge) }
            if let link { throw link }
            try OutputGuard.refuseOverwrites(changed: changed)
            if let writeFailure { throw CommandFailure(writeFailure) }
        } catch {
            discard()
            throw error
        }
        do {
            try writes.commit()
        } catch {
            guard let path = error.path else { throw CommandFailure(error.reason) }
            if error.staging, let place = owners[path] {
                throw CommandFailure(Self.cannotWrite(place.what, place.folder, error.reason, at: path))
            }
            let before = error.renamed == 0 ? "nothing was written"
                : "the \(error.renamed == 1 ? "file" : "\(error.renamed.grouped) files") before it \(error.renamed == 1 ? "was" : "were") put in place, the rest not"
            throw CommandFailure("cannot put \(path) in place: \(error.reason); \(before): \(again) once the disk is sound")
        }
    }

    /// How many files were added (each path once).
    var count: Int { owners.count }

    /// Whether the exports are refused already (nothing will be written): work still to come
    /// for them (drawing screenshots) can be skipped.
    var isRefused: Bool { refused }

    /// The error to stop with when `error` (a browser that stopped, say) stops the exports
    /// before `finish`: the exports' own failure to write first, when there is one (a disk that
    /// fails may be why the other stopped), with `error` after it.
    func stopping(with error: any Error) -> any Error {
        var own = writeFailure
        if own == nil, let (path, reason) = writes.firstFailure() {
            let place = owners[path]
            own = Self.cannotWrite(place?.what ?? "the files", place?.folder ?? LocalFile.folderOf(path), reason, at: path)
        }
        guard let own else { return error }
        return CommandFailure("\(own) (and then: \(error))")
    }

    /// Removes what was staged (a command that stops before `finish`).
    func discard() {
        writes.discard()
    }
}
