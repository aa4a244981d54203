import Foundation
import SettingsL10nCore
import SettingsL10nExtract

/// The contents of `.settings-l10n.json`: rules switched off or re-levelled, and defaults for
/// options every command takes.
///
/// ```json
/// { "rules": { "key-ignored": "off", "missing-translation": "error" },
///   "developmentLanguage": "en", "tableFallback": "file-name" }
/// ```
public struct CheckConfiguration: Hashable, Sendable {
    /// The severity each configured rule reports at; `nil` switches the rule off.
    public var severities: [RuleID: Severity?]
    public var developmentLanguage: String?
    public var tableFallback: TableFallback?

    public init(severities: [RuleID: Severity?] = [:], developmentLanguage: String? = nil, tableFallback: TableFallback? = nil) {
        self.severities = severities
        self.developmentLanguage = developmentLanguage
        self.tableFallback = tableFallback
    }

    /// The name of the file looked for beside the bundle.
    public static let fileName = ".settings-l10n.json"

    /// The largest configuration file read (a real one is a few hundred bytes).
    package static let maximumSize = 1 << 20

    /// What is wrong with `language` as a development language (it names the `.lproj` folder
    /// merge creates), or `nil` when it is a language identifier.
    package static func languageProblem(_ language: String) -> String? {
        guard LanguageTag.isValidFolderName(language), language != "Base" else {
            return "must be a language identifier such as en, pt-BR or zh-Hans, not \(MessageText.quoted(language))"
        }
        return nil
    }

    /// Reads a configuration file.
    /// - Throws: `ConfigurationError` saying what is wrong and where.
    public static func parse(_ bytes: [UInt8], knownRules: Set<RuleID> = Checker.ruleIDs) throws(ConfigurationError) -> CheckConfiguration {
        guard bytes.count <= maximumSize else {
            throw ConfigurationError("the file is \(bytes.count) bytes, more than the limit of \(maximumSize)")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw ConfigurationError("not valid JSON: \(detail)")
        }
        guard let root = object as? [String: Any] else {
            throw ConfigurationError("the configuration must be a JSON object, such as {\"rules\": {\"key-ignored\": \"off\"}}")
        }
        var configuration = CheckConfiguration()
        for (key, value) in root {
            switch key {
            case "rules":
                guard let rules = value as? [String: Any] else {
                    throw ConfigurationError("\"rules\" must be an object of rule ids and severities")
                }
                for (name, level) in rules {
                    guard let rule = RuleID(rawValue: name), knownRules.contains(rule) else {
                        let suggestion = Suggestion.closest(to: name, in: knownRules.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
                        throw ConfigurationError("\"rules\" names \(MessageText.quoted(name)), which is not a rule\(suggestion) (settings-l10n rules lists them)")
                    }
                    guard let text = level as? String else {
                        throw ConfigurationError("the level of \(MessageText.quoted(rule.rawValue)) must be \"off\", \"note\", \"warning\" or \"error\"")
                    }
                    if text == "off" {
                        configuration.severities[rule] = .some(nil)
                    } else if let severity = Severity(rawValue: text) {
                        configuration.severities[rule] = severity
                    } else {
                        throw ConfigurationError("the level of \(MessageText.quoted(rule.rawValue)) is \(MessageText.quoted(text)); use \"off\", \"note\", \"warning\" or \"error\"")
                    }
                }
            case "developmentLanguage":
                guard let language = value as? String, languageProblem(language) == nil else {
                    throw ConfigurationError("\"developmentLanguage\" must be a language identifier such as \"en\", \"pt-BR\" or \"zh-Hans\"")
                }
                configuration.developmentLanguage = language
            case "tableFallback":
                guard let text = value as? String, let fallback = TableFallback(rawValue: text) else {
                    throw ConfigurationError("\"tableFallback\" must be \"none\" or \"file-name\"")
                }
                configuration.tableFallback = fallback
            default:
                throw ConfigurationError("unknown setting \(MessageText.quoted(key)); the settings are \"rules\", \"developmentLanguage\" and \"tableFallback\"")
            }
        }
        return configuration
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
