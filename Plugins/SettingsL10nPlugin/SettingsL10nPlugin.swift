import Foundation
import PackagePlugin

/// `swift package settings-l10n <command> <bundle> [options]`: runs settings-l10n from an app's
/// package, in the package's folder, so bundle paths are relative to it. Commands that write
/// (`merge`, `import`) need `--allow-writing-to-package-directory` where SwiftPM sandboxes
/// plugins (macOS); `check`, `extract`, `status` and `render` to stdout only read.
@main
struct SettingsL10nPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try Self.run(try context.tool(named: "settings-l10n").url, arguments: arguments, in: context.package.directoryURL)
    }

    /// Runs the tool in `folder` and fails when it does.
    static func run(_ tool: URL, arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw PluginFailure(status: process.terminationStatus)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SettingsL10nPlugin: XcodeCommandPlugin {
    /// The same from an Xcode project (File ▸ Packages, or the project's context menu), in the
    /// project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try Self.run(try context.tool(named: "settings-l10n").url, arguments: arguments, in: context.xcodeProject.directoryURL)
    }
}
#endif

struct PluginFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "settings-l10n exited with status \(status)" }
}
