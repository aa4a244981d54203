/// One `.strings` file of a localization. Its bytes are read when a command needs them, once
/// per pass, so that a large bundle never holds every table (let alone every parsed one) at once.
public struct StringsTableFile: Hashable, Sendable {
    /// The table name (`Root` for `Root.strings`).
    public var name: String
    /// The path relative to the bundle (`de.lproj/Root.strings`).
    public var path: String
    public var content: Content
    /// Whether the file is a symbolic link (to a file inside the bundle): read, never written.
    public var isLink: Bool

    public enum Content: Hashable, Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// Why the file could not be read.
        case unreadable(String)
        /// A symbolic link that points outside the bundle: never read.
        case linkOutsideBundle
        /// In the bundle, read on demand.
        case deferred(DeferredFile)
    }

    package init(name: String, path: String, content: Content, isLink: Bool = false) {
        self.name = name
        self.path = path
        self.content = content
        self.isLink = isLink
    }

    package init(name: String, path: String, bytes: [UInt8]) {
        self.init(name: name, path: path, content: .bytes(bytes))
    }

    /// The file's bytes, or why they cannot be read; reads a deferred file (again) each time.
    public func read() -> Result<[UInt8], TableReadError> {
        switch content {
        case .bytes(let bytes): .success(bytes)
        case .unreadable(let message): .failure(.unreadable(path: path, message: message))
        case .linkOutsideBundle: .failure(.linkOutsideBundle(path: path))
        case .deferred(let file): file.read().mapError { .unreadable(path: path, message: $0.message) }
        }
    }

    /// The table as a lossless document, for editing. Each call reads and parses the file again.
    public func parse(limits: ReadLimits = .standard) throws(TableReadError) -> StringsDocument {
        try Self.parse(read().get(), path: path, limits: limits)
    }

    /// `bytes` (read from the file at `path`) as a lossless document, for the commands that
    /// write tables. A UTF-16 file without a byte-order mark is refused as the device reads it
    /// (check calls it an error, render shows its keys): what it holds for the device is not what
    /// an editor shows, so no command writes over it.
    public static func parse(_ bytes: [UInt8], path: String, limits: ReadLimits = .standard) throws(TableReadError) -> StringsDocument {
        let document: StringsDocument
        do {
            document = try StringsParser.parse(bytes, limits: limits)
        } catch {
            // A table the device reads as a property list: never rewritten in another form.
            if let form = StringsTableForm.propertyListForm(of: bytes), (try? StringsParser.scanPropertyList(bytes, limits: limits)) != nil {
                throw .propertyListForm(path: path, form: form)
            }
            throw .malformed(path: path, error: error)
        }
        if let notice = document.notices.first(where: { $0.kind == .utf16WithoutByteOrderMark }) {
            throw .misencoded(path: path, message: notice.message)
        }
        // The device reads the entries above such text and ignores the rest: what an editor
        // shows after it is not in the table, so no command writes over it until it is fixed.
        if let notice = document.notices.first(where: { $0.kind == .ignoredText }) {
            throw .malformed(path: path, error: SyntaxError(notice.message, at: notice.position))
        }
        return document
    }

    /// The table's entries for lookups (no text around them). Each call reads the file again.
    package func scan(limits: ReadLimits = .standard) throws(TableReadError) -> StringsScan {
        let bytes = try read().get()
        do {
            return try StringsParser.scan(bytes, limits: limits)
        } catch {
            // An old-style dictionary, an XML or a binary property list: CFBundle reads those too.
            do {
                if let (scan, _) = try StringsParser.scanPropertyList(bytes, limits: limits) { return scan }
            } catch let plistError {
                throw .malformed(path: path, error: plistError)
            }
            throw .malformed(path: path, error: error)
        }
    }

    /// The file's bytes, when they can be read.
    package var bytes: [UInt8]? {
        try? read().get()
    }

    /// The values the device reads (`nil` when the table cannot be read).
    public func values() -> [StringsKey: String]? {
        try? deviceTable()
    }

    /// The values the device reads: the scanned table, except that a UTF-16 file without a
    /// byte-order mark is read as CoreFoundation reads it, its first two bytes skipped and the
    /// rest taken as big-endian (so a little-endian file does not parse at all).
    /// - Throws: when the device cannot read the table, and so shows its keys as written.
    package func deviceTable(limits: ReadLimits = .standard) throws(TableReadError) -> [StringsKey: String] {
        try deviceScan(limits: limits).table
    }

    /// The entries the device reads, as `deviceTable` describes.
    package func deviceScan(limits: ReadLimits = .standard) throws(TableReadError) -> StringsScan {
        let scanned = try scan(limits: limits)
        guard scanned.encoding != .utf8, !scanned.hasByteOrderMark, let bytes else { return scanned }
        let asRead = [0xFE, 0xFF] + bytes.dropFirst(2).prefix((bytes.count - 2) & ~1)
        guard let rescanned = try? StringsParser.scan(asRead, limits: limits) else {
            let message = StringsTokenizerMessages.utf16WithoutByteOrderMark(bigEndian: scanned.encoding == .utf16BigEndian)
            throw .misencoded(path: path, message: message)
        }
        return rescanned
    }
}

