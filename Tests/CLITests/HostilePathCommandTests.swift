import Foundation
import Testing
import SettingsL10nTestSupport

/// Names from the bundle that must never become paths (issue 27): each test failed before its fix.
@Suite("Hostile names and paths, end to end")
struct HostilePathCommandTests {
    @Test("a StringsTable that is a path writes nothing outside the bundle or the output folder, and blocks merge")
    func stringsTablePath() throws {
        let copy = try BundleCopy()
        let privacy = copy.bundle.appendingPathComponent("Privacy.plist")
        try String(contentsOf: privacy, encoding: .utf8)
            .replacingOccurrences(of: "<key>StringsTable</key>\n\t<string>Privacy</string>", with: "<key>StringsTable</key>\n\t<string>../../escaped</string>")
            .write(to: privacy, atomically: true, encoding: .utf8)
        let output = copy.folder.appendingPathComponent("out/a")
        let extract = try Tool.run(["extract", copy.bundle.path, "--xcstrings", output.path])
        let finding = "\(copy.bundle.path)/Privacy.plist:6:2: error: StringsTable \"../../escaped\" contains a path separator; it must be a plain name such as Root; the table is neither read, written nor exported [strings-table-invalid]\n"
        // The export would lack the file's strings: none is written, inside the folder or out of it.
        #expect(extract.stderr == finding + "error: no export was written: it would lack the strings of Privacy.plist; export again once Privacy.plist loads (the error above says what is wrong)\n")
        #expect(extract.exitCode == 1 && extract.stdout.hasPrefix("Root.strings: 52 strings from 2 schema files\n"))
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out").path))
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("escaped.xcstrings").path))
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("out/escaped.xcstrings").path))
        let check = try Tool.run(["check", copy.bundle.path])
        #expect(check.exitCode == 1)
        #expect(check.stdout.hasPrefix(finding))
        let before = try copy.snapshot()
        let merge = try Tool.run(["merge", copy.bundle.path, "--fill", "source", "--prune"])
        #expect(merge.exitCode == 1)
        #expect(merge.stderr.hasPrefix(finding + "error: merge changed nothing: Privacy.plist did not load (line 6: StringsTable \"../../escaped\""))
        #expect(try copy.snapshot() == before)
    }

    @Test("a StringsTable holding a NUL never reaches the system: the hidden table it would cut to is untouched, nothing is created")
    func stringsTableNUL() throws {
        let copy = try BundleCopy()
        try Data("{ StringsTable = \"notes\\000\"; PreferenceSpecifiers = ( { Type = PSGroupSpecifier; Title = \"Notes\"; } ); }".utf8)
            .write(to: copy.bundle.appendingPathComponent("Privacy.plist"))
        try Data("\"x\" = \"y\";\n".utf8).write(to: copy.bundle.appendingPathComponent("de.lproj/.notes"))
        let before = try copy.snapshot()
        let merge = try Tool.run(["merge", copy.bundle.path, "--fill", "source"])
        #expect(merge.exitCode == 1)
        #expect(merge.stderr == "\(copy.bundle.path)/Privacy.plist:1:18: error: StringsTable \"notes\\U0000\" contains a NUL character; the table is neither read, written nor exported [strings-table-invalid]\nerror: merge changed nothing: Privacy.plist did not load (line 1: StringsTable \"notes\\U0000\" contains a NUL character; the table is neither read, written nor exported), so which keys are still used is unknown; fix it (settings-l10n check says how) and run again\n")
        #expect(try copy.snapshot() == before)
        let output = copy.folder.appendingPathComponent("catalogs")
        #expect(try Tool.run(["extract", copy.bundle.path, "--xcstrings", output.path]).exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}

extension HostilePathCommandTests {
    @Test("--output, --write-baseline and --stamp: a FIFO and a standard stream are written through, a link's target is replaced, never the link")
    func specialOutputs() throws {
        let copy = try BundleCopy()
        let fifo = copy.folder.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while descriptor >= 0, case let count = read(descriptor, &buffer, buffer.count), count > 0 {
                received.append(contentsOf: buffer[0..<count])
            }
            close(descriptor)
        }
        reader.start()
        let toFIFO = try Tool.run(["check", copy.bundle.path, "--format", "json", "--output", fifo])
        #expect(toFIFO.exitCode == 0)
        close(open(fifo, O_WRONLY | O_NONBLOCK))  // frees the reader if the tool never opened the FIFO
        while !reader.isFinished { usleep(1000) }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("{\n  \"diagnostics\": []"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

        let stdout = try Tool.run(["check", copy.bundle.path, "--format", "json", "--output", "/dev/stdout"])
        #expect(stdout.stdout.hasPrefix("{\n  \"diagnostics\": []"))

        let target = copy.folder.appendingPathComponent("target.json")
        try Data("old".utf8).write(to: target)
        let link = copy.folder.appendingPathComponent("link.json").path
        #expect(symlink("target.json", link) == 0)
        #expect(try Tool.run(["check", copy.bundle.path, "--format", "json", "--stamp", link, "--output", link]).exitCode == 0)
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("// settings-l10n check passed"))

        let dangling = copy.folder.appendingPathComponent("dangling").path
        #expect(symlink("nowhere", dangling) == 0)
        let refused = try Tool.run(["check", copy.bundle.path, "--output", dangling])
        #expect(refused.exitCode == 3)
        #expect(refused.stderr.hasSuffix("error: cannot write the report to \(dangling): it is a symbolic link to a file that does not exist, and settings-l10n creates no file through a link; choose a file you can write\n"))
        #expect(!FileManager.default.fileExists(atPath: copy.folder.appendingPathComponent("nowhere").path))
    }

    @Test("reports, baselines, stamps and exports inside the bundle are refused (exit 2), and nothing is written", arguments: [
        ["check", "--write-baseline", "Root.plist"], ["check", "--output", "de.lproj/Root.strings"], ["check", "--stamp", "de.lproj/Root.strings"],
        ["extract", "--xliff", "exports"], ["extract", "--xcloc", "."], ["extract", "--xcstrings", "de.lproj"],
        ["render", "--format", "html", "--locale", "de", "--output", "preview"],
        // As characters, "bundle/" does not prefix "bundle/\u{301}report.txt": the / and the mark are one.
        ["check", "--output", "\u{301}report.txt"],
    ])
    func insideBundle(arguments: [String]) throws {
        let copy = try BundleCopy()
        let before = try copy.snapshot()
        let path = arguments.last!
        let result = try Tool.run([arguments[0], copy.bundle.path] + arguments.dropFirst().dropLast() + [copy.bundle.path + "/" + path])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasSuffix("error: \(arguments[arguments.count - 2]) \(copy.bundle.path)/\(path) is inside the bundle, into which settings-l10n writes only the tables (merge, import and sync write them): give a path outside it\n"))
        #expect(try copy.snapshot() == before)
        // A link from outside into the bundle is the bundle too.
        let link = copy.folder.appendingPathComponent("into")
        #expect(symlink(copy.bundle.path, link.path) == 0)
        let linked = try Tool.run([arguments[0], copy.bundle.path] + arguments.dropFirst().dropLast() + [link.path + "/" + path])
        #expect(linked.exitCode == 2)
        #expect(try copy.snapshot() == before)
    }

    /// Issue 46: with the bundle bind-mounted at `alias/`, `--write-baseline alias/en.lproj/Root.strings`
    /// replaced the development table with JSON (exit 0): inside was a comparison of paths.
    @Test("another path to the bundle (a bind mount) is the bundle: no output is written there",
          .requires(.bindMounts), arguments: [
        ["check", "--write-baseline", "en.lproj/Root.strings"], ["check", "--output", "Root.plist"], ["check", "--stamp", "de.lproj/Privacy.strings"],
        ["extract", "--xliff", "exports"], ["render", "--format", "html", "--locale", "de", "--output", "preview"],
        ["sync", "--catalog", "Settings.xcstrings"],
    ])
    func aliasOfBundle(arguments: [String]) throws {
        let copy = try BundleCopy()
        let alias = copy.folder.appendingPathComponent("alias")
        try FileManager.default.createDirectory(at: alias, withIntermediateDirectories: false)
        let before = try copy.snapshot()
        let command = ([Tool.binary.path, arguments[0], copy.bundle.path] + arguments.dropFirst().dropLast() + [alias.path + "/" + arguments.last!])
            .map { "'" + $0 + "'" }.joined(separator: " ")
        let script = "mount --bind '\(copy.bundle.path)' '\(alias.path)' && exec \(command)"
        let result = try Tool.run(["-m", "sh", "-c", script], executable: Requirement.executable(named: "unshare")!)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.hasSuffix("error: \(arguments[arguments.count - 2]) \(alias.path)/\(arguments.last!) is inside the bundle, into which settings-l10n writes only the tables (merge, import and sync write them): give a path outside it\n"))
        #expect(try copy.snapshot() == before)
    }

    @Test("an export does not replace a translator's returned file unless --force; the same bytes again are fine", arguments: ["--xliff", "--xcloc", "--xcstrings"])
    func exportOverwrite(option: String) throws {
        let copy = try BundleCopy()
        let output = copy.folder.appendingPathComponent("out").path
        #expect(try Tool.run(["extract", copy.bundle.path, option, output]).exitCode == 0)
        #expect(try Tool.run(["extract", copy.bundle.path, option, output]).exitCode == 0)
        let returned = switch option {
        case "--xliff": output + "/de.xliff"
        case "--xcloc": output + "/de.xcloc/Localized Contents/de.xliff"
        default: output + "/Root.xcstrings"
        }
        let edited = Data((try String(contentsOfFile: returned, encoding: .utf8) + "\n").utf8)
        try edited.write(to: URL(fileURLWithPath: returned))
        let before = filesBelow(output)
        let refused = try Tool.run(["extract", copy.bundle.path, option, output])
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.hasSuffix("error: \(returned) exists and differs from this export, perhaps a translator's returned work: import it first, or give --force to replace it; nothing was written\n"))
        #expect(FileManager.default.contents(atPath: returned) == edited)
        // The languages staged before the refusal (ar, before de) left no file behind.
        #expect(filesBelow(output) == before)
        #expect(try Tool.run(["extract", copy.bundle.path, option, output, "--force"]).exitCode == 0)
        #expect(FileManager.default.contents(atPath: returned) != edited)
    }
}

