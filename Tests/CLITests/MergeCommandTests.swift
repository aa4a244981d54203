import Foundation
import Testing
import SettingsL10nTestSupport

@Suite("settings-l10n merge")
struct MergeCommandTests {
    @Test("--check: exit 1 on the example bundle after a schema edit, 0 after a merge")
    func check() throws {
        let copy = try BundleCopy()
        #expect(try Tool.run(["merge", copy.bundle.path, "--check"]).exitCode == 0)
        let root = copy.bundle.appendingPathComponent("Root.plist")
        let edited = try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "<string>Sync over cellular</string>", with: "<string>Sync over Cellular</string>")
        try edited.write(to: root, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()

        let stale = try Tool.run(["merge", copy.bundle.path, "--check"])
        #expect(stale.exitCode == 1)
        #expect(stale.stdout == "")
        #expect(stale.stderr.hasSuffix("5 tables are out of date; run settings-l10n merge \(copy.bundle.path)\n"))
        #expect(try copy.snapshot() == before)

        let merge = try Tool.run(["merge", copy.bundle.path])
        #expect(merge.exitCode == 0)
        #expect(merge.stderr.contains("de.lproj/Root.strings: 51 kept, 1 fuzzy (to review), 1 obsolete; written\n  fuzzy: \"Sync over Cellular\" takes the translation of \"Sync over cellular\"\n"))
        #expect(merge.stderr.contains("en.lproj/Root.strings: 51 kept, 1 added, 1 obsolete; written\n"))
        #expect(try Tool.run(["merge", copy.bundle.path, "--check"]).exitCode == 0)
    }

