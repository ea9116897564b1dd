import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `standin import openapi` end to end: import a spec, `standin check` the result, serve it with the built binary,
/// and call every operation and variant the spec describes, each answer's status compared with the spec and its
/// body validated against the response schema by openapi-schema-validator (Tests/Interop/openapi_validate.py).
struct OpenAPIImportTests {
    /// What the validator script reports for one spec.
    struct Validation: Decodable {
        let operations: Int
        let requests: Int
        let validated: Int
        let specExamplesInvalid: Int
        let oneOfOverlaps: [String]
        let failures: [String]
    }

    /// What one import printed and wrote.
    struct Imported {
        let mocks: URL
        let fixtures: Int
        let output: String
        let warnings: String
    }

    /// The project's own feature specs, with the operations, answers and validated bodies each must give. In
    /// features.yaml: formats, bounds, shape (default, 404, gone, missing; the 204 has no body), file (2XX), tree
    /// (default and `default`), greeting, broken. In features-3.1.yaml: thing (default and 400).
    static let featureSpecs: [(spec: String, operations: Int, answers: Int, validated: Int)] = [
        ("features.yaml", 7, 12, 11),
        ("features-3.1.yaml", 1, 2, 2),
    ]

    @Test(
        .enabled("needs python3 with openapi-schema-validator and PyYAML", OpenAPISpecs.canValidate),
        arguments: featureSpecs
    )
    func everyFeatureIsServedWithABodyItsSchemaAccepts(
        expected: (spec: String, operations: Int, answers: Int, validated: Int)
    ) async throws {
        let spec = OpenAPISpecs.features.deletingLastPathComponent().appendingPathComponent(expected.spec)
        let imported = try await importSpec(spec)
        defer { try? FileManager.default.removeItem(at: imported.mocks) }
        let validation = try await serveAndValidate(spec, mocks: imported.mocks)
        #expect(validation.failures == [])
        #expect(validation.operations == expected.operations)
        #expect(imported.fixtures == expected.operations)
        #expect(validation.requests == expected.answers)
        #expect(validation.validated == expected.validated)
        #expect(validation.specExamplesInvalid == 0)
        #expect(validation.oneOfOverlaps == [])
    }

    @Test(.enabled("needs python3 with openapi-schema-validator and PyYAML", OpenAPISpecs.canValidate))
    func brokenReferencesAndRecursionAreWarnedAboutWhereTheyAre() async throws {
        let imported = try await importSpec(OpenAPISpecs.features)
        defer { try? FileManager.default.removeItem(at: imported.mocks) }
        let lost = "paths./broken.post.responses.201.content.application/json.schema.properties.lost"
        #expect(
            imported.warnings.contains(
                "features.yaml: \(lost): $ref \"#/components/schemas/Nowhere\" points at nothing"
            )
        )
        #expect(imported.warnings.contains("schema \"#/components/schemas/Node\" contains itself"))
        #expect(imported.warnings.contains("paths./tree.get.responses.200.content.application/json.schema"))
        #expect(
            imported.warnings.contains(
                #"paths./greeting.get.responses.200.content.application/json: the body holds "{{", which fixtures"#
            )
        )
    }

    @Test func theServersPathPrefixesEveryPathAndBodiesAreServedAsTheSpecGivesThem() async throws {
        let imported = try await importSpec(OpenAPISpecs.features)
        defer { try? FileManager.default.removeItem(at: imported.mocks) }
        let server = try await ServeProcess(["--mocks", imported.mocks.path, "--quiet", "--no-watch"])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(try await status(of: "\(base)/api/v2/shapes/7") == 200)
        #expect(try await status(of: "\(base)/api/v2/files/report.json") == 200)
        #expect(try await status(of: "\(base)/shapes/7") == 404)
        #expect(try await status(of: "\(base)/api/v2/shapes/7", variant: "204") == 204)
        let greeting = try await URLSession.shared.exchange(from: URL(string: "\(base)/api/v2/greeting")!).0
        #expect(String(decoding: greeting, as: UTF8.self) == #"{"message":"Hello {{name}}"}"#)
    }

    @Test(
        .enabled("needs python3 with openapi-schema-validator and PyYAML", OpenAPISpecs.canValidate),
        .enabled("needs the public specs: run scripts/setup-interop.sh", OpenAPISpecs.publicSpecsAreThere),
        arguments: ["petstore-3.0.yaml", "petstore-3.1.yaml", "github.yaml", "stripe.yaml"]
    )
    func aPublicSpecIsServedWithBodiesItsSchemasAccept(spec: String) async throws {
        let url = OpenAPISpecs.fetched.appendingPathComponent(spec)
        try #require(
            FileManager.default.fileExists(atPath: url.path),
            "\(spec) is missing: run scripts/setup-interop.sh"
        )
        let imported = try await importSpec(url)
        defer { try? FileManager.default.removeItem(at: imported.mocks) }
        let validation = try await serveAndValidate(url, mocks: imported.mocks)
        print(
            "\(spec): \(validation.operations) operations, \(imported.fixtures) fixtures, \(validation.requests) "
                + "answers, \(validation.validated) bodies validated, \(validation.specExamplesInvalid) spec examples "
                + "that fail their own schema, \(validation.oneOfOverlaps.count) bodies valid under several oneOf branches"
        )
        #expect(validation.failures == [])
        #expect(validation.oneOfOverlaps.count * 100 <= validation.validated, "\(validation.oneOfOverlaps)")
        #expect(imported.fixtures == validation.operations)
        #expect(validation.validated > 0)
    }

    /// Imports `spec` into a new mocks directory, expecting success, and checks the result with `standin check`.
    private func importSpec(_ spec: URL) async throws -> Imported {
        let mocks = try temporaryMocks([:])
        let result = try await StandInBinary.run(
            ["import", "openapi", spec.path, "--mocks", mocks.path],
            deadline: 600
        )
        #expect(result.status == 0, "\(result.error)")
        let check = try await StandInBinary.run(["check", "--mocks", mocks.path], deadline: 600)
        #expect(check.status == 0, "\(check.output)\(check.error)")
        let count = try #/(\d+) fixture\(s\) written/#.firstMatch(in: result.output).flatMap { Int($0.output.1) }
        return Imported(mocks: mocks, fixtures: count ?? -1, output: result.output, warnings: result.error)
    }

    /// Serves `mocks` and runs the validator script against it.
    private func serveAndValidate(_ spec: URL, mocks: URL) async throws -> Validation {
        let server = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
        defer { server.stop() }
        let printed = try await PythonBackend.client(
            "openapi_validate.py",
            [spec.path, "http://127.0.0.1:\(server.port)"]
        )
        return try JSONDecoder().decode(Validation.self, from: Data(printed.utf8))
    }

    private func status(of url: String, variant: String? = nil) async throws -> Int {
        var request = URLRequest(url: URL(string: url)!)
        if let variant { request.setValue(variant, forHTTPHeaderField: "X-StandIn-Variant") }
        let (_, response) = try await URLSession.shared.exchange(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
