import SettingsL10n
import SettingsL10nFiles

/// `extract --xcloc --screenshots`: each package's language drawn page by page (as
/// `render --format png` draws it) into the package's `Notes/Screenshots/<bundle>/<device>/`,
/// with Xcode's map of the strings on them (`localizationStringData.plist`,
/// `XcodeScreenshotNotes`) and settings-l10n's map beside each PNG (`<page>.json`), staged with
/// the rest of the package. One browser for the run, started at the first package.
final class PackageScreenshots {
    let browser: String
    let timeout: Double
    let scale: Int
    let idiom = Idiom.phone
    private let resolver: Resolver
    private let html: RenderHTML
    private let tables: [String: String]
    private let progress = ProgressLine("drawing")
    private var drawing: ScreenshotRendering.Drawing?

    init(loaded: LoadedBundle, browser: String, timeout: Double, scale: Int) throws {
        self.browser = browser
        self.timeout = timeout
        self.scale = scale
        resolver = Resolver(bundle: loaded.bundle, catalog: loaded.catalog, idiom: idiom)
        html = RenderHTML(images: try RenderCommand.images(loaded))
        tables = loaded.catalog.tableOfFile
    }

    /// Draws the pages a user of the `.lproj` folder `localization` sees and stages them in
    /// `package`; returns how many pages were drawn.
    func stage(_ localization: String, in package: String, bundle: String, owner: String, below folder: String,
               into staging: inout ExportStaging) throws -> Int {
        // Nothing will be written (a file there holds other work, a folder cannot be made):
        // the refusal is told by `finish`, without a browser started for it.
        guard !staging.isRefused else { return 0 }
        let pages = html.screenshotPages(for: resolver.resolve(LocaleRequest(localization)), tables: tables)
        if drawing == nil { drawing = try ScreenshotRendering.Drawing(browser: browser, timeout: timeout, command: "extract --screenshots") }
        guard let drawing else { return 0 }
        let notes = joinedPath(package, XcodeScreenshotNotes.folder(bundle: bundle, idiom: idiom))
        var maps: [ScreenshotMap] = []
        for (index, page) in pages.enumerated() {
            progress.update(index + 1, of: pages.count, "\(localization)/\(page.name)")
            let (image, map) = try drawing.draw(page, idiom: idiom, scale: scale)
            staging.add(joinedPath(notes, page.name + ".png"), image, for: owner, below: folder, writing: "the packages")
            staging.add(joinedPath(notes, page.name + ".json"), Array(map.json.utf8), for: owner, below: folder, writing: "the packages")
            maps.append(map)
        }
        progress.finish()
        staging.add(joinedPath(notes, XcodeScreenshotNotes.mapName), XcodeScreenshotNotes.plist(maps, bundle: bundle),
                    for: owner, below: folder, writing: "the packages")
        return pages.count
    }

    /// Stops the browser and removes its profile.
    func close() {
        progress.finish()
        drawing?.close()
        drawing = nil
    }
}
