import ArgumentParser
import Foundation
import SettingsL10n

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write the translations of XLIFF documents into the .lproj tables.",
        discussion: """
        Units whose source no longer matches the development-language text are not applied; \
        they are reported and the exit code is 1. A document that is malformed or names a table \
        or language the bundle does not have is an error, and nothing is written. Tables keep \
        their encoding, byte-order mark, line endings and comments; every write is atomic.
        """
    )

    @OptionGroup var options: BundleOptions

    @Argument(help: ArgumentHelp("The XLIFF documents to import.", valueName: "file.xliff"))
    var documents: [String]

    @Flag(help: "Write nothing; print the changes as a unified diff.")
    var dryRun = false

    func validate() throws {
        if documents.isEmpty {
            throw ValidationError("give at least one XLIFF document to import")
        }
    }

    func run() throws {
        let loaded = try options.load()
        let (bundle, source, catalog) = (loaded.bundle, loaded.source, loaded.catalog)
        var parsed: [(path: String, document: XLIFFDocument)] = []
        for path in documents {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("cannot read \(path); check the path; nothing was imported")
            }
            do {
                parsed.append((path, try XLIFFReader.read([UInt8](data))))
            } catch {
                throw CommandFailure("\(path)\(error.position.map { ":\($0.line):\($0.column ?? 1)" } ?? ""): not a valid XLIFF document: \(error.message); fix it or export again with settings-l10n extract --xliff; nothing was imported")
            }
        }
        let result: ImportResult
        do {
            result = try XLIFFImporter.plan(documents: parsed, bundle: bundle, catalog: catalog)
        } catch {
            throw CommandFailure(error.message)
        }
        let renderer = DiagnosticTextRenderer(pathPrefix: options.diagnosticRenderer.pathPrefix)
        printError(renderer.render(result.rejected), ifNotEmpty: true)

        if dryRun {
            for update in result.updates {
                printOutput(UnifiedDiff.diff(old: update.originalText, new: update.updatedText,
                                             path: update.path, isNewFile: update.original == nil))
            }
        } else {
            let writer = DiskBundleWriter(bundle: source)
            for update in result.updates {
                do {
                    try writer.write(update.updated, to: update.path)
                } catch {
                    throw CommandFailure("\(error.description) (tables written before it keep their new content; fix the problem and import again)")
                }
            }
        }
        let verb = dryRun ? "would write" : "wrote"
        for update in result.updates {
            let count = result.written[update.path] ?? 0
            printError("\(update.path): \(verb) \(count) translation\(count == 1 ? "" : "s")\(update.original == nil ? " (new file)" : "")")
        }
        if result.updates.isEmpty {
            printError("no table changes (\(result.unchanged) translations already up to date)")
        }
        if !result.rejected.isEmpty {
            printError("\(result.rejected.count) unit\(result.rejected.count == 1 ? " was" : "s were") not imported (see above)")
            throw ExitCode(1)
        }
    }
}
