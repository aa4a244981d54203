import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
import SettingsL10nTestSupport

/// Hostile and broken input that once lost translations or cost unbounded memory or time
/// (issue "Reliability: no command ever destroys what it could not read"). Each test failed
/// before its fix.
@Suite("Hostile input: merge")
struct HostileMergeTests {
    @Test("fuzzy matching does not compare long strings character by character")
    func longFuzzyStrings() {
        let old = String(repeating: "a", count: 40_000) + "b"
        let new = String(repeating: "a", count: 40_000) + "c"
        // An edit distance of 40,000 × 40,000 took 15 s; such strings now match only when equal
        // after normalization.
        #expect(FuzzyMatch.score(old, new) == nil)
        #expect(FuzzyMatch.score(old + ".", old) == 1)
        #expect(FuzzyMatch.pairs(newKeys: [new, "Extra lives"], oldKeys: [old, "Extra Lives"]).map(\.new) == ["Extra lives"])
    }

    @Test("a folder that cannot be listed is neither merged nor written")
    func unlistedFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Account\" = \"Konto\";\n")
        for index in 0..<12 { try folder.write("Settings.bundle/de.lproj/x\(index).txt", "") }
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"),
                                           limits: ReadLimits(maximumFolderEntries: 10))
        let german = try #require(bundle.localization(named: "de.lproj"))
        #expect(german.tables.isEmpty)
        #expect(german.listingProblem == "the folder holds more than 10 entries; it was not read")
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: MergeOptions(fillSource: true))
        #expect(result.updates.map(\.path) == ["en.lproj/Root.strings"])
        #expect(result.reports.first { $0.path == "de.lproj/Root.strings" }?.problem
            == "not merged: de.lproj could not be listed (the folder holds more than 10 entries; it was not read), so what it holds is unknown; nothing in it is written")
    }

    @Test("tables that are pipes or links are never merged into a new file")
    func pipesAndLinks() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("outside.strings", "\"Account\" = \"Account\";\n")
        try folder.symlink("Settings.bundle/en.lproj/Root.strings", to: "../../outside.strings")
        try folder.write("Settings.bundle/sv.lproj/Other.strings", "")
        #expect(mkfifo(folder.path + "/Settings.bundle/sv.lproj/Root.strings", 0o644) == 0)
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Old\" = \"Alt\";\n")
        try folder.symlink("Settings.bundle/fr.lproj/Root.strings", to: "../de.lproj/Root.strings")
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: MergeOptions(fillSource: true))
        // The development text is outside the bundle, unread: no table is filled or given
        // comments from its keys (de was, with "Account" = "Account").
        #expect(result.updates.map(\.path) == [])
        let unknown = "not merged: en.lproj/Root.strings is a link out of the bundle, which settings-l10n does not read, and its text is what the fills need; it was left untouched"
        #expect(result.reports.map { "\($0.path): \($0.problem ?? "-")" } == [
            "de.lproj/Root.strings: \(unknown)",
            "en.lproj/Root.strings: cannot be read: this symbolic link points outside the bundle; it was not followed; it was left untouched",
            "fr.lproj/Root.strings: \(unknown)",
            "sv.lproj/Root.strings: cannot be read: not a regular file (a pipe, socket, device or dangling link); it was not read; it was left untouched",
        ])
    }

    @Test("a table that is a link inside the bundle is never written through")
    func linkInsideTheBundle() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("Settings.bundle/en.lproj/Root.strings", "\"Account\" = \"Account\";\n")
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"Old\" = \"Alt\";\n")
        try folder.symlink("Settings.bundle/fr.lproj/Root.strings", to: "../de.lproj/Root.strings")
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: MergeOptions(fillSource: true))
        #expect(result.updates.map(\.path) == ["de.lproj/Root.strings"])
        #expect(result.reports.first { $0.path == "fr.lproj/Root.strings" }?.problem
            == "needs changes that were not made: fr.lproj/Root.strings is a symbolic link, and settings-l10n never writes through links: work on the file it points to, or replace the link with a file")
    }

    @Test("a schema file that does not load stops every table from being merged")
    func unloadedSchemaFile() throws {
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema(childPane(title: "Sound", file: "Child")).replacingOccurrences(of: "</plist>", with: "</plst>"),
            "Child.plist": xmlSchema(""),
            "de.lproj/Root.strings": "\"Sound\" = \"Ton\";\n\"Music\" = \"Musik\";\n",
            "en.lproj/Root.strings": "\"Sound\" = \"Sound\";\n",
        ]))
        let refusal = try #require(bundle.schemaWriteRefusal)
        let result = Merger.merge(bundle: bundle, catalog: Extractor.catalog(of: bundle), options: MergeOptions(prune: true))
        #expect(result.updates.isEmpty)
        #expect(result.reports.map(\.problem) == [String?](repeating: "not merged: " + refusal, count: result.reports.count))
    }
}
