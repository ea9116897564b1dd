import Foundation
import MockServer
import ServerTestSupport
import StandInFixtures
import Testing

/// `record` in front of a GraphQL backend (a StandIn serving `graphql` fixtures): operations are written under
/// `recorded/graphql/`, a batch one file per operation, and `--mode missing` serves an operation it has recorded.
@Suite(.serialized) struct RecordGraphQLTests {
    private static let backend = [
        "user.json": """
        { "request": { "path": "/graphql", "graphql": { "operationName": "GetUser" } },
          "response": { "graphql": { "data": { "user": { "id": "{{graphql.variables.id}}" } } } } }
        """,
        "login.json": """
        { "request": { "path": "/graphql", "graphql": { "operationName": "Login" } },
          "response": { "graphql": { "data": { "login": { "token": "tok-record-6060" } } } } }
        """,
    ]

    private static let getUser = "query GetUser($id: ID!) { user(id: $id) { id } }"
    private static let login =
        "mutation Login($name: String!, $password: String!) { login(name: $name, password: $password) { token } }"

    private static func operation(_ document: String, _ variables: String) -> String {
        #"{"query": \#(JSONNode(.string(document)).compactString), "variables": \#(variables)}"#
    }

    private func post(_ proxy: URL, _ body: String) async throws -> FetchedResponse {
        try await fetch(
            proxy,
            "/graphql",
            method: "POST",
            headers: ["Content-Type": "application/json"],
            body: Data(body.utf8)
        )
    }

    @Test func operationsAndABatchAreRecordedAsGraphQLFixturesAndMissingModeServesThem() async throws {
        try await withMocks(Self.backend) { backendMocks in
            try await withServer(mocks: backendMocks) { backend in
                try await withMocks([:]) { mocks in
                    let summary = try await withRecordingServer(upstream: backend, mocks: mocks, mode: .missing) {
                        proxy in
                        let first = try await post(proxy, Self.operation(Self.getUser, #"{"id": "1"}"#))
                        #expect(first.text == #"{"data":{"user":{"id":"1"}}}"#)
                        let batch = try await post(
                            proxy,
                            "[" + Self.operation(Self.getUser, #"{"id": "2"}"#) + ","
                                + Self.operation(Self.login, #"{"name": "ada", "password": "pw-record-5050"}"#) + "]"
                        )
                        #expect(batch.text.contains("tok-record-6060"), "the client gets the real token")
                        _ = try await fetch(proxy, "/__standin/reload", method: "POST")
                        let again = try await post(proxy, Self.operation(Self.getUser, #"{"id": "1"}"#))
                        #expect(again.text == first.text)
                        let journal = try await fetch(proxy, "/__standin/requests").json()
                        let entries = try #require(journal["requests"] as? [[String: Any]])
                        let operations = entries.compactMap { $0["graphqlOperations"] as? [String] }
                        #expect(operations.contains(["GetUser", "Login"]), "\(operations)")
                        let served = entries.first {
                            ($0["fixture"] as? String)?.hasPrefix("recorded/graphql/") == true
                        }
                        #expect(served != nil, "the second GetUser 1 is served from the file recorded: \(entries)")
                        #expect(!"\(entries)".contains("pw-record-5050"), "the journal redacts the password")
                    }
                    #expect(
                        summary.files.map(\.endpoint).sorted()
                            == ["POST /graphql GetUser", "POST /graphql GetUser", "POST /graphql Login"]
                    )
                    let written = files(under: mocks)
                    #expect(
                        written.count == 3 && written.allSatisfy { $0.hasPrefix("recorded/graphql/") },
                        "\(written)"
                    )
                    let text = written.map {
                        (try? String(contentsOf: mocks.appendingPathComponent($0), encoding: .utf8)) ?? ""
                    }.joined()
                    #expect(!text.contains("pw-record-5050") && !text.contains("tok-record-6060"), "\(text)")
                }
            }
        }
    }
}
