import Foundation
import NetworkCore
import Testing

/// GraphQL operations come out the same from the server and from `MockRegistry`: matched by name and variables,
/// a variant's errors, a batch in order, a persisted query's hash, and the GraphQL-shaped answers to what no
/// fixture answers.
@Suite struct GraphQLSameOutcomeTests {
    private static let getUser = #"query GetUser($id: ID!) { user(id: $id) { id name } }"#

    private static let files = [
        "graphql/GetUser.json": #"""
        { "request": { "path": "/graphql", "graphql": { "operationName": "GetUser", "variables": { "id": "42" } } },
          "response": { "graphql": { "data": { "user": { "id": "{{graphql.variables.id}}", "name": "Ada" } } } },
          "variants": { "missing": { "graphql": { "data": null, "errors": [ { "message": "no such user" } ] } } } }
        """#,
        "graphql/Ping.json": #"""
        { "request": { "path": "/graphql", "graphql": { "persistedQueryHash": "\#(String(repeating: "ab", count: 32))" } },
          "response": { "graphql": { "data": { "ping": "pong" } } } }
        """#,
    ]

    private func operation(id: String) -> String {
        #"{"query":"\#(Self.getUser)","variables":{"id":"\#(id)"}}"#
    }

    private func firstError(_ response: TransportResponse) throws -> (message: String, code: String?) {
        let errors = try #require(try jsonObject(response)["errors"] as? [[String: Any]])
        let error = try #require(errors.first)
        return (error["message"] as? String ?? "", (error["extensions"] as? [String: Any])?["code"] as? String)
    }

    @Test(arguments: Mode.allCases) func anOperationIsAnsweredByNameAndVariables(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let response = try await exchange(transport, base, .post, "/graphql", body: operation(id: "42"))
            #expect(response.head.status == .ok)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"data":{"user":{"id":"42","name":"Ada"}}}"#)
        }
    }

    @Test(arguments: Mode.allCases) func aVariantAnswersWithErrors(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let response = try await exchange(
                transport,
                base,
                .post,
                "/graphql",
                body: operation(id: "42"),
                headers: ["X-StandIn-Variant": "missing"]
            )
            #expect(try firstError(response).message == "no such user")
        }
    }

    @Test(arguments: Mode.allCases) func aBatchIsAnsweredInOrder(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let batch = "[\(operation(id: "42")),\(operation(id: "7"))]"
            let response = try await exchange(transport, base, .post, "/graphql", body: batch)
            #expect(response.head.status == .ok)
            let answers = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
            #expect(answers.count == 2)
            #expect(((answers[0]["data"] as? [String: Any])?["user"] as? [String: Any])?["id"] as? String == "42")
            let miss = try #require((answers[1]["errors"] as? [[String: Any]])?.first)
            #expect((miss["message"] as? String)?.contains(#"variable "id" is "7", expected "42""#) == true)
        }
    }

    @Test(arguments: Mode.allCases) func aPersistedQueryIsAnsweredByItsHash(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let hash = String(repeating: "ab", count: 32)
            let known = #"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}}"#
            let answer = try await exchange(transport, base, .post, "/graphql", body: known)
            #expect(String(decoding: answer.body, as: UTF8.self) == #"{"data":{"ping":"pong"}}"#)
            let unknown =
                #"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(String(repeating: "0", count: 64))"}}}"#
            let notFound = try await exchange(transport, base, .post, "/graphql", body: unknown)
            #expect(notFound.head.status == .ok)
            #expect(try firstError(notFound).code == "PERSISTED_QUERY_NOT_FOUND")
        }
    }

    @Test(arguments: Mode.allCases) func whatNoFixtureAnswersGetsAGraphQLShapedError(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let missing = try await exchange(transport, base, .post, "/graphql", body: operation(id: "7"))
            #expect(missing.head.status == .notFound)
            #expect(try firstError(missing).code == "STANDIN_NO_MATCH")
            let broken = try await exchange(transport, base, .post, "/graphql", body: #"{"query":"query {"}"#)
            #expect(broken.head.status == .badRequest)
            #expect(try firstError(broken).code == "GRAPHQL_PARSE_FAILED")
        }
    }
}
