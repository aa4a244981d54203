import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("The example bundle in Resources/")
struct ExampleBundleTests {
    static func load() throws -> SettingsBundle {
        try BundleLoader.load(from: try DiskBundleSource(path: TestPaths.exampleBundle.path))
    }

    @Test("reads without a diagnostic, in walk order")
    func reads() throws {
        let bundle = try Self.load()
        #expect(bundle.diagnostics.isEmpty)
        #expect(bundle.schemaFiles.map(\.path) == ["Root.plist", "OfflineMaps.plist", "Privacy.plist"])
        #expect(bundle.schemaFiles.allSatisfy { $0.isReachable })
        #expect(bundle.schemaFiles.map(\.stringsTableName) == ["Root", "Root", "Privacy"])
        #expect(bundle.localizations.map(\.name) == ["ar", "de", "en", "ja", "sv"])
        for localization in bundle.localizations {
            #expect(localization.tables.map(\.name) == ["Privacy", "Root"])
            for table in localization.tables {
                #expect(try table.parse().notices == [])
            }
        }
        #expect(try bundle.localization(named: "ja.lproj")?.tables.first?.parse().encoding == .utf16LittleEndian)
    }

    @Test("uses every specifier type and every documented key")
    func coversTheReference() throws {
        let bundle = try Self.load()
        let specifiers = bundle.schemaFiles.flatMap(\.specifiers)
        for type in SpecifierType.standard {
            let ofType = specifiers.filter { $0.type == type }
            #expect(!ofType.isEmpty, "no \(type)")
            let used = Set(ofType.flatMap(\.dictionary.keys))
            for key in type.schema?.keys ?? [] where key.name != "SupportedUserInterfaceIdioms" || type == .multiValue || type == .toggleSwitch {
                #expect(used.contains(key.name), "\(type) never uses \(key.name)")
            }
            #expect(ofType.allSatisfy { $0.undocumentedKeys.isEmpty } == true)
        }
        #expect(specifiers.contains { $0.displaySortedByTitle } == true)
        #expect(specifiers.contains { $0.shortTitles != nil } == true)
        #expect(bundle.schemaFiles[0].applicationGroupContainerIdentifier?.value == .string("group.com.example.trailhead"))
    }
}
