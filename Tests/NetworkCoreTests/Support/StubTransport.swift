import Foundation
import NetworkCore

/// A transport that answers from a closure and records every request it was sent.
final class StubTransport: Transport, @unchecked Sendable {
    // Safe: `sent` is only touched under `lock`.
    private let lock = NSLock()
    private var sent: [TransportRequest] = []
    private let answer: @Sendable (TransportRequest, Int) async throws -> TransportResponse

    /// Answers request number `n` (0-based) with `answer(request, n)`.
    init(_ answer: @escaping @Sendable (TransportRequest, Int) async throws -> TransportResponse) {
        self.answer = answer
    }

    /// Answers with `responses` in turn, repeating the last.
    convenience init(_ responses: TransportResponse...) {
        self.init { _, index in responses[min(index, responses.count - 1)] }
    }

    var requests: [TransportRequest] { lock.withLock { sent } }

    /// Waits until `count` requests have arrived (giving up after ten minutes, a safety net: a loaded machine has kept
    /// a suite's tasks waiting for Swift's shared threads for over a minute): the event a test acts on, where a sleep
    /// would only guess how long that takes.
    func waitForRequests(_ count: Int) async throws {
        _ = try await poll(
            every: .milliseconds(5),
            timeout: .seconds(600),
            until: { $0 >= count },
            operation: { requests.count }
        )
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let index = lock.withLock {
            sent.append(request)
            return sent.count - 1
        }
        return try await answer(request, index)
    }
}

extension TransportResponse {
    /// A response with a text body and header fields.
    static func text(_ status: HTTPResponse.Status, _ body: String = "", headers: HTTPFields = [:]) -> Self {
        TransportResponse(head: HTTPResponse(status: status, headerFields: headers), body: Data(body.utf8))
    }

    /// A 200 response with an envelope around `data` (JSON text).
    static func envelope(code: Int = 0, message: String = "success", data: String = "null") -> Self {
        text(.ok, #"{"code":\#(code),"message":"\#(message)","data":\#(data),"request_id":"req-1"}"#)
    }
}

extension TransportRequest {
    /// The body as text.
    var bodyText: String { String(decoding: body ?? Data(), as: UTF8.self) }
}

/// Test models and endpoints.
struct User: Decodable, Sendable, Equatable {
    let id: String
    let name: String
}

enum API {
    enum Users {
        struct Get: Endpoint {
            typealias Response = User
            var id = "42"
            var path: String { "/users/\(id)" }
        }

        struct Delete: Endpoint {
            typealias Response = EmptyResponse
            var method: HTTPRequest.Method { .delete }
            var path: String { "/users/42" }
        }

        struct Create: Endpoint {
            typealias Response = User
            var method: HTTPRequest.Method { .post }
            var path: String { "users" }
            var body: RequestBody? { .json(["name": "Ada"]) }
        }
    }
}

/// An endpoint with the given response type at `/any`.
struct AnyEndpoint<Response: Decodable & Sendable>: Endpoint {
    var method: HTTPRequest.Method = .get
    var path = "/any"
    var query: [URLQueryItem] = []
    var headers: HTTPFields = [:]
    var body: RequestBody?
    var timeout: Duration?
    var responseFormat: ResponseFormat = .enveloped
}

/// A client on `transport` with the test base URL.
func makeClient(
    _ transport: any Transport,
    envelope: EnvelopeFormat = .standard,
    middleware: [any Middleware] = [],
    modifiers: [any RequestModifier] = [],
    timeout: Duration = .seconds(5),
    errorMapper: @escaping @Sendable (NetworkError) -> any Error = { $0 }
) -> APIClient {
    APIClient(
        baseURL: URL(string: "https://api.example.com/v1")!,
        transport: transport,
        envelope: envelope,
        middleware: middleware,
        modifiers: modifiers,
        timeout: timeout,
        errorMapper: errorMapper
    )
}
