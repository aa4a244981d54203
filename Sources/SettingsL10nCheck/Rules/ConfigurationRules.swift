import SettingsL10nCore
import SettingsL10nExtract

/// Rules about the configuration itself.
enum ConfigurationRules {
    static let all: [any CheckRule] = [UnusedEntry(), InsideBundle(), PathRefused()]

    /// A path setting (`"catalog"`, `"bundle"`) the path policy refused: it leads out of the
    /// repository, or is set in a configuration inside the bundle. It is not used.
    struct PathRefused: CheckRule {
        let id = RuleID.configurationPathRefused
        let defaultSeverity = Severity.error
        let summary = "A path of the configuration (catalog, bundle) leads out of the repository, or is set in a configuration inside the bundle: it is not used."

        func diagnostics(in context: CheckContext) -> [Diagnostic] { [] }

        func findings(_ configuration: CheckConfiguration) -> [Diagnostic] {
            configuration.refusedPaths.map { refused in
                diagnostic(refused.reason, at: SourceLocation(file: configuration.location, position: configuration.valuePositions[refused.setting]))
            }
        }
    }

    /// A configuration file found inside the bundle: it is used, but it ships in the app.
    struct InsideBundle: CheckRule {
        let id = RuleID.configurationInBundle
        let defaultSeverity = Severity.note
        let summary = "The configuration file lies inside the bundle, so it ships in the app: move it beside the bundle."

        /// Its finding depends on where the configuration was found, which the checker knows.
        func diagnostics(in context: CheckContext) -> [Diagnostic] { [] }

        func findings(_ configuration: CheckConfiguration) -> [Diagnostic] {
            [diagnostic("the configuration \(MessageText.quoted(configuration.location)) is inside the bundle, so it is copied into the app; it is used, but move it beside the bundle (../\(CheckConfiguration.fileName))",
                        at: SourceLocation(file: configuration.location))]
        }
    }

    /// An `ignore` entry or a `doNotTranslate` pattern that matches nothing: a suppression left
    /// behind after the finding was fixed, or a typo.
    struct UnusedEntry: CheckRule {
        let id = RuleID.configurationUnused
        let defaultSeverity = Severity.note
        let summary = "An ignore entry, doNotTranslate pattern or generatedPanes entry of the configuration matches nothing: remove it, or fix it."

        /// Its findings depend on what the other rules found, so the checker makes them once
        /// those are in (`findings(configuration:catalog:ignoreUsed:)`).
        func diagnostics(in context: CheckContext) -> [Diagnostic] { [] }

        func findings(_ configuration: CheckConfiguration, catalog: Catalog, bundle: SettingsBundle, ignoreUsed: Set<Int>) -> [Diagnostic] {
            // Each at its entry's line and column in the file.
            func location(_ member: String, _ index: Int?) -> SourceLocation {
                let positions = configuration.entryPositions[member] ?? []
                return SourceLocation(file: configuration.location,
                                      position: index.flatMap { positions.indices.contains($0) ? positions[$0] : nil })
            }
            // An entry for another command's rules only (sync's) is not check's to judge.
            let checkRules = Checker.ruleIDs.map(\.rawValue)
            let judged = configuration.ignore.indices.filter { index in
                guard let rule = configuration.ignore[index].rule else { return true }
                return checkRules.contains(where: rule.matches)
            }
            let ignores = judged.filter { !ignoreUsed.contains($0) }.map { index in
                let entry = configuration.ignore[index]
                // A path copied from a finding (`Ash/Settings.bundle/es.lproj/Root.strings`)
                // starts where check ran; the entry's is relative to the bundle.
                let parts = entry.file.map { $0.text.split(separator: "/", omittingEmptySubsequences: false) } ?? []
                if let bundle = parts.lastIndex(where: { $0.hasSuffix(".bundle") }), bundle + 1 < parts.count {
                    let relative = parts[(bundle + 1)...].joined(separator: "/")
                    return diagnostic("ignore[\(index)] \(entry) matches no finding: its \"file\" is relative to the bundle, not to where check runs; write \(StringsWriting.quoted(relative)), or remove it",
                                      at: location("ignore", index))
                }
                return diagnostic("ignore[\(index)] \(entry) matches no finding; remove it", at: location("ignore", index))
            }
            let patterns = catalog.unusedDoNotTranslate.map { pattern in
                diagnostic("doNotTranslate \(MessageText.quoted(pattern)) matches no key of the schema; remove it",
                           at: location("doNotTranslate", configuration.doNotTranslate.firstIndex { $0.text == pattern }))
            }
            // A generated pane no child pane opens (a misspelled File): its tables are not left
            // alone, and the pane that meant it is said to name a missing file. Judged only when
            // every schema file loaded (one that did not may hold the pane).
            let panes = !bundle.unloadedSchemaFiles.isEmpty ? [] : configuration.generatedPanes.indices.filter { index in
                !bundle.paneLinks.contains { configuration.generatedPanes[index].file.matches($0.file) }
            }.map { index in
                diagnostic("generatedPanes[\(index)] \(MessageText.quoted(configuration.generatedPanes[index].file.text)) is the File of no child pane; fix it (a child pane's File, without .plist), or remove it",
                           at: location("generatedPanes", index))
            }
            return ignores + patterns + panes
        }
    }
}
