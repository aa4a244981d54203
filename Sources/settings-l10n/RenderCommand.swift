import ArgumentParser

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Not implemented yet."
    )

    @OptionGroup var options: BundleOptions

    func run() throws {
        throw notImplementedYet("render")
    }
}
