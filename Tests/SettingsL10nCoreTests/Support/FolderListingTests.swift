#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SettingsL10nCore
import SettingsL10nTestSupport

@Suite("Folder listing")
struct FolderListingTests {
    @Test("lists names but . and .., hidden ones on request, and tells names that are not UTF-8")
    func listsNames() throws {
        let folder = try TemporaryFolder()
        try folder.write("Root.plist", "")
        try folder.write(".DS_Store", "")
        try folder.write("de.lproj/Root.strings", "")
        folder.createFile(in: "", rawName: Array("Caf".utf8) + [0xE9])

        let visible = try FolderListing.names(in: folder.path).sorted { $0.string < $1.string }
        #expect(visible == [
            FolderEntryName(string: "Caf\u{FFFD}", isUTF8: false, kind: .file),
            FolderEntryName(string: "Root.plist", isUTF8: true, kind: .file),
            FolderEntryName(string: "de.lproj", isUTF8: true, kind: .folder),
        ])
        let all = try FolderListing.names(in: folder.path, includingHidden: true).map(\.string).sorted()
        #expect(all == [".DS_Store", "Caf\u{FFFD}", "Root.plist", "de.lproj"])
    }

    @Test("tells files and folders as the file system lists them, and leaves a link's kind to lstat")
    func kinds() throws {
        let folder = try TemporaryFolder()
        try folder.write("Root.plist", "")
        try folder.write("de.lproj/Root.strings", "")
        #expect(symlink("Root.plist", folder.path + "/Link.plist") == 0)
        #expect(symlink("de.lproj", folder.path + "/fr.lproj") == 0)
        #expect(mkfifo(folder.path + "/pipe", 0o600) == 0)
        let kinds = try FolderListing.names(in: folder.path).sorted { $0.string < $1.string }.map { "\($0.string) \($0.kind)" }
        #expect(kinds == ["Link.plist unknown", "Root.plist file", "de.lproj folder", "fr.lproj unknown", "pipe unknown"])
    }

    @Test("stops past the limit of names that are not hidden")
    func limit() throws {
        let folder = try TemporaryFolder()
        for name in ["a", "b", "c", ".hidden"] { try folder.write(name, "") }
        #expect(try FolderListing.names(in: folder.path, limit: 3).count == 3)
        #expect(throws: FolderListingError.moreThan(2)) { try FolderListing.names(in: folder.path, limit: 2) }
    }

    @Test("says why a folder cannot be listed")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        #expect(throws: FolderListingError.cannotOpen(reason: "No such file or directory")) {
            try FolderListing.names(in: folder.path + "/missing")
        }
        try folder.write("file", "")
        #expect(throws: FolderListingError.cannotOpen(reason: "Not a directory")) {
            try FolderListing.names(in: folder.path + "/file")
        }
    }
}
