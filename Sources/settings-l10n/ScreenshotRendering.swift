import ArgumentParser
import FoundationEssentials
import SettingsL10n
import SettingsL10nFiles

/// `render --format png`: each page of each locale drawn by headless Chromium from the HTML
/// preview (`RenderHTML.screenshotPages`, every localized string marked), measured by the
/// browser's own layout (`ScreenshotMap.measuringScript`), and written as
/// `<output>/<locale>/<page>.png` with its map `<page>.json` beside it, through the exporters'
/// staging (`ExportStaging`): nothing is written when a file there holds other work (unless
/// `--force`), and everything is put in place together.
struct ScreenshotRendering {
    var browser: String
    var idiom: Idiom
    var scale: Int
    var timeout: Double
    var force: Bool

    /// Pixels per point and the browser's time to answer where the options leave them out,
    /// for `render --format png` and `extract --screenshots` alike.
    static let defaultScale = 2
    static let defaultTimeout = 60.0

    /// The checks `--scale` and `--timeout` share wherever screenshots are drawn.
    static func validate(scale: Int?, timeout: Double?) throws {
        if let scale, !(1...3).contains(scale) { throw ValidationError("--scale \(scale): give 1, 2 or 3 pixels per point") }
        if let timeout, !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout: give seconds, more than 0 and at most 3600") }
    }

    /// Draws every page of `locales` and writes the screenshots and maps into `folder`;
    /// returns how many pages were drawn.
    func write(_ locales: [LocalizedLocale], tables: [String: String], html: RenderHTML, into folder: String,
               progress: ProgressLine, formatter: TextDiagnosticFormatter) throws -> Int {
        let folders = RenderHTML.folders(for: locales.map(\.locale))
        let pages = zip(locales, folders).flatMap { html.screenshotPages(for: $0, tables: tables, folder: $1) }
        var staging = ExportStaging(force: force, again: "render again")
        do {
            let browser = try Drawing(browser: browser, timeout: timeout, command: "render --format png")
            defer { browser.close() }
            for (index, page) in pages.enumerated() {
                progress.update(index + 1, of: pages.count, "\(page.folder)/\(page.name)")
                let (image, map) = try browser.draw(page, idiom: idiom, scale: scale)
                let base = joinedPath(folder, "\(page.folder)/\(page.name)")
                staging.add(base + ".png", image, for: page.folder, below: folder, writing: "the screenshots")
                staging.add(base + ".json", Array(map.json.utf8), for: page.folder, below: folder, writing: "the screenshots")
            }
        } catch {
            let stopped = staging.stopping(with: error)
            staging.discard()
            throw stopped
        }
        progress.finish()
        try staging.finish(refuse: { _ in }, formatter: formatter)
        return pages.count
    }

    /// A browser for one run's screenshots, started once: its profile in a scratch folder (the
    /// one writer's), removed by `close()` with the browser.
    final class Drawing {
        private let scratch: LocalFile.ScratchFolder
        private var session: Session?

        /// Starts `browser`; `command` names what needs it, for the messages.
        init(browser: String, timeout: Double, command: String) throws {
            do {
                scratch = try LocalFile.ScratchFolder(for: "browser")
            } catch {
                throw CommandFailure("\(error.reason); \(command) needs one for the browser's profile (set TMPDIR to a folder you can write to)")
            }
            do {
                session = try Session(browser: Browser(path: browser, profile: scratch.path + "/profile", temporary: scratch.path, timeout: timeout))
            } catch {
                scratch.remove()
                throw error
            }
        }

        func draw(_ page: ScreenshotPage, idiom: Idiom, scale: Int) throws -> (image: [UInt8], map: ScreenshotMap) {
            guard let session else { throw CommandFailure("the browser was closed before \(page.folder)/\(page.name) was drawn") }
            return try session.draw(page, idiom: idiom, scale: scale)
        }

        /// Stops the browser and removes its profile (once; again does nothing).
        func close() {
            session?.browser.close()
            session = nil
            scratch.remove()
        }
    }

    /// One page of the browser (a tab), which every screenshot is drawn in.
    struct Session {
        let browser: Browser
        let session: String
        let frame: String

        init(browser: Browser) throws {
            self.browser = browser
            let target = try browser.call("Target.createTarget", [("url", .string("about:blank"))])
            guard let targetID = target[member: "targetId"]?.stringValue else { throw CommandFailure("the browser opened no page") }
            let attached = try browser.call("Target.attachToTarget", [("targetId", .string(targetID)), ("flatten", .bool(true))])
            guard let session = attached[member: "sessionId"]?.stringValue else { throw CommandFailure("the browser gave no page to draw in") }
            self.session = session
            let tree = try browser.call("Page.getFrameTree", session: session)
            guard let frame = tree[member: "frameTree"]?[member: "frame"]?[member: "id"]?.stringValue else {
                throw CommandFailure("the browser's page has no frame to draw in")
            }
            self.frame = frame
        }

        /// Draws `page` at the idiom's width and the page's height, and measures its strings.
        func draw(_ page: ScreenshotPage, idiom: Idiom, scale: Int) throws -> (image: [UInt8], map: ScreenshotMap) {
            let width = ScreenshotMap.viewportWidth(idiom: idiom)
            try resize(width: width, height: 100, scale: scale)
            try browser.call("Page.setDocumentContent", [("frameId", .string(frame)), ("html", .string(page.html))], session: session)
            let first = try measure()
            // The whole page in one image: the window as tall as the page, then measured again.
            try resize(width: width, height: max(Int(first.height.rounded(.up)), 1), scale: scale)
            let measured = try measure()
            let shot = try browser.call("Page.captureScreenshot", [("format", .string("png")), ("fromSurface", .bool(true))], session: session)
            guard let data = shot[member: "data"]?.stringValue, let decoded = Data(base64Encoded: data) else {
                throw CommandFailure("the browser gave no image of \(page.folder)/\(page.name)")
            }
            let image = [UInt8](decoded)
            let map = ScreenshotMap(page: page, measured: measured, idiom: idiom.rawValue, scale: scale)
            guard let size = PNGHeader.size(of: image), size.width == map.width, size.height == map.height else {
                throw CommandFailure("the browser drew \(page.folder)/\(page.name) at another size than it measured; nothing was written")
            }
            return (image, map)
        }

        private func resize(width: Int, height: Int, scale: Int) throws {
            try browser.call("Emulation.setDeviceMetricsOverride", [
                ("width", .integer(Int64(width))), ("height", .integer(Int64(height))),
                ("deviceScaleFactor", .integer(Int64(scale))), ("mobile", .bool(false)),
            ], session: session)
        }

        private func measure() throws -> ScreenshotMap.Measured {
            let result = try browser.call("Runtime.evaluate", [
                ("expression", .string(ScreenshotMap.measuringScript)), ("awaitPromise", .bool(true)), ("returnByValue", .bool(true)),
            ], session: session)
            if let exception = result[member: "exceptionDetails"] {
                throw CommandFailure("the browser could not measure the page: \(exception[member: "text"]?.stringValue ?? "an exception")")
            }
            guard let text = result[member: "result"]?[member: "value"]?.stringValue,
                  let value = try? JSONReader.read(Array(text.utf8)), let measured = ScreenshotMap.Measured(json: value) else {
                throw CommandFailure("the browser's measurement of the page is not what was asked for")
            }
            return measured
        }
    }
}
