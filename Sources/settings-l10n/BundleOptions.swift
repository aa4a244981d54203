import ArgumentParser

/// The options every command takes.
struct BundleOptions: ParsableArguments {
    @Argument(help: "The Settings.bundle folder.")
    var bundle: String

    @Option(help: ArgumentHelp("The language whose table holds the source text.", valueName: "lang"))
    var developmentLanguage = "en"
}
