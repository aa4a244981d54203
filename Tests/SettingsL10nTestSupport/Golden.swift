import Foundation
import Testing

/// Golden files beside the tests that compare against them, in `Tests/<test target>/Golden/`.
///
/// `RECORD_GOLDEN=1 swift test` rewrites the files that differ, and the test still fails, so
/// that a recording run is never mistaken for a passing one.
package enum Golden {
    /// The golden folder of the test target that holds `filePath`.
    package static func folder(of filePath: String) -> URL {
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

    /// A golden of an output made from a copyleft bundle of the corpus (VLC's, say), which the
    /// project never commits, nor what reproduces its content: the file holds the output's size,
    /// line count and FNV-1a 64-bit digest, never its text. On a difference the output is written
    /// to `.build/golden-actual/<name>` (never committed) to be read; `RECORD_GOLDEN=1` records
    /// the new digest, as for `check`. The digest detects a change, it is no security measure.
    package static func checkDigest(_ actual: String, against name: String, filePath: String = #filePath,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(actual.utf8)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let lines = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let digest = """
            # The digest of an output made from a copyleft bundle of the corpus, whose text is never
            # committed (Tests/SettingsL10nTestSupport/Golden.swift, checkDigest).
            bytes \(bytes.count)
            lines \(lines)
            fnv1a64 \(String(hash, radix: 16))

            """
        let url = folder(of: filePath).appendingPathComponent(name)
        if (try? String(contentsOf: url, encoding: .utf8)) == digest { return }
        let written = TestPaths.packageRoot.appendingPathComponent(".build/golden-actual/\(name).txt")
        try? FileManager.default.createDirectory(at: written.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? actual.write(to: written, atomically: true, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
            try? digest.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name) (the output is at \(written.path)); run the tests again without RECORD_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        let message = "the output differs from the digest in \(name) (\(bytes.count) bytes, \(lines) lines); read it at \(written.path), "
            + "and record its digest with RECORD_GOLDEN=1 when it is right"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
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
