import SettingsL10nCore

/// Rules about the names of the bundle's files and folders.
enum NameRules {
    static let all: [any CheckRule] = [CaseCollision()]

    /// Names of one folder that differ only in case: macOS's file system (APFS and HFS+ as
    /// formatted by default) ignores case, so there they are one file, and a checkout, a copy
    /// or Xcode's build keeps only one of them.
    struct CaseCollision: CheckRule {
        let id = RuleID.nameCaseCollision
        let defaultSeverity = Severity.error
        let summary = "Two names in one folder differ only in case (de.lproj and DE.lproj, Privacy.strings and privacy.strings, Root.plist and root.plist): on macOS, whose file system ignores case, they are one file, and a checkout or a build there keeps only one."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            let bundle = context.bundle
            // Every name the bundle is known to hold, by path, and whether it is a folder.
            var entries: [(path: String, isFolder: Bool)] = bundle.localizations.map { ($0.folder, true) }
            entries += bundle.schemaFiles.map { ($0.path, false) }
            // A pane's File that opens nothing, or the Root.plist a bundle lacks, is no file of it.
            entries += bundle.unloadedSchemaFiles.filter(\.isInBundle).map { ($0.path, false) }
            entries += bundle.otherEntries.map { ($0.name, $0.kind == .folder) }
            entries += bundle.unlocalizedTables.map { ($0.path, false) }
            entries += context.localizations.flatMap { $0.tables.map { ($0.path, false) } }
            var groups: [String: [(path: String, isFolder: Bool)]] = [:]
            var order: [String] = []
            for entry in entries {
                // The folder as it is, the name without case: names in folders that differ only
                // in case are reported once, for the folders.
                let slash = entry.path.lastIndex(of: "/")
                let folder = slash.map { entry.path[...$0] } ?? entry.path.prefix(0)
                let name = slash.map { entry.path[entry.path.index(after: $0)...] } ?? entry.path[...]
                let key = String(folder) + name.lowercased()
                var group = groups[key] ?? { order.append(key); return [] }()
                if !group.contains(where: { $0.path == entry.path }) { group.append(entry) }
                groups[key] = group
            }
            return order.compactMap { key in
                let group = groups[key]!.sorted { $0.path < $1.path }
                guard group.count > 1 else { return nil }
                let names = group.map(\.path)
                let listed = names.dropLast().joined(separator: ", ") + " and " + names.last!
                let kind = group.allSatisfy(\.isFolder) ? "folder" : "file"
                return diagnostic("\(listed) differ only in case: on macOS, whose file system ignores case, they are one \(kind), and a checkout or a build there keeps only one of them; merge them into one",
                                  file: names[1])
            }
        }
    }
}
