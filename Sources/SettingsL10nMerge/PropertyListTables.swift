import SettingsL10nCore
import SettingsL10nExtract

extension Merger {
    /// A table written as a property list (`StringsTableForm`), which merge never rewrites:
    /// merged in memory from the entries the device reads. The outcome, up to date, when merge
    /// would add, carry over, fill or remove no entry (the file's order and comments are its
    /// own); `nil` when it would, and the table is refused by its form.
    static func unchangedInItsForm(_ table: CatalogTable, file: StringsTableFile, in localization: Localization, isDevelopment: Bool,
                                   shared: SharedTableWork, options: MergeOptions, report: TableMergeReport) -> Outcome? {
        guard let scan = try? file.scan() else { return nil }
        var checked = report
        if !isDevelopment { checked.appLanguage = options.fillFrom?.language(forFolder: localization.name) }
        var reportOnly = options
        reportOnly.reportOnly = true
        _ = mergeTable(table, document: StringsDocument(entriesOf: scan), language: localization.name, isDevelopment: isDevelopment,
                       shared: shared, options: reportOnly, report: &checked)
        return checked.changesEntries ? nil : Outcome(report: checked, update: nil)
    }
}