/// A table that cannot be used: unreadable, or not a valid `.strings` file.
public enum TableReadError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, message: String)
    case linkOutsideBundle(path: String)
    case malformed(path: String, error: SyntaxError)
    /// Text the device decodes differently and cannot read (UTF-16 without a byte-order mark).
    case misencoded(path: String, message: String)
    /// A table written as a property list (`StringsTableForm`), which the device reads and every
    /// command reads, but which settings-l10n does not write: only commands that write say it.
    case propertyListForm(path: String, form: StringsTableForm)

    public var path: String {
        switch self {
        case .unreadable(let path, _), .linkOutsideBundle(let path), .malformed(let path, _), .misencoded(let path, _),
             .propertyListForm(let path, _): path
        }
    }

    /// Where in the file the problem is (tables that do not parse).
    public var position: TextPosition? {
        if case .malformed(_, let error) = self { return error.position }
        return nil
    }

    /// What is wrong, without the path.
    public var message: String {
        switch self {
        case .unreadable(_, let message), .misencoded(_, let message): message
        case .linkOutsideBundle: BundleLoader.outsideLinkMessage
        case .malformed(_, let error): error.message
        case .propertyListForm(_, let form): Self.propertyListFormMessage(form)
        }
    }

    /// Why a table in property-list form is not written, and how to make it writable.
    static func propertyListFormMessage(_ form: StringsTableForm) -> String {
        let conversion = form == .utf32Text ? "save it as UTF-8 (or UTF-16) first: iconv -f UTF-32 -t UTF-8"
            : "convert it to \"key\" = \"value\"; lines first: export its language (extract --xliff), move the file away, and import the export"
        return "the table is written as \(form), which the device reads but settings-l10n does not write; to change it with settings-l10n, " + conversion
    }

    /// The problem as a diagnostic (`file-unreadable`, `link-outside-bundle` or `strings-syntax`).
    public var diagnostic: Diagnostic {
        switch self {
        case .unreadable(let path, let message):
            Diagnostic(.error, rule: .fileUnreadable, message, at: SourceLocation(file: path))
        case .linkOutsideBundle(let path):
            BundleLoader.outsideLink(path)
        case .malformed(let path, let error):
            Diagnostic(.error, rule: .stringsSyntax, error.message, at: SourceLocation(file: path, position: error.position))
        case .misencoded(let path, let message):
            Diagnostic(.error, rule: .stringsEncoding, message, at: SourceLocation(file: path))
        case .propertyListForm(let path, let form):
            Diagnostic(.error, rule: .stringsSyntax, Self.propertyListFormMessage(form), at: SourceLocation(file: path))
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let message), .misencoded(let path, let message): "\(path): \(message)"
        case .propertyListForm(let path, let form): "\(path): \(Self.propertyListFormMessage(form))"
        case .linkOutsideBundle(let path): "\(path): \(BundleLoader.outsideLinkMessage)"
        case .malformed(let path, let error): "\(path):\(error.position.map { "\($0.line):\($0.column ?? 1):" } ?? "") \(error.message)"
        }
    }
}

/// A file of a bundle, read when it is needed: the source it comes from, its path there, and
/// the size limit. Two are equal when they name the same file of the same loaded source.
public struct DeferredFile: Hashable, Sendable {
    /// The source, boxed so that files of one load can be told from another's.
    final class Source: Sendable {
        let source: any BundleSource
        init(_ source: any BundleSource) { self.source = source }
    }

    let source: Source
    public let path: String
    public let limit: Int

    init(source: Source, path: String, limit: Int) {
        self.source = source
        self.path = path
        self.limit = limit
    }

    package func read() -> Result<[UInt8], BundleReadError> {
        Result { () throws(BundleReadError) in try source.source.contents(of: path, limit: limit) }
    }

    public static func == (lhs: DeferredFile, rhs: DeferredFile) -> Bool {
        lhs.source === rhs.source && lhs.path == rhs.path && lhs.limit == rhs.limit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(source))
        hasher.combine(path)
    }
}
