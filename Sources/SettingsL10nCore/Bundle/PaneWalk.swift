/// Walks the child panes from `Root.plist` and its variants, in the order the Settings app
/// would show them, marking what is reachable and reporting bad or missing `File` values and
/// cycles (each reported once, never followed forever). The walk keeps its own stack, so a
/// chain of thousands of panes cannot overflow the thread's.
package struct PaneWalk {
    private var files: [String: SchemaFile]
    /// The paths of the schema files of each base name (`Root` → `Root.plist`, `Root~ipad.plist`).
    private let pathsByBase: [String: [String]]
    private(set) var ordered: [SchemaFile] = []
    private(set) var links: [PaneLink] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The `File` values that opened nothing (refused or naming no file), each with its finding.
    private(set) var unopened: [(file: String, reason: Diagnostic)] = []
    /// The generated panes named and not there (`BundleLayout.generatedPanes`), each once.
    private(set) var missingGenerated: [MissingGeneratedPane] = []
    private let layout: BundleLayout
    private var visited: Set<String> = []

    /// The base names of schema files that are in the bundle but did not load: a `File` naming
    /// one opens nothing, but the file is there, and its own finding says why.
    private let unloadedBases: Set<String>

    /// - Parameters:
    ///   - unloaded: the paths of the bundle's schema files that did not load.
    ///   - layout: the root page the walk starts at, and the panes that may be missing.
    init(files: [String: SchemaFile], unloaded: [String] = [], layout: BundleLayout = .standard) {
        self.files = files
        self.layout = layout
        self.pathsByBase = Dictionary(grouping: files.keys) { files[$0]!.name.base }
        unloadedBases = Set(unloaded.compactMap { path in
            let split = BundlePath.splitLast(path)
            return SchemaFileName(fileName: String(split.name)).map { name in split.folder.map { "\($0)/\(name.base)" } ?? name.base }
        })
    }

    /// The root files, in the order of `Root.plist`, `~iphone`, `~ipad`, then in-app versions.
    static func rootOrder(_ name: SchemaFileName) -> Int {
        let idiomRank = name.idiom.map { $0 == .phone ? 1 : 2 } ?? 0
        return (name.isInApp ? 3 : 0) + idiomRank
    }

    mutating func run() {
        for root in sortedVariants(pathsByBase[layout.rootPage] ?? []) { visit(root) }
        for path in files.keys.sorted() where !visited.contains(path) {
            ordered.append(files[path]!)
        }
    }

    private func sortedVariants(_ paths: [String]) -> [String] {
        paths.sorted { Self.rootOrder(files[$0]!.name) < Self.rootOrder(files[$1]!.name) }
    }

    /// The files a `File` value opens from a file: every device variant of that name, in-app
    /// versions first when the parent is itself read in-app.
    private func targets(of base: String, fromInApp inApp: Bool) -> [String] {
        let variants = pathsByBase[base] ?? []
        let isInApp = { (path: String) in files[path]!.name.isInApp }
        return sortedVariants(inApp && variants.contains(where: isInApp) ? variants.filter(isInApp) : variants.filter { !isInApp($0) })
    }

    /// One file on the walk's path: the next specifier to look at, and the targets of the
    /// child pane being followed.
    private struct Frame {
        var path: String
        var specifier = 0
        var targets: [String] = []
        var nextTarget = 0
        var location = SourceLocation(file: "")
    }

    private mutating func enter(_ path: String) -> Bool {
        guard var file = files[path], visited.insert(path).inserted else { return false }
        file.isReachable = true
        files[path] = file
        ordered.append(file)
        return true
    }

    private mutating func visit(_ start: String) {
        guard enter(start) else { return }
        var stack = [Frame(path: start)]
        // Each file on the path, with its place in `stack`.
        var onPath: [String: Int] = [start: 0]
        while let top = stack.indices.last {
            if stack[top].nextTarget < stack[top].targets.count {
                let target = stack[top].targets[stack[top].nextTarget]
                stack[top].nextTarget += 1
                if let first = onPath[target] {
                    diagnostics.append(Diagnostic(.warning, rule: .childPaneCycle, "child panes form a cycle: \(Self.cycle(stack, from: first, closingAt: target))",
                                                  at: stack[top].location))
                } else if enter(target) {
                    stack.append(Frame(path: target))
                    onPath[target] = stack.count - 1
                }
                continue
            }
            guard let (targets, location) = nextLink(in: &stack[top]) else {
                onPath[stack.removeLast().path] = nil
                continue
            }
            stack[top].targets = targets
            stack[top].nextTarget = 0
            stack[top].location = location
        }
    }

    /// The targets of the frame's next child pane that opens schema files, reporting the ones
    /// that open none; `nil` when the file has no more.
    private mutating func nextLink(in frame: inout Frame) -> ([String], SourceLocation)? {
        let file = files[frame.path]!
        while frame.specifier < file.specifiers.count {
            let specifier = file.specifiers[frame.specifier]
            frame.specifier += 1
            guard specifier.type == .childPane else { continue }
            // In-app files may open InAppSettingsKit view controllers instead of schema files.
            if file.name.isInApp, specifier.opensInAppViewController { continue }
            guard let field = specifier.field("File") else { continue }
            let location = SourceLocation(file: frame.path, position: field.position, keyPath: field.keyPath)
            guard let name = field.value.stringValue else {
                refuse(Diagnostic(.error, rule: .childPaneFileInvalid,
                                  "File must be a string naming a schema file, not \(MessageText.withArticle(field.value.typeName))", at: location),
                       file: frame.path + " " + field.keyPath.description)
                continue
            }
            if let problem = Self.problem(withFileName: name) {
                refuse(Diagnostic(.error, rule: .childPaneFileInvalid, "File \(MessageText.quoted(name)) \(problem); it was not opened", at: location),
                       file: MessageText.excerpt(name))
                continue
            }
            let found = targets(of: name, fromInApp: file.name.isInApp)
            links.append(PaneLink(from: frame.path, keyPath: specifier.keyPath, file: name, targets: found))
            // A file that is there but did not load is reported, and counted, as such.
            if found.isEmpty, unloadedBases.contains(name) { continue }
            // A pane a build step writes may be missing: its strings are unknown, no more.
            if found.isEmpty, let pane = layout.generatedPane(named: name) {
                noteMissingGenerated(name, pane: pane, at: location)
                continue
            }
            if found.isEmpty {
                refuse(Diagnostic(.error, rule: .childPaneFileMissing,
                                  "File \(MessageText.quoted(name)) names \(MessageText.excerpt(name)).plist, which is not in the bundle; tapping the row opens an empty page",
                                  at: location),
                       file: MessageText.excerpt(name) + ".plist")
                continue
            }
            return (found, location)
        }
        return nil
    }

    private mutating func noteMissingGenerated(_ name: String, pane: GeneratedPane, at location: SourceLocation) {
        let tables = pane.tables.isEmpty ? "" : ", and its table\(pane.tables.count == 1 ? "" : "s") (\(pane.tables.joined(separator: ", "))) \(pane.tables.count == 1 ? "is" : "are") left alone"
        diagnostics.append(Diagnostic(
            .note, rule: .generatedPaneMissing,
            "File \(MessageText.quoted(name)) names \(MessageText.excerpt(name)).plist, which a build step generates (generatedPanes) and which is not in the bundle: "
                + "its strings are unknown\(tables); the rest of the bundle is checked, exported and merged",
            at: location))
        if !missingGenerated.contains(where: { $0.file == name }) {
            missingGenerated.append(MissingGeneratedPane(file: name, location: location, tables: pane.tables))
        }
    }

    private mutating func refuse(_ diagnostic: Diagnostic, file: String) {
        diagnostics.append(diagnostic)
        unopened.append((file, diagnostic))
    }

    /// `A.plist → B.plist → A.plist`: the files of `stack` from `start` on, then `target`, the
    /// middle of a long cycle left out. Only the names shown are read: a chain of 10,000 panes,
    /// each with a row back to Root, copied the whole path for each of its 10,000 cycles.
    private static func cycle(_ stack: [Frame], from start: Int, closingAt target: String) -> String {
        let count = stack.count - start + 1
        func name(_ index: Int) -> String { index < stack.count ? stack[index].path : target }
        guard count > 12 else { return (start...stack.count).map(name).joined(separator: " → ") }
        let hidden = "… (\(DiagnosticReport.grouped(count - 10)) more)"
        return ((start..<start + 5).map(name) + [hidden] + (stack.count - 4...stack.count).map(name)).joined(separator: " → ")
    }

    /// Why a `File` value cannot name a schema file, or `nil` when it can. A `File` is a name
    /// (`Privacy`) or a path inside the bundle (`Licenses/Acknowledgements`, as LicensePlist
    /// writes), read from the bundle's folder without the `.plist` extension.
    package static func problem(withFileName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.contains("\0") { return "contains a NUL character" }
        if let refused = name.unicodeScalars.lazy.compactMap(BundlePath.refusal(of:)).first { return "contains " + refused }
        if name.contains("\\") { return "contains a backslash; folders inside the bundle are separated by '/'" }
        if name.utf8.first == UInt8(ascii: "/") { return "is an absolute path; the Settings app opens schema files inside the bundle only" }
        let components = BundlePath.components(name, omittingEmpty: false)
        if components.contains(where: BundlePath.isParent) { return "leaves the bundle through '..'; the Settings app opens schema files inside the bundle only" }
        if components.contains(where: { $0.isEmpty || BundlePath.isDots($0) }) {
            return "has an empty or '.' folder name; write the path from the bundle's folder, as Folder/Name"
        }
        if components.dropLast().contains(where: { $0.hasPrefix(".") }) { return "is in a hidden folder, which the app's bundle does not ship" }
        if name.lowercased().hasSuffix(".plist") {
            return "has the .plist extension, which the Settings app adds itself (write \"\(name.dropLast(6))\")"
        }
        return nil
    }

    /// The folder part of a valid `File` path (`Licenses` for `Licenses/Acknowledgements`), or
    /// `nil` for a plain name.
    package static func folder(ofFileName name: String) -> (folder: String, base: String)? {
        let split = BundlePath.splitLast(name)
        guard let folder = split.folder else { return nil }
        return (String(folder), String(split.name))
    }
}
