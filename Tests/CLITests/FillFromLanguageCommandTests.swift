import Foundation
import Testing
import SettingsL10nTestSupport

extension FillFromCommandTests {
    @Test("the catalog's zh-Hans fills zh_CN.lproj and zh-Hant zh_TW.lproj, as render matches them; the report says which filled which")
    func matchedLanguages() throws {
        let copy = try BundleCopy()
        for folder in ["zh_CN.lproj", "zh_TW.lproj", "pt_BR.lproj"] {
            try FileManager.default.createDirectory(at: copy.bundle.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let locales = ["--locale", "pt_BR", "--locale", "zh_CN", "--locale", "zh_TW"]
        let json = try Tool.run(["merge", copy.bundle.path, "--fill-from", TestPaths.realCatalog.path, "--check", "--format", "json"] + locales)
        #expect(json.exitCode == 1)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let tables = document["tables"] as! [[String: Any]]
        #expect(tables.map { "\($0["path"]!) \($0["appLanguage"]!)" } == [
            "pt_BR.lproj/Privacy.strings pt", "pt_BR.lproj/Root.strings pt",
            "zh_CN.lproj/Privacy.strings zh-Hans", "zh_CN.lproj/Root.strings zh-Hans",
            "zh_TW.lproj/Privacy.strings zh-Hant", "zh_TW.lproj/Root.strings zh-Hant",
        ])
        let result = try Tool.run(["merge", copy.bundle.path, "--fill-from", TestPaths.realCatalog.path] + locales)
        #expect(result == ToolResult(stdout: "", stderr: """
            pt_BR.lproj/Privacy.strings: 1 from the app's pt (to review), 4 missing; written (new file)
            pt_BR.lproj/Root.strings: 2 from the app's pt (to review), 50 missing; written (new file)
            zh_CN.lproj/Privacy.strings: 1 from the app's zh-Hans (to review), 4 missing; written (new file)
            zh_CN.lproj/Root.strings: 2 from the app's zh-Hans (to review), 50 missing; written (new file)
            zh_TW.lproj/Privacy.strings: 1 from the app's zh-Hant (to review), 4 missing; written (new file)
            zh_TW.lproj/Root.strings: 2 from the app's zh-Hant (to review), 50 missing; written (new file)
            filled from the app's languages: pt_BR.lproj from pt, zh_CN.lproj from zh-Hans, zh_TW.lproj from zh-Hant
            9 missing translations taken from the app, marked for review: 9 from Localizable.xcstrings

            """, exitCode: 0))
        #expect(String(decoding: try copy.bytes("zh_CN.lproj/Root.strings"), as: UTF8.self).contains("\"About\" = \"关于\";"))
        #expect(String(decoding: try copy.bytes("zh_TW.lproj/Root.strings"), as: UTF8.self).contains("\"About\" = \"關於\";"))
    }
}
