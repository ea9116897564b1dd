import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// GraphQL operations sent by `APIClient` get the same answers from the server (over URLSession) and from
/// `MockRegistry`, with fixtures in the `json` body form matched on the operation's name and variables.
@Suite struct GraphQLClientSameOutcomeTests {
    private static let files = [
        "graphql/get-user.json": TestGraphQL.getUserFixture(
            id: "42",
            response: #"{ "json": { "data": { "user": { "id": "{{body.variables.id}}", "name": "Ada" } } } }"#
        ),
        "graphql/get-user-hidden.json": TestGraphQL.getUserFixture(
            id: "7",
            response: #"""
                { "json": { "data": { "user": null },
                            "errors": [ { "message": "User 7 is hidden", "path": ["user"],
                                          "locations": [ { "line": 1, "column": 27 } ],
                                          "extensions": { "code": "FORBIDDEN" } } ] } }
                """#
        ),
        "graphql/get-user-failing.json": TestGraphQL.getUserFixture(
            id: "0",
            response: #"{ "json": { "data": null, "errors": [ { "message": "Users are down" } ] } }"#
        ),
        "graphql/invalid.json": #"""
        { "request": { "method": "POST", "path": "/graphql", "body": { "json": { "operationName": "Broken" } } },
          "response": { "status": 400,
                        "json": { "errors": [ { "message": "Cannot query field \"nme\" on type \"User\".",
                                                "locations": [ { "line": 1, "column": 18 } ],
                                                "extensions": { "code": "GRAPHQL_VALIDATION_FAILED" } } ] } } }
        """#,
        "graphql/viewer.json": #"""
        { "request": { "method": "POST", "path": "/graphql", "headers": { "Authorization": "Bearer fresh" },
                       "body": { "json": { "operationName": "Viewer" } } },
          "response": { "json": { "data": { "viewer": { "id": "1", "name": "Ada" } } } } }
        """#,
        "graphql/viewer-signed-out.json": #"""
        { "request": { "method": "POST", "path": "/graphql", "body": { "json": { "operationName": "Viewer" } } },
          "response": { "status": 401,
                        "json": { "errors": [ { "message": "Sign in",
                                                "extensions": { "code": "UNAUTHENTICATED" } } ] } } }
        """#,
    ]

    @Test(arguments: Mode.allCases) func theOperationsVariablesChooseTheAnswerItsDataDecodesFrom(
        mode: Mode
    ) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let data = try await client.send(TestGraphQL.GetUser(id: "42"))
            #expect(data == TestGraphQL.UserData(user: TestUser(id: "42", name: "Ada")))

            let unknown = try await networkError { try await client.send(TestGraphQL.GetUser(id: "99")) }
            #expect(unknown.status == .notFound)
        }
    }

    @Test(arguments: Mode.allCases) func anAnswerWithErrorsIsAGraphQLError(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let error = try await networkError { try await client.send(TestGraphQL.GetUser(id: "0")) }
            guard case .graphQL(let errors, let data) = error else {
                Issue.record("expected .graphQL, got \(error)")
                return
            }
            #expect(errors == [GraphQLError(message: "Users are down")])
            #expect(data == nil)
        }
    }

    @Test(arguments: Mode.allCases) func partialDataArrivesWithItsErrors(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let error = try await networkError { try await client.send(TestGraphQL.GetUser(id: "7")) }
            guard case .graphQL(let errors, let data) = error else {
                Issue.record("expected .graphQL, got \(error)")
                return
            }
            let expected = GraphQLError(
                message: "User 7 is hidden",
                locations: [GraphQLError.Location(line: 1, column: 27)],
                path: [.field("user")],
                extensions: ["code": "FORBIDDEN"]
            )
            #expect(errors == [expected])
            #expect(data == ["user": nil])
            #expect(try error.graphQLData(as: TestGraphQL.UserData.self) == TestGraphQL.UserData(user: nil))
        }
    }

    @Test(arguments: Mode.allCases) func aBadRequestKeepsItsStatusAndItsErrors(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let client = APIClient(baseURL: base, transport: transport)
            let broken = TestGraphQL.Operation(
                "Broken",
                document: "query Broken { nme }",
                variables: NoVariables(),
                data: JSONValue.self
            )
            let error = try await networkError { try await client.send(broken) }
            #expect(error.status == .badRequest)
            let errors = try #require(error.graphQLErrors)
            #expect(errors.map(\.message) == [#"Cannot query field "nme" on type "User"."#])
            #expect(errors.first?.code == "GRAPHQL_VALIDATION_FAILED")
        }
    }

    @Test(arguments: Mode.allCases) func anUnauthorizedOperationIsSentAgainAfterARefresh(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let tokens = CountingTokens(token: "stale")
            let client = APIClient(baseURL: base, transport: transport, middleware: [AuthMiddleware(tokens: tokens)])
            let data = try await client.send(TestGraphQL.Viewer())
            #expect(data.viewer.name == "Ada")
            #expect(await tokens.refreshes == 1)
        }
    }
}
