import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// A token store whose refresh hands out `fresh`.
private actor RefreshingTokens: TokenStore {
    private var token: String? = "stale"
    private(set) var refreshes = 0

    func accessToken() -> String? { token }

    func refreshAccessToken() async throws -> String? {
        refreshes += 1
        token = "fresh"
        return token
    }
}

private let userAnswer = TransportResponse.text(.ok, #"{"data":{"user":{"id":"42","name":"Ada"}}}"#)

/// GraphQL calls go through the client's middleware as every call does.
@Suite struct GraphQLMiddlewareTests {
    @Test func anUnauthorizedOperationIsSentAgainWithTheRefreshedToken() async throws {
        let transport = StubTransport { request, _ in
            request.head.headerFields[.authorization] == "Bearer fresh" ? userAnswer : .text(.unauthorized)
        }
        let tokens = RefreshingTokens()
        let client = makeClient(transport, middleware: [AuthMiddleware(tokens: tokens)])
        let data = try await client.send(TestGraphQL.GetUser(id: "42"))
        #expect(data.user?.name == "Ada")
        #expect(await tokens.refreshes == 1)
        let requests = transport.requests
        #expect(requests.map { $0.head.headerFields[.authorization] } == ["Bearer stale", "Bearer fresh"])
        #expect(requests.map(\.bodyText) == Array(repeating: requests[0].bodyText, count: 2))
    }

    @Test func anOperationThatNeverReachedTheServerIsRetried() async throws {
        let transport = StubTransport { _, index in
            if index == 0 { throw TransportError.cannotConnect(underlying: nil) }
            return userAnswer
        }
        let client = makeClient(transport, middleware: [RetryMiddleware { _ in }])
        #expect(try await client.send(TestGraphQL.GetUser(id: "42")).user?.id == "42")
        #expect(transport.requests.count == 2)
    }

    @Test func aPostedOperationIsRetriedOnAStatusOnlyWhenThePolicyAllowsPosts() async throws {
        let unavailable = { StubTransport(.text(.serviceUnavailable), userAnswer) }
        let strict = unavailable()
        let error = try await networkError {
            try await makeClient(strict, middleware: [RetryMiddleware { _ in }]).send(TestGraphQL.GetUser(id: "42"))
        }
        #expect(error.status == .serviceUnavailable)
        #expect(strict.requests.count == 1)

        let lenient = unavailable()
        let retry = RetryMiddleware(policy: RetryPolicy(retriesNonIdempotentRequests: true)) { _ in }
        #expect(try await makeClient(lenient, middleware: [retry]).send(TestGraphQL.GetUser(id: "42")).user != nil)
        #expect(lenient.requests.count == 2)
    }

    @Test func loggingSeesTheOperationsCall() async throws {
        let entries = Recorder<LoggingMiddleware.Entry>()
        let body = #"{"data":null,"errors":[{"message":"Not allowed"}]}"#
        let client = makeClient(StubTransport(.text(.ok, body)), middleware: [LoggingMiddleware { entries.append($0) }])
        _ = try await networkError { try await client.send(TestGraphQL.GetUser(id: "42")) }
        let entry = try #require(entries.values.first)
        #expect(entry.line.hasPrefix("POST https://api.example.com/v1/graphql -> 200 OK ("))
    }
}
