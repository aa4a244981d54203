#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SettingsL10n

/// Reads what `merge --fill-from` names: an app's String Catalog, or a folder of its resources
/// (`<lang>.lproj/*.strings`, and the `.xcstrings` directly in it).
enum AppTranslationSource {
    static func read(_ path: String, developmentLanguage: String) throws -> AppTranslations {
        let kind = LocalFile.kind(of: path)
        guard kind != .missing else {
            throw CommandFailure("--fill-from \(path): no such file or folder; nothing was merged")
        }
        var translations = AppTranslations()
        if kind == .folder {
            let app: SettingsBundle
            do {
                app = try BundleLoader.load(from: try DiskBundleSource(path: path))
            } catch {
                throw CommandFailure("--fill-from \(path): cannot read the folder: \(error.description); nothing was merged")
            }
            translations = AppTranslations(tablesOf: app, developmentLanguage: developmentLanguage)
            let catalogs = app.otherEntries.filter { $0.kind == .file && $0.name.hasSuffix(".xcstrings") }
            for entry in catalogs {
                try addCatalog(joinedPath(path, entry.name), origin: entry.name, to: &translations)
            }
            // A folder with neither a catalog nor a table is not an app's resources: a wrong path.
            if catalogs.isEmpty, !app.localizations.contains(where: { !$0.tables.isEmpty }) {
                throw CommandFailure("--fill-from \(path): no String Catalog and no <lang>.lproj/*.strings in this folder; give the app's .xcstrings or the folder holding its .lproj folders; nothing was merged")
            }
        } else {
            try addCatalog(path, origin: URL(fileURLWithPath: path).lastPathComponent, to: &translations)
        }
        if translations.count == 0 {
            // A valid catalog, or tables, with nothing translated yet: the merge goes on, with
            // nothing to fill.
            printError("--fill-from \(path): no translation besides \(developmentLanguage) yet; nothing to fill from it")
        }
        return translations
    }

    private static func addCatalog(_ path: String, origin: String, to translations: inout AppTranslations) throws {
        let catalog: StringCatalog
        do {
            catalog = try StringCatalog.read(try LocalFile.read(path, limit: ReadLimits.standard.maximumDocumentSize))
        } catch let error as SyntaxError {
            throw CommandFailure("--fill-from \(path)\(TextPosition.pathSuffix(error.position)): not a valid String Catalog: \(error.message); nothing was merged")
        } catch let error as LocalFile.ReadError {
            throw CommandFailure("--fill-from: \(error.message); nothing was merged")
        }
        translations.add(catalog.translations.map { ($0.language, $0.source, $0.value) }, origin: origin)
    }
}