/// Every file below `folder`, hidden ones (temporary files) and folders included (folders as
/// empty data).
func filesBelow(_ folder: String) -> [String: Data] {
    let paths = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    return Dictionary(uniqueKeysWithValues: paths.map { ($0, FileManager.default.contents(atPath: folder + "/" + $0) ?? Data()) })
}

/// Exports refused after some of their files were made (issue 29: each language's files are
/// staged on disk as they are made), found by trying them as a user would: each wrote part of
/// the export before, with its refusal or failure.
extension HostilePathCommandTests {
    @Test("an export in two formats is refused whole: the XLIFF documents are not written when a package would replace returned work")
    func twoFormatsRefusedTogether() throws {
        let copy = try BundleCopy()
        let packages = copy.folder.appendingPathComponent("xcloc").path
        #expect(try Tool.run(["extract", copy.bundle.path, "--xcloc", packages]).exitCode == 0)
        let returned = packages + "/sv.xcloc/Localized Contents/sv.xliff"
        try (try Data(contentsOf: URL(fileURLWithPath: returned)) + Data("\n".utf8)).write(to: URL(fileURLWithPath: returned))
        let before = filesBelow(copy.folder.path)
        let documents = copy.folder.appendingPathComponent("xliff").path
        let result = try Tool.run(["extract", copy.bundle.path, "--xliff", documents, "--xcloc", packages])
        // Before: the four XLIFF documents were written ("wrote …"), then the refusal, exit 2.
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasSuffix("error: \(returned) exists and differs from this export, perhaps a translator's returned work: import it first, or give --force to replace it; nothing was written\n"))
        #expect(!result.stderr.contains("wrote "))
        #expect(filesBelow(copy.folder.path) == before)
    }

    @Test("a package whose Notes is a file is refused before any package is written")
    func notesIsAFile() throws {
        let copy = try BundleCopy()
        let packages = copy.folder.appendingPathComponent("xcloc").path
        try FileManager.default.createDirectory(atPath: packages + "/de.xcloc", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: packages + "/de.xcloc/Notes"))
        let result = try Tool.run(["extract", copy.bundle.path, "--xcloc", packages])
        // Before: every package written ("wrote …"), then this error, exit 3.
        #expect(result == ToolResult(stdout: "", stderr: "error: cannot write the packages into \(packages): \(packages)/de.xcloc/Notes is not a folder; choose a folder you can write to\n", exitCode: 3))
        #expect(filesBelow(packages) == ["de.xcloc": Data(), "de.xcloc/Notes": Data("mine".utf8)])
    }

    @Test("a locale given twice is exported once; two folders of one language that would make one package are refused, nothing written")
    func oneFileTwice() throws {
        let copy = try BundleCopy()
        let documents = copy.folder.appendingPathComponent("xliff").path
        // Before: exit 3, "LX/de.xliff: No such file or directory", the document written.
        let twice = try Tool.run(["extract", copy.bundle.path, "--xliff", documents, "--locale", "de", "--locale", "de"])
        #expect(twice.exitCode == 0)
        #expect(twice.stderr.hasPrefix("wrote \(documents)/de.xliff: "))
        #expect(Array(filesBelow(documents).keys) == ["de.xliff"])
        try FileManager.default.copyItem(at: copy.bundle.appendingPathComponent("sv.lproj"), to: copy.bundle.appendingPathComponent("pt-BR.lproj"))
        try FileManager.default.copyItem(at: copy.bundle.appendingPathComponent("sv.lproj"), to: copy.bundle.appendingPathComponent("pt_BR.lproj"))
        let packages = copy.folder.appendingPathComponent("xcloc").path
        let result = try Tool.run(["extract", copy.bundle.path, "--xcloc", packages])
        // Before: exit 3, the packages before pt-BR written, sv's not.
        #expect(result == ToolResult(stdout: "", stderr: "error: \(packages)/pt-BR.xcloc/contents.json would be written for both pt-BR.lproj and pt_BR.lproj, which name the same language: export them one at a time with --locale, or make them one folder; nothing was written\n", exitCode: 3))
        #expect(!FileManager.default.fileExists(atPath: packages))
    }

    @Test("an export onto a folder of the same name says so, with or without --force (it said the file differs)")
    func exportOntoFolder() throws {
        let copy = try BundleCopy()
        let documents = copy.folder.appendingPathComponent("xliff").path
        try FileManager.default.createDirectory(atPath: documents + "/de.xliff", withIntermediateDirectories: true)
        for force in [[], ["--force"]] {
            let result = try Tool.run(["extract", copy.bundle.path, "--xliff", documents] + force)
            #expect(result == ToolResult(stdout: "", stderr: "error: cannot write the XLIFF documents into \(documents): \(documents)/de.xliff is a folder; choose a folder you can write to\n", exitCode: 3))
            #expect(filesBelow(documents) == ["de.xliff": Data()])
        }
    }
}

