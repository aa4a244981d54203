import Foundation
import Testing
import SettingsL10nCore
@testable import SettingsL10nFiles
import SettingsL10nTestSupport

/// The bundle writer: what it refuses, what it replaces, what it sweeps.
@Suite("The bundle writer")
struct WriterTests {
    @Test("the writer writes nothing outside the bundle, whatever the path")
    func writerStaysInside() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"A\" = \"B\";\n")
        var writer = DiskBundleWriter(bundle: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        // "../\u{301}x": the '/' and the mark are one character, but the system climbs the '..'.
        for path in ["../x.strings", "../\u{301}x.strings", "de.lproj/../../\u{301}x.strings", "/tmp/x.strings", "de.lproj//x.strings", "a/b/c.strings"] {
            #expect(throws: BundleWriteError(path: path, message: "not a plain path inside the bundle; it was not written"), "\(path.debugDescription)") {
                try writer.write(Array("x".utf8), to: path, replacing: nil)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["Settings.bundle"])
    }

    @Test("the writer replaces only the file it read, and never creates over something")
    func writerChecksWhatItReplaces() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"A\" = \"B\";\n")
        var writer = DiskBundleWriter(bundle: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        let table = folder.url.appendingPathComponent("Settings.bundle/de.lproj/Root.strings")
        let original = Array("\"A\" = \"B\";\n".utf8)
        // An editor saved the file after it was read: the write is refused, the edit stays.
        try folder.write("Settings.bundle/de.lproj/Root.strings", "\"A\" = \"B\";\n\"C\" = \"D\";\n")
        #expect(throws: BundleWriteError(path: "de.lproj/Root.strings",
                                         message: "the file changed while settings-l10n was working (an editor saved it?); run again; the file was left as it was",
                                         kind: .conflict)) {
            try writer.write(Array("\"A\" = \"X\";\n".utf8), to: "de.lproj/Root.strings", replacing: original)
        }
        #expect(try String(contentsOf: table, encoding: .utf8) == "\"A\" = \"B\";\n\"C\" = \"D\";\n")
        // A new file never replaces one that appeared.
        #expect(throws: BundleWriteError(path: "de.lproj/Root.strings",
                                         message: "a file appeared there while settings-l10n was working (it was not there when the bundle was read); run again; the file was left as it was",
                                         kind: .conflict)) {
            try writer.write(Array("new".utf8), to: "de.lproj/Root.strings", replacing: nil)
        }
        // Nor does a write follow a link.
        try FileManager.default.removeItem(at: table)
        try folder.write("elsewhere.strings", "x")
        try folder.symlink("Settings.bundle/de.lproj/Root.strings", to: folder.path + "/elsewhere.strings")
        #expect(throws: BundleWriteError(path: "de.lproj/Root.strings",
                                         message: "the file is now a symbolic link; settings-l10n never writes through links; the file was left as it was",
                                         kind: .conflict)) {
            try writer.write(Array("y".utf8), to: "de.lproj/Root.strings", replacing: Array("x".utf8))
        }
        #expect(try String(contentsOfFile: folder.path + "/elsewhere.strings", encoding: .utf8) == "x")
        // The file it read is replaced, and no temporary file is left.
        try FileManager.default.removeItem(at: table)
        try folder.write("Settings.bundle/de.lproj/Root.strings", "old")
        try writer.write(Array("new".utf8), to: "de.lproj/Root.strings", replacing: Array("old".utf8))
        #expect(try String(contentsOf: table, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Settings.bundle/de.lproj") == ["Root.strings"])
    }

    @Test("temporary files of processes that are gone are removed by the next write in their folder")
    func staleTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/de.lproj/Root.strings", "old")
        // pid_max is at most 4,194,304: this process cannot exist. This test process does.
        try folder.write("Settings.bundle/de.lproj/.Root.strings.settings-l10n-99999999.tmp", "left by kill -9")
        try folder.write("Settings.bundle/de.lproj/.Root.strings.settings-l10n-\(getppid()).tmp", "a live process's")
        try folder.write("Settings.bundle/de.lproj/.notes.tmp", "not ours")
        var writer = DiskBundleWriter(bundle: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        try writer.write(Array("new".utf8), to: "de.lproj/Root.strings", replacing: Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Settings.bundle/de.lproj").sorted() == [
            ".Root.strings.settings-l10n-\(getppid()).tmp", ".notes.tmp", "Root.strings",
        ])
        #expect(Debris.owner(of: ".Root.strings.settings-l10n-42.tmp") == 42)
        #expect(Debris.owner(of: ".Root.strings.settings-l10n-x.tmp") == nil)
    }

    @Test("a file whose name is near the longest a folder allows is written, through a shortened temporary name, and its debris swept")
    func longNames() throws {
        let folder = try TemporaryFolder()
        try folder.write("Settings.bundle/Root.plist", "x")
        // 241 bytes: the temporary name of the whole, with its marker, pid and .tmp, is over 255.
        let long = String(repeating: "é", count: 115) + "x.xcstrings", other = String(repeating: "é", count: 115) + "y.xcstrings"
        #expect(long.utf8.count == 241)
        let temporary = Debris.temporaryName(for: long)
        #expect(temporary.utf8.count <= 255)
        #expect(temporary != Debris.temporaryName(for: other))
        #expect(Debris.owner(of: temporary) == getpid())
        // Cut between scalars: still UTF-8, and the short names are whole.
        #expect(temporary.hasPrefix("." + String(repeating: "é", count: 100)))
        #expect(Debris.temporaryName(for: "Root.strings") == ".Root.strings.settings-l10n-\(getpid()).tmp")
        // What a killed run left of it is swept when the file is written again.
        let dead = Debris.stem(of: long)
        try folder.write("Settings.bundle/.\(dead).settings-l10n-99999999.tmp", "left by kill -9")
        var writer = DiskBundleWriter(bundle: try DiskBundleSource(path: folder.path + "/Settings.bundle"))
        try writer.write(Array("new".utf8), to: long, replacing: nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Settings.bundle").sorted() == ["Root.plist", long])
    }

    @Test("a refused write's message names the other refused files and what was written, then what to do; conflicts are not failures")
    func failureSummary() {
        let disk = BundleWriteError(path: "de.lproj/Root.strings", message: "cannot write: No space left on device; the file was left as it was")
        let other = BundleWriteError(path: "fr.lproj/Root.strings", message: "cannot write: No space left on device; the file was left as it was")
        let changed = BundleWriteError(path: "sv.lproj/Root.strings", message: "the file changed", kind: .conflict)
        #expect(BundleWriteError.failureSummary([changed], written: ["en.lproj/Root.strings"], then: "run merge again") == nil)
        #expect(BundleWriteError.failureSummary([disk], written: [], then: "run merge again")
            == "de.lproj/Root.strings: cannot write: No space left on device; the file was left as it was; no other file was written; run merge again")
        let written = (1...7).map { "l\($0).lproj/Root.strings" }
        #expect(BundleWriteError.failureSummary([changed, disk, other], written: written, then: "run merge again")
            == "de.lproj/Root.strings: cannot write: No space left on device; the file was left as it was (so were fr.lproj/Root.strings); written: l1.lproj/Root.strings, l2.lproj/Root.strings, l3.lproj/Root.strings, l4.lproj/Root.strings, l5.lproj/Root.strings and 2 more (7 files); run merge again")
    }
}