    @Test("--format json reports each table")
    func json() throws {
        let result = try Tool.run(["merge", "Resources/Settings.bundle", "--check", "--format", "json", "--locale", "sv"])
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("""
        {
          "changed": false,
          "outOfDate": false,
          "tables": [
            {
              "locale": "sv",
              "table": "Privacy",
              "path": "sv.lproj/Privacy.strings",
              "developmentLanguage": false,
              "changed": false,
              "created": false,
              "layoutOnly": false,
              "fileExists": true,
              "kept": 5,
              "added": [],
              "fuzzy": [],
              "fuzzyUncompared": 0,
              "filledFromApp": [],
              "appLanguage": null,
              "obsolete": [],
              "pruned": [],
              "notPruned": [],
              "notShown": [],
              "missing": [],
              "duplicates": [],
              "error": null
            },
        """))
    }

    @Test("a table that does not parse is reported with its line, left untouched, and the exit code is 1")
    func malformed() throws {
        let copy = try BundleCopy()
        let path = copy.bundle.appendingPathComponent("de.lproj/Privacy.strings")
        try Data("\"Analytics\" = \"Analyse\"\n".utf8).write(to: path)
        let result = try Tool.run(["merge", copy.bundle.path, "--locale", "de"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.hasPrefix("de.lproj/Privacy.strings:1:24: does not parse: missing ';' after the value of \"Analytics\"; it was left untouched\n"))
        #expect(try Data(contentsOf: path) == Data("\"Analytics\" = \"Analyse\"\n".utf8))
    }

    @Test("--dry-run prints the diff and writes nothing; --dry-run with --check is a usage error")
    func dryRun() throws {
        let copy = try BundleCopy()
        let root = copy.bundle.appendingPathComponent("Privacy.plist")
        let edited = try String(contentsOf: root, encoding: .utf8).replacingOccurrences(of: "<string>Analytics</string>", with: "<string>Statistics</string>")
        try edited.write(to: root, atomically: true, encoding: .utf8)
        let before = try copy.snapshot()
        let result = try Tool.run(["merge", copy.bundle.path, "--dry-run", "--locale", "en"])
        #expect(result.stdout == """
        --- a/en.lproj/Privacy.strings
        +++ b/en.lproj/Privacy.strings
        @@ -1,5 +1,8 @@
        -"Analytics" = "Analytics";
        +/* Privacy.plist › group heading */
        +"Statistics" = "Statistics";
         "We never share your location." = "We never share your location."
         "Share anonymous statistics" = "Share anonymous statistics";
         "Referral code" = "Referral code";
         "Privacy policy" = "Privacy policy";
        +/* settings-l10n: obsolete: no row of the schema shows the keys below; they stay live until merge --prune */
        +"Analytics" = "Analytics";

        """.replacingOccurrences(of: "location.\"\n", with: "location.\";\n"))
        #expect(try copy.snapshot() == before)
        #expect(try Tool.run(["merge", copy.bundle.path, "--dry-run", "--check"]).exitCode == 2)
    }

    /// A bundle whose 40 tables all need rewriting (their entries are in reverse order).
    static func largeBundle(at folder: URL) throws {
        let keys = (0..<2500).map { "Setting number \($0) of the large generated bundle" }
        var schema = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict><key>StringsTable</key><string>Root</string><key>PreferenceSpecifiers</key><array>\n"
        for key in keys { schema += "<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>\(key)</string></dict>\n" }
        schema += "</array></dict></plist>\n"
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try schema.write(to: folder.appendingPathComponent("Root.plist"), atomically: true, encoding: .utf8)
        for index in 0..<40 {
            let lproj = folder.appendingPathComponent("l\(index).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let text = keys.reversed().map { "\"\($0)\" = \"Translation \(index) of \($0)\";\n" }.joined()
            try text.write(to: lproj.appendingPathComponent("Root.strings"), atomically: true, encoding: .utf8)
        }
    }

    @Test("killed at any moment, a merge leaves every file either old or new")
    func kill() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("settings-l10n-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let pristine = work.appendingPathComponent("pristine/Settings.bundle")
        try Self.largeBundle(at: pristine)
        let old = try BundleCopy(pristine).snapshot()

        // The finished merge, and how long it takes.
        let reference = try BundleCopy(pristine)
        let start = Date()
        #expect(try Tool.run(["merge", reference.bundle.path]).exitCode == 0)
        let duration = Date().timeIntervalSince(start)
        let new = try reference.snapshot()
        // The 40 tables are rewritten in the schema's order; the development table is created.
        #expect(new.keys.sorted() == (old.keys + ["en.lproj/Root.strings"]).sorted())
        #expect(new.filter { old[$0.key] != $0.value }.count == 41)

        var killed = 0
        for fraction in [0.15, 0.3, 0.45, 0.6, 0.75, 0.9] {
            let copy = try BundleCopy(pristine)
            let process = Process()
            process.executableURL = Tool.binary
            process.arguments = ["merge", copy.bundle.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: duration * fraction)
            if process.isRunning {
                Foundation.kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killed += 1 }
            let state = try copy.snapshot()
            for (path, bytes) in state where !URL(fileURLWithPath: path).lastPathComponent.hasPrefix(".") {
                #expect(bytes == old[path] || bytes == new[path], "\(path) is neither old nor new after a kill at \(fraction)")
            }
        }
        #expect(killed > 0, "no run was killed before it finished")
    }
}

@Suite("Progress on a terminal only")
struct ProgressTests {
    /// Runs the tool under a pseudo-terminal (`script`: util-linux's on Linux, BSD's on macOS), as
    /// a person at a terminal would.
    static func underTerminal(_ command: String, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        #if os(macOS)
        process.arguments = ["-q", "/dev/null", "/bin/sh", "-c", command]
        #else
        process.arguments = ["-qc", command, "/dev/null"]
        #endif
        process.currentDirectoryURL = TestPaths.packageRoot
        var env = ["PATH": "/usr/bin:/bin", "TERM": "xterm"]
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = readToEnd(out.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("merge shows which locale it is on at a terminal, and not in CI", .requires(.file("/usr/bin/script", "/usr/bin/script, which gives merge a terminal, is not installed")))
    func progress() throws {
        let command = "\(Tool.binary.path) merge Resources/Settings.bundle --check"
        let terminal = try Self.underTerminal(command)
        #expect(terminal.contains("\r\u{1B}[Kmerging 3/5: en.lproj"))
        let ci = try Self.underTerminal(command, environment: ["CI": "true"])
        #expect(!ci.contains("merging"))
        #expect(ci.contains("sv.lproj/Root.strings: 52 kept; up to date"))
    }
}
