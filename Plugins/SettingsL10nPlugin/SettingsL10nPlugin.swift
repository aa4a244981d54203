import Foundation
import PackagePlugin

/// `swift package settings-l10n <command> <bundle> [options]`: runs settings-l10n from an app's
/// package, in the package's folder, so bundle paths are relative to it. Commands that write
/// (`merge`, `import`) need `--allow-writing-to-package-directory` where SwiftPM sandboxes
/// plugins (macOS); `check`, `extract`, `status` and `render` to stdout only read.
@main
struct SettingsL10nPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "settings-l10n")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw PluginFailure(status: process.terminationStatus)
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "settings-l10n exited with status \(status)" }
}
