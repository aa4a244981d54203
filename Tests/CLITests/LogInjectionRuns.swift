import Foundation
import SettingsL10nTestSupport
@testable import settings_l10n

/// How each surface of the registry (`Surfaces`) runs over the hostile bundle in
/// `LogInjectionTests.everySurface`: its placeholders filled with hostile inputs, once as a
/// terminal reads it and once as GitHub's runner does (`GITHUB_ACTIONS` set).
extension LogInjectionTests {
    /// One run of the tool and what its standard output is.
    struct Run {
        var arguments: [String]
        var stdout: Stdout = .safe
        var environment: [String: String] = [:]

        init(_ arguments: [String], stdout: Stdout = .safe, environment: [String: String] = [:]) {
            self.arguments = arguments
            self.stdout = stdout
            self.environment = environment
        }
    }

    /// The language of the hostile folder `index` (its name without `.lproj`).
    static func locale(_ index: Int) -> String {
        String(commandFolders[index].dropLast(".lproj".count))
    }

    /// Where GitHub's runner reads the output.
    static let actions = ["GITHUB_ACTIONS": "true"]

    /// The hostile inputs a surface's placeholders name, made in `copy`'s folder: XLIFF with
    /// hostile attributes, the hostile bundle's own exports, a baseline, an app's tables.
    static func hostileInputs(in copy: BundleCopy) throws -> [String: String] {
        let bundle = copy.bundle.path, folder = copy.folder.path
        let documents = copy.folder.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        _ = try hostileXLIFF(in: documents)
        let forged = try hostileXLIFF(in: documents, escape: false)
        for option in ["--xcloc", "--xcstrings"] {
            _ = try Tool.run(["extract", bundle, option, folder + "/inputs" + option.dropFirst(2)])
        }
        _ = try Tool.run(["check", bundle, "--write-baseline", folder + "/baseline.json"])
        // {ref}: a commit holding the hostile bundle's schema files only, so that every finding
        // about its tables and folders is new since it (check --new-since prints them).
        try TestGit.commit(copy.folder, adding: try FileManager.default.contentsOfDirectory(atPath: bundle)
            .filter { $0.hasSuffix(".plist") }.map { "Settings.bundle/" + $0 })
        let app = copy.folder.appendingPathComponent("app/" + commandFolders[0])
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("\"Sound\" = \"Ton\\n\u{A0}::error::app ##[add-mask]x\";\n".utf8).write(to: app.appendingPathComponent("Localizable.strings"))
        let xcloc = try FileManager.default.contentsOfDirectory(atPath: folder + "/inputsxcloc").sorted().first { $0.hasSuffix(".xcloc") }!
        return ["{bundle}": bundle, "{out}": folder + "/out", "{catalog}": folder + "/Settings.xcstrings", "{xliff}": forged.path,
                "{xcloc}": folder + "/inputsxcloc/" + xcloc, "{xcstrings}": folder + "/inputsxcstrings/Root.xcstrings",
                "{exports}": documents.path, "{baseline}": folder + "/baseline.json", "{app}": folder + "/app", "{locale}": locale(0),
                "{ref}": "HEAD"]
    }

    /// The runs of a surface over the hostile bundle in `copy`: as a terminal reads it, and as
    /// GitHub's runner does (a dry run's diff then inside the tool's pause).
    static func runs(of surface: Surfaces.Surface, inputs: [String: String]) -> [Run] {
        let arguments = surface.arguments.map { argument in inputs.reduce(argument) { $0.replacingOccurrences(of: $1.key, with: $1.value) } }
        let stdout: Stdout = switch surface.stdout {
        case .workflowCommands: .workflowCommands
        case .asWritten: .asWritten
        case .text, .json, .xml, .nothing: .safe
        }
        return [Run(arguments, stdout: stdout), Run(arguments, stdout: stdout == .asWritten ? .pausedAsWritten : stdout, environment: actions)]
    }
}
