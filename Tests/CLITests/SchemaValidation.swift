import Foundation
import Testing
import SettingsL10nTestSupport

/// Validation by the validators other tools use: python's jsonschema (as editors and SchemaStore
/// validate JSON) and libxml2's xmllint (an XML Schema validator).
enum SchemaValidation {
    /// What jsonschema finds wrong with the JSON `document` against the schema at `schema`, one
    /// line per problem (`findings/0/count: 0 is less than the minimum of 1`); empty when valid.
    /// With `eachElement`, every element of the document's array is validated on its own (as
    /// GitLab validates each finding of a Code Quality report).
    static func jsonProblems(_ document: String, schema: URL, eachElement: Bool = false) throws -> [String] {
        let result = try Tool.run(["-c", """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            cls = jsonschema.validators.validator_for(schema)
            cls.check_schema(schema)
            validator = cls(schema)
            document = json.loads(sys.stdin.read())
            instances = document if sys.argv[2] == "each" else [document]
            for index, instance in enumerate(instances):
                for error in sorted(validator.iter_errors(instance), key=lambda e: list(e.path)):
                    where = "/".join(str(p) for p in ([index] if sys.argv[2] == "each" else []) + list(error.path))
                    print(f"{where}: {error.message}")
            print("checked")
            """, schema.path, eachElement ? "each" : "whole"], stdin: Data(document.utf8), executable: try #require(Requirement.python3))
        guard result.exitCode == 0, result.stdout.hasSuffix("checked\n") else { return ["jsonschema failed: \(result)"] }
        return result.stdout.split(separator: "\n").dropLast().map(String.init)
    }

    /// What xmllint finds wrong with the XML `document` against the XML Schema at `schema`;
    /// `nil` when it validates.
    static func xmlProblems(_ document: String, schema: URL) throws -> String? {
        let folder = try TemporaryFolder()
        let file = try folder.write("document.xml", document)
        let xmllint = try #require(Requirement.executable(named: "xmllint"))
        let result = try Tool.run(["--noout", "--schema", schema.path, file.path], executable: xmllint)
        return result.exitCode == 0 ? nil : result.stderr
    }
}
