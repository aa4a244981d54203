import Foundation
import Testing
import SettingsL10nTestSupport

/// Golden images of the example bundle's pages as `render --format png` draws them, in German
/// and Arabic (right to left), at two pixels a point, compared with the tolerance
/// `ScreenshotGolden` explains; `RECORD_GOLDEN=1` records them again after a change to the pages
/// or a new Chromium (look at `git diff --stat` and the images before committing them).
@Suite("Screenshot golden images", .serialized)
struct ScreenshotGoldenTests {
    static let pages = ["OfflineMaps", "Privacy", "Root", "options-OfflineMaps-2", "options-Root-5", "options-Root-6"]

    @Test("the example bundle's pages in German and Arabic look as recorded", .requires(.chromium))
    func examplePages() throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("shots")
        let result = try Tool.run(["render", TestPaths.exampleBundle.path, "--locale", "de", "--locale", "ar", "--format", "png", "--output", out.path])
        #expect(result.exitCode == 0, "\(result)")
        let pairs = try ["de", "ar"].flatMap { locale in
            try Self.pages.map { page in ("screenshots/\(locale)/\(page).png", try Data(contentsOf: out.appendingPathComponent("\(locale)/\(page).png"))) }
        }
        try ScreenshotGolden.check(pairs)
    }

    @Test("the comparison fails on a one-letter change of one string, and on another language; passes on the same image", .requires(.chromium))
    func comparisonCanFail() throws {
        let temporary = try TemporaryFolder()
        let bundle = temporary.url.appendingPathComponent("Settings.bundle")
        try FileManager.default.copyItem(at: TestPaths.exampleBundle, to: bundle)
        let table = bundle.appendingPathComponent("de.lproj/Root.strings")
        try replaceOnce(in: table, "\"Konto\";", with: "\"Konti\";")
        let out = temporary.url.appendingPathComponent("shots")
        let result = try Tool.run(["render", bundle.path, "--locale", "de", "--format", "png", "--output", out.path])
        #expect(result.exitCode == 0, "\(result)")
        let golden = ScreenshotGolden.self
        let folder = Golden.folder(of: #filePath).appendingPathComponent("screenshots")
        let recorded = try Data(contentsOf: folder.appendingPathComponent("de/Root.png"))
        let changed = try Data(contentsOf: out.appendingPathComponent("de/Root.png"))
        let arabic = try Data(contentsOf: folder.appendingPathComponent("ar/Root.png"))
        let comparisons = try golden.compare([(recorded, changed), (recorded, arabic), (recorded, recorded)])
        #expect(comparisons[0].sameSize && !comparisons[0].matches && comparisons[0].differing > 0 && comparisons[0].diff != nil, "\(comparisons[0].differing) of \(comparisons[0].total)")
        #expect(!comparisons[1].matches)
        #expect(comparisons[2].matches && comparisons[2].differing == 0 && comparisons[2].largest == 0 && comparisons[2].diff == nil)
        // A failing check leaves the image drawn and the diff image under .build/golden-actual/.
        let written = TestPaths.packageRoot.appendingPathComponent(".build/golden-actual/screenshots/de/Root.png")
        try? FileManager.default.removeItem(at: written)
        try? FileManager.default.removeItem(at: written.deletingPathExtension().appendingPathExtension("diff.png"))
        withKnownIssue("the changed page differs from the golden") {
            try ScreenshotGolden.check([("screenshots/de/Root.png", changed)], records: false)
        }
        #expect(try Data(contentsOf: written) == changed)
        #expect(try Data(contentsOf: written.deletingPathExtension().appendingPathExtension("diff.png")).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
