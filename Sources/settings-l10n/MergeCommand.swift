import ArgumentParser

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Not implemented yet."
    )

    @OptionGroup var options: BundleOptions

    func run() throws {
        throw notImplementedYet("merge")
    }
}
