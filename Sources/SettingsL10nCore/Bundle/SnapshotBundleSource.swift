/// A bundle as an archive of it held it (`git archive` of a commit's bundle folder, for `check
/// --new-since`), read from memory as `DiskBundleSource` reads a folder: hidden names left out,
/// symbolic links followed only while they stay inside the bundle, names that are not UTF-8 and
/// anything but files, folders and links never read.
public struct SnapshotBundleSource: BundleSource {
    /// What a path of the snapshot is.
    public enum Entry: Hashable, Sendable {
        case file([UInt8])
        /// A file larger than the snapshot kept (its size).
        case tooLarge(Int)
        case folder
        case symbolicLink(target: String)
        case other
        case nameNotUTF8
    }

    private let entries: [String: Entry]
    /// The names in each folder (`""` is the bundle folder).
    private let children: [String: [String]]

    /// A snapshot of these entries, by path relative to the bundle (`de.lproj/Root.strings`);
    /// the folders on the way to each are made.
    public init(entries: [String: Entry]) {
        var all = entries
        var children: [String: Set<String>] = ["": []]
        for path in entries.keys {
            var components = BundlePath.components(path, omittingEmpty: true).map(String.init)
            guard !components.isEmpty else { continue }
            while !components.isEmpty {
                let name = components.removeLast()
                let folder = components.joined(separator: "/")
                children[folder, default: []].insert(name)
                if !folder.isEmpty, all[folder] == nil { all[folder] = .folder }
            }
        }
        self.entries = all
        self.children = children.mapValues { $0.sorted() }
    }

    /// Reads a tar archive of the bundle folder (`git archive <commit>:<bundle>`).
    /// - Throws: `SyntaxError` when the archive is not one.
    public init(tar bytes: [UInt8], limits: ReadLimits = .standard) throws(SyntaxError) {
        var entries: [String: Entry] = [:]
        for (member, size) in try TarArchive.members(bytes, fileLimit: limits.maximumFileSize) {
            let path = String(decoding: member.path, as: UTF8.self)
            guard path.utf8.elementsEqual(member.path) else {
                entries[path] = .nameNotUTF8
                continue
            }
            entries[path] = switch member.kind {
            case .file: size > limits.maximumFileSize ? .tooLarge(size) : .file(member.contents)
            case .folder: .folder
            case .symbolicLink: .symbolicLink(target: String(decoding: member.linkTarget, as: UTF8.self))
            case .other: .other
            }
        }
        self.init(entries: entries)
    }

    /// Where a path leads once every link on the way is followed.
    private enum Resolution {
        case inside(String)
        case outside
        case broken
    }

    /// `path` with every link on the way followed (at most 40, as the system follows them).
    private func resolve(_ path: String) -> Resolution {
        var resolved: [Substring] = []
        var pending = Array(BundlePath.components(path, omittingEmpty: true).reversed())
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if BundlePath.isParent(component) {
                guard resolved.popLast() != nil else { return .outside }
                continue
            }
            resolved.append(component)
            let current = resolved.joined(separator: "/")
            switch entries[current] {
            case .symbolicLink(let target):
                links += 1
                guard links <= 40 else { return .broken }
                resolved.removeLast()
                if BundlePath.isAbsolute(target) { return .outside }
                pending.append(contentsOf: BundlePath.components(target, omittingEmpty: true).reversed())
            case nil:
                return pending.isEmpty ? .inside(current) : .broken
            case .folder: continue
            default:
                if !pending.isEmpty { return .broken }
            }
        }
        return .inside(resolved.joined(separator: "/"))
    }

    public func entries(inFolder folder: String, limit: Int) throws(BundleReadError) -> [BundleFolderEntry] {
        guard case .inside(let real) = resolve(folder), real.isEmpty || entries[real] == .folder else {
            let missing = if case .inside(let real) = resolve(folder) { entries[real] == nil } else { false }
            throw BundleReadError(path: folder, message: "no such folder", isMissing: missing)
        }
        let names = children[real] ?? []
        guard names.count <= limit else {
            throw BundleReadError(path: folder, message: "the folder holds more than \(limit) entries")
        }
        return names.filter { !$0.hasPrefix(".") }.map { name in
            let path = real.isEmpty ? name : real + "/" + name
            switch entries[path] {
            case .file, .tooLarge: return BundleFolderEntry(name: name, kind: .file)
            case .folder: return BundleFolderEntry(name: name, kind: .folder)
            case .nameNotUTF8: return BundleFolderEntry(name: name, kind: .nameNotUTF8)
            case .symbolicLink:
                switch resolve(path) {
                case .outside: return BundleFolderEntry(name: name, kind: .linkOutsideBundle, isLink: true)
                case .broken: return BundleFolderEntry(name: name, kind: .other, isLink: true)
                case .inside(let target):
                    switch target.isEmpty ? .folder : entries[target] {
                    case .file, .tooLarge: return BundleFolderEntry(name: name, kind: .file, isLink: true)
                    case .folder: return BundleFolderEntry(name: name, kind: .folder, isLink: true)
                    default: return BundleFolderEntry(name: name, kind: .other, isLink: true)
                    }
                }
            case .other, nil: return BundleFolderEntry(name: name, kind: .other)
            }
        }
    }

    public func contents(of path: String, limit: Int) throws(BundleReadError) -> [UInt8] {
        guard case .inside(let real) = resolve(path) else {
            throw BundleReadError(path: path, message: "no such file inside the bundle")
        }
        switch entries[real] {
        case .file(let bytes):
            guard bytes.count <= limit else {
                throw BundleReadError(path: path, message: "the file is larger than \(limit) bytes; it was not read", isTooLarge: true)
            }
            return bytes
        case .tooLarge:
            throw BundleReadError(path: path, message: "the file is larger than \(limit) bytes; it was not read", isTooLarge: true)
        case .folder: throw BundleReadError(path: path, message: "is a folder, not a file")
        default: throw BundleReadError(path: path, message: "no such file")
        }
    }
}
