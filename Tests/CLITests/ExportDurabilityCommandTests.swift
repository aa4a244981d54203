import Foundation
import Testing
import SettingsL10nTestSupport

#if os(Linux)
/// The writer's durability policy as an export keeps it (issue 49): each file's data flushed
/// before it takes its name, each folder flushed once after its last file, and the folder above
/// each folder the export created; observed with strace on the built binary.
@Suite("Exports flush as the writer's policy says", .requires(.strace))
struct ExportDurabilityCommandTests {
    @Test("four XLIFF documents into a new folder: four data flushes, each before its rename; the folder flushed once after the last, and the folder it was created in once")
    func xliffIntoNewFolder() throws {
        let copy = try BundleCopy()
        let parent = copy.folder.resolvingSymlinksInPath().appendingPathComponent("exports")
        let exports = parent.appendingPathComponent("new")
        let trace = try FlushTrace.run(["extract", copy.bundle.path, "--xliff", exports.path, "--quiet"])
        #expect(trace.exitCode == 0)
        let documents = ["ar", "de", "ja", "sv"].map { exports.appendingPathComponent("\($0).xliff").path }
        #expect(trace.renamed.map(\.to).sorted() == documents)
        #expect(trace.renamedAfterDataFlush == trace.renamed.count)
        #expect(trace.dataFlushes.count == documents.count)
        // Before: the export folder alone (`exports`, created by the run, and so `new` in it, not flushed).
        #expect(trace.folderFlushes.sorted() == [copy.folder.resolvingSymlinksInPath().path, parent.path, exports.path])
        #expect(trace.foldersFlushedAfterLastRename)
    }

    @Test("packages: each folder of each package flushed once, after its last file, and the export folder once")
    func xclocPackages() throws {
        let copy = try BundleCopy()
        let exports = copy.folder.resolvingSymlinksInPath().appendingPathComponent("exports")
        let trace = try FlushTrace.run(["extract", copy.bundle.path, "--xcloc", exports.path, "--quiet", "--locale", "de", "--locale", "ja"])
        #expect(trace.exitCode == 0)
        #expect(trace.renamed.count == 8)
        #expect(trace.renamedAfterDataFlush == 8)
        #expect(trace.dataFlushes.count == 8)
        var folders = [copy.folder.resolvingSymlinksInPath().path, exports.path]
        for language in ["de", "ja"] {
            let package = exports.appendingPathComponent("\(language).xcloc")
            folders += ["", "Localized Contents", "Source Contents", "Source Contents/Settings.bundle", "Source Contents/Settings.bundle/en.lproj"]
                .map { $0.isEmpty ? package.path : package.appendingPathComponent($0).path }
        }
        // Before: neither the export folder, nor the folder above it, nor Source Contents and
        // Settings.bundle (which hold only folders the export created).
        #expect(trace.folderFlushes.sorted() == folders.sorted())
        #expect(trace.foldersFlushedAfterLastRename)
    }
}

/// The flushes and renames of a run, from `strace -f -y`, in the order they finished.
struct FlushTrace {
    var exitCode: Int32
    /// The files whose data was flushed (`fdatasync`), and the folders flushed (`fsync`).
    var dataFlushes: [String] = []
    var folderFlushes: [String] = []
    var renamed: [(from: String, to: String)] = []
    /// How many renames came after their temporary file's data flush had returned.
    var renamedAfterDataFlush = 0
    /// Whether every folder flush came after the last rename.
    var foldersFlushedAfterLastRename = true

    static func run(_ arguments: [String]) throws -> FlushTrace {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("flush-trace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let strace = try #require(FaultInjection.strace, Comment(rawValue: Requirement.strace.reason))
        let result = try Tool.run(["-f", "-qq", "-y", "-s", "4096", "-e", "trace=fsync,fdatasync,rename,renameat2,link", "-o", log.path,
                                   "--", Tool.binary.path] + arguments, executable: URL(fileURLWithPath: strace))
        var trace = FlushTrace(exitCode: result.exitCode)
        trace.read(try String(contentsOf: log, encoding: .utf8))
        return trace
    }

    /// Reads strace's lines: `PID call(args) = 0`, or a call split into `<unfinished ...>` and
    /// `<... call resumed>` by another thread's (taken when it resumed, with the first part's
    /// arguments).
    private mutating func read(_ text: String) {
        var unfinished: [Substring: Substring] = [:]
        var flushedData: Set<String> = []
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let pid = line[..<space]
            var call = line[line.index(after: space)...].drop { $0 == " " }
            if call.hasSuffix("<unfinished ...>") {
                unfinished[pid] = call
                continue
            }
            if call.hasPrefix("<..."), let first = unfinished.removeValue(forKey: pid) {
                call = first.dropLast("<unfinished ...>".count) + call.drop { $0 != ">" }.dropFirst()
            }
            guard call.hasSuffix("= 0"), let open = call.firstIndex(of: "(") else { continue }
            let name = call[..<open]
            let paths = Self.paths(in: call[open...])
            switch name {
            case "fdatasync":
                dataFlushes += paths
                flushedData.formUnion(paths)
            case "fsync":
                folderFlushes += paths
            case "rename", "renameat2", "link":
                guard paths.count == 2 else { continue }
                renamed.append((paths[0], paths[1]))
                if flushedData.contains(paths[0]) { renamedAfterDataFlush += 1 }
                if !folderFlushes.isEmpty { foldersFlushedAfterLastRename = false }
            default: continue
            }
        }
    }

    /// The paths of a call's arguments: `-y`'s `3</path>` for a descriptor, `"path"` for a name.
    private static func paths(in arguments: Substring) -> [String] {
        var paths: [String] = []
        var rest = arguments
        while let start = rest.firstIndex(where: { $0 == "<" || $0 == "\"" }) {
            let close: Character = rest[start] == "<" ? ">" : "\""
            let body = rest[rest.index(after: start)...]
            guard let end = body.firstIndex(of: close) else { break }
            paths.append(String(body[..<end]))
            rest = body[body.index(after: end)...]
        }
        return paths
    }
}
#endif
