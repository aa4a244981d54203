import Testing
@testable import SettingsL10nCore

@Suite("Version requirements (the configuration's requiredVersion)")
struct VersionRequirementTests {
    @Test("versions order as semantic versioning orders them")
    func order() throws {
        let versions = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1",
                        "1.0.0", "1.0.1", "1.1", "1.10.0", "2"].map { SemanticVersion($0)! }
        #expect(versions == versions.sorted())
        #expect(zip(versions, versions.dropFirst()).allSatisfy { $0 < $1 })
        #expect(SemanticVersion("1.1") == SemanticVersion("1.1.0"))
        #expect(SemanticVersion("1.2.3+build.7") == SemanticVersion("1.2.3"))
        #expect(try #require(SemanticVersion("1.2.3-beta.1")).description == "1.2.3-beta.1")
    }

    @Test("what is not a version", arguments: ["", "v1.0", "1.", "1..0", "1.0.0.0", "a.b", "1.0-", "1.0-beta..1", " 1", "1.0.0-β", "1234567890"])
    func notAVersion(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test("each operator against versions around its bound", arguments: [
        ("1.1.0", ["1.1.0": true, "1.1.1": false, "1.0.9": false]),
        ("=1.1", ["1.1.0": true, "1.1.1": false]),
        ("==1.1.0", ["1.1.0": true, "1.2.0": false]),
        (">=1.1.0", ["1.1.0": true, "1.0.9": false, "2.0.0": true, "1.1.0-beta": false]),
        (">1.1", ["1.1.0": false, "1.1.1": true]),
        ("<=2", ["2.0.0": true, "2.0.1": false]),
        ("<2.0.0", ["1.99.99": true, "2.0.0": false, "2.0.0-rc.1": true]),
        ("~>1.1", ["1.1.0": true, "1.9.3": true, "2.0.0": false, "1.0.9": false]),
        ("~>1.1.2", ["1.1.2": true, "1.1.9": true, "1.2.0": false, "1.1.1": false]),
        ("~>1", ["1.0.0": true, "1.9.9": true, "2.0.0": false]),
        ("^1.2", ["1.2.0": true, "1.9.0": true, "2.0.0": false, "1.1.9": false]),
        ("^0.3.1", ["0.3.1": true, "0.3.9": true, "0.4.0": false]),
        ("^0.0.3", ["0.0.3": true, "0.0.4": false]),
        (">= 1.1, < 2", ["1.1.0": true, "1.5.0": true, "2.0.0": false, "1.0.0": false]),
    ])
    func constraints(requirement: String, cases: [String: Bool]) throws {
        let parsed = try #require(VersionRequirement(requirement))
        for (version, expected) in cases {
            #expect(parsed.isSatisfied(by: try #require(SemanticVersion(version))) == expected, "\(requirement) against \(version)")
        }
    }

    @Test("what is not a requirement", arguments: ["", ",", ">=", "1.0,", "=>1.0", ">>1", "~1.0", "latest", ">=1.0 <2.0", "!=1.0"])
    func notARequirement(text: String) {
        #expect(VersionRequirement(text) == nil)
    }
}
