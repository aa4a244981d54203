import Foundation
import Testing
@testable import SettingsL10nCore
@testable import SettingsL10nExtract
@testable import SettingsL10nMerge
@testable import SettingsL10nCheck
import SettingsL10n
import SettingsL10nTestSupport

/// Every file of `../shared/corpus`, read as the tool reads it. Skipped, with this reason,
/// where the corpus folder is absent.
@Suite("Corpus: real bundles read and write back", .requires(.corpus))
struct CorpusReadingTests {
    static let malformedStrings =
        "BelledonneCommunications__linphone-iphone/Settings__InAppSettings.bundle@c02dcc754e/en.lproj/Chat.strings"

    static func files(withExtension suffix: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: TestPaths.corpus.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted()
    }

    @Test("every .strings file writes back byte-identical, except linphone's Chat.strings")
    func stringsRoundTrip() throws {
        let paths = Self.files(withExtension: ".strings")
        #expect(paths.count == 288)
        var parsed = 0
        for path in paths where path != Self.malformedStrings {
            let bytes = [UInt8](try Data(contentsOf: TestPaths.corpus.appendingPathComponent(path)))
            let document = try StringsParser.parse(bytes)
            #expect(document.encoded() == bytes, "\(path) changed on writing back")
            parsed += 1
        }
        #expect(parsed == 287)
    }

    @Test("linphone's en.lproj/Chat.strings is an error at line 6")
    func linphoneChat() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.corpus.appendingPathComponent(Self.malformedStrings)))
        #expect(throws: SyntaxError("missing ';' after the value of \"Auto write to gallery\"", at: TextPosition(line: 6, column: 50))) {
            try StringsParser.parse(bytes)
        }
    }

    @Test("every schema plist loads, the OpenStep one included")
    func schemaFiles() throws {
        let paths = Self.files(withExtension: ".plist")
        #expect(paths.count == 52)
        var formats: [PlistFormat: Int] = [:]
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: TestPaths.corpus.appendingPathComponent(path)))
            let (root, format) = try PropertyListReader.read(bytes)
            formats[format, default: 0] += 1
            let file = SchemaFile(path: URL(fileURLWithPath: path).lastPathComponent, root: root, format: format)
            #expect(file.diagnostics.isEmpty, "\(path): \(file.diagnostics)")
            #expect(!file.specifiers.isEmpty, "\(path) has no specifiers")
        }
        #expect(formats == [.xml: 51, .openStep: 1])
    }

    @Test("the OpenStep schema file has line numbers and key paths")
    func openStep() throws {
        let path = "futuretap__InAppSettingsKit/InAppSettingsKitSampleApp__Settings.bundle@d38cc1e78b/Root~iphone.inApp.plist"
        let bytes = [UInt8](try Data(contentsOf: TestPaths.corpus.appendingPathComponent(path)))
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

    @Test("every corpus bundle loads", arguments: TestPaths.corpusBundles())
    func bundles(path: String) throws {
        let source = try DiskBundleSource(path: TestPaths.corpus.appendingPathComponent(path).path)
        let bundle = try BundleLoader.load(from: source)
        #expect(!bundle.schemaFiles.isEmpty)
        #expect(bundle.schemaFiles.first?.path == "Root.plist")
        #expect(!bundle.localizations.isEmpty)
    }
}
