/// Walks the child panes from `Root.plist` and its variants, in the order the Settings app
/// would show them, marking what is reachable and reporting bad or missing `File` values and
/// cycles (each reported once, never followed forever).
package struct PaneWalk {
    private var files: [String: SchemaFile]
    private(set) var ordered: [SchemaFile] = []
    private(set) var links: [PaneLink] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var visited: Set<String> = []
    private var onPath: [String] = []

    init(files: [String: SchemaFile]) {
        self.files = files
    }

    /// The root files, in the order of `Root.plist`, `~iphone`, `~ipad`, then in-app versions.
    static func rootOrder(_ name: SchemaFileName) -> Int {
        let idiomRank = name.idiom.map { $0 == .phone ? 1 : 2 } ?? 0
        return (name.isInApp ? 3 : 0) + idiomRank
    }

    mutating func run() {
        let roots = files.values.filter { $0.name.base == "Root" }
            .sorted { Self.rootOrder($0.name) < Self.rootOrder($1.name) }
        for root in roots { visit(root.path) }
        for path in files.keys.sorted() where !visited.contains(path) {
            ordered.append(files[path]!)
        }
    }

    /// The files a `File` value opens from a file: every device variant of that name, in-app
    /// versions first when the parent is itself read in-app.
    private func targets(of base: String, fromInApp inApp: Bool) -> [String] {
        let variants = files.values.filter { $0.name.base == base }
        let chosen = inApp && variants.contains(where: \.name.isInApp)
            ? variants.filter(\.name.isInApp)
            : variants.filter { !$0.name.isInApp }
        return chosen.sorted { Self.rootOrder($0.name) < Self.rootOrder($1.name) }.map(\.path)
    }

    private mutating func visit(_ path: String) {
        guard var file = files[path], !visited.contains(path) else { return }
        visited.insert(path)
        file.isReachable = true
        files[path] = file
        ordered.append(file)
        onPath.append(path)
        defer { onPath.removeLast() }
        for specifier in file.specifiers where specifier.type == .childPane {
            // In-app files may open InAppSettingsKit view controllers instead of schema files.
            if file.name.isInApp, specifier.opensInAppViewController { continue }
            guard let field = specifier.field("File") else { continue }
            let location = SourceLocation(file: path, position: field.position, keyPath: field.keyPath)
            guard let name = field.value.stringValue else {
                diagnostics.append(Diagnostic(.error, rule: .childPaneFileInvalid,
                                              "File must be a string naming a schema file, not \(MessageText.withArticle(field.value.typeName))",
                                              at: location))
                continue
            }
            if let problem = Self.problem(withFileName: name) {
                diagnostics.append(Diagnostic(.error, rule: .childPaneFileInvalid,
                                              "File \(MessageText.quoted(name)) \(problem); it was not opened", at: location))
                continue
            }
            let found = targets(of: name, fromInApp: file.name.isInApp)
            links.append(PaneLink(from: path, keyPath: specifier.keyPath, file: name, targets: found))
            if found.isEmpty {
                diagnostics.append(Diagnostic(.error, rule: .childPaneFileMissing,
                                              "File \(MessageText.quoted(name)) names \(MessageText.excerpt(name)).plist, which is not in the bundle; tapping the row opens an empty page",
                                              at: location))
                continue
            }
            for target in found {
                if let start = onPath.firstIndex(of: target) {
                    let cycle = (onPath[start...] + [target]).joined(separator: " → ")
                    diagnostics.append(Diagnostic(.warning, rule: .childPaneCycle,
                                                  "child panes form a cycle: \(cycle)", at: location))
                } else {
                    visit(target)
                }
            }
        }
    }

    /// Why a `File` value cannot name a schema file, or `nil` when it can.
    package static func problem(withFileName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.contains("/") || name.contains("\\") { return "contains a path separator; it must be a plain file name" }
        if name == ".." || name == "." || name.contains("..") { return "contains '..'; it must be a plain file name" }
        if name.lowercased().hasSuffix(".plist") {
            return "has the .plist extension, which the Settings app adds itself (write \"\(name.dropLast(6))\")"
        }
        if name.contains("\0") { return "contains a NUL character" }
        return nil
    }
}
