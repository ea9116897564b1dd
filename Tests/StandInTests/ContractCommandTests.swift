import Foundation
import ServerTestSupport
import StandInSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `check --spec`, `coverage` and `record --spec` as a user runs them, against a small pet store spec.
@Suite struct ContractCommandTests {
    /// Two operations: a pet in the envelope, with a 404, and the list, whose 200 no fixture here answers.
    static let spec = """
        {
          "openapi": "3.0.3",
          "info": { "title": "Pets", "version": "1" },
          "paths": {
            "/pets/{id}": {
              "get": {
                "operationId": "getPet",
                "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
                "responses": {
                  "200": {
                    "description": "A pet.",
                    "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PetEnvelope" } } }
                  },
                  "404": {
                    "description": "No such pet.",
                    "content": { "application/json": { "schema": { "type": "object" } } }
                  }
                }
              }
            },
            "/pets": {
              "get": { "responses": { "200": { "description": "Every pet." } } }
            }
          },
          "components": {
            "schemas": {
              "PetEnvelope": {
                "type": "object",
                "required": ["code", "data"],
                "properties": {
                  "code": { "type": "integer" },
                  "data": {
                    "type": "object",
                    "required": ["id", "price"],
                    "properties": { "id": { "type": "string" }, "price": { "type": "number" } }
                  }
                }
              }
            }
          }
        }
        """

    /// A pet that keeps to the spec; `variants` is written from line 7 on.
    static func pet(variants: String = "") -> String {
        """
        {
          "request": { "method": "GET", "path": "/pets/{id}" },
          "response": {
            "envelope": { "data": { "id": "{{path.id}}", "price": 12.5 } }
          }\(variants.isEmpty ? "" : ",\n  \"variants\": {\n" + variants + "\n  }")
        }
        """
    }

    /// In `pet`, line 9 has a price as text, line 12 a status the spec does not list.
    static let brokenVariants = """
            "cheap": {
              "envelope": {
                "data": { "id": "7", "price": "free" }
              }
            },
            "teapot": { "status": 418 }
        """

    /// A 404 the spec lists.
    static let goneVariant = #"    "gone": { "status": 404, "envelope": { "code": 40400, "message": "no such pet" } }"#

    /// A folder with the spec as `pets.json` and a `Mocks/` holding `pets/get.json` (`pet`) and a health check
    /// the spec does not know.
    private func withPets(_ pet: String, _ body: (_ spec: String, _ mocks: URL) async throws -> Void) async throws {
        try await withFolder { folder in
            let mocks = folder.appendingPathComponent("Mocks")
            try writeFile(Self.spec, to: folder.appendingPathComponent("pets.json"))
            try writeFile(pet, to: mocks.appendingPathComponent("pets/get.json"))
            try writeFile(
                #"{ "request": { "path": "/health" }, "response": { "text": "ok" } }"#,
                to: mocks.appendingPathComponent("health.json")
            )
            try await body(folder.appendingPathComponent("pets.json").path, mocks)
        }
    }

