import SettingsL10nCore
import SettingsL10nExtract

/// The contents of `.settings-l10n.json`: rules switched off or re-levelled, findings silenced,
/// strings that need no translation, and defaults for options every command takes.
///
/// ```json
/// { "rules": { "key-ignored": "off", "missing-translation": "error" },
///   "ignore": [{ "rule": "missing-translation", "file": "ar.lproj/*", "key": "SETTINGS_BETA_*" }],
///   "doNotTranslate": ["Acme *", "SETTINGS_BRAND"], "keep": ["SETTINGS_DONATE*"],
///   "developmentLanguage": "en", "tableFallback": "file-name" }
/// ```
public struct CheckConfiguration: Hashable, Sendable {
    /// The severity each configured rule reports at; `nil` switches the rule off.
    public var severities: [RuleID: Severity?]
    /// Findings to silence, each entry with the fields it matches.
    public var ignore: [Suppression]
    /// Keys (exact, or `*` patterns) whose strings need no translation.
    public var doNotTranslate: [GlobPattern]
    /// Keys (exact, or `*` patterns) the app reads from the tables itself: no schema file uses
    /// them, yet they are never stale, never obsolete and never pruned.
    public var keep: [GlobPattern] = []
    public var developmentLanguage: String?
    public var tableFallback: TableFallback?
    /// Whether InAppSettingsKit shows the bundle inside the app (`--in-app`).
    public var inApp = false
    /// The root page's base name when it is not `Root` (`--root-page`): InAppSettingsKit apps
    /// may start at another (`Main` for `Main.plist`).
    public var rootPage: String?
    /// Panes a build step generates, which may be missing (LicensePlist's).
    public var generatedPanes: [GeneratedPane] = []
    /// The bundle this configuration is for, relative to the configuration file: the one the
    /// build-tool plugin checks when a target has no Settings.bundle among its resources.
    public var bundle: String?
    /// The String Catalog that holds the bundle's strings, relative to the configuration file
    /// (`sync` and `check` use it when no `--catalog` is given).
    public var catalog: String?
    /// check's defaults, which its flags override (a build-tool plugin passes no flags): whether
    /// warnings fail the run (`--strict`), the least severity reported (`--severity`), the
    /// baseline relative to the configuration file (`--baseline`), and whether baseline entries
    /// that no longer occur fail the run (`--fail-on-fixed-baseline`). `nil` where not set.
    public var strict: Bool?
    public var severity: Severity?
    public var baseline: String?
    public var failOnFixedBaseline: Bool?
    /// The versions of settings-l10n the file is written for (`"requiredVersion": ">=1.1.0"`):
    /// any other refuses it before reading the rest.
    public var requiredVersion: VersionRequirement?
    /// Where the configuration was read from, as findings about it name it (relative to the
    /// bundle, such as `../.settings-l10n.json`, or absolute).
    public var location: String
    /// Where each entry of the file's arrays starts (`"ignore"` → the position of `ignore[0]`,
    /// `ignore[1]`, …), for findings about an entry.
    public var entryPositions: [String: [TextPosition]] = [:]
    /// Where the value of each setting starts (`"catalog"` → the position of its string).
    public var valuePositions: [String: TextPosition] = [:]
    /// The path settings (`"catalog"`, `"bundle"`) that the path policy refused, each with why:
    /// set by whoever resolves them against the file system (the command line tool), reported
    /// by check (`configuration-path-refused`), and never used.
    public var refusedPaths: [RefusedPath] = []

    /// A path setting the path policy refused, and why (`leaves the repository …`).
    public struct RefusedPath: Hashable, Sendable {
        public var setting: String
        public var reason: String

        public init(setting: String, reason: String) {
            self.setting = setting
            self.reason = reason
        }
    }

    /// What counts as translated, from `doNotTranslate`, the no-letters rule and `keep`: the
    /// policy the catalog is extracted with.
    public var translationPolicy: TranslationPolicy {
        TranslationPolicy(doNotTranslate: doNotTranslate, keep: keep)
    }

    /// Whether the file lies inside the bundle, where it ships in the app.
    public var isInsideBundle: Bool { !location.hasPrefix("../") && !location.hasPrefix("/") }

    /// Whether `rule` reports anything: the configuration does not switch it off.
    public func reports(_ rule: RuleID) -> Bool {
        severities[rule] != .some(nil)
    }

