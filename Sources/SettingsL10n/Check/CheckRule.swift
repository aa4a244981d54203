/// One rule of `check`: a stable id, a default severity, a one-line explanation, and a function
/// from the bundle to diagnostics. Rules never print; the checker applies the configuration.
public protocol CheckRule: Sendable {
    /// The stable kebab-case id users name in configuration and in `[rule]` suffixes.
    var id: String { get }
    var defaultSeverity: Severity { get }
    /// What the rule finds, in one line (the README lists these).
    var summary: String { get }
    func diagnostics(in context: CheckContext) -> [Diagnostic]
}

extension CheckRule {
    /// A diagnostic of this rule at its default severity.
    func diagnostic(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(defaultSeverity, rule: id, message, at: location)
    }

    func diagnostic(_ message: String, file: String, position: TextPosition? = nil, keyPath: PlistKeyPath? = nil) -> Diagnostic {
        diagnostic(message, at: SourceLocation(file: file, position: position, keyPath: keyPath))
    }
}

/// What the rules look at: the bundle as read, its catalog, and the localizations to check.
public struct CheckContext: Sendable {
    public let bundle: SettingsBundle
    public let catalog: Catalog
    /// The development language's folder, if the bundle has one.
    public let development: Localization?
    /// The localizations whose tables are checked: every `.lproj` but `Base`, or those asked for.
    public let localizations: [Localization]

    public init(bundle: SettingsBundle, catalog: Catalog, locales: [String] = []) {
        self.bundle = bundle
        self.catalog = catalog
        self.development = bundle.localization(forLanguage: catalog.developmentLanguage)
        var localizations = bundle.localizations.filter { $0.name != "Base" }
        if !locales.isEmpty {
            let wanted = Set(locales.map { LanguageTag.bcp47(folderName: $0)?.lowercased() ?? $0 })
            localizations = localizations.filter { wanted.contains(LanguageTag.bcp47(folderName: $0.name)?.lowercased() ?? $0.name) }
        }
        self.localizations = localizations
    }

    public func isDevelopment(_ localization: Localization) -> Bool {
        localization.folder == development?.folder
    }

    /// The localizations other than the development language.
    public var translations: [Localization] {
        localizations.filter { !isDevelopment($0) }
    }

    /// The specifiers of every schema file, with their file.
    public var specifiers: [(file: SchemaFile, specifier: Specifier)] {
        bundle.schemaFiles.flatMap { file in file.specifiers.map { (file, $0) } }
    }
}
