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
        // The deadline is a safety net, not a claim about speed: a refused bomb ends in seconds on a quiet machine, an
        // expanded one would not end at all.
        let result = try await StandInBinary.run(["import", "openapi", spec, "--mocks", mocks.path], deadline: 600)
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

    /// Schemas whose numbers would make fixtures of gigabytes, or take hours: each fixture stops at its budget (1,000
    /// items, 1,000 added properties, about 1 MiB of generated JSON, 100,000 schemas read), with a warning.
    @Test func specBombsAreCutToEachFixturesBudgetWithAWarning() async throws {
        var components: [String] = []
        for level in 0..<10 {
            let names = (0..<8).map { "\"p\($0)\"" }.joined(separator: ", ")
            let next = level < 9 ? "{\"$ref\": \"#/components/schemas/R\(level + 1)\"}" : "{\"type\": \"string\"}"
            let properties = (0..<8).map { "\"p\($0)\": \(next)" }.joined(separator: ", ")
            components.append("\"R\(level)\": {\"required\": [\(names)], \"properties\": {\(properties)}}")
            let part =
                level < 9
                ? "{\"$ref\": \"#/components/schemas/A\(level + 1)\"}"
                : "{\"type\": \"object\", \"properties\": {\"x\": {\"type\": \"string\"}}}"
            let parts = Array(repeating: part, count: 8).joined(separator: ", ")
            components.append("\"A\(level)\": {\"allOf\": [\(parts)]}")
        }
        let schemas = [
            "items": #"{"type": "array", "minItems": 50000000, "items": {"type": "string"}}"#,
            "properties": #"{"type": "object", "minProperties": 50000000}"#,
            "refs": ##"{"$ref": "#/components/schemas/R0"}"##,
            "patterns": #"{"minItems": 1000, "items": {"type": "string", "pattern": "^(a{1000}){4}$"}}"#,
            "allof": ##"{"$ref": "#/components/schemas/A0"}"##,
        ]
        let paths = schemas.map { name, schema in
            """
            "/\(name)": {"get": {"responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": \(schema)}}}}}}
            """
        }
        let spec = """
            {"openapi": "3.0.0", "info": {"title": "Bombs", "version": "1"},
             "paths": {\(paths.joined(separator: ",\n"))},
             "components": {"schemas": {\(components.joined(separator: ",\n"))}}}
            """
        let mocks = try temporaryMocks(["specs/bombs.json": spec])
        defer { try? FileManager.default.removeItem(at: mocks) }
        let path = mocks.appendingPathComponent("specs/bombs.json").path
        let result = try await StandInBinary.run(["import", "openapi", path, "--mocks", mocks.path], deadline: 180)
        #expect(result.status == 0, "\(result.error)")
        for warning in [
            "schema: minItems 50000000 is more than the 1000 items StandIn writes for an array; 1000 are served",
            "schema: minProperties 50000000 asks for more than the 1000 properties StandIn adds to an object",
            "the values generated for this fixture reach the 1048576 bytes StandIn writes for one fixture",
            "the values generated for this fixture take more than the 100000 schemas StandIn reads for one fixture",
        ] {
            #expect(result.error.contains(warning), "\(warning) in \(result.error)")
        }
        let written = try files(under: mocks).filter { $0.key.hasPrefix("imported/openapi/") }
        #expect(written.count == 5)
        for (name, bytes) in written {
            #expect(bytes.count < 1_100_000, "\(name) has \(bytes.count) bytes")
        }
        #expect(written["imported/openapi/GET-refs.json"].map { $0.count > 1_000_000 } == true)
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
