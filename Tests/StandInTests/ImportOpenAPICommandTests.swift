import Foundation
import ServerTestSupport
import Testing

/// `standin import openapi` as a user runs it, without a validator: what it refuses, and that it writes the same
/// files every time.
struct ImportOpenAPICommandTests {
    @Test func importingTheSameSpecTwiceWritesTheSameBytes() async throws {
        let first = try temporaryMocks([:])
        let second = try temporaryMocks([:])
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        for mocks in [first, second] {
            let result = try await StandInBinary.run([
                "import", "openapi", OpenAPISpecs.features.path, "--mocks", mocks.path,
            ])
            #expect(result.status == 0, "\(result.error)")
        }
        let written = try files(under: first)
        #expect(written.count == 7)
        #expect(written == (try files(under: second)))
    }

    @Test func aSwaggerDocumentIsRefusedAndTheMocksStayAsTheyWere() async throws {
        let mocks = try temporaryMocks([
            "imported/openapi/kept.json": #"{"request": {"path": "/kept"}, "response": {"json": 1}}"#,
            "swagger.yaml": "swagger: \"2.0\"\ninfo: {title: Old, version: \"1\"}\npaths: {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let spec = mocks.appendingPathComponent("swagger.yaml").path
        let result = try await StandInBinary.run(["import", "openapi", spec, "--mocks", mocks.path])
        #expect(result.status == 1)
        #expect(result.error.contains(#"version "2.0"; only OpenAPI 3.0 and 3.1 can be imported"#))
        #expect(try files(under: mocks).keys.sorted() == ["imported/openapi/kept.json", "swagger.yaml"])
    }

    @Test func aFileThatIsNeitherJSONNorYAMLSaysWhereItBroke() async throws {
        let mocks = try temporaryMocks(["broken.json": "{\"openapi\": \"3.0.0\",\n \"paths\": {\n"])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let spec = mocks.appendingPathComponent("broken.json").path
        let result = try await StandInBinary.run(["import", "openapi", spec, "--mocks", mocks.path])
        #expect(result.status == 1)
        #expect(result.error.contains("broken.json is not valid JSON: "))
        #expect(result.error.contains("line 3"))
    }

    @Test func aYAMLAliasBombIsRefusedInsteadOfExpanded() async throws {
        var yaml = "openapi: 3.0.0\nx-a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for level in 1...8 {
            let previous = level == 1 ? "a" : "l\(level - 1)"
            yaml +=
                "x-l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let mocks = try temporaryMocks(["bomb.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let spec = mocks.appendingPathComponent("bomb.yaml").path
        let result = try await StandInBinary.run(["import", "openapi", spec, "--mocks", mocks.path], deadline: 120)
        #expect(result.status == 1)
        #expect(result.error.contains("the YAML expands to more than 2000000 values"))
    }

    @Test func aHugeMinLengthIsCutWithAWarningAndLeavesNoStagingFolder() async throws {
        let huge = "9223372036854775807"
        let properties = """
            "plain": {"type": "string", "minLength": \(huge)},
            "patterned": {"type": "string", "pattern": "^[a-z]+$", "minLength": \(huge)},
            "quantified": {"type": "string", "pattern": "^a{\(huge)}$"}
            """
        let spec = """
            {"openapi": "3.0.0", "info": {"title": "Bombs", "version": "1"}, "paths": {"/bombs": {"get": {
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                "type": "object", "required": ["plain", "patterned", "quantified"], "properties": {\(properties)}
            }}}}}}}}}
            """
        let mocks = try temporaryMocks(["specs/bombs.json": spec])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let path = mocks.appendingPathComponent("specs/bombs.json").path
        let result = try await StandInBinary.run(["import", "openapi", path, "--mocks", mocks.path])
        #expect(result.status == 0, "\(result.error)")
        let leftOver = try FileManager.default.contentsOfDirectory(atPath: mocks.path).filter { $0.hasPrefix(".") }
        #expect(leftOver.isEmpty)
        #expect(result.error.contains("minLength \(huge) is more than"))
        let written = try files(under: mocks).filter { $0.key.hasPrefix("imported/openapi/") }
        #expect(written.count == 1)
        #expect(written.values.allSatisfy { $0.count < 100_000 })
    }

    /// Every file under `directory` by its relative path, with its bytes.
    private func files(under directory: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let root = directory.resolvingSymlinksInPath().path + "/"
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path
            found[String(path.dropFirst(root.count))] = try Data(contentsOf: url)
        }
        return found
    }
}
