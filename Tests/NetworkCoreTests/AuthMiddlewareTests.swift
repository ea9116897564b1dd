import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// A token store that counts refreshes; refreshing takes a little while so that concurrent calls overlap it.
private actor CountingTokens: TokenStore {
    private var token: String?
    private(set) var refreshes = 0
    private let refreshed: String?

    init(token: String?, refreshed: String? = "fresh") {
        self.token = token
        self.refreshed = refreshed
    }

    func accessToken() -> String? { token }

    func refreshAccessToken() async throws -> String? {
        refreshes += 1
        try await Task.sleep(for: .milliseconds(50))
        token = refreshed
        return refreshed
    }
}

/// Answers 401 (or `rejection`) unless the request carries `Bearer fresh`.
private func server(rejection: TransportResponse = .text(.unauthorized)) -> StubTransport {
    StubTransport { request, _ in
        if request.head.headerFields[.authorization] == "Bearer fresh" {
            return .envelope(data: #"{"id":"1","name":"Ada"}"#)
        }
        try await Task.sleep(for: .milliseconds(5))
        return rejection
    }
}

@Suite struct AuthMiddlewareTests {
    @Test func tokenIsSentAsBearer() async throws {
        let transport = StubTransport(.envelope(data: #"{"id":"1","name":"Ada"}"#))
        let tokens = CountingTokens(token: "abc")
        _ = try await makeClient(transport, middleware: [AuthMiddleware(tokens: tokens)]).send(API.Users.Get())
        #expect(transport.requests.first?.head.headerFields[.authorization] == "Bearer abc")
        #expect(await tokens.refreshes == 0)
    }

    @Test func unauthorizedRefreshesOnceAndRetries() async throws {
        let transport = server()
        let tokens = CountingTokens(token: "stale")
        let user = try await makeClient(transport, middleware: [AuthMiddleware(tokens: tokens)]).send(API.Users.Get())
        #expect(user.name == "Ada")
        #expect(await tokens.refreshes == 1)
        #expect(transport.requests.map { $0.head.headerFields[.authorization] } == ["Bearer stale", "Bearer fresh"])
    }

    @Test func configuredBusinessCodeRefreshes() async throws {
        let transport = server(rejection: .envelope(code: 40101, message: "token expired"))
        let tokens = CountingTokens(token: "stale")
        let auth = AuthMiddleware(tokens: tokens, refreshCodes: [40101])
        let user = try await makeClient(transport, middleware: [auth]).send(API.Users.Get())
        #expect(user.id == "1")
        #expect(await tokens.refreshes == 1)
    }

    @Test func twentyConcurrentRejectionsRefreshExactlyOnce() async throws {
        let transport = server()
        let tokens = CountingTokens(token: "stale")
        let client = makeClient(transport, middleware: [AuthMiddleware(tokens: tokens)])
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(API.Users.Get()).name } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: "Ada", count: 20))
        #expect(await tokens.refreshes == 1)
        #expect(transport.requests.count == 40)
    }

    @Test func failedRefreshReturnsTheRejection() async throws {
        let transport = server()
        let tokens = CountingTokens(token: "stale", refreshed: nil)
        let client = makeClient(transport, middleware: [AuthMiddleware(tokens: tokens)])
        let error = try await networkError { try await client.send(API.Users.Get()) }
        #expect(error.status == .unauthorized)
        #expect(transport.requests.count == 1)
    }

    @Test func stillRejectedAfterRefreshIsNotRetriedAgain() async throws {
        let transport = StubTransport(.text(.unauthorized))
        let tokens = CountingTokens(token: "stale")
        let client = makeClient(transport, middleware: [AuthMiddleware(tokens: tokens)])
        let error = try await networkError { try await client.send(API.Users.Get()) }
        #expect(error.status == .unauthorized)
        #expect(transport.requests.count == 2)
        #expect(await tokens.refreshes == 1)
    }
}
