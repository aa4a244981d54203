import ArgumentParser

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Not implemented yet."
    )

    @OptionGroup var options: BundleOptions

    func run() throws {
        throw notImplementedYet("extract")
    }
}
