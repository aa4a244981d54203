import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Show each locale as the Settings app would: JSON, a text tree, HTML previews, or screenshots with each string's rectangle.",
        discussion: """
        Picks the .lproj folders for a user's languages as iOS does (Apple's matching rules: \
        other spellings, scripts, regions, parent languages, then the development language), \
        looks each table up along that search list (a device's own table first, a missing key \
        shows as written), shows the rows and fields the host shows on the idiom, and sorts \
        DisplaySortedByTitle lists as localizedCompare: does in the user's language. \
        --locale X renders what a user whose only language is X sees (repeatable; all means \
        every .lproj; pseudo-accented, pseudo-long and pseudo-rtl render generated \
        pseudo-translations). --languages it,fr renders what a user with that Language & \
        Region list sees, most preferred first (repeatable). \
        A table that cannot be read shows its keys, as on the device; it is reported on stderr \
        and the exit code is 1, and every other locale renders. \
        --format png draws every page with headless Chromium into <output>/<locale>/<page>.png, \
        with <page>.json beside it: the image's size and each localized string's table, key, \
        field, text and rectangle in pixels.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html, png
    }

    @OptionGroup var options: BundleOptions

    @Option(name: .customLong("locale"), help: ArgumentHelp("A locale to render (repeatable): a language tag, all, or pseudo-accented, pseudo-long, pseudo-rtl.", valueName: "lang"), transform: LocaleOption.value)
    var locales: [String] = []

    @Option(name: .customLong("languages"), help: ArgumentHelp("A user's preferred languages, most preferred first, comma-separated: it,fr (repeatable).", valueName: "list"))
    var languageLists: [String] = []

    @Option(help: "The output format: text (a tree per locale), json, html (pages written into --output), or png (screenshots and string maps written into --output).")
    var format: Format = .text

    @Option(help: ArgumentHelp("The folder HTML pages or screenshots are written into (--format html or png).", valueName: "dir"), transform: PathOption.value)
    var output: String?

    @Option(help: ArgumentHelp("Pixels per point of the screenshots: 1, 2 or 3 (--format png).", valueName: "n"))
    var scale: Int?

    @Option(help: ArgumentHelp("The Chromium to draw with (--format png); default: SETTINGS_L10N_BROWSER, else \(Browser.namesSaid) on PATH.", valueName: "path"), transform: PathOption.value)
    var browser: String?

    @Option(help: ArgumentHelp("The longest the browser may take to answer, in seconds (--format png).", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Replace screenshots and maps that differ from what this run draws (--format png).")
    var force = false

    @Option(help: "The device: phone or pad (device variants and SupportedUserInterfaceIdioms).")
    var idiom: Idiom = .phone

    func validate() throws {
        if locales.isEmpty, languageLists.isEmpty {
            throw ValidationError("give at least one --locale (a language, all, or a pseudo-locale) or --languages list (it,fr)")
        }
        for list in languageLists where Self.languages(list).isEmpty {
            throw ValidationError("--languages \(shellQuoted(list)): give languages separated by commas, most preferred first: it,fr")
        }
        if format == .html, output == nil { throw ValidationError("--format html writes pages: give --output <dir>") }
        if format == .png, output == nil { throw ValidationError("--format png writes screenshots: give --output <dir>") }
        if format != .html, format != .png, output != nil { throw ValidationError("--output is for --format html or png") }
        if format != .png {
            for (option, given) in [("--scale", scale != nil), ("--browser", browser != nil), ("--timeout", timeout != nil), ("--force", force)] where given {
                throw ValidationError("\(option) is for --format png")
            }
        }
        try ScreenshotRendering.validate(scale: scale, timeout: timeout)
    }

    func run() throws {
        let loaded = try options.load(refusingHiddenSource: false)
        let resolver = Resolver(bundle: loaded.bundle, catalog: loaded.catalog, idiom: idiom)
        // A user's language, not a folder: one no folder matches sees the fallback, which is
        // rendered; a note names it, so that a mistyped language is noticed.
        for locale in resolver.unmatchedLocales(locales) { printError("note: " + resolver.fallbackNote(for: locale)) }
        var requested: [LocaleRequest] = []
        func add(_ request: LocaleRequest) {
            if !requested.contains(where: { $0.name == request.name }) { requested.append(request) }
        }
        for locale in locales {
            for name in locale == "all" ? resolver.allLocales : [locale] { add(LocaleRequest(name)) }
        }
        for list in languageLists {
            let languages = Self.languages(list)
            add(LocaleRequest(name: languages.joined(separator: ","), languages: languages))
        }
        let progress = ProgressLine("rendering")
        defer { progress.finish() }
        // The document streams out as locales are done; the progress line steps aside for it.
        let write = { (text: String) in
            progress.finish()
            format == .json ? printJSON(text) : printOutput(text)
        }
        let problems: [Diagnostic]
        // What --format html and png wrote: said last, after what the pages lack.
        var wrote: String?
        switch format {
        case .json:
            problems = RenderJSON.render(requested, with: resolver, progress: { progress.update($0, of: $1, $2) }, into: write)
        case .text:
            problems = RenderText.render(requested, with: resolver, progress: { progress.update($0, of: $1, $2) }, into: write)
        case .html, .png:
            (problems, wrote) = try writeFiles(requested, resolver: resolver, loaded: loaded, progress: progress)
        }
        progress.finish()
        // Pages missing from the rendering: a schema file there that did not load, or no Root.
        var unloaded = loaded.bundle.unloadedSchemaFiles.filter { !$0.isPaneReference }.map(\.reason)
        // No Root.plist beside InAppSettingsKit's Root.inApp.plist: not a file that did not load
        // (its keys are known), but the Settings app's page is still missing.
        unloaded += loaded.bundle.diagnostics.filter { $0.rule == .rootPlistMissing && !unloaded.contains($0) }
        // Child panes whose File opens nothing (refused, or naming no file): reported where the
        // File is written; their rows show "(no page)".
        let unopened = loaded.bundle.unloadedSchemaFiles.filter(\.isPaneReference).map(\.reason)
        // Generated panes that are not there (generatedPanes): said, not a failure; their rows show (no page).
        let generated = loaded.bundle.diagnostics.filter { $0.rule == .generatedPaneMissing }
        if !problems.isEmpty || !unloaded.isEmpty || !unopened.isEmpty || !generated.isEmpty {
            printError(TextDiagnosticFormatter(paths: options.diagnosticPaths).format(unloaded + unopened + generated + problems))
        }
        if !unloaded.isEmpty {
            printError("\(unloaded.count.grouped) schema file\(unloaded.count == 1 ? "" : "s") did not load or \(unloaded.count == 1 ? "is" : "are") missing; \(unloaded.count == 1 ? "its page is" : "their pages are") not in the rendering")
        }
        if !unopened.isEmpty {
            printError("\(unopened.count.grouped) child pane\(unopened.count == 1 ? " opens" : "s open") no page; \(unopened.count == 1 ? "its row shows" : "their rows show") (no page), and the device opens an empty page")
        }
        let folders = problems.filter { $0.location.file.hasSuffix(".lproj") }.count, tables = problems.count - folders
        if tables > 0 {
            printError("\(tables.grouped) table\(tables == 1 ? "" : "s") could not be read; \(tables == 1 ? "its" : "their") keys are shown as written, as on a device")
        }
        if folders > 0 {
            printError("\(folders.grouped) .lproj folder\(folders == 1 ? "" : "s") could not be read; the tables \(folders == 1 ? "it" : "they") may hold are not shown, the next folders of the search list are")
        }
        // Root~iphone.plist only, rendered for iPad (or the reverse): the host opens no page.
        let root = loaded.bundle.layout.rootPage
        let roots = loaded.bundle.schemaFiles.filter { $0.name.base == root && !$0.name.isInApp }
        let noRoot = !roots.isEmpty && !roots.contains { $0.name.idiom == nil || $0.name.idiom == idiom }
        if noRoot {
            printError("error: the bundle has no \(root).plist or \(root)\(idiom.fileSuffix).plist, so \(resolver.host.displayName) shows no page on \(idiom.rawValue == "pad" ? "iPad" : "iPhone"): add \(root).plist (\(roots.map(\.path).sorted().joined(separator: ", ")) serve\(roots.count == 1 ? "s" : "") the other idiom only)")
        }
        if let wrote, !options.quiet { printError(wrote) }
        if !problems.isEmpty || !unloaded.isEmpty || !unopened.isEmpty || noRoot { throw ExitCode(1) }
    }

    /// The languages of a `--languages` list: `it, fr` → `[it, fr]`.
    static func languages(_ list: String) -> [String] {
        list.split(separator: ",").map { String(String($0).trimmingWhiteSpace()) }.filter { !$0.isEmpty }
    }

    /// `--format html` and `png`: every locale resolved and its pages or screenshots written;
    /// the tables that could not be read, and the line that says what was written.
    private func writeFiles(_ requested: [LocaleRequest], resolver: Resolver, loaded: LoadedBundle,
                            progress: ProgressLine) throws -> (problems: [Diagnostic], wrote: String) {
        if format == .html { return try writeHTML(requested, resolver: resolver, loaded: loaded, progress: progress) }
        var rendered: [LocalizedLocale] = []
        for (index, request) in requested.enumerated() {
            progress.update(index + 1, of: requested.count, request.name)
            rendered.append(resolver.resolve(request))
        }
        progress.finish()
        var problems = Problems()
        for locale in rendered { problems.add(locale.problems) }
        try refuseUnreadable(problems.all, loaded: loaded)
        return (problems.all, try writeScreenshots(rendered, loaded: loaded, progress: progress))
    }

    /// The tables that could not be read, each once, in the order found, over every locale (a
    /// search of the list for each was quadratic in them: 436 s for 4,000 broken tables).
    struct Problems {
        private(set) var all: [Diagnostic] = []
        private var seen: Set<Diagnostic> = []
        /// Whether one is a file the disk did not give.
        private(set) var hasUnreadable = false

        mutating func add(_ problems: [Diagnostic]) {
            for problem in problems where seen.insert(problem).inserted {
                all.append(problem)
                if problem.rule == .fileUnreadable { hasUnreadable = true }
            }
        }
    }

    /// A file the disk did not give (not one the device cannot read): pages that look right
    /// without it would mislead; none is written.
    private func refuseUnreadable(_ problems: [Diagnostic], loaded: LoadedBundle) throws {
        let unreadable = Self.unreadable(problems, loaded: loaded)
        guard !unreadable.isEmpty else { return }
        printError(TextDiagnosticFormatter(paths: options.diagnosticPaths).format(unreadable))
        throw CommandFailure("\(unreadable.count == 1 ? "a file" : "\(unreadable.count) files") of the bundle could not be read (above); no page was written")
    }

    private static func unreadable(_ problems: [Diagnostic], loaded: LoadedBundle) -> [Diagnostic] {
        // A .lproj folder counts when a locale reads it (it is then among `problems`): one no
        // locale rendered reads is no reason to write no page.
        let bundleWide = loaded.bundle.diagnostics.filter { !$0.location.file.hasSuffix(".lproj") }
        var seen: Set<Diagnostic> = []
        return (problems + bundleWide).filter { $0.rule == .fileUnreadable && seen.insert($0).inserted }
    }

    /// Returns the line that says what was written.
    private func writeScreenshots(_ locales: [LocalizedLocale], loaded: LoadedBundle, progress: ProgressLine) throws -> String {
        let folder = output!
        try OutputGuard.refuseInsideBundle(folder, bundle: loaded.source, option: "--output")
        let rendering = ScreenshotRendering(browser: try Browser.find(named: browser), idiom: idiom, scale: scale ?? ScreenshotRendering.defaultScale,
                                            timeout: timeout ?? ScreenshotRendering.defaultTimeout, force: force)
        let count = try rendering.write(locales, tables: loaded.catalog.tableOfFile, html: RenderHTML(images: try Self.images(loaded)),
                                        into: folder, progress: progress, formatter: TextDiagnosticFormatter(paths: options.diagnosticPaths))
        return "wrote \(count.grouped) screenshot\(count == 1 ? "" : "s") with \(count == 1 ? "its string map" : "their string maps") for \(locales.count.grouped) locale\(locales.count == 1 ? "" : "s") into \(folder)"
    }

    /// The bundle's images the pages show (slider images), by name; one larger than a page
    /// should embed is left out (the HTML pages, and the screenshots of render and extract).
    static func images(_ loaded: LoadedBundle) throws -> [String: [UInt8]] {
        var images: [String: [UInt8]] = [:]
        for file in loaded.bundle.otherEntries where file.kind == .file && [".png", ".jpg", ".jpeg"].contains(where: file.name.lowercased().hasSuffix) {
            // Larger than a page should embed: shown without it. Unreadable: no page is written.
            do {
                images[file.name] = try loaded.source.contents(of: file.name, limit: 1 << 20)
            } catch where !error.isTooLarge {
                throw CommandFailure("\(file.name) cannot be read (\(error.message)); no page was written")
            } catch {}
        }
        return images
    }

    /// `--format html`: each locale resolved, its pages made and staged on disk (`ExportStaging`,
    /// as exports are: memory holds one locale's pages, not every locale's), then the index, and
    /// every page put in place together. A file of the bundle that cannot be read leaves nothing
    /// written; a page in the folder is replaced whatever it holds (the folder is the preview's).
    private func writeHTML(_ requested: [LocaleRequest], resolver: Resolver, loaded: LoadedBundle,
                           progress: ProgressLine) throws -> (problems: [Diagnostic], wrote: String) {
        let folder = output!
        try OutputGuard.refuseInsideBundle(folder, bundle: loaded.source, option: "--output")
        let html = RenderHTML(images: try Self.images(loaded))
        var staging = ExportStaging(force: true, again: "render again")
        var problems = Problems()
        let bundleUnreadable = !Self.unreadable([], loaded: loaded).isEmpty
        var entries: [RenderHTML.IndexEntry] = []
        // The folders the locales show, whose numbers the index gives.
        var shown: Set<String> = []
        let what = "the pages"
        let folders = RenderHTML.folders(for: requested.map(\.name))
        for (index, request) in requested.enumerated() {
            progress.update(index + 1, of: requested.count, request.name)
            let locale = resolver.resolve(request)
            if let localization = locale.localization { shown.insert(localization) }
            problems.add(locale.problems)
            // Once a file could not be read, no page will be written: the rest are only resolved,
            // so that every such file is named.
            guard !bundleUnreadable, !problems.hasUnreadable, !staging.isRefused else { continue }
            let (pages, entry) = html.pages(of: locale, folder: folders[index])
            for page in pages {
                staging.add(joinedPath(folder, page.path), Array(page.html.utf8), for: entry.folder, below: folder, writing: what)
            }
            entries.append(entry)
        }
        progress.finish()
        do {
            try refuseUnreadable(problems.all, loaded: loaded)
            // The index shows status's numbers: one definition of translated (the configuration's
            // TranslationPolicy, in the catalog), counted once by the same code. Read again for the
            // numbers: a table the disk does not give now would make them wrong.
            // Only the folders shown: a table of a language not rendered is no reason to write
            // no page (sv.lproj/Privacy.strings unreadable stopped render --locale de).
            let context = CheckContext(bundle: loaded.bundle, catalog: loaded.catalog, locales: shown.sorted(), displayRules: false)
            if let problem = context.tableFacts.compactMap(\.problem).first(where: { if case .unreadable = $0 { true } else { false } }) {
                throw CommandFailure("\(problem.path) cannot be read (\(problem.message)); no page was written")
            }
            var index = html
            let status = StatusReport(context, configuration: loaded.configuration)
            index.completeness = status.percentByLocale
            index.caveats = status.caveatByLocale
            staging.add(joinedPath(folder, "index.html"), Array(index.index(entries).utf8), for: "index.html", below: folder, writing: what)
        } catch {
            staging.discard()
            throw error
        }
        try staging.finish(refuse: { _ in }, formatter: TextDiagnosticFormatter(paths: options.diagnosticPaths))
        let (count, locales) = (staging.count, requested.count)
        return (problems.all, "wrote \(count.grouped) page\(count == 1 ? "" : "s") for \(locales.grouped) locale\(locales == 1 ? "" : "s") into \(folder); open \(joinedPath(folder, "index.html"))")
    }
}

extension Idiom: ExpressibleByArgument {}
