import Foundation
import Testing
@testable import settings_l10n
import SettingsL10nTestSupport

/// Every surface of the registry over every vendored bundle of the corpus (the fetched ones:
/// CLIFieldTests): no crash, no usage error, and a surface that writes nothing leaves the
/// bundle byte for byte as it was. A surface added to the registry runs here at once.
@Suite("Every surface over the corpus")
struct CorpusSurfaceTests {
    /// The placeholders of the registry for a copy of a corpus bundle: its own exports.
    static func inputs(for copy: BundleCopy) throws -> [String: String] {
        let bundle = copy.bundle.path, folder = copy.folder.path
        for option in ["--xliff", "--xcloc", "--xcstrings"] {
            _ = try Tool.run(["extract", bundle, option, folder + "/inputs" + option.dropFirst(2)])
        }
        _ = try Tool.run(["check", bundle, "--write-baseline", folder + "/baseline.json"])
        // {ref}: the bundle as it is, committed (check --new-since then reports nothing new).
        try TestGit.commit(copy.folder, adding: ["Settings.bundle"])
        let folders = try FileManager.default.contentsOfDirectory(atPath: bundle).filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }.sorted()
        let locale = folders.first { !["en.lproj", "English.lproj"].contains($0) }.map { String($0.dropLast(6)) } ?? "en"
        let app = copy.folder.appendingPathComponent("app/\(locale).lproj")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("\"Sound\" = \"Sound (\(locale))\";\n".utf8).write(to: app.appendingPathComponent("Localizable.strings"))
        func first(_ subfolder: String, _ suffix: String) -> String {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + subfolder)) ?? []
            return folder + "/" + subfolder + "/" + (names.sorted().first { $0.hasSuffix(suffix) } ?? "none" + suffix)
        }
        return ["{bundle}": bundle, "{out}": folder + "/out", "{catalog}": folder + "/Settings.xcstrings",
                "{xliff}": first("inputsxliff", ".xliff"), "{xcloc}": first("inputsxcloc", ".xcloc"),
                "{xcstrings}": first("inputsxcstrings", ".xcstrings"), "{exports}": folder + "/inputsxliff",
                "{baseline}": folder + "/baseline.json", "{app}": folder + "/app", "{locale}": locale, "{ref}": "HEAD"]
    }

    @Test("every surface runs on the bundle without a crash; those that write nothing leave it as it was",
          arguments: TestPaths.corpusBundles())
    func everySurface(bundle name: String) throws {
        try Self.expectEverySurface(name)
    }

    static func expectEverySurface(_ name: String) throws {
        try expectEverySurface(source: TestPaths.corpus(name), name: name)
    }

    /// Every surface on a copy of the bundle at `source` (`name` labels the failures).
    static func expectEverySurface(source: URL, name: String, only chosen: (Surfaces.Surface) -> Bool = { _ in true }) throws {
        try #require(FileManager.default.fileExists(atPath: source.path), "\(name) is not in place")
        let shared = try BundleCopy(source)
        let sharedInputs = try Self.inputs(for: shared)
        let pristine = try shared.snapshot()
        for surface in Surfaces.all where chosen(surface) {
            // A surface that writes gets a copy of its own (and an output and a catalog beside
            // it); the others share one. The exports read are the shared copy's, made once.
            let copy = surface.writes.isEmpty ? shared : try BundleCopy(source)
            let inputs = sharedInputs.merging(["{bundle}": copy.bundle.path, "{out}": copy.folder.path + "/out",
                                               "{catalog}": copy.folder.path + "/Settings.xcstrings"]) { $1 }
            let arguments = surface.arguments.map { argument in inputs.reduce(argument) { $0.replacingOccurrences(of: $1.key, with: $1.value) } }
            let result = try Tool.run(arguments)
            #expect([0, 1, 3].contains(result.exitCode) && !result.stderr.contains("Fatal error"), "\(name): \(surface.name): \(result)")
            if surface.writes.isEmpty {
                #expect(try shared.snapshot() == pristine, "\(name): \(surface.name) changed the bundle")
            }
            try? FileManager.default.removeItem(atPath: shared.folder.path + "/out")
        }
    }
}
