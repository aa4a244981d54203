import Testing
@testable import SettingsL10nCore

@Suite("a path's extension, without regard to ASCII case")
struct PathExtensionTests {
    @Test("what is and is not a String Catalog's name", arguments: [
        ("Root.xcstrings", true), ("Root.XCSTRINGS", true), ("exports/Root.XcStrings", true),
        ("Root.xcstrings.bak", false), ("Rootxcstrings", false), (".xcstrings", false), ("xcstrings", false),
        ("Root.xcstringß", false), ("Root.ｘcstrings", false),
    ])
    func catalogNames(path: String, expected: Bool) {
        #expect(path.hasPathExtension("xcstrings") == expected)
    }
}
