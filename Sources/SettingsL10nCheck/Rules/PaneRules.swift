import SettingsL10nCore

/// Rules about which schema files are shown and localized.
enum PaneRules {
    static let all: [any CheckRule] = [Unreachable(), StringsTableMissing()]

    struct Unreachable: CheckRule {
        let id = RuleID.schemaFileUnreachable
        let defaultSeverity = Severity.warning
        let summary = "A schema file that no child pane reaches from Root.plist (or its variants): the Settings app never shows it."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            // A schema file that did not load may hold the child pane that reaches the others.
            guard context.bundle.unloadedSchemaFiles.isEmpty else { return [] }
            return context.bundle.schemaFiles.filter { !$0.isReachable }.map { file in
                diagnostic("no child pane reaches \(file.path) from \(context.bundle.layout.rootPage).plist, so the Settings app never shows it", file: file.path,
                           position: file.root.position)
            }
        }
    }

    struct StringsTableMissing: CheckRule {
        let id = RuleID.stringsTableMissing
        let defaultSeverity = Severity.warning
        let summary = "A schema file has localizable strings but no StringsTable while the bundle has .lproj folders: its strings are never translated."

        func diagnostics(in context: CheckContext) -> [Diagnostic] {
            guard !context.bundle.localizations.isEmpty else { return [] }
            // Found by path through one dictionary: a search of the schema files for each file
            // without a table made a chain of 10,000 such panes 50 million comparisons.
            let files = Dictionary(context.bundle.schemaFiles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            return context.catalog.unlocalized.compactMap { unlocalized in
                guard let file = files[unlocalized.file] else { return nil }
                let base = file.name.base
                let named = context.bundle.localizations.filter { $0.table(named: base) != nil }.count
                var message = "\(file.path) has \(unlocalized.strings.count) localizable string\(unlocalized.strings.count == 1 ? "" : "s") but no StringsTable, so the Settings app shows \(unlocalized.strings.count == 1 ? "it" : "them") untranslated"
                if named > 0 {
                    message += "; \(named) .lproj folder\(named == 1 ? " has" : "s have") \(MessageText.withArticle(base + ".strings")) table: add StringsTable \(MessageText.quoted(base)), or if InAppSettingsKit reads this bundle, run with --table-fallback file-name"
                } else {
                    message += "; add a StringsTable key naming its table"
                }
                return diagnostic(message, file: file.path, position: file.root.position)
            }
        }
    }
}
