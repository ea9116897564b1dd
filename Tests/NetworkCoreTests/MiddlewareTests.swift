import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

/// A middleware that records when it sees the request and the response.
private struct Tracing: Middleware {
    let name: String
    let trace: Recorder<String>

    func intercept(
        _ request: ClientRequest,
        next: @Sendable (ClientRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        trace.append("\(name) in")
        var request = request
        request.head.headerFields.append(HTTPField(name: HTTPField.Name("X-Trace")!, value: name))
        let response = try await next(request)
        trace.append("\(name) out")
        return response
    }
}

/// A middleware that runs a closure around each call, for tests that watch what passes.
private struct Intercepting: Middleware {
    typealias Next = @Sendable (ClientRequest) async throws -> ClientResponse
    let body: @Sendable (ClientRequest, Next) async throws -> ClientResponse

    func intercept(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        try await body(request, next)
    }
}

@Suite struct MiddlewareTests {
    @Test func middlewareRunsAsAnOnionFirstOutermost() async throws {
        let trace = Recorder<String>()
        let transport = StubTransport { request, _ in
            trace.append("transport")
            return .envelope()
        }
        let client = makeClient(
            transport,
            middleware: [Tracing(name: "a", trace: trace), Tracing(name: "b", trace: trace)]
        )
        _ = try await client.send(AnyEndpoint<EmptyResponse>())
        #expect(trace.values == ["a in", "b in", "transport", "b out", "a out"])
        let fields = try #require(transport.requests.first?.head.headerFields)
        #expect(fields[values: HTTPField.Name("X-Trace")!] == ["a", "b"])
    }

    @Test func modifiersRunBeforeMiddleware() async throws {
        let seen = Recorder<String?>()
        let peek = Intercepting { request, next in
            seen.append(request.head.headerFields[.userAgent])
            return try await next(request)
        }
        let client = makeClient(
            StubTransport(.envelope()),
            middleware: [peek],
            modifiers: [.userAgent("Shop/2.1")]
        )
        _ = try await client.send(AnyEndpoint<EmptyResponse>())
        #expect(seen.values == ["Shop/2.1"])
    }

    @Test func middlewareSeesBusinessCodesBeforeTheyAreThrown() async throws {
        let codes = Recorder<Int?>()
        let peek = Intercepting { request, next in
            let response = try await next(request)
            codes.append(response.envelope?.code)
            return response
        }
        let client = makeClient(StubTransport(.envelope(code: 42)), middleware: [peek])
        let error = try await networkError { try await client.send(AnyEndpoint<EmptyResponse>()) }
        #expect(error.businessCode == 42)
        #expect(codes.values == [42])
    }
}
