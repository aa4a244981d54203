import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

/// Every file of the vendored corpus (`Tests/Corpus/bundles`), read as the tool reads it; the
/// fetched (copyleft) bundles are read the same way by `CorpusFieldTests`.
@Suite("Corpus: real bundles read and write back")
struct CorpusReadingTests {
    /// The files under `root` whose name ends in `suffix`, as URLs, in a stable order.
    static func files(in root: URL, withExtension suffix: String) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted().map { root.appendingPathComponent($0) }
    }

    /// Every .strings file under `root` writes back byte-identical, except `except`; returns how many did.
    static func roundTrip(in root: URL, except: URL? = nil) throws -> (files: Int, parsed: Int) {
        let files = Self.files(in: root, withExtension: ".strings")
        var parsed = 0
        for file in files where file != except {
            let bytes = [UInt8](try Data(contentsOf: file))
            let document = try StringsParser.parse(bytes)
            #expect(document.encoded() == bytes, "\(file.path) changed on writing back")
            parsed += 1
        }
        return (files.count, parsed)
    }

    @Test("every vendored .strings file writes back byte-identical")
    func stringsRoundTrip() throws {
        let counts = try Self.roundTrip(in: TestPaths.vendoredCorpus)
        #expect(counts.files == 27)
        #expect(counts.parsed == 27)
    }

    /// Loads every schema plist under `root`; returns how many there were in each format.
    static func schemaFormats(in root: URL) throws -> [PlistFormat: Int] {
        var formats: [PlistFormat: Int] = [:]
        for url in Self.files(in: root, withExtension: ".plist") {
            let bytes = [UInt8](try Data(contentsOf: url))
            let (root, format) = try PropertyListReader.read(bytes)
            formats[format, default: 0] += 1
            let file = SchemaFile(path: url.lastPathComponent, root: root, format: format)
            #expect(file.diagnostics.isEmpty, "\(url.path): \(file.diagnostics)")
            #expect(!file.specifiers.isEmpty, "\(url.path) has no specifiers")
        }
        return formats
    }

    @Test("every vendored schema plist loads, the OpenStep one included")
    func schemaFiles() throws {
        #expect(try Self.schemaFormats(in: TestPaths.vendoredCorpus) == [.xml: 34, .openStep: 1])
    }

    @Test("the OpenStep schema file has line numbers and key paths")
    func openStep() throws {
        let path = "futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle@d38cc1e78b/Root~iphone.inApp.plist"
        let bytes = [UInt8](try Data(contentsOf: TestPaths.corpus(path)))
        let (root, format) = try PropertyListReader.read(bytes)
        #expect(format == .openStep)
        let file = SchemaFile(path: "Root~iphone.inApp.plist", root: root, format: format)
        #expect(file.name == SchemaFileName(base: "Root", idiom: .phone, isInApp: true))
        let multiValue = try #require(file.specifiers.first { $0.type == .multiValue })
        #expect(multiValue.keyPath.description == "PreferenceSpecifiers[3]")
        #expect(multiValue.position == TextPosition(line: 18, column: 3))
        let second = try #require(multiValue.field("Titles")?.elements[1])
        #expect(second.keyPath.description == "PreferenceSpecifiers[3].Titles[1]")
        #expect(second.value == .string("MUL_VAL_2"))
        #expect(second.position == TextPosition(line: 24, column: 5))
    }

    @Test("every vendored corpus bundle loads", arguments: TestPaths.corpusBundles())
    func bundles(path: String) throws {
        try Self.expectLoads(path)
    }

    /// The bundle loads, with Root.plist first and at least one language.
    static func expectLoads(_ path: String) throws {
        let source = try DiskBundleSource(path: TestPaths.corpus(path).path)
        let bundle = try BundleLoader.load(from: source)
        #expect(!bundle.schemaFiles.isEmpty)
        #expect(bundle.schemaFiles.first?.path == "Root.plist")
        #expect(!bundle.localizations.isEmpty)
    }
}
