import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import settings_l10n
import SettingsL10nFiles
import SettingsL10nTestSupport

/// The registry of every way of running the tool (`Surfaces`): complete, honest about what each
/// surface writes, and what the scripts read (`Tests/CLITests/Golden/surfaces.json`).
@Suite("The registry of surfaces")
struct SurfaceRegistryTests {
    @Test("every command of the tool has a surface, and every writer of SettingsL10nFiles a surface that goes through it")
    func complete() {
        let commands = Set(SettingsL10nCommand.configuration.subcommands.compactMap { $0.configuration.commandName })
        #expect(Set(Surfaces.all.map(\.command)) == commands)
        #expect(Set(Surfaces.all.flatMap(\.writes)) == Set(FileWriter.allCases))
        #expect(Set(Surfaces.all.map(\.name)).count == Surfaces.all.count, "two surfaces share a name")
    }

    @Test("Tests/CLITests/Golden/surfaces.json, which the scripts read, is the registry")
    func scriptsReadTheRegistry() {
        Golden.check(Surfaces.json, against: "surfaces.json")
    }

    /// A bundle where every writing surface has work, and the inputs its placeholders name.
    final class Workspace {
        let copy: BundleCopy
        let inputs: URL
        var values: [String: String] = [:]

        init() throws {
            copy = try BundleCopy()
            inputs = copy.folder.appendingPathComponent("inputs")
            let bundle = copy.bundle.path, folder = inputs.path
            // Exports of the bundle as it is, then the German table made to need them.
            for (option, name) in [("--xliff", "exports"), ("--xcloc", "xcloc"), ("--xcstrings", "xcstrings")] {
                let result = try Tool.run(["extract", bundle, option, folder + "/" + name])
                #expect(result.exitCode == 0, "\(result)")
            }
            #expect(try Tool.run(["check", bundle, "--write-baseline", folder + "/baseline.json"]).exitCode == 0)
            // The bundle as it is, committed: {ref} (the German table's edit below is new since).
            try TestGit.commit(copy.folder, adding: ["Settings.bundle"])
            try FileManager.default.createDirectory(at: inputs.appendingPathComponent("app/de.lproj"), withIntermediateDirectories: true)
            try Data("\"Sound\" = \"Ton\";\n\"Wi-Fi\" = \"WLAN\";\n".utf8).write(to: inputs.appendingPathComponent("app/de.lproj/Localizable.strings"))
            let german = copy.bundle.appendingPathComponent("de.lproj/Root.strings")
            let text = try String(contentsOf: german, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = lines.firstIndex { $0.hasPrefix("\"") }!
            try Data((lines[..<first] + lines[(first + 1)...] + ["\"Obsolete.key\" = \"Alt\";", ""]).joined(separator: "\n").utf8).write(to: german)
            values = ["{bundle}": bundle, "{out}": copy.folder.path + "/out", "{xliff}": folder + "/exports/de.xliff",
                      "{xcloc}": folder + "/xcloc/de.xcloc", "{xcstrings}": folder + "/xcstrings/Root.xcstrings",
                      "{exports}": folder + "/exports", "{catalog}": copy.folder.path + "/Settings.xcstrings",
                      "{baseline}": folder + "/baseline.json", "{app}": folder + "/app", "{locale}": "de", "{ref}": "HEAD"]
        }

        func arguments(_ surface: Surfaces.Surface) -> [String] {
            surface.arguments.map { argument in
                values.reduce(argument) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
            }
        }

        /// The files below the copy's folder but the inputs, by where they are.
        func state() throws -> (bundle: [String: Data], out: [String: Data], catalog: Data?) {
            func files(_ url: URL) throws -> [String: Data] {
                var files: [String: Data] = [:]
                guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [:] }
                for case let path as String in enumerator {
                    let file = url.appendingPathComponent(path)
                    if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files[path] = try Data(contentsOf: file) }
                }
                return files
            }
            return (try files(copy.bundle), try files(copy.folder.appendingPathComponent("out")),
                    FileManager.default.contents(atPath: values["{catalog}"]!))
        }
    }

    @Test("each surface runs, and writes only through what it says; what it prints is what it says",
          arguments: Surfaces.all.filter { !$0.drawsPages }.map(\.name))
    func honest(name: String) throws {
        try Self.honest(name)
    }

    /// The surfaces that draw pages in Chromium: skipped with the reason where it is missing
    /// (exit 3, which is what they say there), failed in CI.
    @Test("each surface that draws pages runs, and writes only through what it says; what it prints is what it says",
          .requires(.chromium), arguments: Surfaces.all.filter(\.drawsPages).map(\.name))
    func honestDrawing(name: String) throws {
        try Self.honest(name)
    }

    static func honest(_ name: String) throws {
        let surface = Surfaces.all.first { $0.name == name }!
        let workspace = try Workspace()
        let before = try workspace.state()
        let result = try Tool.run(workspace.arguments(surface))
        #expect([0, 1].contains(result.exitCode), "\(result)")
        let after = try workspace.state()
        let writes = Set(surface.writes)
        // Where a catalog goes: the {catalog} file, or the {out} folder of per-table catalogs.
        let catalogInOut = writes.contains(.readFile) && !surface.arguments.contains("{catalog}")
        if !writes.contains(.bundleTables) { #expect(after.bundle == before.bundle, "the bundle changed: \(result)") }
        if !writes.contains(.readFile) || catalogInOut { #expect(after.catalog == before.catalog, "the catalog changed: \(result)") }
        if writes.isDisjoint(with: [.staged, .namedFile, .files]) && !catalogInOut { #expect(after.out.isEmpty, "wrote into {out}: \(result)") }
        switch surface.stdout {
        case .nothing: #expect(result.stdout.isEmpty, "\(result)")
        case .json: #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(result)")
        case .xml: #expect(XMLParser(data: Data(result.stdout.utf8)).parse(), "\(result)")
        case .workflowCommands: #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::") }, "\(result)")
        case .text, .asWritten: break
        }
    }
}