    public init(severities: [RuleID: Severity?] = [:], ignore: [Suppression] = [], doNotTranslate: [GlobPattern] = [],
                developmentLanguage: String? = nil, tableFallback: TableFallback? = nil, location: String = "../" + fileName) {
        self.severities = severities
        self.ignore = ignore
        self.doNotTranslate = doNotTranslate
        self.developmentLanguage = developmentLanguage
        self.tableFallback = tableFallback
        self.location = location
    }

    /// The name of the file looked for beside the bundle.
    public static let fileName = ".settings-l10n.json"

    /// The largest configuration file read (a real one is a few hundred bytes).
    package static let maximumSize = 1 << 20

    /// The settings a configuration may hold.
    static let settings = ["rules", "ignore", "doNotTranslate", "keep", "developmentLanguage", "tableFallback", "inApp", "rootPage",
                           "generatedPanes", "bundle", "catalog", "strict", "severity", "baseline", "failOnFixedBaseline", "requiredVersion", "$schema"]

    /// What is wrong with `language` as a development language (it names the `.lproj` folder
    /// merge creates), or `nil` when it is a language identifier.
    package static func languageProblem(_ language: String) -> String? {
        guard LanguageTag.isValidFolderName(language), language != "Base" else {
            return "must be a language identifier such as en, pt-BR or zh-Hans, not \(MessageText.quoted(language))"
        }
        return nil
    }

