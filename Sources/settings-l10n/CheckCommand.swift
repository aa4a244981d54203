import ArgumentParser

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Not implemented yet."
    )

    @OptionGroup var options: BundleOptions

    func run() throws {
        throw notImplementedYet("check")
    }
}
