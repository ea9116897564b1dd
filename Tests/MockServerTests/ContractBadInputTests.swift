import Foundation
import ServerTestSupport
import StandInContract
import StandInFixtures
import Testing

@testable import MockServer

/// A body nested past the parser's depth, under `serve --spec`: a violation, and the server goes on answering.
/// (Megabytes of body against the same schema: `ContractHostileInputCommandTests`, through the built binary, as they
/// take too long under the sanitizers these tests also run under.)
@Suite struct ContractBadInputTests {
    static let spec = #"""
        {
          "openapi": "3.1.0",
          "info": { "title": "Trees", "version": "1" },
          "paths": {
            "/trees": {
              "post": {
                "requestBody": { "required": true, "content": { "application/json": {
                  "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Node" } } } } },
                "responses": { "201": { "description": "planted" } }
              }
            }
          },
          "components": { "schemas": {
            "Node": {
              "type": "object",
              "required": ["value"],
              "properties": {
                "value": { "anyOf": [ { "type": "integer", "maximum": 1000 }, { "type": "string", "pattern": "^v[0-9]+$" } ] },
                "children": { "type": "array", "items": { "$ref": "#/components/schemas/Node" } }
              }
            }
          } }
        }
        """#

    static let fixtures = [
        "trees/plant.json": #"{ "request": { "method": "POST", "path": "/trees" }, "response": { "status": 201 } }"#,
        "ping.json": #"{ "request": { "method": "GET", "path": "/ping" }, "response": { "text": "pong" } }"#,
    ]

    private func withSpec(_ body: (URL) async throws -> Void) async throws {
        let contract = try Contract(document: JSONParser.parse(Self.spec))
        try await withMocks(Self.fixtures) { mocks in
            try await withServer(mocks: mocks, configure: { $0.contract = ServedContract(contract) }) {
                try await body($0)
            }
        }
    }

    private func post(_ base: URL, _ body: Data) async throws -> FetchedResponse {
        try await fetch(base, "/trees", method: "POST", headers: ["Content-Type": "application/json"], body: body)
    }

    @Test func aBodyNestedPastTheParsersDepthIsAViolation() async throws {
        let deep = String(repeating: #"{"value":1,"children":["#, count: 600) + String(repeating: "]}", count: 600)
        try await withSpec { base in
            let response = try await post(base, Data("[\(deep)]".utf8))
            #expect(response.status == 422)
            let violation = try #require(
                ((try response.json()["data"] as? [String: Any])?["violations"] as? [[String: Any]])?.first
            )
            #expect(violation["in"] as? String == "body")
            #expect(violation["rule"] as? String == "json")
            #expect(try await fetch(base, "/ping").text == "pong")
        }
    }
}
