import Foundation
import Testing
import SettingsL10nTestSupport

/// `sync` at the standard of the older writers (issue 46): a catalog saved while sync runs is
/// never lost, a link in a catalog folder is not followed, and what a killed sync left is swept.
/// Each test failed before its fix.
@Suite("settings-l10n sync: the one writer's guarantees")
struct SyncSafetyCommandTests {
    /// An editor that saves the catalog as Xcode does (a new file renamed over it), each save
    /// adding a string to what the file holds; `keys` are the strings it added, in order.
    final class CatalogEditor: @unchecked Sendable {
        let path: String
        var keys: [String] = []
        let done = DispatchSemaphore(value: 0)
        /// Set by the test once enough syncs wrote: the editor then stops after its save.
        private var stopped = false
        private let lock = NSLock()

        func finish() {
            lock.lock()
            stopped = true
            lock.unlock()
        }

        private var isFinished: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stopped
        }

        init(path: String) {
            self.path = path
        }

        /// Saves until `stop` is set and at least `saves` saves were made.
        func run(saves: Int, pause: UInt32) {
            var save = 0
            while save < saves || !isFinished {
                save += 1
                guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                      let strings = text.range(of: "\"strings\" : {") else { continue }
                let key = "Editor save \(save)"
                let saved = text.replacingCharacters(in: strings, with: "\"strings\" : {\n    \"\(key)\" : {\n      \"extractionState\" : \"manual\"\n    },")
                _ = FileManager.default.createFile(atPath: path + ".editor~", contents: Data(saved.utf8))
                rename(path + ".editor~", path)
                keys.append(key)
                // At about the pace sync runs, so that saves land before, during and after its writes.
                usleep(UInt32.random(in: 0...pause))
            }
            done.signal()
        }
    }

    /// The unit test of the writer (`ConcurrentCatalogSaveTests`) puts 10,000 saves through the
    /// window between the check and the rename; this one, the whole command's.
    @Test("an editor saving the catalog while sync runs again and again (at least 120 saves and 8 catalog writes) loses no save")
    func catalogSavedDuringSync() throws {
        let copy = try BundleCopy()
        #expect(try SyncCommandTests.run(copy, SyncCommandTests.sync).exitCode == 0)
        let path = copy.folder.appendingPathComponent("Settings.xcstrings").path
        let editor = CatalogEditor(path: path)
        // How long one sync takes here (a debug build on a busy machine: tens to hundreds of ms).
        let start = Date()
        #expect(try SyncCommandTests.run(copy, SyncCommandTests.sync).exitCode == 0)
        let pause = UInt32(min(1.0, Date().timeIntervalSince(start)) * 2_000_000)
        Thread { editor.run(saves: 120, pause: pause) }.start()
        var runs = 0, changed = 0
        while editor.done.wait(timeout: .now()) == .timedOut {
            // Each save adds a string no schema file uses (added in the editor, `manual`): sync marks it stale, and writes.
            let result = try SyncCommandTests.run(copy, SyncCommandTests.sync)
            runs += 1
            if result.stderr.contains("marked stale") { changed += 1 }
            #expect(result.exitCode == 0 || result.stderr.contains("changed while settings-l10n was working"), "\(result.stderr)")
            // However busy the machine, until sync has written the catalog several times.
            if changed >= 8 || runs >= 400 { editor.finish() }
        }
        let final = try String(contentsOfFile: path, encoding: .utf8)
        let lost = editor.keys.filter { !final.contains("\"\($0)\"") }
        #expect(editor.keys.count >= 120)
        #expect(lost == [])
        #expect(changed >= 8, "sync wrote the catalog \(changed) times in \(runs) runs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.path).filter { $0.hasPrefix(".") } == [])
    }

    @Test("a link planted in a folder of per-table catalogs is refused: the file it points to is untouched")
    func linkInCatalogFolder() throws {
        let copy = try BundleCopy()
        let elsewhere = copy.folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let other = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Theirs\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
        try Data(other.utf8).write(to: elsewhere.appendingPathComponent("Localizable.xcstrings"))
        try FileManager.default.createDirectory(at: copy.folder.appendingPathComponent("Catalogs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: copy.folder.appendingPathComponent("Catalogs/Privacy.xcstrings").path,
                                                   withDestinationPath: "../elsewhere/Localizable.xcstrings")
        let before = try copy.snapshot()
        let result = try SyncCommandTests.run(copy, ["sync", "Settings.bundle", "--catalog", "Catalogs", "--prune"])
        #expect(result == ToolResult(
            stdout: "",
            stderr: "error: Catalogs/Privacy.xcstrings is a symbolic link inside the catalog folder Catalogs; settings-l10n follows only a link named on the command line: remove it, or choose another folder; nothing was written\n",
            exitCode: 2))
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("Localizable.xcstrings"), encoding: .utf8) == other)
        #expect(try copy.snapshot() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.appendingPathComponent("Catalogs").path) == ["Privacy.xcstrings"])
        // check reads the folder and writes nothing: it says what it left undone.
        #expect(try SyncCommandTests.run(copy, ["check", "Settings.bundle", "--catalog", "Catalogs"]) == ToolResult(
            stdout: "",
            stderr: "error: Catalogs/Privacy.xcstrings is a symbolic link inside the catalog folder Catalogs; settings-l10n follows only a link named on the command line: remove it, or choose another folder; nothing was checked\n",
            exitCode: 2))
    }

    @Test("what a killed sync left in the bundle is swept by the next sync, also when nothing changes; never by sync --check; never another file's that only looks like it")
    func killedSyncDebris() throws {
        let copy = try BundleCopy()
        #expect(try SyncCommandTests.run(copy, SyncCommandTests.sync).exitCode == 0)
        // pid_max is at most 4,194,304: no process has this id.
        let debris = ["sv.lproj/.Privacy.strings.settings-l10n-99999999.tmp", ".Root.strings.settings-l10n-99999998.tmp"]
        for path in debris { try Data("the old table".utf8).write(to: copy.bundle.appendingPathComponent(path)) }
        // Names only like a temporary file of the writer's: of a file no command writes into a
        // bundle (a schema file, a note), or with no process id as the writer writes it. Kept
        // (a plain merge deleted them).
        let others = [".Root.plist.settings-l10n-99999995.tmp", "sv.lproj/.Notes.txt.settings-l10n-99999996.tmp",
                      "sv.lproj/.Privacy.strings.settings-l10n-+12.tmp", "sv.lproj/.Privacy.strings.settings-l10n-0012.tmp"]
        for path in others { try Data("someone's file".utf8).write(to: copy.bundle.appendingPathComponent(path)) }
        try Data("the old catalog".utf8).write(to: copy.folder.appendingPathComponent(".Settings.xcstrings.settings-l10n-99999997.tmp"))
        #expect(try SyncCommandTests.run(copy, SyncCommandTests.sync + ["--check"]) == ToolResult(
            stdout: "", stderr: "the catalog and the tables are in sync\n", exitCode: 0))
        for path in debris { #expect(FileManager.default.fileExists(atPath: copy.bundle.appendingPathComponent(path).path)) }
        #expect(try SyncCommandTests.run(copy, SyncCommandTests.sync) == ToolResult(stdout: "", stderr: "Settings.xcstrings: up to date\n", exitCode: 0))
        for path in debris { #expect(!FileManager.default.fileExists(atPath: copy.bundle.appendingPathComponent(path).path), "\(path)") }
        for path in others { #expect(FileManager.default.fileExists(atPath: copy.bundle.appendingPathComponent(path).path), "\(path)") }
        #expect(try Tool.run(["merge", "Settings.bundle"], in: copy.folder).exitCode == 0)
        for path in others { #expect(FileManager.default.fileExists(atPath: copy.bundle.appendingPathComponent(path).path), "\(path)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.folder.path).sorted() == ["Settings.bundle", "Settings.xcstrings"])
    }
}
