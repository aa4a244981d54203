import SettingsL10n

/// `check --new-since REF`: the findings the bundle did not have at REF.
extension CheckCommand {
    /// The findings of `diagnostics` that the bundle did not have as `ref` held it (compared by
    /// fingerprint, as a baseline compares them: the same finding on another line, or in a row
    /// moved, is the same), and the commit compared with. The bundle at `ref` is checked with
    /// today's configuration, options and catalog path (the catalog as `ref` held it), so that
    /// only changes of the bundle and the catalog make findings new.
    func newFindings(_ diagnostics: [Diagnostic], since ref: String, loaded: LoadedBundle,
                     catalogPath: String?) throws -> (new: [Diagnostic], snapshot: GitSnapshot) {
        var snapshot = try GitSnapshot.read(bundle: loaded.source.rootPath, ref: ref)
        guard let source = snapshot.source else { return (diagnostics, snapshot) }
        let configuration = loaded.configuration
        let bundle: SettingsBundle
        do {
            bundle = try BundleLoader.load(from: source, layout: options.layout(configuration))
        } catch {
            // No bundle there that can be read at all: every finding is new.
            snapshot.source = nil
            return (diagnostics, snapshot)
        }
        guard bundle.hasSchemaFile else {
            snapshot.source = nil
            return (diagnostics, snapshot)
        }
        let catalog = Extractor.catalog(of: bundle, developmentLanguage: options.language(configuration),
                                        tableFallback: options.fallback(configuration), policy: configuration.translationPolicy,
                                        host: options.host(configuration))
        var context = CheckContext(bundle: bundle, catalog: catalog, locales: locales)
        if let catalogPath {
            context.catalogReviews = try CatalogReviews.read(catalogPath, tables: catalog.tables, bundleRoot: loaded.source.rootPath) {
                try snapshot.contents(ofFileAt: $0)
            }
        }
        let old = Checker.check(context, configuration: configuration)
        ProcessLifetime.keep(bundle, context, old)
        return (Baseline(old).compare(diagnostics).new, snapshot)
    }
}
