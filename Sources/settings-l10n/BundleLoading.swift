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

/// The command ran but refused to do its work because of a problem in the bundle (a schema
/// file that did not load): a message, and an exit code of 1.
struct RefusedWork: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) {
        self.message = message
    }
}

/// A bundle read from disk, with its configuration and catalog.
struct LoadedBundle {
    var bundle: SettingsBundle
    var source: DiskBundleSource
    var configuration: CheckConfiguration
    var catalog: Catalog
}

extension BundleOptions {
    /// Reads the bundle named on the command line, its configuration and its catalog.
    func load() throws -> LoadedBundle {
        let configuration = try configuration()
        let source: DiskBundleSource
        let bundle: SettingsBundle
        do {
            source = try DiskBundleSource(path: self.bundle)
            bundle = try BundleLoader.load(from: source)
        } catch {
            throw CommandFailure("cannot read the bundle: \(error.description)")
        }
        let catalog = Extractor.catalog(of: bundle, developmentLanguage: language(configuration),
                                        tableFallback: fallback(configuration))
        return LoadedBundle(bundle: bundle, source: source, configuration: configuration, catalog: catalog)
    }

    /// How diagnostics name files: the bundle path as given, so they are relative to the
    /// working directory (or absolute when it was).
    var diagnosticPaths: DiagnosticPaths {
        DiagnosticPaths(prefix: bundle)
    }
}
