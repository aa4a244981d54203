import SettingsL10n

/// A failure that is not a finding (unreadable bundle, unwritable file): a message, and an
/// exit code of 3.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

extension BundleOptions {
    /// Reads the bundle named on the command line.
    func loadBundle() throws -> (bundle: SettingsBundle, source: DiskBundleSource) {
        do {
            let source = try DiskBundleSource(path: bundle)
            return (try BundleLoader.load(from: source), source)
        } catch {
            throw CommandFailure("cannot read the bundle: \(error.description)")
        }
    }

    /// The catalog of the bundle, with the options given.
    func catalog(of bundle: SettingsBundle) -> Catalog {
        Extractor.catalog(of: bundle, developmentLanguage: developmentLanguage, tableFallback: tableFallback)
    }

    /// How diagnostics name files: the bundle path as given, so they are relative to the
    /// working directory (or absolute when it was).
    var diagnosticRenderer: DiagnosticTextRenderer {
        DiagnosticTextRenderer(pathPrefix: bundle.hasSuffix("/") ? String(bundle.dropLast()) : bundle)
    }
}
