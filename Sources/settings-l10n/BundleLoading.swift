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

/// Stops a command that collates or resolves languages when the system's ICU cannot be loaded
/// (only such commands load it).
func requireICU(for purpose: String) throws {
    if let reason = ICULibrary.unavailableReason {
        throw CommandFailure("\(purpose) needs the system's ICU library, which cannot be loaded: \(reason); install ICU (on Debian and Ubuntu, the libicu package the tool was built with), or name the library in SETTINGS_L10N_ICU_LIBRARY")
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
        if let inner = Self.onlyBundle(in: bundle, named: self.bundle) {
            throw ConfigurationFailure(message: "\(self.bundle) is not a Settings bundle; did you mean \(inner)?")
        }
        let catalog = Extractor.catalog(of: bundle, developmentLanguage: language(configuration),
                                        tableFallback: fallback(configuration), policy: configuration.translationPolicy,
                                        host: host(configuration))
        return LoadedBundle(bundle: bundle, source: source, configuration: configuration, catalog: catalog)
    }

    /// The one `*.bundle` folder of a folder that is not a bundle itself (no schema file, no
    /// localization), as the user would write its path; `nil` otherwise.
    static func onlyBundle(in bundle: SettingsBundle, named path: String) -> String? {
        guard !path.lowercased().hasSuffix(".bundle") && !path.lowercased().hasSuffix(".bundle/"),
              bundle.schemaFiles.isEmpty, bundle.unloadedSchemaFiles.isEmpty, bundle.localizations.isEmpty else { return nil }
        let inner = bundle.otherEntries.filter { $0.kind == .folder && $0.name.lowercased().hasSuffix(".bundle") }
        guard inner.count == 1 else { return nil }
        return (path.hasSuffix("/") ? path : path + "/") + inner[0].name
    }

    /// How diagnostics name files: the bundle path as given, so they are relative to the
    /// working directory (or absolute when it was).
    var diagnosticPaths: DiagnosticPaths {
        DiagnosticPaths(prefix: bundle)
    }
}
