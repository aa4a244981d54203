/// Whether a folder is a Settings bundle, and which bundle a path that is not one probably
/// meant: the pure part of "did you mean", over folder listings the caller makes.
public enum BundleLocation {
    /// Whether a folder listed as `entries` holds a Root page (`Root.plist`, `Root~ipad.plist`,
    /// `Root.inApp.plist`, …): what makes a folder near the one given a Settings bundle.
    public static func holdsRootPage(_ entries: [BundleFolderEntry]) -> Bool {
        entries.contains { entry in
            entry.kind == .file && SchemaFileName(fileName: entry.name)?.base == "Root"
        }
    }

    /// The Settings bundle the user probably meant by `path`, which is not one, written as they
    /// would write it: the bundle `path` lies inside (`VLC/Settings.bundle/en.lproj` →
    /// `VLC/Settings.bundle`), else the only bundle directly inside `path`, else a `*.bundle`
    /// beside it (of several, the closest in name); `nil` when none is close by.
    /// - Parameters:
    ///   - path: the path as the user typed it.
    ///   - list: lists the folder at a path written like `path`; `nil` when it is not a folder.
    public static func suggestion(for path: String, list: (String) -> [BundleFolderEntry]?) -> String? {
        let absolute = BundlePath.isAbsolute(path)
        let components = BundlePath.components(path, omittingEmpty: true).map(String.init)
        func joined(_ parts: ArraySlice<String>) -> String {
            (absolute ? "/" : "") + parts.joined(separator: "/")
        }
        func isBundle(_ candidate: String) -> Bool {
            list(candidate).map(holdsRootPage) ?? false
        }
        func bundles(in folder: String, prefix: String, except name: String? = nil) -> [String] {
            (list(folder) ?? []).filter { entry in
                entry.kind == .folder && entry.name != name && entry.name.lowercased().hasSuffix(".bundle") && isBundle(prefix + entry.name)
            }.map(\.name).sorted()
        }
        guard let last = components.last else { return nil }
        // Inside a bundle: the nearest folder above named *.bundle that is one.
        for index in components.indices.dropLast().reversed() where components[index].lowercased().hasSuffix(".bundle") {
            let candidate = joined(components[...index])
            if isBundle(candidate) { return candidate }
        }
        // The only bundle directly inside.
        let here = joined(components[...])
        let inside = bundles(in: here, prefix: here + "/")
        if inside.count == 1 { return here + "/" + inside[0] }
        // A bundle beside it.
        let parent = components.count == 1 ? (absolute ? "/" : ".") : joined(components.dropLast())
        let prefix = components.count == 1 ? (absolute ? "/" : "") : parent + "/"
        let siblings = bundles(in: parent, prefix: prefix, except: last)
        if siblings.count == 1 { return prefix + siblings[0] }
        return Suggestion.closest(to: last, in: siblings, maximumDistance: 3).map { prefix + $0 }
    }

    /// What to say about `path`, which holds no schema file: its name as typed, and the bundle
    /// it may have meant.
    public static func notABundleMessage(_ path: String, suggestion: String?) -> String {
        "\(path) is not a Settings bundle: it holds no Root.plist, nor any other schema file (a .plist with PreferenceSpecifiers)"
            + (suggestion.map { "; did you mean \($0)?" } ?? "")
    }
}

extension SettingsBundle {
    /// Whether the folder read holds a schema file at all (loaded or not): a folder without one
    /// is not a Settings bundle, and no command works on it.
    public var hasSchemaFile: Bool {
        !schemaFiles.isEmpty || unloadedSchemaFiles.contains(where: \.isInBundle)
    }

    /// The `locales` asked for (folder names or language tags) that no `.lproj` folder holds;
    /// the development language is never among them (its tables may be created by `merge`, or
    /// held by `Base.lproj`).
    public func unmatchedLocales(_ locales: [String], developmentLanguage: String) -> [String] {
        locales.filter { localization(forLanguage: $0) == nil && $0 != developmentLanguage }
    }

    /// What every command says when `--locale` names languages the bundle has no folder for.
    public func noFolderMessage(for locales: [String]) -> String {
        // Names from the bundle and the command line, each one field of the message.
        let have = localizations.map(\.name).sorted().map(TerminalText.escaped)
        let asked = locales.map(TerminalText.escaped)
        return "the bundle has no .lproj folder for \(asked.joined(separator: ", ")) (it has \(have.isEmpty ? "none" : have.joined(separator: ", "))); "
            + "to add \(locales.count == 1 ? "the language" : "them"), create \(asked.map { "\($0).lproj" }.joined(separator: " ")) and run settings-l10n merge"
    }
}
