/// Names a schema file's specifiers by what they are rather than where they are, so that a
/// finding about one is recognised after rows are inserted, removed or reordered around it.
///
/// A specifier is named by its `Key`, else its `Title`, else its type and the name of the group
/// it is in; an ordinal tells apart only specifiers whose names are otherwise identical:
///
/// ```
/// PreferenceSpecifiers[10].DefaultValue  →  PreferenceSpecifiers[Key=quartztext-font].DefaultValue
/// PreferenceSpecifiers[0]                →  PreferenceSpecifiers[Title=SETTINGS_GENERIC]
/// PreferenceSpecifiers[7]                →  PreferenceSpecifiers[Type=PSGroupSpecifier in Title=SETTINGS_GENERIC]
/// PreferenceSpecifiers[9]                →  PreferenceSpecifiers[Title=Sound #2]
/// ```
public enum SpecifierAnchor {
    /// The name of each specifier of `specifiers` (one schema file's, in order), by index.
    public static func names(of specifiers: [Specifier]) -> [Int: String] {
        var names: [Int: String] = [:]
        var seen: [String: Int] = [:]
        var group: String?
        for specifier in specifiers {
            var name: String
            if let key = specifier.key, !key.isEmpty {
                name = "Key=" + key
            } else if let title = specifier.title, !title.isEmpty {
                name = "Title=" + title
            } else {
                name = "Type=" + (specifier.typeName ?? "none") + (group.map { " in " + $0 } ?? "")
            }
            let ordinal = (seen[name] ?? 0) + 1
            seen[name] = ordinal
            if ordinal > 1 { name += " #\(ordinal)" }
            names[specifier.index] = name
            if specifier.type == .group { group = name }
        }
        return names
    }

    /// The key path `PreferenceSpecifiers[<index>]…` with the index replaced by the specifier's
    /// name, or `nil` when the path does not start at a specifier `names` has.
    public static func anchor(of keyPath: String, names: [Int: String]) -> String? {
        let prefix = "PreferenceSpecifiers["
        guard keyPath.hasPrefix(prefix) else { return nil }
        let rest = keyPath.utf8.dropFirst(prefix.utf8.count)
        guard let close = rest.firstIndex(of: UInt8(ascii: "]")),
              let index = Int(Substring(rest[rest.startIndex..<close])), let name = names[index] else { return nil }
        return prefix + name + "]" + String(Substring(keyPath.utf8[rest.index(after: close)...]))
    }

    /// `diagnostics`, each finding about a specifier of one of `schemaFiles` (no table key, a
    /// key path into `PreferenceSpecifiers`) given its anchor.
    public static func annotate(_ diagnostics: [Diagnostic], schemaFiles: [SchemaFile]) -> [Diagnostic] {
        var namesOfFile: [String: [Int: String]] = [:]
        return diagnostics.map { diagnostic in
            guard diagnostic.key == nil, let keyPath = diagnostic.location.keyPath,
                  keyPath.hasPrefix("PreferenceSpecifiers[") else { return diagnostic }
            let file = diagnostic.file
            let names = namesOfFile[file] ?? {
                let names = schemaFiles.first { $0.path == file }.map { Self.names(of: $0.specifiers) } ?? [:]
                namesOfFile[file] = names
                return names
            }()
            guard let anchor = anchor(of: keyPath, names: names) else { return diagnostic }
            var annotated = diagnostic
            annotated.location.anchor = anchor
            return annotated
        }
    }
}
