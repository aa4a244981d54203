import Foundation
import Testing

/// Golden files beside the tests that compare against them, in `Tests/<test target>/Golden/`.
///
/// `RECORD_GOLDEN=1 swift test` rewrites the files that differ, and the test still fails, so
/// that a recording run is never mistaken for a passing one.
package enum Golden {
    /// The golden folder of the test target that holds `filePath`.
    static func folder(of filePath: String) -> URL {
        let components = URL(fileURLWithPath: filePath).pathComponents
        let tests = components.lastIndex(of: "Tests")!
        return TestPaths.packageRoot.appendingPathComponent("Tests/\(components[tests + 1])/Golden")
    }

    package static func check(_ actual: String, against name: String, filePath: String = #filePath,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder(of: filePath).appendingPathComponent(name)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if expected == actual { return }
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run the tests again without RECORD_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("no golden file \(name); record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let diff = firstDifference(expected, actual)
        Issue.record("output differs from \(name) at line \(diff.line):\n  expected: \(diff.expected)\n  actual:   \(diff.actual)", sourceLocation: sourceLocation)
    }

    private static func firstDifference(_ a: String, _ b: String) -> (line: Int, expected: String, actual: String) {
        let left = a.components(separatedBy: "\n"), right = b.components(separatedBy: "\n")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : "<end>"
            let r = index < right.count ? right[index] : "<end>"
            if l != r { return (index + 1, l, r) }
        }
        return (0, "", "")
    }
}
