import SettingsL10nCore

/// Problems the bundle reader and the extractor find while reading, reported as rules.
struct ReadingRule: CheckRule {
    let id: RuleID
    let defaultSeverity: Severity
    let summary: String

    func diagnostics(in context: CheckContext) -> [Diagnostic] {
        // Tables are read with the facts: a table that cannot be read is found there.
        let tables = context.tableFacts.compactMap { facts -> Diagnostic? in
            guard case .unreadable? = facts.problem else { return nil }
            return facts.problem?.diagnostic
        }
        return (context.bundle.diagnostics + context.catalog.diagnostics + tables).filter { $0.rule == id }.map {
            var diagnostic = $0
            diagnostic.severity = defaultSeverity
            return diagnostic
        }.filter { isInCheckedLocalization($0.location.file, context: context) }
    }

    /// Table problems only count for the localizations being checked.
    private func isInCheckedLocalization(_ file: String, context: CheckContext) -> Bool {
        guard let folder = file.split(separator: "/").first, folder.hasSuffix(".lproj"), file.contains("/") else { return true }
        return context.localizations.contains { $0.folder == folder }
    }
}

enum LoaderRules {
    static let all: [any CheckRule] = [
        ReadingRule(id: .plistSyntax, defaultSeverity: .error,
                    summary: "A schema file is not a readable property list (XML, binary or OpenStep); the line and column say where."),
        ReadingRule(id: .fileUnreadable, defaultSeverity: .error,
                    summary: "A file of the bundle cannot be read: larger than 16 MiB, not a regular file, or no permission."),
        ReadingRule(id: .linkOutsideBundle, defaultSeverity: .error,
                    summary: "A symbolic link resolves outside the bundle; it is not followed."),
        ReadingRule(id: .fileNameEncoding, defaultSeverity: .warning,
                    summary: "A file or folder name is not valid UTF-8, which iOS file names must be; it is skipped."),
        ReadingRule(id: .rootPlistMissing, defaultSeverity: .error,
                    summary: "The bundle has no Root.plist, so the Settings app shows nothing."),
        ReadingRule(id: .schemaRootNotDictionary, defaultSeverity: .error,
                    summary: "The root of a schema file is not a dictionary."),
        ReadingRule(id: .preferenceSpecifiersMissing, defaultSeverity: .error,
                    summary: "A schema file has no PreferenceSpecifiers array."),
        ReadingRule(id: .preferenceSpecifiersNotArray, defaultSeverity: .error,
                    summary: "PreferenceSpecifiers is not an array."),
        ReadingRule(id: .specifierNotDictionary, defaultSeverity: .error,
                    summary: "An entry of PreferenceSpecifiers is not a dictionary; the Settings app skips it."),
        ReadingRule(id: .childPaneFileInvalid, defaultSeverity: .error,
                    summary: "A child pane's File leaves the bundle ('..', an absolute path), has a backslash, a control character, a line separator or the .plist extension (or is not a string); it is not opened, and no table is written until it is fixed."),
        ReadingRule(id: .childPaneFileMissing, defaultSeverity: .error,
                    summary: "A child pane's File names a schema file the bundle does not have; no table is written until it is there (its keys are unknown)."),
        ReadingRule(id: .childPaneCycle, defaultSeverity: .warning,
                    summary: "Child panes lead back to a page already open (a cycle)."),
        ReadingRule(id: .generatedPaneMissing, defaultSeverity: .note,
                    summary: "A child pane opens a pane a build step generates (the configuration's generatedPanes) that is not in the bundle: its strings are unknown, the tables named for it are left alone, and the rest of the bundle is checked, exported and merged."),
        ReadingRule(id: .stringsTableInvalid, defaultSeverity: .error,
                    summary: "A StringsTable is not a plain table name (a '/', '\\', '..', NUL, control character or line separator, a leading '.'); its table is neither read, written nor exported."),
        ReadingRule(id: .localizableNotString, defaultSeverity: .warning,
                    summary: "A Title, FooterText, Titles or ShortTitles entry is not a string (a number, say), so it cannot be translated."),
    ]
}