extension HostilePathCommandTests {
    @Test("a link planted in an output folder is not followed into the bundle, even with --force (exit 2, nothing written)", arguments: [
        (["render", "--locale", "de", "--format", "html", "--output"], "index.html", "en.lproj/Root.strings"),
        (["render", "--locale", "de", "--format", "html", "--output"], "de", "sv.lproj"),
        (["extract", "--locale", "de", "--force", "--xliff"], "de.xliff", "de.lproj/Root.strings"),
        (["extract", "--force", "--xcstrings"], "Root.xcstrings", "en.lproj/Root.strings"),
        (["extract", "--locale", "de", "--force", "--xcloc"], "de.xcloc", "de.lproj"),
        (["extract", "--locale", "de", "--force", "--xcloc"], "de.xcloc/Notes", "de.lproj"),
    ])
    func plantedLinks(arguments: [String], link: String, target: String) throws {
        let copy = try BundleCopy()
        let before = try copy.snapshot()
        let output = copy.folder.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: (output + "/" + link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(symlink(copy.bundle.path + "/" + target, output + "/" + link) == 0)
        let options = arguments.dropFirst().dropLast() + [arguments.last!, output]
        let result = try Tool.run([arguments[0], copy.bundle.path] + options)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasSuffix("error: \(output)/\(link) is a symbolic link inside the output folder \(output); settings-l10n follows only a link named on the command line: remove it, or choose another folder; nothing was written\n"))
        #expect(try copy.snapshot() == before)
    }
}