    @Test func checkWithASpecNamesTheLineOfAWrongTypeAndAStatusTheSpecLacks() async throws {
        try await withPets(Self.pet(variants: Self.brokenVariants)) { spec, mocks in
            let result = try await StandInBinary.run(["check", "--mocks", mocks.path, "--spec", spec])
            #expect(result.status == 1, "\(result.output)\(result.error)")
            #expect(
                result.output.contains(
                    "pets/get.json:9: GET /pets/{id} variant cheap: data.price: expected number, got string"
                ),
                "\(result.output)"
            )
            #expect(result.output.contains("pets/get.json:12: GET /pets/{id} variant teapot: "), "\(result.output)")
            #expect(result.output.contains("418"), "\(result.output)")
            #expect(result.output.contains("1 fixture(s) not in the spec: GET /health"), "\(result.output)")
        }
    }

    @Test func checkWithASpecPassesFixturesThatKeepToIt() async throws {
        try await withPets(Self.pet(variants: Self.goneVariant)) { spec, mocks in
            let result = try await StandInBinary.run(["check", "--mocks", mocks.path, "--spec", spec])
            #expect(result.status == 0, "\(result.output)\(result.error)")
            #expect(result.output.contains("2 response(s) checked against pets.json, all conform"), "\(result.output)")
        }
    }

    @Test func checkFollowsTheProjectsEnvelopeNamesAndLeavesValuesTheRequestDecides() async throws {
        try await withFolder { folder in
            let mocks = folder.appendingPathComponent("Mocks")
            try writeFile(
                #"{ "openapi": "3.1.0", "info": { "title": "t", "version": "1" }, "paths": { "/quotes": { "post": { "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "object", "properties": { "result": { "type": "object", "properties": { "amount": { "type": "number" }, "note": { "type": "integer" } } } } } } } } } } } } }"#,
                to: folder.appendingPathComponent("quotes.json")
            )
            try writeFile(#"{ "envelope": { "dataKey": "result" } }"#, to: mocks.appendingPathComponent("standin.json"))
            try writeFile(
                """
                {
                  "request": { "method": "POST", "path": "/quotes" },
                  "response": {
                    "envelope": {
                      "data": {
                        "amount": "{{json body.amount}}",
                        "note": "cheap"
                      }
                    }
                  }
                }
                """,
                to: mocks.appendingPathComponent("quotes/create.json")
            )
            let spec = folder.appendingPathComponent("quotes.json").path
            let result = try await StandInBinary.run(["check", "--mocks", mocks.path, "--spec", spec])
            #expect(result.status == 1, "\(result.output)\(result.error)")
            #expect(
                result.output.contains("quotes/create.json:7: POST /quotes: result.note: expected integer, got string"),
                "\(result.output)"
            )
            #expect(!result.output.contains("result.amount"), "\(result.output)")
        }
    }

    @Test func aSpecThatCannotBeReadIsTheCommandsErrorWithItsLineAndColumn() async throws {
        try await withFolder { folder in
            let yaml = folder.appendingPathComponent("api.yaml")
            try writeFile("openapi: 3.0.3\ninfo:\n  title: x\n   version: [1\n", to: yaml)
            let json = folder.appendingPathComponent("api.json")
            try writeFile("{\n  \"openapi\": \"3.0.3\",,\n}\n", to: json)
            let swagger = folder.appendingPathComponent("swagger.json")
            try writeFile(#"{ "swagger": "2.0", "paths": {} }"#, to: swagger)

            let badYAML = try await StandInBinary.run(["check", "--mocks", folder.path, "--spec", yaml.path])
            #expect(badYAML.status == 1)
            #expect(badYAML.error.contains(#/standin: api\.yaml is not valid YAML or JSON: line \d+, column \d+: /#))
            #expect(!badYAML.error.trimmingCharacters(in: .newlines).contains("\n"), "\(badYAML.error)")

            let badJSON = try await StandInBinary.run(["coverage", "--spec", json.path, "--mocks", folder.path])
            #expect(badJSON.status == 1)
            #expect(
                badJSON.error.contains(#/standin: api\.json is not valid JSON: line 2, column \d+: /#),
                "\(badJSON.error)"
            )

            let notOpenAPI = try await StandInBinary.run(["check", "--mocks", folder.path, "--spec", swagger.path])
            #expect(notOpenAPI.status == 1)
            #expect(
                notOpenAPI.error.contains("standin: swagger.json is not a usable OpenAPI 3.0 or 3.1 document: "),
                "\(notOpenAPI.error)"
            )
        }
    }

    @Test func coverageCountsFixturesAndWhatARunningServerAnswered() async throws {
        try await withPets(Self.pet(variants: Self.goneVariant)) { spec, mocks in
            let server = try await ServeProcess(["--mocks", mocks.path, "--quiet", "--no-watch"])
            defer { server.stop() }
            let url = "http://127.0.0.1:\(server.port)"
            let before = try await StandInBinary.run(
                ["coverage", "--spec", spec, "--mocks", mocks.path, "--server", url]
            )
            #expect(before.status == 0, "\(before.output)\(before.error)")
            #expect(before.output.contains(#/GET /pets/\{id\} +200 +pets/get\.json +0\n/#), "\(before.output)")
            #expect(before.output.contains(#/GET /pets/\{id\} +404 +pets/get\.json \(gone\) +0\n/#), "\(before.output)")
            #expect(before.output.contains(#/GET /pets +200 +- +0\n/#), "\(before.output)")
            #expect(before.output.contains("2 of 3 responses covered by fixtures, 0 exercised"), "\(before.output)")

            _ = try await URLSession.shared.exchange(from: URL(string: "\(url)/pets/7")!)
            _ = try await URLSession.shared.exchange(from: URL(string: "\(url)/pets/8")!)
            let after = try await StandInBinary.run(
                ["coverage", "--spec", spec, "--mocks", mocks.path, "--server", url]
            )
            #expect(after.output.contains(#/GET /pets/\{id\} +200 +pets/get\.json +2\n/#), "\(after.output)")
            #expect(after.output.contains("2 of 3 responses covered by fixtures, 1 exercised"), "\(after.output)")

            let json = try await StandInBinary.run(
                ["coverage", "--spec", spec, "--mocks", mocks.path, "--server", url, "--json"]
            )
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            )
            #expect(document["total"] as? Int == 3)
            #expect(document["covered"] as? Int == 2)
            #expect(document["exercised"] as? Int == 1)
            let rows = try #require(document["responses"] as? [[String: Any]])
            #expect(rows.count == 3)
            let first = try #require(rows.first)
            #expect(first["method"] as? String == "GET")
            #expect(first["path"] as? String == "/pets/{id}")
            #expect(first["operationId"] as? String == "getPet")
            #expect(first["status"] as? String == "200")
            #expect(first["exercised"] as? Int == 2)
            let fixtures = try #require(first["fixtures"] as? [[String: Any]])
            #expect(fixtures.first?["id"] as? String == "pets/get.json")
            #expect(fixtures.first?["status"] as? Int == 200)
            #expect(fixtures.first?["variant"] is NSNull)

            let offline = try await StandInBinary.run(["coverage", "--spec", spec, "--mocks", mocks.path, "--json"])
            let unasked = try #require(
                try JSONSerialization.jsonObject(with: Data(offline.output.utf8)) as? [String: Any]
            )
            #expect(unasked["exercised"] is NSNull)
        }
    }

    @Test func recordWithASpecReportsWhereTheBackendBrokeIt() async throws {
        try await withPets(Self.pet()) { spec, backendMocks in
            try writeFile(
                #"{ "request": { "path": "/pets/7" }, "response": { "envelope": { "data": { "id": "7", "price": "free" } } } }"#,
                to: backendMocks.appendingPathComponent("pets/seven.json")
            )
            let backend = try await ServeProcess(["--mocks", backendMocks.path, "--quiet", "--no-watch"])
            defer { backend.stop() }
            let recorded = backendMocks.deletingLastPathComponent().appendingPathComponent("Recorded")
            let recorder = try await ServeProcess(
                ["--upstream", "http://127.0.0.1:\(backend.port)", "--mocks", recorded.path, "--spec", spec],
                command: "record"
            )
            _ = try await URLSession.shared.exchange(from: URL(string: "http://127.0.0.1:\(recorder.port)/pets/7")!)
            _ = try await URLSession.shared.exchange(from: URL(string: "http://127.0.0.1:\(recorder.port)/pets/8")!)
            #expect(try await recorder.printed("GET /pets/8 200 .* RECORDED"))
            #expect(await recorder.interrupt() == 0)
            #expect(recorder.text.contains("GET /pets/{id}: 1 response broke the spec"), "\(recorder.text)")
            #expect(
                recorder.text.contains(
                    #/  .*GET-pets-7\.json:\d+: GET /pets/7: data\.price: expected number, got string/#
                ),
                "\(recorder.text)"
            )
            #expect(recorder.text.contains("1 of 2 recorded response(s) broke pets.json."), "\(recorder.text)")
        }
    }
}
