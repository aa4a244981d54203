import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nCheck
import SettingsL10nTestSupport

/// Hostile and broken input that once lost translations or cost unbounded memory or time
/// (issue "Reliability: no command ever destroys what it could not read"). Each test failed
/// before its fix.
@Suite("Hostile input: check")
struct HostileCheckTests {
    @Test("messages quote the start of a long value, never all of it")
    func longValuesInMessages() throws {
        let long = String(repeating: "Ω", count: 100_000)
        let bundle = try BundleLoader.load(from: InMemoryBundleSource(textFiles: [
            "Root.plist": xmlSchema("<dict><key>Type</key><string>PS\(long)</string></dict>"),
        ]))
        let diagnostics = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)))
        #expect(diagnostics.map(\.rule.rawValue) == ["specifier-type-unknown"])
        #expect(diagnostics.allSatisfy { $0.message.utf8.count < 400 })
    }

    @Test("tables that are pipes or links out of the bundle are reported once each")
    func pipesAndLinks() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(groupSpecifier("Account")))
        try folder.write("outside.strings", "\"Account\" = \"Account\";\n")
        try folder.symlink("Settings.bundle/en.lproj/Root.strings", to: "../../outside.strings")
        try folder.write("Settings.bundle/sv.lproj/Other.strings", "")
        #expect(mkfifo(folder.path + "/Settings.bundle/sv.lproj/Root.strings", 0o644) == 0)
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let check = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle)))
            .filter { $0.severity == .error }.map { "\($0.rule) \($0.location.file)" }
        #expect(check == ["link-outside-bundle en.lproj/Root.strings", "file-unreadable sv.lproj/Root.strings"])
    }

    @Test("a table over the size limit is reported when check reads it")
    func sizeLimit() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", xmlSchema(""))
        try folder.write("Settings.bundle/de.lproj/Root.strings", String(repeating: "\"k\" = \"v\";\n", count: 1000))
        let bundle = try BundleLoader.load(from: try DiskBundleSource(path: folder.path + "/Settings.bundle"), limits: ReadLimits(maximumFileSize: 2000))
        let found = Checker.check(CheckContext(bundle: bundle, catalog: Extractor.catalog(of: bundle))).filter { $0.rule == .fileUnreadable }
        #expect(found == [Diagnostic(.error, rule: .fileUnreadable, "the file is 11000 bytes, more than the limit of 2000; it was not read",
                                     at: SourceLocation(file: "de.lproj/Root.strings"))])
    }

    @Test("configuration: bounded, and the development language is a language identifier")
    func configurationBounds() {
        #expect(throws: ConfigurationError("the file is 1048577 bytes, more than the limit of 1048576")) {
            try CheckConfiguration.parse([UInt8](repeating: 0x20, count: (1 << 20) + 1), knownRules: [])
        }
        for language in ["../x", ".hidden", "a b", "", "Base"] {
            #expect(CheckConfiguration.languageProblem(language) != nil, "\(language)")
            #expect(throws: ConfigurationError.self) {
                try CheckConfiguration.parse(Array("{\"developmentLanguage\": \"\(language)\"}".utf8), knownRules: [])
            }
        }
        for language in ["en", "pt-BR", "zh_Hans", "English", "gsw-CH"] {
            #expect(CheckConfiguration.languageProblem(language) == nil, "\(language)")
        }
    }
}