extension HostilePathCommandTests {
    @Test("a refusal is one line whatever the path it names holds: a line break in a catalog's path is written \\n (the rest of the line became a line of its own, one that began with ::)")
    func refusalOnOneLine() throws {
        let copy = try BundleCopy()
        let path = copy.folder.appendingPathComponent("x\n::error::y.xcstrings").path
        try Data(#"{"sourceLanguage" : "en", "strings" : {"a" : 5}}"#.utf8).write(to: URL(fileURLWithPath: path))
        for command in [["sync", copy.bundle.path, "--catalog", path], ["import", copy.bundle.path, path],
                        ["check", copy.bundle.path, "--catalog", path], ["merge", copy.bundle.path, "--fill-from", path, "--check"]] {
            let result = try Tool.run(command)
            #expect(result.exitCode == 3, "\(command[0])")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(command[0]): \(result.stderr)")
            #expect(result.stderr.contains("/x\\n::error::y.xcstrings"), "\(command[0])")
        }
    }
}

extension HostilePathCommandTests {
    @Test("an empty path is a usage error for every option and argument that names a file or folder (sync --catalog '' wrote /Root.xcstrings)", arguments: [
        (["sync", "Settings.bundle", "--catalog", ""], "--catalog <path>"), (["sync", "Settings.bundle", "--check", "--stamp", ""], "--stamp <file>"),
        (["check", "Settings.bundle", "--catalog", ""], "--catalog <path>"), (["check", "Settings.bundle", "--output", ""], "--output <file>"),
        (["check", "Settings.bundle", "--write-baseline", ""], "--write-baseline <file>"), (["check", "Settings.bundle", "--baseline", ""], "--baseline <file>"),
        (["check", "Settings.bundle", "--stamp", ""], "--stamp <file>"), (["check", "Settings.bundle", "--config", ""], "--config <file>"),
        (["extract", "Settings.bundle", "--xliff", ""], "--xliff <dir>"), (["extract", "Settings.bundle", "--xcloc", ""], "--xcloc <dir>"),
        (["extract", "Settings.bundle", "--xcstrings", ""], "--xcstrings <dir>"), (["extract", "Settings.bundle", "--xcloc", "out", "--screenshots", "--browser", ""], "--browser <path>"),
        (["render", "Settings.bundle", "--format", "html", "--output", ""], "--output <dir>"), (["render", "Settings.bundle", "--format", "png", "--output", "out", "--browser", ""], "--browser <path>"),
        (["merge", "Settings.bundle", "--fill-from", ""], "--fill-from <path>"), (["import", "Settings.bundle", ""], "<document>"), (["status", ""], "<bundle>"),
    ])
    func emptyPath(arguments: [String], option: String) throws {
        let copy = try BundleCopy()
        let before = filesBelow(copy.folder.path)
        let result = try Tool.run(arguments, in: copy.folder)
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: The value '' is invalid for '\(option)': an empty path names no file or folder; give one\n"), "\(result.stderr)")
        #expect(filesBelow(copy.folder.path) == before)
        #expect(!FileManager.default.fileExists(atPath: "/Root.xcstrings") && !FileManager.default.fileExists(atPath: "/de.xliff"))
    }
}

extension HostilePathCommandTests {
    @Test("sync's lines about a catalog, and import's about a catalog with nothing to import, escape a line break and a tab in its path")
    func catalogLinesEscaped() throws {
        let copy = try BundleCopy()
        let folder = copy.folder.appendingPathComponent("n\n::error::l\tx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog = folder.appendingPathComponent("S.xcstrings").path
        let shown = "n\\n::error::l\\tx/S.xcstrings"
        let check = try Tool.run(["sync", "Settings.bundle", "--catalog", catalog, "--check"], in: copy.folder)
        #expect(check.exitCode == 1)
        #expect(check.stderr.split(separator: "\n").count == 1 && check.stderr.contains(shown), "\(check.stderr)")
        let synced = try Tool.run(["sync", "Settings.bundle", "--catalog", catalog], in: copy.folder)
        #expect(synced.exitCode == 0)
        #expect(synced.stderr.split(separator: "\n").count == 1 && synced.stderr.contains("\(shown): created (57 strings added"), "\(synced.stderr)")
        try Data(#"{"sourceLanguage" : "en", "strings" : {}, "version" : "1.0"}"#.utf8).write(to: URL(fileURLWithPath: catalog))
        let imported = try Tool.run(["import", "Settings.bundle", catalog], in: copy.folder)
        #expect(imported.stderr.split(separator: "\n").allSatisfy { !$0.hasPrefix("::") && !$0.hasPrefix("\\U003A") }, "\(imported.stderr)")
        #expect(imported.stderr.contains("\(shown): no translations into languages other than en"), "\(imported.stderr)")
    }
}
