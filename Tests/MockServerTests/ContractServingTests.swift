import Foundation
import ServerTestSupport
import StandInContract
import StandInFixtures
import Testing

@testable import MockServer

/// `serve --spec`: requests held to an OpenAPI document by the real server, refused with 422 and their violations
/// (or the fixture's own 422 variant), answered with `X-StandIn-Violations` in `warn` mode, and every answer checked
/// against the operation's response, all of it in the journal.
@Suite struct ContractServingTests {
    static let spec = #"""
        {
          "openapi": "3.1.0",
          "info": { "title": "Pets", "version": "1" },
          "paths": {
            "/pets": {
              "get": {
                "parameters": [
                  { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 100 } }
                ],
                "responses": {
                  "200": { "description": "pets", "content": { "application/json": {
                    "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Pet" } } } } }
                }
              },
              "post": {
                "requestBody": { "required": true, "content": { "application/json": {
                  "schema": { "$ref": "#/components/schemas/NewPet" } } } },
                "responses": {
                  "201": { "description": "made", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Pet" } } } },
                  "422": { "description": "refused", "content": { "application/json": { "schema": { "type": "object" } } } }
                }
              }
            },
            "/pets/{petId}": {
              "get": {
                "parameters": [ { "name": "petId", "in": "path", "required": true, "schema": { "type": "integer" } } ],
                "responses": {
                  "200": { "description": "a pet", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Pet" } } } }
                }
              }
            }
          },
          "components": { "schemas": {
            "Pet": { "type": "object", "required": ["id", "name"],
                     "properties": { "id": { "type": "integer" }, "name": { "type": "string" } } },
            "NewPet": { "type": "object", "required": ["name"], "additionalProperties": false,
                        "properties": { "name": { "type": "string", "maxLength": 20 }, "tag": { "type": "string" } } }
          } }
        }
        """#

    static let fixtures = [
        "pets/list.json": #"""
        { "request": { "method": "GET", "path": "/pets" },
          "response": { "json": [ { "id": 1, "name": "Rex" } ] } }
        """#,
        "pets/get.json": #"""
        { "request": { "method": "GET", "path": "/pets/{petId}" },
          "response": { "json": { "id": "{{path.petId}}", "name": "Rex" } } }
        """#,
        "pets/create.json": #"""
        { "request": { "method": "POST", "path": "/pets" },
          "response": { "status": 201, "json": { "id": 7, "name": "{{json body.name}}" } },
          "variants": { "refused": { "status": 422, "json": { "error": "the spec's own refusal" } } } }
        """#,
        "health.json": #"""
        { "request": { "method": "GET", "path": "/health" }, "response": { "text": "ok" } }
        """#,
    ]

    private func withSpec(
        mode: ServedContract.Mode = .enforce,
        fixtures: [String: String] = Self.fixtures,
        _ body: (URL) async throws -> Void
    ) async throws {
        let contract = try Contract(document: JSONParser.parse(Self.spec))
        try await withMocks(fixtures) { mocks in
            try await withServer(mocks: mocks, configure: { $0.contract = ServedContract(contract, mode: mode) }) {
                try await body($0)
            }
        }
    }

    private func lastEntry(_ base: URL) async throws -> [String: Any] {
        let journal = try await fetch(base, "/__standin/requests").json()
        return try #require((journal["requests"] as? [[String: Any]])?.last)
    }

    @Test func aConformingRequestIsAnsweredByItsFixture() async throws {
        try await withSpec { base in
            let response = try await fetch(base, "/pets?limit=10")
            #expect(response.status == 200)
            #expect(response.header("X-StandIn-Violations") == nil)
            let contract = try #require(try await lastEntry(base)["contract"] as? [String: Any])
            #expect(contract["operation"] as? String == "GET /pets")
            #expect((contract["requestViolations"] as? [Any])?.isEmpty == true)
            #expect((contract["responseViolations"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aQueryParameterOfTheWrongTypeIsRefusedWith422() async throws {
        try await withSpec { base in
            let response = try await fetch(base, "/pets?limit=lots")
            #expect(response.status == 422)
            let envelope = try response.json()
            #expect(envelope["code"] as? Int == 422)
            #expect((envelope["message"] as? String)?.contains("query /limit") == true)
            let violations = try #require((envelope["data"] as? [String: Any])?["violations"] as? [[String: Any]])
            #expect(violations.count == 1)
            #expect(violations.first?["in"] as? String == "query")
            #expect(violations.first?["pointer"] as? String == "/limit")
            #expect(violations.first?["rule"] as? String == "type")
            let entry = try await lastEntry(base)
            #expect(entry["status"] as? Int == 422)
            let contract = try #require(entry["contract"] as? [String: Any])
            #expect((contract["requestViolations"] as? [Any])?.count == 1)
        }
    }

    @Test func eachPartOfARequestIsNamedWhereItBreaksTheSpec() async throws {
        try await withSpec { base in
            let path = try await fetch(base, "/pets/abc")
            #expect(path.status == 422)
            let pathViolation = try #require(
                ((try path.json()["data"] as? [String: Any])?["violations"] as? [[String: Any]])?.first
            )
            #expect(pathViolation["in"] as? String == "path")
            #expect(pathViolation["pointer"] as? String == "/petId")

            let bounds = try await fetch(base, "/pets?limit=0")
            #expect(bounds.status == 422)
            #expect(bounds.text.contains("minimum"))
        }
    }

    @Test func theFixturesOwn422VariantAnswersABodyThatBreaksTheSpec() async throws {
        try await withSpec { base in
            let response = try await fetch(
                base,
                "/pets",
                method: "POST",
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"name": 5, "color": "red"}"#.utf8)
            )
            #expect(response.status == 422)
            #expect(try response.json()["error"] as? String == "the spec's own refusal")
            let contract = try #require(try await lastEntry(base)["contract"] as? [String: Any])
            let violations = try #require(contract["requestViolations"] as? [[String: Any]])
            // A member `additionalProperties` refuses is named in the message of a violation at its object.
            #expect(Set(violations.compactMap { $0["pointer"] as? String }) == ["/name", ""])
            #expect(violations.contains { ($0["message"] as? String)?.contains("color") == true })
            #expect(violations.allSatisfy { $0["in"] as? String == "body" })
        }
    }

    @Test func aBodyOfTheWrongContentTypeIsRefused() async throws {
        let fixtures = Self.fixtures.filter { $0.key != "pets/create.json" }.merging([
            "pets/create.json": #"""
            { "request": { "method": "POST", "path": "/pets" },
              "response": { "status": 201, "json": { "id": 7, "name": "Rex" } } }
            """#
        ]) { $1 }
        try await withSpec(fixtures: fixtures) { base in
            let response = try await fetch(
                base,
                "/pets",
                method: "POST",
                headers: ["Content-Type": "text/plain"],
                body: Data("Rex".utf8)
            )
            #expect(response.status == 422)
            let violation = try #require(
                ((try response.json()["data"] as? [String: Any])?["violations"] as? [[String: Any]])?.first
            )
            #expect(violation["in"] as? String == "body")
            #expect(violation["rule"] as? String == "contentType")
            let missing = try await fetch(base, "/pets", method: "POST")
            #expect(missing.status == 422)
            #expect(missing.text.contains("required"))
        }
    }

    @Test func warnModeAnswersAndCountsTheViolations() async throws {
        try await withSpec(mode: .warn) { base in
            let response = try await fetch(base, "/pets?limit=lots")
            #expect(response.status == 200)
            #expect(response.header("X-StandIn-Violations") == "1")
            let contract = try #require(try await lastEntry(base)["contract"] as? [String: Any])
            #expect((contract["requestViolations"] as? [Any])?.count == 1)
        }
    }

    @Test func anAnswerThatBreaksTheSpecIsJournaled() async throws {
        try await withSpec { base in
            // The fixture renders the id from the path as a string; the spec says integer.
            let response = try await fetch(base, "/pets/42")
            #expect(response.status == 200)
            let contract = try #require(try await lastEntry(base)["contract"] as? [String: Any])
            let violations = try #require(contract["responseViolations"] as? [[String: Any]])
            #expect(violations.count == 1)
            #expect(violations.first?["pointer"] as? String == "/id")
            #expect(violations.first?["rule"] as? String == "type")
        }
    }

    @Test func aFixedAnswerIsJudgedOnceAndJournaledEachTimeUntilItChanges() async throws {
        let breaking = #"""
            { "request": { "method": "GET", "path": "/pets" }, "response": { "json": [ { "id": 1, "name": 2 } ] } }
            """#
        var fixtures = Self.fixtures
        fixtures["pets/list.json"] = breaking
        let contract = try Contract(document: JSONParser.parse(Self.spec))
        try await withMocks(fixtures) { mocks in
            try await withServer(mocks: mocks, configure: { $0.contract = ServedContract(contract) }) { base in
                for _ in 0..<2 {
                    #expect(try await fetch(base, "/pets").text == #"[{"id":1,"name":2}]"#)
                    let note = try #require(try await lastEntry(base)["contract"] as? [String: Any])
                    let violations = try #require(note["responseViolations"] as? [[String: Any]])
                    #expect(violations.map { $0["pointer"] as? String } == ["/0/name"])
                }
                // Mended and reloaded: the new answer is judged, not the old one's verdict reused.
                try writeFile(Self.fixtures["pets/list.json"]!, to: mocks.appendingPathComponent("pets/list.json"))
                #expect(try await fetch(base, "/__standin/reload", method: "POST").status == 200)
                #expect(try await fetch(base, "/pets").text == #"[{"id":1,"name":"Rex"}]"#)
                let note = try #require(try await lastEntry(base)["contract"] as? [String: Any])
                #expect((note["responseViolations"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test func answersStandInGivesItselfAreJournaledWithTheOperation() async throws {
        var fixtures = Self.fixtures
        fixtures["pets/list.json"] = nil
        try await withSpec(fixtures: fixtures) { base in
            // No fixture for an operation the spec has (the path has only a POST fixture, so 405): the journal names
            // the operation.
            let missing = try await fetch(base, "/pets")
            #expect(missing.status == 405, "\(missing.status) \(missing.text)")
            var contract = try #require(try await lastEntry(base)["contract"] as? [String: Any])
            #expect(contract["operation"] as? String == "GET /pets")
            // A variant the fixture lacks: StandIn's 400 names it too.
            let refused = try await fetch(base, "/pets/42", headers: ["X-StandIn-Variant": "missing"])
            #expect(refused.status == 400)
            contract = try #require(try await lastEntry(base)["contract"] as? [String: Any])
            #expect(contract["operation"] as? String == "GET /pets/{petId}")
        }
    }

    @Test func aRequestTheSpecLacksIsAnsweredAndJournaledAsSuch() async throws {
        try await withSpec { base in
            let response = try await fetch(base, "/health")
            #expect(response.status == 200)
            #expect(response.text == "ok")
            let contract = try #require(try await lastEntry(base)["contract"] as? [String: Any])
            #expect(contract["operation"] is NSNull)
        }
    }
}
