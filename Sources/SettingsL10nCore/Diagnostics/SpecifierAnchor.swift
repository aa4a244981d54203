/// Names a schema file's specifiers by what they are rather than where they are, so that a
/// finding about one is recognised after rows are inserted, removed or reordered around it.
///
/// A specifier is named by its `Key`, else its `Title`, else its type and the group it is in
/// (the nearest group above it with a `Key` or `Title`); an ordinal tells apart only
/// specifiers whose names are otherwise identical:
///
/// ```
/// PreferenceSpecifiers[10].DefaultValue  →  PreferenceSpecifiers[Key=quartztext-font].DefaultValue
/// PreferenceSpecifiers[0]                →  PreferenceSpecifiers[Title=SETTINGS_GENERIC]
/// PreferenceSpecifiers[7]                →  PreferenceSpecifiers[Type=PSGroupSpecifier in Title=SETTINGS_GENERIC]
/// PreferenceSpecifiers[8]                →  PreferenceSpecifiers[Type=PSGroupSpecifier #2 in Title=SETTINGS_GENERIC]
/// PreferenceSpecifiers[9]                →  PreferenceSpecifiers[Title=Sound #2]
/// PreferenceSpecifiers[12]               →  PreferenceSpecifiers[Title=Channel \#2]  (a Title "Channel #2")
/// ```
///
/// What comes from the file is escaped (`\\`, `\#`, `\[`, `\]`, and in a type a space: `\ `), so
/// that no two specifiers share a name: the second `sound` and one keyed `sound #2` were one
/// anchor in version 2 of the baseline, whose names `names(of:version:)` still gives.
public enum SpecifierAnchor {
    /// The name of each specifier of `specifiers` (one schema file's, in order), by index, as
    /// baselines of `version` name them (2, or the current one).
    public static func names(of specifiers: [Specifier], version: Int = Baseline.currentVersion) -> [Int: String] {
        version == 2 ? unescapedNames(of: specifiers) : escapedNames(of: specifiers)
    }

    /// Version 3's names: each as long as the texts it quotes, whatever the file holds.
    private static func escapedNames(of specifiers: [Specifier]) -> [Int: String] {
        var names: [Int: String] = [:]
        var seen: [String: Int] = [:]
        var group: String?
        for specifier in specifiers {
            var name: String
            var within = ""
            if let key = specifier.key, !key.isEmpty {
                name = "Key=" + escaped(key)
            } else if let title = specifier.title, !title.isEmpty {
                name = "Title=" + escaped(title)
            } else {
                name = "Type=" + escaped(specifier.typeName ?? "none", spaces: true)
                within = group.map { " in " + $0 } ?? ""
            }
            let ordinal = (seen[name + within] ?? 0) + 1
            seen[name + within] = ordinal
            if ordinal > 1 { name += " #\(ordinal)" }
            names[specifier.index] = name + within
            // Rows without a Key or Title are named in the nearest group that has one.
            if specifier.type == .group, !name.hasPrefix("Type=") { group = name }
        }
        return names
    }

    /// `text` as a name quotes it: `\`, `#`, `[` and `]` escaped with `\`, and spaces too when
    /// `spaces` (in a type, which ` in ` follows).
    static func escaped(_ text: String, spaces: Bool = false) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x23 || $0 == 0x5B || $0 == 0x5D || (spaces && $0 == 0x20) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "#" || scalar == "[" || scalar == "]" || (spaces && scalar == " ") { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Version 2's names, unescaped: a row without a Key or Title is named in whatever group it
    /// is in, that group's name included whole.
    private static func unescapedNames(of specifiers: [Specifier]) -> [Int: String] {
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
    /// key path into `PreferenceSpecifiers`) given its anchor, as baselines of `version` name it.
    public static func annotate(_ diagnostics: [Diagnostic], schemaFiles: [SchemaFile],
                                version: Int = Baseline.currentVersion) -> [Diagnostic] {
        var namesOfFile: [String: [Int: String]] = [:]
        // The schema files by path, made when the first finding about a specifier needs it (a
        // search for each file with such a finding was quadratic in a bundle of many panes).
        var filesByPath: [String: SchemaFile]?
        return diagnostics.map { diagnostic in
            guard diagnostic.key == nil, let keyPath = diagnostic.location.keyPath,
                  keyPath.hasPrefix("PreferenceSpecifiers[") else { return diagnostic }
            let file = diagnostic.file
            let names = namesOfFile[file] ?? {
                if filesByPath == nil { filesByPath = Dictionary(schemaFiles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }) }
                let names = filesByPath![file].map { Self.names(of: $0.specifiers, version: version) } ?? [:]
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
