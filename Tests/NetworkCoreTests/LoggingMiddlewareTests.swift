import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

@Suite struct LoggingMiddlewareTests {
    @Test func loggingRecordsTheCallAndRedactsSecrets() async throws {
        let entries = Recorder<LoggingMiddleware.Entry>()
        let transport = StubTransport(.text(.ok, #"{"code":0}"#, headers: [.setCookie: "sid=secret"]))
        let client = makeClient(transport, middleware: [LoggingMiddleware { entries.append($0) }])
        let endpoint = AnyEndpoint<EmptyResponse>(headers: [.authorization: "Bearer top-secret", .accept: "*/*"])
        _ = try await client.send(endpoint)

        let entry = try #require(entries.values.first)
        #expect(entry.method == .get)
        #expect(entry.url == "https://api.example.com/v1/any")
        #expect(entry.status == .ok)
        #expect(entry.requestHeaders[.authorization] == "<redacted>")
        #expect(entry.requestHeaders[.accept] == "*/*")
        #expect(entry.responseHeaders[.setCookie] == "<redacted>")
        #expect(entry.line.hasPrefix("GET https://api.example.com/v1/any -> 200 OK ("))
        #expect(entry.line.hasSuffix(" ms)"))
        #expect(transport.requests.first?.head.headerFields[.authorization] == "Bearer top-secret")
    }

    @Test func loggingRecordsFailures() async throws {
        let entries = Recorder<LoggingMiddleware.Entry>()
        let transport = StubTransport { _, _ in throw TransportError.cannotConnect(underlying: nil) }
        let client = makeClient(transport, middleware: [LoggingMiddleware { entries.append($0) }])
        let error = try await networkError { try await client.send(AnyEndpoint<EmptyResponse>()) }
        #expect(error.isConnectivity)
        let entry = try #require(entries.values.first)
        #expect(entry.status == nil)
        #expect(entry.line.contains("-> failed: Could not connect to the server"))
    }
}
