import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// The body a transport received, parsed as a JSON object.
private func sentJSON(_ request: TransportRequest?) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: try #require(request?.body))
}

private let userAnswer = TransportResponse.text(.ok, #"{"data":{"user":{"id":"42","name":"Ada"}}}"#)

@Suite struct GraphQLRequestTests {
    @Test func operationIsPostedAsGraphQLsJSONRequest() async throws {
        let transport = StubTransport(userAnswer)
        let data = try await makeClient(transport).send(TestGraphQL.GetUser(id: "42"))
        #expect(data.user == TestUser(id: "42", name: "Ada"))

        let request = try #require(transport.requests.first)
        #expect(request.head.method == .post)
        #expect(request.head.url?.absoluteString == "https://api.example.com/v1/graphql")
        #expect(request.head.headerFields[.contentType] == "application/json")
        #expect(request.head.headerFields[.accept] == "application/graphql-response+json, application/json;q=0.9")
        let expected: JSONValue = [
            "query": "query GetUser($id: ID!) { user(id: $id) { id name } }",
            "operationName": "GetUser",
            "variables": ["id": "42"],
        ]
        #expect(try sentJSON(request) == expected)
    }

    @Test func operationWithoutVariablesSendsNone() async throws {
        let transport = StubTransport(.text(.ok, #"{"data":{"viewer":{"id":"1","name":"Ada"}}}"#))
        let data = try await makeClient(transport).send(TestGraphQL.Viewer())
        #expect(data.viewer.name == "Ada")
        #expect(try sentJSON(transport.requests.first).objectValue?.keys.sorted() == ["operationName", "query"])
    }

    @Test func theClientsKeyStrategyRenamesVariablesButNotTheRequestsKeys() async throws {
        struct Variables: Encodable, Sendable { let userId: String }
        let transport = StubTransport(.text(.ok, #"{"data":null}"#))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, encoder: encoder)
        let operation = TestGraphQL.Operation("GetUser", variables: Variables(userId: "42"), data: JSONValue.self)
        _ = try await client.send(operation)
        let sent = try sentJSON(transport.requests.first)
        #expect(sent["operationName"] == "GetUser")
        #expect(sent["variables"] == ["user_id": "42"])
    }

    @Test func pathAndHeadersAreTheRequestsToChoose() async throws {
        let transport = StubTransport(userAnswer)
        let request = GraphQLRequest(
            TestGraphQL.GetUser(id: "42"),
            path: "/api/graphql",
            headers: [.accept: "application/json", .init("X-Client")!: "ios"]
        )
        let response = try await makeClient(transport).send(request)
        #expect(response.data.user?.name == "Ada")
        let head = try #require(transport.requests.first?.head)
        #expect(head.url?.absoluteString == "https://api.example.com/v1/api/graphql")
        #expect(head.headerFields[.accept] == "application/json")
        #expect(head.headerFields[.init("X-Client")!] == "ios")
        #expect(try await makeClient(transport).send(TestGraphQL.GetUser(id: "42"), path: "/gql").user?.id == "42")
        #expect(transport.requests.last?.head.url?.path == "/v1/gql")
    }

    @Test func variablesThatCannotBeEncodedAreAnInvalidRequest() async throws {
        struct Bad: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
            }
        }
        let transport = StubTransport(userAnswer)
        let operation = TestGraphQL.Operation("Broken", variables: Bad(), data: JSONValue.self)
        let error = try await networkError { try await makeClient(transport).send(operation) }
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
        #expect(reason.contains("could not be encoded"))
        #expect(transport.requests.isEmpty)
    }
}
