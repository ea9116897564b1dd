import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `APIClient.events(for:)` over a transport that answers whole bodies (the `Transport.stream` default): when it
/// reconnects and with what, when it stops, what it throws, and that modifiers and middleware see each connection.
@Suite struct EventStreamClientTests {
    private static let endpoint = AnyEndpoint<EmptyResponse>()

    /// A 200 `text/event-stream` answer with `body`.
    private static func stream(_ body: String) -> TransportResponse {
        .text(.ok, body, headers: [.contentType: "text/event-stream; charset=utf-8"])
    }

    @Test func reconnectsAfterTheServersRetryTimeWithTheLastEventID() async throws {
        let transport = StubTransport(
            Self.stream("retry: 1\n\nid: 1\ndata: a\n\nid: 2\ndata: half"),
            Self.stream("data: b\n\n")
        )
        let reconnection = EventStreamReconnection(delay: .seconds(600), maxReconnects: 1)
        let (events, error) = await readToEnd(
            makeClient(transport).events(for: Self.endpoint, reconnection: reconnection)
        )
        #expect(error == nil)
        #expect(events == [ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1")])
        let requests = transport.requests
        #expect(requests.count == 2)
        #expect(requests.map { $0.head.headerFields[.accept] } == ["text/event-stream", "text/event-stream"])
        // The half-read event's id never counted: it was dropped with the connection.
        #expect(requests.map { $0.head.headerFields[HTTPField.Name("Last-Event-ID")!] } == [nil, "1"])
    }

    @Test func http204StopsReconnecting() async throws {
        let transport = StubTransport(Self.stream("retry: 1\ndata: a\n\n"), .text(.noContent))
        let (events, error) = await readToEnd(makeClient(transport).events(for: Self.endpoint, reconnection: .always))
        #expect(error == nil)
        #expect(events.map(\.data) == ["a"])
        #expect(transport.requests.count == 2)
    }

    @Test func anHTTPErrorIsThrownWithoutReconnecting() async throws {
        let transport = StubTransport(.text(.forbidden, #"{"code":40300,"message":"no access","data":null}"#))
        let (events, error) = await readToEnd(makeClient(transport).events(for: Self.endpoint, reconnection: .always))
        #expect(events.isEmpty)
        let networkError = try #require(error as? NetworkError)
        #expect(networkError.status == .forbidden)
        #expect(transport.requests.count == 1)
    }

    @Test func aBusinessErrorInsteadOfAStreamIsThrownAsOtherCallsThrowIt() async throws {
        let transport = StubTransport(.envelope(code: 40001, message: "wrong room"))
        let (_, error) = await readToEnd(makeClient(transport).events(for: Self.endpoint))
        let fields = try #require((error as? NetworkError)?.serverFields)
        #expect(fields.code == 40001 && fields.message == "wrong room" && fields.requestID == "req-1")
        #expect(transport.requests.count == 1)
    }

    @Test func aBodyThatIsNotAnEventStreamIsADecodingError() async throws {
        let transport = StubTransport(.text(.ok, "hello", headers: [.contentType: "text/plain"]))
        let (_, error) = await readToEnd(makeClient(transport).events(for: Self.endpoint))
        guard case .decoding(let underlying, let excerpt) = error as? NetworkError else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect((underlying as? NotAnEventStream)?.contentType == "text/plain")
        #expect(excerpt == "hello")
        #expect("\(underlying)".contains("text/event-stream"))
    }

    @Test func aConnectionThatCannotBeMadeIsTriedAgainThenThrown() async throws {
        let transport = StubTransport { _, _ in throw URLError(.cannotConnectToHost) }
        let reconnection = EventStreamReconnection(delay: .milliseconds(1), maxReconnects: 2)
        let (_, error) = await readToEnd(makeClient(transport).events(for: Self.endpoint, reconnection: reconnection))
        guard case .transport(.cannotConnect) = error as? NetworkError else {
            Issue.record("expected .transport(.cannotConnect), got \(String(describing: error))")
            return
        }
        #expect(transport.requests.count == 3)
    }

    @Test func errorsPassThroughTheErrorMapper() async throws {
        struct Mapped: Error {}
        let transport = StubTransport(.text(.notFound))
        let client = makeClient(transport, errorMapper: { _ in Mapped() })
        let (_, error) = await readToEnd(client.events(for: Self.endpoint))
        #expect(error is Mapped)
    }

    @Test func modifiersAndMiddlewareSeeEveryConnection() async throws {
        actor Tokens: TokenStore {
            private var token = "stale"
            func accessToken() -> String? { token }
            func refreshAccessToken() -> String? {
                token = "fresh"
                return token
            }
        }
        let transport = StubTransport { request, _ in
            guard request.head.headerFields[.authorization] == "Bearer fresh" else { return .text(.unauthorized) }
            return Self.stream("retry: 1\ndata: in\n\n")
        }
        let client = makeClient(
            transport,
            middleware: [AuthMiddleware(tokens: Tokens())],
            modifiers: [.userAgent("Feed/1.0")]
        )
        let (events, error) = await readToEnd(
            client.events(for: Self.endpoint, reconnection: .init(maxReconnects: 1))
        )
        #expect(error == nil)
        #expect(events.map(\.data) == ["in", "in"])
        let requests = transport.requests
        let tokens = requests.map { $0.head.headerFields[.authorization] }
        #expect(tokens == ["Bearer stale", "Bearer fresh", "Bearer fresh"])
        #expect(requests.allSatisfy { $0.head.headerFields[.userAgent] == "Feed/1.0" })
    }
}
