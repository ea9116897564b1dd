import Foundation
import NetworkCore
import Testing

/// HEAD and methods no fixture answers come out the same from the server and from `MockRegistry`.
@Suite struct HTTPSemanticsSameOutcomeTests {
    private static let files = [
        "articles.json": #"{ "request": { "path": "/articles" }, "response": { "json": [1, 2, 3] } }"#
    ]

    private func send(
        _ method: HTTPRequest.Method,
        _ base: URL,
        _ transport: any Transport
    ) async throws
        -> TransportResponse
    {
        let head = HTTPRequest(
            method: method,
            scheme: base.scheme,
            authority: "\(base.host!):\(base.port ?? 80)",
            path: "/articles"
        )
        return try await transport.send(TransportRequest(head: head, timeout: .seconds(30)))
    }

    @Test(arguments: Mode.allCases) func headAnswersLikeGetWithoutABody(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let response = try await send(.head, base, transport)
            #expect(response.head.status == .ok)
            #expect(response.head.headerFields[.contentType] == "application/json")
            #expect(response.body.isEmpty)
        }
    }

    @Test(arguments: Mode.allCases) func aMethodThePathDoesNotAnswerIs405WithAllow(mode: Mode) async throws {
        try await withHost(Self.files, mode) { base, transport, _ in
            let response = try await send(.delete, base, transport)
            #expect(response.head.status == .methodNotAllowed)
            #expect(response.head.headerFields[.allow] == "GET, HEAD")
        }
    }
}
