import Foundation
import Testing
@testable import SettingsL10nFiles
import SettingsL10nTestSupport

/// An export's files, written on several threads: what `commit()` puts in place, and what a
/// failure leaves.
@Suite("Staged writes")
struct StagedWritesTests {
    @Test("files written on several threads are all put in place, in one new folder and the folders below it")
    func many() throws {
        let folder = try TemporaryFolder()
        let writes = LocalFile.StagedWrites(width: 4, byteBudget: 1 << 20)
        let paths = (0..<40).map { "\(folder.path)/exports/\($0 % 3)/\($0).txt" }
        for (index, path) in paths.enumerated() {
            // Some larger than the budget: they wait for every other.
            try writes.stage(Array(repeating: UInt8(ascii: "a") + UInt8(index % 26), count: index % 7 == 0 ? 3 << 20 : 100), at: path)
        }
        try writes.commit()
        for (index, path) in paths.enumerated() {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.count == (index % 7 == 0 ? 3 << 20 : 100))
            #expect(bytes.first == UInt8(ascii: "a") + UInt8(index % 26))
        }
        for sub in 0..<3 {
            #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/exports/\(sub)").count == paths.count / 3 + (sub == 0 ? 1 : 0))
        }
    }

    @Test("of several files that cannot be written, the first staged is told, and none of them is left, put in place or not")
    func firstFailure() throws {
        let folder = try TemporaryFolder()
        let writes = LocalFile.StagedWrites(width: 4)
        // The temporary files of b and d are taken by folders: those two cannot be written.
        let blockers = ["b", "d"].map { Debris.temporaryName(for: $0) }
        for name in blockers { try FileManager.default.createDirectory(atPath: "\(folder.path)/out/\(name)", withIntermediateDirectories: true) }
        let paths = ["a", "b", "c", "d", "e", "f", "g", "h"].map { "\(folder.path)/out/\($0)" }
        for path in paths { try writes.stage(Array("x".utf8), at: path) }
        let failure = #expect(throws: LocalFile.StagedWrites.CommitFailure.self) { try writes.commit() }
        #expect(failure?.path == paths[1])
        #expect(failure?.staging == true)
        #expect(failure?.renamed == 0)
        #expect(failure?.reason == "File exists")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").sorted() == blockers.sorted())
    }
}
