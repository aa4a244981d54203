#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import SettingsL10n
import SettingsL10nFiles

/// The options every command takes.
struct BundleOptions: ParsableArguments {
    @Argument(help: "The Settings.bundle folder.", transform: PathOption.value)
    var bundle: String

    @Option(help: ArgumentHelp("The language whose table holds the source text (default: en, or the configuration's).", valueName: "lang"))
    var developmentLanguage: String?

    @Option(help: ArgumentHelp("Where the strings of a schema file without StringsTable go: none (as Apple's Settings app: not localized) or file-name (as InAppSettingsKit: a table named after the file, else Root).", valueName: "mode"))
    var tableFallback: TableFallback?

    @Flag(inversion: .prefixedNo, help: "The bundle is shown by InAppSettingsKit inside the app, not by the Settings app: its IASK rows and a multi-value's FooterText count, and .inApp.plist versions come first; --no-in-app: by the Settings app, whatever the configuration's \"inApp\".")
    var inApp: Bool?

    @Option(help: ArgumentHelp("The root page's name without .plist, when the app hands InAppSettingsKit another than Root (default: Root, or the configuration's rootPage).", valueName: "name"))
    var rootPage: String?

    @Option(help: ArgumentHelp("The configuration file (default: the first \(CheckConfiguration.fileName) in the bundle folder, beside it, or in a parent folder up to the repository's root).", valueName: "file"), transform: PathOption.value)
    var config: String?

    @Flag(help: "Say on standard error which configuration file is used (or where none was found).")
    var verbose = false

    @Flag(help: "Print only what needs attention: findings, errors and the documents asked for, without listings, summaries or a line per table when nothing is wrong.")
    var quiet = false

    /// The bundle folder's name (`Settings.bundle`), as whole-app exports name it.
    var bundleName: String {
        URL(fileURLWithPath: bundle).standardizedFileURL.lastPathComponent
    }

    func validate() throws {
        if let developmentLanguage, let problem = CheckConfiguration.languageProblem(developmentLanguage) {
            throw ValidationError("--development-language \(problem)")
        }
        if let rootPage, let problem = BundleLayout.problem(withRootPage: rootPage) {
            throw ValidationError("--root-page \(MessageText.quoted(rootPage)) \(problem)")
        }
    }

    /// The configuration file in use: `--config`, else the first found from the bundle folder up
    /// to the repository's root (`ConfigurationFile`), or `nil`.
    var configurationFile: ConfigurationFile? {
        ConfigurationFile.find(forBundle: bundle, explicit: config)
    }

    /// The configuration: that of `configurationFile`, or the defaults when there is none.
    func configuration() throws -> CheckConfiguration {
        let file = configurationFile
        if verbose {
            if let file {
                printError("settings-l10n: the configuration is \(file.path)\(file.location == CheckConfiguration.fileName ? " (inside the bundle: it ships in the app)" : "")")
            } else {
                let looked = ConfigurationFile.candidates(forBundle: bundle).map(\.path)
                printError("settings-l10n: no configuration file (looked for \(looked.joined(separator: ", ")))")
            }
        }
        guard let file else { return CheckConfiguration() }
        let bytes: [UInt8]
        do {
            bytes = try LocalFile.read(file.path, limit: CheckConfiguration.maximumSize)
        } catch {
            throw ConfigurationFailure(message: "the configuration file: \(error.message)")
        }
        var configuration: CheckConfiguration
        do {
            // check's rules and sync's: one configuration names both.
            configuration = try CheckConfiguration.parse(bytes, knownRules: Checker.ruleIDs.union(SyncRules.ids), location: file.location)
        } catch {
            throw ConfigurationFailure(message: "\(file.path): \(error.message)")
        }
        // Its paths through the one path policy: those it refuses are reported by check and
        // never used.
        for (setting, value) in [("bundle", configuration.bundle), ("catalog", configuration.catalog), ("baseline", configuration.baseline)] {
            guard let value else { continue }
            do {
                _ = try PathPolicy.resolve(value, setting: setting, configurationAt: file.path, insideBundle: configuration.isInsideBundle)
            } catch {
                configuration.refusedPaths.append(.init(setting: setting, reason: error.reason))
            }
        }
        return configuration
    }

    /// The bundle and the options given, as a shell command line repeats them
    /// (`Settings.bundle --table-fallback file-name`), for hints that say what to run next.
    var commandLine: String {
        var words = [bundle]
        if let developmentLanguage { words += ["--development-language", developmentLanguage] }
        if let tableFallback { words += ["--table-fallback", tableFallback.rawValue] }
        if let config { words += ["--config", config] }
        if let inApp { words.append(inApp ? "--in-app" : "--no-in-app") }
        if let rootPage { words += ["--root-page", rootPage] }
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// The development language: the option, else the configuration's, else `en`.
    func language(_ configuration: CheckConfiguration) -> String {
        developmentLanguage ?? configuration.developmentLanguage ?? "en"
    }

    /// What shows the bundle: InAppSettingsKit with `--in-app`, or without `--no-in-app` the
    /// configuration's `inApp`.
    func host(_ configuration: CheckConfiguration) -> SettingsHost {
        inApp ?? configuration.inApp ? .inAppSettingsKit : .settingsApp
    }

    /// The root page (the option, else the configuration's, else Root) and the configuration's
    /// generated panes.
    func layout(_ configuration: CheckConfiguration) -> BundleLayout {
        BundleLayout(rootPage: rootPage ?? configuration.rootPage ?? "Root", generatedPanes: configuration.generatedPanes)
    }

    func fallback(_ configuration: CheckConfiguration) -> TableFallback {
        tableFallback ?? configuration.tableFallback ?? .none
    }
}

/// A configuration file that cannot be used: a usage error (exit 2).
struct ConfigurationFailure: Error {
    var message: String
}

extension TableFallback: ExpressibleByArgument {}

/// A word as a POSIX shell reads it back: quoted when it holds anything but plain characters.
func shellQuoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=:@%+,".unicodeScalars.contains(scalar))
    }
    if plain { return word }
    // A word that holds a line break or another control character is written in the shells'
    // ANSI-C quotes ($'de\n.lproj', as GNU ls writes it), so the suggestion stays one line.
    guard TerminalText.escaped(word) != word else { return "'" + word.replacingEvery("'", with: "'\\''") + "'" }
    var quoted = "$'"
    for scalar in word.unicodeScalars {
        switch scalar {
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        case "\r": quoted += "\\r"
        case "'", "\\": quoted += "\\" + String(scalar)
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || TerminalText.escaped(String(scalar)) != String(scalar):
            quoted += String(scalar).utf8.map { "\\x" + String($0, radix: 16) }.joined()
        default: quoted.unicodeScalars.append(scalar)
        }
    }
    return quoted + "'"
}
