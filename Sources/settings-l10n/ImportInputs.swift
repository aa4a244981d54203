#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SettingsL10n
import SettingsL10nFiles

/// The documents an `import` argument stands for: an XLIFF document, a String Catalog, an
/// Xcode localization package (`de.xcloc`: its `Localized Contents/*.xliff`), or a folder
/// holding any of these (not its subfolders, but the packages in it).
enum ImportInputs {
    enum Kind: Equatable {
        case xliff
        case stringCatalog
    }

    struct Input: Equatable {
        var path: String
        var kind: Kind
        /// The Xcode localization package the document is in (`de.xcloc`), if any: its name
        /// says the language the document must be for.
        var package: String?

        /// The table a String Catalog holds: the one it is named after (Root.xcstrings is the
        /// table Root); `nil` for an XLIFF document, which names its tables itself.
        var catalogTable: String? {
            kind == .stringCatalog ? String(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent) : nil
        }
    }

    /// At most this many documents from one folder: a mistaken argument (a home folder) ends
    /// in a message, not a long walk.
    static let maximumDocuments = 1_000

    /// The documents of `path`, sorted by path within each folder.
    static func documents(at path: String) throws -> [Input] {
        let entry = LocalFile.kind(of: path)
        guard entry != .missing else {
            throw CommandFailure("\(path): no such file or folder; nothing was imported")
        }
        guard entry == .folder else { return [Input(path: path, kind: kind(of: path))] }
        if path.trimmingSlashes.hasPathExtension("xcloc") { return try package(path) }
        var found: [Input] = []
        for name in try entries(of: path) {
            let child = joinedPath(path, name)
            if LocalFile.kind(of: child) == .folder {
                if name.hasPathExtension("xcloc") { found += try package(child) }
            } else if name.hasPathExtension("xliff") || name.hasPathExtension("xlf") || name.hasPathExtension("xcstrings") {
                found.append(Input(path: child, kind: kind(of: child)))
            }
            if found.count > maximumDocuments {
                throw CommandFailure("\(path) holds more than \(maximumDocuments) documents; import a smaller folder; nothing was imported")
            }
        }
        if found.isEmpty {
            throw CommandFailure("\(path) holds no .xliff, .xlf, .xcstrings or .xcloc; give the documents or the folder Xcode exported into; nothing was imported")
        }
        // A link inside the folder (a document or a package that points elsewhere) is refused,
        // as in every folder settings-l10n reads or writes: it follows only a link it was given.
        try OutputGuard.refuseLinks(below: path, to: found.map(\.path), role: "the folder of documents", outcome: "nothing was imported")
        return found
    }

    /// The documents of every argument, each file once: one given twice, or both by its path
    /// and in a folder given, is one document (compared by identity, whatever the spelling), so
    /// that its units neither repeat themselves nor their findings. What a document's name
    /// says is part of what it is: a String Catalog's file name is its table and a package's
    /// name its language, so a link to the same file under another such name is another
    /// document, judged on its own name whatever the order of the arguments. A document that
    /// is also in a package (hard-linked into `sv.xcloc`) is read once, as the package's: the
    /// package's name only adds a check of its language.
    static func documents(of paths: [String]) throws -> [Input] {
        struct Seen: Hashable {
            var identity: FileIdentity
            var table: String?
            var package: String?
        }
        let inputs = try paths.flatMap(documents(at:)).map { (input: $0, identity: FileIdentity.of($0.path)) }
        let packaged = Set(inputs.compactMap { input, identity in
            input.package == nil ? nil : identity.map { Seen(identity: $0, table: input.catalogTable, package: nil) }
        })
        var seen = Set<Seen>()
        return inputs.filter { input, identity in
            guard let identity else { return true }
            if input.package == nil, packaged.contains(Seen(identity: identity, table: input.catalogTable, package: nil)) { return false }
            return seen.insert(Seen(identity: identity, table: input.catalogTable, package: input.package)).inserted
        }.map(\.input)
    }

    /// The XLIFF documents of an Xcode localization package.
    private static func package(_ path: String) throws -> [Input] {
        let localized = joinedPath(path, "Localized Contents")
        // A folder that cannot be listed says why; only a missing one makes this no package.
        let names = LocalFile.kind(of: localized) == .folder ? try entries(of: localized).filter { $0.hasPathExtension("xliff") } : []
        if names.isEmpty {
            throw CommandFailure("\(path) is not an Xcode localization package: it has no Localized Contents/<lang>.xliff; export it again from Xcode; nothing was imported")
        }
        let name = path.trimmingSlashes.split(separator: "/").last.map(String.init) ?? path
        let inputs = names.map { Input(path: joinedPath(localized, $0), kind: .xliff, package: name) }
        // Its Localized Contents, or a document in it, that is a link: refused, as above.
        try OutputGuard.refuseLinks(below: path, to: inputs.map(\.path), role: "the package", outcome: "nothing was imported")
        return inputs
    }

    private static func kind(of path: String) -> Kind {
        path.hasPathExtension("xcstrings") ? .stringCatalog : .xliff
    }

    private static func entries(of folder: String) throws -> [String] {
        do {
            return try LocalFile.names(inFolder: folder)
        } catch {
            throw CommandFailure("\(error.message); nothing was imported")
        }
    }
}

extension String {
    /// The path without trailing slashes (`de.xcloc/` → `de.xcloc`).
    var trimmingSlashes: String {
        var text = self
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
