import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// The error a GraphQL call through a client on `transport` throws.
private func graphQLCallError(
    _ transport: StubTransport,
    _ operation: some GraphQLOperation = TestGraphQL.GetUser(id: "42")
) async throws -> NetworkError {
    try await networkError { try await makeClient(transport).send(operation) }
}

@Suite struct GraphQLResponseTests {
    @Test func errorsBecomeAGraphQLErrorWithEverythingTheServerSaid() async throws {
        let body = #"""
            {"errors":[{"message":"Not allowed","locations":[{"line":1,"column":31}],"path":["user","friends",0],
                        "extensions":{"code":"FORBIDDEN","retry":false}},
                       {"message":"Rate limited"}],
             "data":null}
            """#
        let error = try await graphQLCallError(StubTransport(.text(.ok, body)))
        guard case .graphQL(let errors, let data) = error else {
            Issue.record("expected .graphQL, got \(error)")
            return
        }
        #expect(data == nil)
        #expect(errors.count == 2)
        let first = try #require(errors.first)
        #expect(first.message == "Not allowed")
        #expect(first.locations == [GraphQLError.Location(line: 1, column: 31)])
        #expect(first.path == [.field("user"), .field("friends"), .index(0)])
        #expect(first.extensions == ["code": "FORBIDDEN", "retry": false])
        #expect(first.code == "FORBIDDEN")
        #expect(errors[1] == GraphQLError(message: "Rate limited"))
        #expect(error.graphQLErrors == errors)
        #expect(
            error.localizedDescription
                == "The GraphQL server reported an error: Not allowed (at user.friends.0; line 1, column 31)"
                + " (and 1 more)"
        )
    }

    @Test func partialDataComesWithTheErrors() async throws {
        let body = #"{"data":{"user":null},"errors":[{"message":"User 7 is hidden","path":["user"]}]}"#
        let error = try await graphQLCallError(StubTransport(.text(.ok, body)))
        guard case .graphQL(let errors, let data) = error else {
            Issue.record("expected .graphQL, got \(error)")
            return
        }
        #expect(errors.map(\.message) == ["User 7 is hidden"])
        #expect(data == ["user": nil])
        #expect(try error.graphQLData(as: TestGraphQL.UserData.self) == TestGraphQL.UserData(user: nil))
        #expect(error.localizedDescription.hasSuffix("(at user); partial data came with it"))
    }

    @Test func errorsReachTheCallerWhenTheDataDoesNotDecode() async throws {
        let body =
            #"{"data":{"user":{"id":"42","name":null}},"errors":[{"message":"name failed","path":["user","name"]}]}"#
        let error = try await graphQLCallError(StubTransport(.text(.ok, body)))
        #expect(error.graphQLErrors?.map(\.message) == ["name failed"])
        #expect(throws: DecodingError.self) { try error.graphQLData(as: TestGraphQL.UserData.self) }
    }

    @Test func anEmptyErrorsListIsASuccess() async throws {
        let body = #"{"data":{"user":{"id":"42","name":"Ada"}},"errors":[],"extensions":{"cost":3}}"#
        let response = try await makeClient(StubTransport(.text(.ok, body)))
            .send(GraphQLRequest(TestGraphQL.GetUser(id: "42")))
        #expect(response.data.user?.name == "Ada")
        #expect(response.extensions == ["cost": 3])
    }

    @Test func badRequestStaysAnHTTPErrorWhoseGraphQLErrorsCanBeRead() async throws {
        let body =
            #"{"errors":[{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":1,"column":9}]}]}"#
        let transport = StubTransport(
            .text(.badRequest, body, headers: [.contentType: "application/graphql-response+json"])
        )
        let error = try await graphQLCallError(transport)
        #expect(error.status == .badRequest)
        #expect(error.graphQLErrors?.first?.message == "Syntax Error: Expected Name, found <EOF>.")
        #expect(error.graphQLErrors?.first?.locations.first?.column == 9)
        #expect(try error.graphQLData(as: JSONValue.self) == nil)
    }

    @Test func anHTTPErrorWithoutAGraphQLBodyHasNoGraphQLErrors() async throws {
        let error = try await graphQLCallError(StubTransport(.text(.badGateway, "<html>bad gateway</html>")))
        #expect(error.status == .badGateway)
        #expect(error.graphQLErrors == nil)
    }

    @Test func nullDataWithoutErrorsIsNilForAnOptionalAndAnErrorOtherwise() async throws {
        let transport = StubTransport(.text(.ok, #"{"data":null}"#))
        let optional = TestGraphQL.Operation("Maybe", variables: NoVariables(), data: TestGraphQL.UserData?.self)
        #expect(try await makeClient(transport).send(optional) == nil)

        let error = try await graphQLCallError(transport)
        guard case .decoding = error else {
            Issue.record("expected .decoding, got \(error)")
            return
        }
        #expect(error.localizedDescription.contains("expected UserData but found null at data"))
    }

    @Test func aBodyThatIsNotAGraphQLResponseIsADecodingError() async throws {
        let error = try await graphQLCallError(StubTransport(.text(.ok, "<html>maintenance</html>")))
        guard case .decoding(_, let excerpt) = error else {
            Issue.record("expected .decoding, got \(error)")
            return
        }
        #expect(excerpt == "<html>maintenance</html>")
        #expect(error.graphQLErrors == nil)
    }

    @Test func theErrorMapperSeesGraphQLErrors() async throws {
        struct SignedOut: Error {}
        let body = #"{"data":null,"errors":[{"message":"Sign in","extensions":{"code":"UNAUTHENTICATED"}}]}"#
        let client = makeClient(StubTransport(.text(.ok, body))) { error in
            if error.graphQLErrors?.contains(where: { $0.code == "UNAUTHENTICATED" }) == true { return SignedOut() }
            return error
        }
        await #expect(throws: SignedOut.self) { try await client.send(TestGraphQL.GetUser(id: "42")) }
    }

    @Test func aResponseEncodesAsAServerWouldAnswer() throws {
        let response = GraphQLResponse(data: TestGraphQL.UserData(user: TestUser(id: "1", name: "Ada")))
        let json = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(response))
        #expect(json == ["data": ["user": ["id": "1", "name": "Ada"]]])
    }
}