    /// Reads a configuration file. Its `requiredVersion` is read first: a file written for another
    /// version of settings-l10n is refused for that, before a setting this version does not know.
    /// - Parameter runningVersion: the version of settings-l10n reading it.
    /// - Throws: `ConfigurationError` saying what is wrong and where.
    // Long: one case per setting, each with its own message.
    public static func parse(_ bytes: [UInt8], knownRules: Set<RuleID> = Checker.ruleIDs, location: String = "../" + fileName,
                             runningVersion: String = SettingsL10nVersion.current) throws(ConfigurationError) -> CheckConfiguration {
        guard bytes.count <= maximumSize else {
            throw ConfigurationError("the file is \(bytes.count) bytes, more than the limit of \(maximumSize)")
        }
        let root: JSONValue, elements: [String: [TextPosition]], values: [String: TextPosition]
        do {
            (root, elements, values) = try JSONReader.readRecordingElements(bytes)
        } catch {
            throw ConfigurationError("not valid JSON: \(error.description)")
        }
        guard let members = root.members else {
            throw ConfigurationError("the configuration must be a JSON object, such as {\"rules\": {\"key-ignored\": \"off\"}}")
        }
        var configuration = CheckConfiguration(location: location)
        configuration.entryPositions = elements
        configuration.valuePositions = values
        if let requirement = members.first(where: { $0.0 == "requiredVersion" })?.1 {
            configuration.requiredVersion = try requiredVersion(requirement, running: runningVersion)
        }
        for (key, value) in members {
            if try checkDefault(key, value, into: &configuration) { continue }
            switch key {
            case "rules": configuration.severities = try severities(value, knownRules: knownRules)
            case "ignore": configuration.ignore = try suppressions(value, knownRules: knownRules)
            case "doNotTranslate":
                guard let patterns = value.arrayValue?.compactMap(\.stringValue), patterns.count == value.arrayValue?.count,
                      !patterns.contains(where: \.isEmpty) else {
                    throw ConfigurationError("\"doNotTranslate\" must be an array of keys or * patterns, such as [\"Acme *\", \"SETTINGS_BRAND\"]")
                }
                configuration.doNotTranslate = patterns.map(GlobPattern.init)
            case "keep":
                guard let patterns = value.arrayValue?.compactMap(\.stringValue), patterns.count == value.arrayValue?.count,
                      !patterns.contains(where: \.isEmpty) else {
                    throw ConfigurationError("\"keep\" must be an array of keys or * patterns the app reads itself, such as [\"SETTINGS_DONATE*\"]")
                }
                configuration.keep = patterns.map(GlobPattern.init)
            case "developmentLanguage":
                guard let language = value.stringValue, languageProblem(language) == nil else {
                    throw ConfigurationError("\"developmentLanguage\" must be a language identifier such as \"en\", \"pt-BR\" or \"zh-Hans\"")
                }
                configuration.developmentLanguage = language
            case "inApp":
                guard let flag = value.boolValue else { throw ConfigurationError("\"inApp\" must be true or false") }
                configuration.inApp = flag
            case "rootPage":
                guard let name = value.stringValue else { throw ConfigurationError("\"rootPage\" must be the root page's name without .plist, such as \"Main\"") }
                if let problem = BundleLayout.problem(withRootPage: name) { throw ConfigurationError("\"rootPage\" \(MessageText.quoted(name)) \(problem)") }
                configuration.rootPage = name
            case "generatedPanes": configuration.generatedPanes = try generatedPanes(value)
            case "bundle":
                guard let path = value.stringValue, !path.isEmpty, path.utf8.first != UInt8(ascii: "/"),
                      !BundlePath.components(path, omittingEmpty: true).contains(where: BundlePath.isParent) else {
                    throw ConfigurationError("\"bundle\" must be the bundle's path relative to the configuration file, such as \"Sources/MyApp/Settings.bundle\"")
                }
                configuration.bundle = path
            case "catalog":
                guard let path = value.stringValue, !path.isEmpty, path.utf8.first != UInt8(ascii: "/") else {
                    throw ConfigurationError("\"catalog\" must be the String Catalog's path relative to the configuration file, such as \"MyApp/Settings.xcstrings\"")
                }
                configuration.catalog = path
            case "tableFallback":
                guard let text = value.stringValue, let fallback = TableFallback(rawValue: text) else {
                    throw ConfigurationError("\"tableFallback\" must be \"none\" or \"file-name\"")
                }
                configuration.tableFallback = fallback
            default:
                let suggestion = Suggestion.closest(to: key, in: settings).map { "did you mean \"\($0)\"? " } ?? ""
                throw ConfigurationError("unknown setting \(MessageText.quoted(key)); \(suggestion)the settings are \(settings.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
        }
        return configuration
    }

    /// Reads `key` when it is one of check's defaults (`strict`, `severity`, `baseline`,
    /// `failOnFixedBaseline`), or `$schema` or `requiredVersion` (read before); `false` for
    /// another setting.
    private static func checkDefault(_ key: String, _ value: JSONValue, into configuration: inout CheckConfiguration) throws(ConfigurationError) -> Bool {
        switch key {
        case "$schema":
            // The JSON Schema editors validate the file with (schemas/settings-l10n.schema.json).
            guard value.stringValue?.isEmpty == false else {
                throw ConfigurationError("\"$schema\" must be the URL of the configuration's JSON Schema, such as \"\(schemaURL)\"")
            }
        case "requiredVersion": break
        case "strict", "failOnFixedBaseline":
            guard let flag = value.boolValue else { throw ConfigurationError("\"\(key)\" must be true or false") }
            if key == "strict" { configuration.strict = flag } else { configuration.failOnFixedBaseline = flag }
        case "severity":
            guard let text = value.stringValue, let severity = Severity(rawValue: text) else {
                throw ConfigurationError("\"severity\" must be \"error\", \"warning\" or \"note\": the least severity check reports")
            }
            configuration.severity = severity
        case "baseline":
            guard let path = value.stringValue, !path.isEmpty, path.utf8.first != UInt8(ascii: "/") else {
                throw ConfigurationError("\"baseline\" must be the baseline's path relative to the configuration file, such as \"settings-l10n-baseline.json\"")
            }
            configuration.baseline = path
        default: return false
        }
        return true
    }

    /// The URL of this version's JSON Schema of the configuration (the repository's
    /// `schemas/settings-l10n.schema.json` at its tag), for `$schema`.
    public static let schemaURL = "https://raw.githubusercontent.com/settings-l10n/settings-l10n/v\(SettingsL10nVersion.current)/schemas/settings-l10n.schema.json"

    /// `"requiredVersion": ">=1.1.0"`, checked against the running version.
    private static func requiredVersion(_ value: JSONValue, running: String) throws(ConfigurationError) -> VersionRequirement {
        guard let text = value.stringValue, let requirement = VersionRequirement(text) else {
            throw ConfigurationError("\"requiredVersion\" must be a version requirement such as \">=1.1.0\", \"~>1.1\" or \"1.1.0\" (several separated by commas: \">=1.1, <2\"), not \(value.stringValue.map(MessageText.quoted) ?? "a value of another type")")
        }
        guard let version = SemanticVersion(running), requirement.isSatisfied(by: version) else {
            throw ConfigurationError("this configuration requires settings-l10n \(text) (its \"requiredVersion\"), and this is settings-l10n \(running): install a version that satisfies it, or change \"requiredVersion\"")
        }
        return requirement
    }

    /// `"generatedPanes": ["com.mono0926.LicensePlist", {"file": "Credits", "tables": ["Credits"]}]`:
    /// each a child pane's `File` (or a `*` pattern), alone or with the tables its strings are in.
    private static func generatedPanes(_ value: JSONValue) throws(ConfigurationError) -> [GeneratedPane] {
        let example = "such as [\"com.mono0926.LicensePlist\", {\"file\": \"Credits\", \"tables\": [\"Credits\"]}]"
        guard let entries = value.arrayValue else {
            throw ConfigurationError("\"generatedPanes\" must be an array of child panes' File values (or * patterns), \(example)")
        }
        var panes: [GeneratedPane] = []
        for (index, entry) in entries.enumerated() {
            if let file = entry.stringValue, !file.isEmpty {
                panes.append(GeneratedPane(file: GlobPattern(file)))
                continue
            }
            guard let fields = entry.members, let file = fields.first(where: { $0.0 == "file" })?.1.stringValue, !file.isEmpty else {
                throw ConfigurationError("generatedPanes[\(index)] must be a File value or an object with \"file\" and \"tables\", \(example)")
            }
            var tables: [String] = []
            for (name, field) in fields where name != "file" {
                guard name == "tables", let names = field.arrayValue?.compactMap(\.stringValue), names.count == field.arrayValue?.count,
                      !names.contains(where: \.isEmpty) else {
                    throw ConfigurationError("generatedPanes[\(index)] has \(MessageText.quoted(name)); an entry has \"file\" and \"tables\" (an array of table names), \(example)")
                }
                tables = names
            }
            panes.append(GeneratedPane(file: GlobPattern(file), tables: tables))
        }
        return panes
    }

    /// `"rules": {"stale-key": "off", "missing-translation": "error"}`.
    private static func severities(_ value: JSONValue, knownRules: Set<RuleID>) throws(ConfigurationError) -> [RuleID: Severity?] {
        guard let rules = value.members else {
            throw ConfigurationError("\"rules\" must be an object of rule ids and severities")
        }
        var severities: [RuleID: Severity?] = [:]
        for (name, level) in rules {
            let rule = try Self.rule(name, knownRules: knownRules, in: "\"rules\"")
            guard let text = level.stringValue else {
                throw ConfigurationError("the level of \(MessageText.quoted(rule.rawValue)) must be \"off\", \"note\", \"warning\" or \"error\"")
            }
            if text == "off" {
                severities[rule] = .some(nil)
            } else if let severity = Severity(rawValue: text) {
                severities[rule] = severity
            } else {
                throw ConfigurationError("the level of \(MessageText.quoted(rule.rawValue)) is \(MessageText.quoted(text)); use \"off\", \"note\", \"warning\" or \"error\"")
            }
        }
        return severities
    }

    private static func rule(_ name: String, knownRules: Set<RuleID>, in setting: String) throws(ConfigurationError) -> RuleID {
        guard let rule = RuleID(rawValue: name), knownRules.contains(rule) else {
            let suggestion = Suggestion.closest(to: name, in: knownRules.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
            throw ConfigurationError("\(setting) names \(MessageText.quoted(name)), which is not a rule\(suggestion) (settings-l10n rules lists them)")
        }
        return rule
    }

    /// `"ignore": [{"rule": "missing-translation", "file": "ar.lproj/*", "key": "Beta *"}]`.
    private static func suppressions(_ value: JSONValue, knownRules: Set<RuleID>) throws(ConfigurationError) -> [Suppression] {
        let example = "such as {\"rule\": \"missing-translation\", \"file\": \"ar.lproj/*\"}"
        guard let entries = value.arrayValue else {
            throw ConfigurationError("\"ignore\" must be an array of objects with \"rule\", \"file\" and \"key\" patterns, \(example)")
        }
        var suppressions: [Suppression] = []
        for (index, entry) in entries.enumerated() {
            guard let fields = entry.members, !fields.isEmpty else {
                throw ConfigurationError("ignore[\(index)] must be an object with \"rule\", \"file\" or \"key\", \(example)")
            }
            var suppression = Suppression()
            for (name, value) in fields {
                guard let text = value.stringValue, !text.isEmpty else {
                    throw ConfigurationError("ignore[\(index)].\(name) must be a non-empty string (a * pattern)")
                }
                switch name {
                case "rule":
                    // A plain id must name a rule (a typo would silence nothing); a pattern may match several.
                    if !text.contains("*") { _ = try rule(text, knownRules: knownRules, in: "ignore[\(index)].rule") }
                    suppression.rule = GlobPattern(text)
                case "file": suppression.file = GlobPattern(text)
                case "key": suppression.key = GlobPattern(text)
                default:
                    throw ConfigurationError("ignore[\(index)] has \(MessageText.quoted(name)); an entry has \"rule\", \"file\" and \"key\"")
                }
            }
            suppressions.append(suppression)
        }
        return suppressions
    }
}

/// A configuration file that cannot be used.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
