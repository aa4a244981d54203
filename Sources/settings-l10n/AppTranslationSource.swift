#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SettingsL10n
import SettingsL10nFiles

/// Reads what `merge --fill-from` names: an app's String Catalog, or a folder of its resources
/// (`<lang>.lproj/*.strings`, and the `.xcstrings` directly in it).
enum AppTranslationSource {
    /// `wanting`: the only source texts whose translations are kept (`Merger.fillSourceTexts`;
    /// `nil` keeps every one).
    static func read(_ path: String, developmentLanguage: String, wanting sources: Set<StringsKey>?) throws -> AppTranslations {
        let kind = LocalFile.kind(of: path)
        guard kind != .missing else {
            throw CommandFailure("--fill-from \(path): no such file or folder; nothing was merged")
        }
        var translations = sources.map(AppTranslations.init(wanting:)) ?? AppTranslations()
        if kind == .folder {
            let app: SettingsBundle
            do {
                app = try BundleLoader.load(from: try DiskBundleSource(path: path))
            } catch {
                throw CommandFailure("--fill-from \(path): cannot read the folder: \(error.description); nothing was merged")
            }
            // A language folder that could not be listed (a link out of the folder, no access) would
            // leave its translations out without a word, as an unreadable table would: refused too.
            if let folder = app.localizations.first(where: { $0.listingProblem != nil }), let problem = folder.listingProblem {
                let said = folder.pointsOutside ? "this symbolic link points outside the folder; it was not followed" : problem
                throw CommandFailure("--fill-from \(joinedPath(path, folder.folder)): \(said); give --fill-from the folder that holds its tables, or copy them in; nothing was merged")
            }
            do {
                translations = try AppTranslations(tablesOf: app, developmentLanguage: developmentLanguage, wanting: sources)
            } catch {
                throw CommandFailure("--fill-from \(joinedPath(path, error.path))\(TextPosition.pathSuffix(error.position)): \(problem(error)); nothing was merged")
            }
            let catalogs = app.otherEntries.filter { $0.kind == .file && $0.name.hasPathExtension("xcstrings") }
            try addCatalogs(catalogs.map { (joinedPath(path, $0.name), $0.name) }, to: &translations)
            // A folder with neither a catalog nor a table is not an app's resources: a wrong path.
            if catalogs.isEmpty, !app.localizations.contains(where: { !$0.tables.isEmpty }) {
                throw CommandFailure("--fill-from \(path): no String Catalog and no <lang>.lproj/*.strings in this folder; give the app's .xcstrings or the folder holding its .lproj folders; nothing was merged")
            }
        } else {
            try addCatalogs([(path, URL(fileURLWithPath: path).lastPathComponent)], to: &translations)
        }
        if translations.offered == 0 {
            // A valid catalog, or tables, with nothing translated yet: the merge goes on, with
            // nothing to fill.
            printError("--fill-from \(path): no translation besides \(developmentLanguage) yet; nothing to fill from it")
        }
        return translations
    }

    /// Names each translation no table may receive (it is not taken; the rest fills as before)
    /// that would have filled a missing key of the merge (`TableMergeReport.refusedFromApp`),
    /// once however many keys or folders it would have filled.
    static func warnRefused(_ reports: [TableMergeReport]) {
        var told = Set<AppTranslations.Refused>()
        for refused in reports.lazy.flatMap(\.refusedFromApp) where told.insert(refused).inserted {
            printError("warning: --fill-from \(refused.origin): the app's \(refused.language) translation of \(MessageText.quoted(refused.source)) holds \(refused.reason), which settings-l10n writes into no table (import and sync refuse it too); it is not taken")
        }
    }

    /// What is wrong with an app's table, as `--fill-from` says it.
    private static func problem(_ error: TableReadError) -> String {
        switch error {
        case .malformed(_, let syntax): "not a valid strings table: \(syntax.message)"
        case .linkOutsideBundle: "this symbolic link points outside the folder; it was not followed"
        case .unreadable(_, let message), .misencoded(_, let message): message
        case .propertyListForm: error.message
        }
    }

    /// One of the app's catalogs read, and its translations taken out, or why not.
    private enum CatalogRead: Sendable {
        case translations([(language: String, source: String, value: String)], origin: String)
        case failure(String)
    }

    /// Reads and parses a catalog (on a worker thread), keeping only its translations.
    @Sendable private static func readCatalog(_ path: String, origin: String) -> CatalogRead {
        do {
            let translations = try StringCatalog.translations(reading: try LocalFile.read(path, limit: ReadLimits.standard.maximumDocumentSize))
            return .translations(translations.map { ($0.language, $0.source, $0.value) }, origin: origin)
        } catch let error as SyntaxError {
            return .failure("--fill-from \(path)\(TextPosition.pathSuffix(error.position)): not a valid String Catalog: \(error.message); nothing was merged")
        } catch let error as LocalFile.ReadError {
            return .failure("--fill-from: \(error.message); nothing was merged")
        } catch {
            return .failure("--fill-from \(path): \(error); nothing was merged")
        }
    }

    /// Adds the catalogs' translations in their order: each catalog read and parsed on a worker
    /// thread while the one before it is added here (an app with several catalogs of tens of
    /// megabytes spent most of `merge --fill-from` reading them one after the other). At most
    /// one a core waits to be added (`parallelStream`'s window), which bounds the memory; the
    /// first that fails, in their order, stops the merge.
    private static func addCatalogs(_ catalogs: [(path: String, origin: String)], to translations: inout AppTranslations) throws {
        try parallelStream(catalogs, window: 2, { readCatalog($0.path, origin: $0.origin) }) { read in
            switch read {
            case .translations(let found, let origin): translations.add(found, origin: origin)
            case .failure(let message): throw CommandFailure(message)
            }
        }
    }
}
