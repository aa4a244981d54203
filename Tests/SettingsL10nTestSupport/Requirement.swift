import Foundation
import Testing

/// Something a test needs from the machine that a clone may lack: the fetched corpus, a tool on
/// `PATH`. Where it is missing the test is skipped with the reason, except in CI (the `CI`
/// environment variable set, as `.ci/run` does), where it fails with the reason: a CI run
/// cannot pass by skipping what it was meant to run.
package struct Requirement: Sendable {
    /// What is missing when the requirement is not met, and how to get it.
    package var reason: String
    package var isMet: @Sendable () -> Bool

    package init(_ reason: String, isMet: @escaping @Sendable () -> Bool) {
        self.reason = reason
        self.isMet = isMet
    }

    /// Whether the tests run in CI: `CI` is set (to anything but the empty string).
    package static var inCI: Bool {
        !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }

    package static let fetchedCorpus = Requirement("the copyleft corpus is not fetched (scripts/fetch-corpus brings it into Tests/Corpus/fetched)") {
        TestPaths.fetchedCorpusExists
    }
    package static let strace = Requirement("strace is not installed (apt-get install -y strace)") { executable(named: "strace") != nil }
    package static let jsonSchema = Requirement("python3 with the jsonschema package is not installed (python3 -m pip install jsonschema)") {
        python3HasJSONSchema
    }

    package static let xmllint = Requirement("xmllint is not installed (apt-get install -y libxml2-utils): the XML Schema validator of the JUnit report's test") {
        executable(named: "xmllint") != nil
    }
    package static let git = Requirement("git is not installed (apt-get install -y git): check --new-since reads the bundle's history with it") {
        executable(named: "git") != nil
    }

    /// Chromium, which `render --format png` draws with (`.ci/run` installs it through `scripts/setup --integration`).
    package static let chromium = Requirement("Chromium is not installed (apt-get install -y chromium fonts-noto-cjk): render --format png draws with it") {
        ["chromium", "chromium-browser", "google-chrome"].contains { executable(named: $0) != nil }
    }

    /// A font with Japanese glyphs (Debian's Noto CJK), which the Japanese screenshots need.
    package static let japaneseFont = Requirement("no font for Japanese is installed (apt-get install -y fonts-noto-cjk): the Japanese screenshots would show boxes") {
        guard let fcList = executable(named: "fc-list") else { return false }
        let process = Process()
        process.executableURL = fcList
        process.arguments = [":lang=ja", "family"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return !data.isEmpty
    }

    /// `unshare -m` that may bind-mount a folder (root, as CI runs; or user namespaces): another
    /// path to a bundle, as a Docker volume or a macOS firmlink makes one.
    package static let bindMounts = Requirement("a bind mount cannot be made here (unshare -m needs root, or user namespaces with unshare -rm)") {
        canBindMount
    }

    private static let canBindMount: Bool = {
        guard let unshare = executable(named: "unshare") else { return false }
        let process = Process()
        process.executableURL = unshare
        process.arguments = ["-m", "sh", "-c", "mount --bind /tmp /tmp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// A tool at an absolute path (`/usr/bin/script`).
    package static func file(_ path: String, _ reason: String) -> Requirement {
        Requirement(reason) { FileManager.default.isExecutableFile(atPath: path) }
    }

    /// The first executable `name` on the test process's `PATH` (as a shell finds it), or `nil`.
    package static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// `python3` on `PATH`: the one the README's `python3 -m pip install` installs into.
    package static let python3: URL? = executable(named: "python3")

    private static let python3HasJSONSchema: Bool = {
        guard let python3 else { return false }
        let process = Process()
        process.executableURL = python3
        process.arguments = ["-c", "import jsonschema"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
}

/// The trait of a test or suite that needs `requirement`: skipped with the reason where it is
/// missing, failed with the reason in CI.
package struct RequirementTrait: TestTrait, SuiteTrait, TestScoping {
    package var requirement: Requirement

    package init(requirement: Requirement) {
        self.requirement = requirement
    }

    package var isRecursive: Bool { true }

    package func prepare(for test: Test) async throws {
        guard !Requirement.inCI else { return }
        let requirement = requirement
        try await ConditionTrait.enabled(if: requirement.isMet(), Comment(rawValue: requirement.reason)).prepare(for: test)
    }

    package func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        if test.isSuite || requirement.isMet() {
            try await function()
        } else {
            Issue.record(Comment(rawValue: "missing in CI, where no test may be left out: \(requirement.reason)"))
        }
    }
}

extension Trait where Self == RequirementTrait {
    /// Needs `requirement`: skipped where it is missing, failed in CI (`Requirement`).
    package static func requires(_ requirement: Requirement) -> Self {
        RequirementTrait(requirement: requirement)
    }
}
