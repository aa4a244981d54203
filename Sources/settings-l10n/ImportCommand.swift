import ArgumentParser

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Not implemented yet."
    )

    @OptionGroup var options: BundleOptions

    func run() throws {
        throw notImplementedYet("import")
    }
}
