import ArgumentParser
import SettingsL10n

/// The options every command takes.
struct BundleOptions: ParsableArguments {
    @Argument(help: "The Settings.bundle folder.")
    var bundle: String

    @Option(help: ArgumentHelp("The language whose table holds the source text.", valueName: "lang"))
    var developmentLanguage = "en"

    @Option(help: ArgumentHelp("Where the strings of a schema file without StringsTable go: none (as Apple's Settings app: not localized) or file-name (as InAppSettingsKit: a table named after the file, else Root).", valueName: "mode"))
    var tableFallback: TableFallback = .none
}

extension TableFallback: ExpressibleByArgument {}
