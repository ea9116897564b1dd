import Foundation
import StandInContract
import StandInFixtures
import Testing

/// StandIn's validator and Python's `openapi-schema-validator` give the same verdict on every case of
/// `Tests/Interop/schema-corpus.json` (component schemas of public specs with their examples and mutations, and cases
/// for every keyword), except the differences listed here, which are intended. `Tests/Interop/schema_corpus.py` writes
/// the corpus from the specs `scripts/setup-interop.sh` fetches; the test itself needs only python3 with the validator.
@Suite struct SchemaDifferentialTests {
    /// Cases whose verdicts may differ, by name prefix, and why.
    static let intendedDifferences: [(prefix: String, reason: String)] = [
        (
            "keywords/ref-siblings/3.0/",
            "OpenAPI 3.0 says a $ref replaces its siblings; Python applies them beside it"
        ),
        (
            "keywords/multiple-of-decimal/",
            "multipleOf is exact for decimals (19.99 is a multiple of 0.01); Python divides floats"
        ),
        (
            "keywords/multiple-of-tenth/",
            "multipleOf is exact for decimals (0.3 is a multiple of 0.1); Python divides floats"
        ),
        (
            "keywords/read-only-request/3.1/",
            "StandIn applies readOnly to requests in 3.1 as in 3.0; Python's OAS31Validator treats it as an annotation"
        ),
        (
            "keywords/write-only-response/3.1/",
            "StandIn applies writeOnly to responses in 3.1 as in 3.0; Python's OAS31Validator treats it as an annotation"
        ),
        (
            "keywords/discriminator/3.1/",
            "StandIn applies the discriminator in 3.1 as in 3.0; Python's OAS31Validator reads plain oneOf there"
        ),
        (
            "keywords/discriminator-mapping/3.1/",
            "StandIn applies the discriminator in 3.1 as in 3.0; Python's OAS31Validator reads plain anyOf there"
        ),
        (
            "keywords/format-time/",
            "time follows RFC 3339 (a fraction and an offset accepted, an offset not required); Python's checker "
                + "takes draft 3's bare HH:MM:SS"
        ),
        ("keywords/format-uri/", "uri is checked; Python checks it only when rfc3987 is installed"),
        (
            "keywords/pattern-properties/3.0/",
            "patternProperties applies in 3.0 too; Python's OAS30Validator lets it exempt names from additionalProperties "
                + "but checks no schema"
        ),
        ("keywords/format-byte/3.1/", "byte is checked in 3.1 too; Python's 3.1 checker does not know it"),
    ]

    @Test(.enabled("needs python3 with openapi-schema-validator", SchemaPython.canValidate))
    func verdictsMatchPythonsOpenAPISchemaValidator() async throws {
        let cases = try SchemaCorpus.cases()
        let python = try JSONParser.parse(try await SchemaPython.verdicts())
        #expect(cases.count >= 200)
        var differences: [String] = []
        for testCase in cases {
            let (name, schema, instance, direction) = (
                testCase.name, testCase.schema, testCase.instance, testCase.direction
            )
            let verdict = schema.isValid(instance, direction: direction)
            let violations = schema.violations(of: instance, direction: direction)
            #expect(verdict == violations.isEmpty, "\(name): isValid and violations disagree")
            guard let expected = python[name]?.boolValue else {
                Issue.record("\(name) has no verdict from Python")
                continue
            }
            guard verdict != expected else { continue }
            if Self.intendedDifferences.contains(where: { name.hasPrefix($0.prefix) }) { continue }
            differences.append(
                "\(name): StandIn says \(verdict ? "valid" : "invalid"), Python \(expected ? "valid" : "invalid")"
                    + (violations.isEmpty ? "" : " (\(violations.map(\.description).joined(separator: "; ")))")
            )
        }
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.joined(separator: "\n"))")
    }
}
