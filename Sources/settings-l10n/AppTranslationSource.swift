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
            for entry in app.otherEntries where entry.kind == .file && entry.name.hasSuffix(".xcstrings") {
                try addCatalog(joinedPath(path, entry.name), origin: entry.name, to: &translations)
            }
        } else {
            try addCatalog(path, origin: URL(fileURLWithPath: path).lastPathComponent, to: &translations)
        }
        if translations.count == 0 {
            throw CommandFailure("--fill-from \(path): no translations found (a String Catalog, or a folder holding <lang>.lproj/*.strings besides \(developmentLanguage).lproj); nothing was merged")
        }
        return translations
    }

    private static func addCatalog(_ path: String, origin: String, to translations: inout AppTranslations) throws {
        let catalog: StringCatalog
        do {
            catalog = try StringCatalog.read(try LocalFile.read(path, limit: ReadLimits.standard.maximumDocumentSize))
        } catch let error as SyntaxError {
            throw CommandFailure("--fill-from \(path)\(error.position.map { ":\($0.line):\($0.column ?? 1)" } ?? ""): not a valid String Catalog: \(error.message); nothing was merged")
        } catch let error as LocalFile.ReadError {
            throw CommandFailure("--fill-from: \(error.message); nothing was merged")
        }
        for translation in catalog.translations {
            translations.add(language: translation.language, source: translation.source, value: translation.value, origin: origin)
        }
    }
}
