import ArgumentParser
import Foundation
import SettingsL10n

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Show each locale as the Settings app would: JSON, a text tree, or HTML previews.",
        discussion: """
        Picks the .lproj for each locale as the Settings app does (exact name, other spellings, \
        parent languages, then the development language), looks each string up in its table \
        (a missing key shows as written), hides what the idiom does not show, and sorts \
        DisplaySortedByTitle lists with the locale's ICU collation. --locale all means every \
        .lproj; pseudo-accented, pseudo-long and pseudo-rtl render generated pseudo-translations.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    @OptionGroup var options: BundleOptions

    @Option(name: .customLong("locale"), help: ArgumentHelp("A locale to render (repeatable): a language tag, all, or pseudo-accented, pseudo-long, pseudo-rtl.", valueName: "lang"))
    var locales: [String] = []

    @Option(help: "The output format.")
    var format: Format = .text

    @Option(help: ArgumentHelp("The folder HTML pages are written into (--format html).", valueName: "dir"))
    var output: String?

    @Option(help: "The device: phone or pad (device variants and SupportedUserInterfaceIdioms).")
    var idiom: Idiom = .phone

    @Flag(help: "Show the bundle as InAppSettingsKit does inside the app: .inApp.plist versions first.")
    var inApp = false

    func validate() throws {
        if locales.isEmpty { throw ValidationError("give at least one --locale (a language, all, or a pseudo-locale)") }
        if format == .html, output == nil { throw ValidationError("--format html writes pages: give --output <dir>") }
        if format != .html, output != nil { throw ValidationError("--output is for --format html") }
    }

    func run() throws {
        let loaded = try options.load()
        let resolver = Resolver(bundle: loaded.bundle, catalog: loaded.catalog, idiom: idiom, inApp: inApp)
        var requested: [String] = []
        for locale in locales {
            for name in locale == "all" ? resolver.allLocales : [locale] where !requested.contains(name) { requested.append(name) }
        }
        let progress = ProgressLine("rendering")
        defer { progress.finish() }
        // The document streams out as locales are done; the progress line steps aside for it.
        let write = { (text: String) in
            progress.finish()
            printOutput(text)
        }
        do {
            switch format {
            case .json:
                try RenderJSON.render(requested, with: resolver, progress: { progress.update($0, of: $1, $2) }, into: write)
            case .text:
                try RenderText.render(requested, with: resolver, progress: { progress.update($0, of: $1, $2) }, into: write)
            case .html:
                var rendered: [LocalizedLocale] = []
                for (index, locale) in requested.enumerated() {
                    progress.update(index + 1, of: requested.count, locale)
                    rendered.append(try resolver.resolve(locale))
                }
                progress.finish()
                try writeHTML(rendered, source: loaded.source, bundle: loaded.bundle)
            }
        } catch let error as ResolveError {
            throw CommandFailure(error.description)
        }
    }

    private func writeHTML(_ locales: [LocalizedLocale], source: DiskBundleSource, bundle: SettingsBundle) throws {
        var images: [String: [UInt8]] = [:]
        for file in bundle.otherEntries where file.kind == .file && [".png", ".jpg", ".jpeg"].contains(where: file.name.lowercased().hasSuffix) {
            images[file.name] = try? source.contents(of: file.name, limit: 1 << 20)
        }
        let pages = RenderHTML(images: images).pages(for: locales)
        let folder = URL(fileURLWithPath: output!)
        do {
            for (path, html) in pages.sorted(by: { $0.key < $1.key }) {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(html.utf8).write(to: url, options: .atomic)
            }
        } catch {
            throw CommandFailure("cannot write the pages into \(output!): \(error.localizedDescription); choose a folder you can write to")
        }
        printError("wrote \(pages.count) pages for \(locales.count) locale\(locales.count == 1 ? "" : "s") into \(output!); open \(folder.appendingPathComponent("index.html").path)")
    }
}

extension Idiom: ExpressibleByArgument {}
