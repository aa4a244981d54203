import Foundation
import Testing
import SettingsL10nTestSupport

/// The documentation as tests read it: a file of the repository, and the block a test runs,
/// between `<!-- name -->` and `<!-- /name -->` markers (without its code fences).
enum DocsText {
    /// The text of `path`, relative to the package's root (`docs/xcode-and-ci.md`).
    static func file(_ path: String) throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines between the markers named `name` in `path`, fences left out.
    static func markedBlock(_ name: String, in path: String) throws -> String {
        let text = try file(path)
        let start = try #require(text.range(of: "<!-- \(name) -->\n"), "\(path) has no <!-- \(name) --> marker")
        let end = try #require(text.range(of: "<!-- /\(name) -->", range: start.upperBound..<text.endIndex),
                               "\(path) has no <!-- /\(name) --> marker after <!-- \(name) -->")
        return text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("```") }.joined(separator: "\n")
    }
}
