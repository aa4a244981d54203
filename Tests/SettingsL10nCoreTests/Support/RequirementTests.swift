import Foundation
import Testing
import SettingsL10nTestSupport

/// Issue 28, case 6: a test that lacks what it needs must not pass silently in CI.
@Suite("Requirement: what a test needs from the machine")
struct RequirementTests {
    @Test("a requirement that is not met records an issue with its reason and does not run the test")
    func unmetFails() async throws {
        let trait = RequirementTrait(requirement: Requirement("the moon is not installed") { false })
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) { Issue.record("the test ran") }
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["missing in CI, where no test may be left out: the moon is not installed"]
        }
    }

    @Test("a requirement that is met runs the test")
    func metRuns() async throws {
        let trait = RequirementTrait(requirement: Requirement("never shown") { true })
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) { Issue.record("the test ran") }
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["the test ran"]
        }
    }

    @Test("python3 is found on PATH, as a shell finds it, not at a fixed path")
    func python3OnPath() throws {
        let found = try #require(Requirement.executable(named: "sh"))
        #expect(found.lastPathComponent == "sh")
        #expect(Requirement.executable(named: "no-such-tool-anywhere") == nil)
    }
}

@Suite("replaceOnce: a fixture edit that must apply")
struct FixtureEditTests {
    @Test("an edit whose text is not in the file throws, naming the file and the text, and changes nothing")
    func missingText() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("OfflineMaps.plist", "<integer>3</integer>\n")
        #expect(throws: FixtureEditFailed.self) { try replaceOnce(in: file, "<integer>2</integer>", with: "") }
        do {
            try replaceOnce(in: file, "<integer>2</integer>", with: "")
        } catch let error as FixtureEditFailed {
            #expect(error.description == "OfflineMaps.plist holds \"<integer>2</integer>\" 0 times, not once: the fixture changed; fix the test's edit")
        }
        try replaceOnce(in: file, "3", with: "4")
        #expect(try String(contentsOf: file, encoding: .utf8) == "<integer>4</integer>\n")
    }
}
