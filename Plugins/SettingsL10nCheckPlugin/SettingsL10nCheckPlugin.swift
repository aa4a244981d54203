import Foundation
import PackagePlugin

/// Checks a target's Settings.bundle on every build that changes it: `settings-l10n check`
/// runs read-only, its findings appear in the build log as `file:line:column: error: …` (Xcode
/// shows them as issues), and an error fails the build.
///
/// The bundle is the target's `*.bundle` resource holding a `Root.plist` (`Settings.bundle`
/// first), or the one a `.settings-l10n.json` in the target's or the package's folder names
/// with `"bundle"` (relative to that file). A target with neither gets no command.
@main
struct SettingsL10nCheckPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = module.sourceFiles.map(\.url)
        // The target's folder (the common folder of its files), then the package's.
        let folders = [BundleFinder.commonFolder(of: files), context.package.directoryURL].compactMap { $0 }
        guard let found = BundleFinder.find(in: files, configurationFolders: folders) else { return [] }
        return try BundleFinder.commands(for: found, tool: context.tool(named: "settings-l10n").url,
                                         workDirectory: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SettingsL10nCheckPlugin: XcodeBuildToolPlugin {
    /// The same for an Xcode project's target: its Settings.bundle among the target's files.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        guard let found = BundleFinder.find(in: files, configurationFolders: [context.xcodeProject.directoryURL]) else { return [] }
        return try BundleFinder.commands(for: found, tool: context.tool(named: "settings-l10n").url,
                                         workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

/// A bundle to check, and the configuration that named it (if one did).
struct FoundBundle {
    var bundle: URL
    var configuration: URL?
}

enum BundleFinder {
    static let configurationName = ".settings-l10n.json"

    /// The Settings bundle among `files` (or one of their folders), else the one a configuration
    /// file in `configurationFolders` names.
    static func find(in files: [URL], configurationFolders: [URL]) -> FoundBundle? {
        var candidates: [URL] = []
        for file in files {
            var url = file.standardizedFileURL
            while url.pathComponents.count > 1 {
                if url.pathExtension == "bundle" {
                    if !candidates.contains(url), FileManager.default.fileExists(atPath: url.appendingPathComponent("Root.plist").path) {
                        candidates.append(url)
                    }
                    break
                }
                url = url.deletingLastPathComponent()
            }
        }
        if let bundle = candidates.first(where: { $0.lastPathComponent == "Settings.bundle" }) ?? candidates.first {
            return FoundBundle(bundle: bundle, configuration: nil)
        }
        for folder in configurationFolders {
            let configuration = folder.appendingPathComponent(configurationName)
            guard let data = FileManager.default.contents(atPath: configuration.path),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let path = object["bundle"] as? String else { continue }
            return FoundBundle(bundle: folder.appendingPathComponent(path).standardizedFileURL, configuration: configuration)
        }
        return nil
    }

    /// The deepest folder holding every one of `files`.
    static func commonFolder(of files: [URL]) -> URL? {
        guard var common = files.first?.standardizedFileURL.deletingLastPathComponent().pathComponents else { return nil }
        for file in files.dropFirst() {
            let components = file.standardizedFileURL.deletingLastPathComponent().pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? nil : URL(fileURLWithPath: common.joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
    }

    /// `settings-l10n check <bundle> --absolute-paths --stamp <work>/…swift`: reruns when a file
    /// of the bundle, its configuration or its String Catalog changes; the stamp (a Swift
    /// comment) is its output. With a configuration, `settings-l10n sync <bundle> --check --stamp
    /// …` too: when it names a String Catalog (`"catalog"`), the build fails when the catalog and
    /// the tables are not in sync (run `sync` to bring them in line); when it names none, it passes.
    static func commands(for found: FoundBundle, tool: URL, workDirectory: URL) throws -> [Command] {
        var inputs: [URL] = []
        if let enumerator = FileManager.default.enumerator(at: found.bundle, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        // The configuration the tool uses: the one that named the bundle, else the first the tool
        // finds (the bundle's folder, beside it, each folder up to the repository's root).
        let configuration = found.configuration ?? configurationFile(forBundle: found.bundle)
        var catalogs: [URL] = []
        if let configuration {
            inputs.append(configuration)
            catalogs = catalogFiles(configuredIn: configuration)
            inputs += catalogs
            // The tool reads check's defaults from the file (strict, severity, baseline); the
            // baseline decides the result too, so editing it runs the check again.
            if let baseline = configuredPath("baseline", in: configuration), FileManager.default.fileExists(atPath: baseline.path) {
                inputs.append(baseline)
            }
        }
        let name = found.bundle.deletingPathExtension().lastPathComponent
        let stamp = workDirectory.appendingPathComponent("SettingsL10nCheck_\(name).swift")
        var arguments = ["check", found.bundle.path, "--absolute-paths", "--stamp", stamp.path]
        if let configuration { arguments += ["--config", configuration.path] }
        var commands: [Command] = [.buildCommand(displayName: "settings-l10n check \(found.bundle.lastPathComponent)", executable: tool,
                                                 arguments: arguments, inputFiles: inputs, outputFiles: [stamp])]
        // sync --check whenever there is a configuration, not only while it names a catalog:
        // SwiftPM plans these commands again only when a target's files come or go, not when a
        // configuration elsewhere (the repository's root) changes, and the tool decides at run
        // time (with --stamp and no catalog named, there is nothing to check: it passes).
        if let configuration {
            let syncStamp = workDirectory.appendingPathComponent("SettingsL10nSync_\(name).swift")
            let sync = ["sync", found.bundle.path, "--check", "--stamp", syncStamp.path, "--config", configuration.path]
            commands.append(.buildCommand(displayName: "settings-l10n sync --check \(found.bundle.lastPathComponent)", executable: tool,
                                          arguments: sync, inputFiles: inputs, outputFiles: [syncStamp]))
        }
        return commands
    }

    /// The configuration file the tool finds for `bundle` (`ConfigurationFile.candidates` in the
    /// tool, which this mirrors): `.settings-l10n.json` in the bundle folder, beside it, then in
    /// each parent folder up to the repository's root (the first folder holding `.git`); outside
    /// a repository, only the bundle folder and the folder beside it.
    static func configurationFile(forBundle bundle: URL) -> URL? {
        let folder = bundle.standardizedFileURL
        var candidates = [folder.appendingPathComponent(configurationName)]
        var ancestors: [URL] = []
        var current = folder.deletingLastPathComponent()
        while true {
            ancestors.append(current)
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        let root = ancestors.firstIndex { FileManager.default.fileExists(atPath: $0.appendingPathComponent(".git").path) }
        candidates += ancestors.prefix((root ?? 0) + 1).map { $0.appendingPathComponent(configurationName) }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The `"catalog"` a configuration file names, relative to it.
    static func configuredCatalog(in configuration: URL) -> URL? {
        configuredPath("catalog", in: configuration)
    }

    /// The path a configuration file's `setting` names (`"catalog"`, `"baseline"`), relative to it.
    static func configuredPath(_ setting: String, in configuration: URL) -> URL? {
        guard let data = FileManager.default.contents(atPath: configuration.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let path = object[setting] as? String, !path.isEmpty else { return nil }
        return configuration.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    }

    /// The catalog files of that configuration: the `.xcstrings` it names, or those of the
    /// folder it names (one per table).
    static func catalogFiles(configuredIn configuration: URL) -> [URL] {
        guard let catalog = configuredCatalog(in: configuration) else { return [] }
        // The extension in any case, as settings-l10n reads it (`Root.XCSTRINGS`).
        if catalog.pathExtension.lowercased() == "xcstrings" { return FileManager.default.fileExists(atPath: catalog.path) ? [catalog] : [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".xcstrings") }.sorted().map { catalog.appendingPathComponent($0) }
    }
}
