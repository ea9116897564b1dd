import Foundation
import NetworkCore
import NetworkTestSupport
import Testing

@Suite struct NetworkErrorTests {
    @Test func non2xxStatusIsAnHTTPError() async throws {
        let body = #"{"code":40400,"message":"no such user","data":null}"#
        let transport = StubTransport(.text(.notFound, body, headers: [.contentType: "application/json"]))
        let error = try await networkError { try await makeClient(transport).send(API.Users.Get()) }
        guard case .http(let status, let headers, let received) = error else {
            Issue.record("expected .http, got \(error)")
            return
        }
        #expect(status == .notFound)
        #expect(headers[.contentType] == "application/json")
        #expect(String(decoding: received, as: UTF8.self) == body)
        #expect(error.localizedDescription.hasPrefix("The server answered HTTP 404 Not Found: {\"code\":40400"))
    }

    @Test func malformedBodyIsADecodingErrorWithAnExcerpt() async throws {
        let transport = StubTransport(.text(.ok, #"{"code":0,"data":{"id":"1""#))
        let error = try await networkError { try await makeClient(transport).send(API.Users.Get()) }
        guard case .decoding(_, let excerpt) = error else {
            Issue.record("expected .decoding, got \(error)")
            return
        }
        #expect(excerpt == #"{"code":0,"data":{"id":"1""#)
        #expect(error.localizedDescription.hasPrefix("The response could not be decoded: "))
    }

    @Test func wrongShapeNamesTheMissingKey() async throws {
        let transport = StubTransport(.envelope(data: #"{"id":"1"}"#))
        let error = try await networkError { try await makeClient(transport).send(API.Users.Get()) }
        #expect(error.localizedDescription.contains(#"missing key "name" at data"#))
    }

    @Test func bodyThatIsNotAnEnvelopeIsADecodingError() async throws {
        let transport = StubTransport(.text(.ok, #"{"id":"1","name":"Ada"}"#))
        let error = try await networkError { try await makeClient(transport).send(API.Users.Get()) }
        #expect(error.localizedDescription.contains(#"missing key "code""#))
    }

    @Test func unencodableBodyIsAnInvalidRequest() async throws {
        struct Bad: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
            }
        }
        let transport = StubTransport(.envelope())
        let error = try await networkError {
            try await makeClient(transport).send(AnyEndpoint<EmptyResponse>(method: .post, body: .json(Bad())))
        }
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
        #expect(reason.contains("could not be encoded"))
        #expect(transport.requests.isEmpty)
    }

    @Test func errorMapperTurnsKnownCodesIntoTheAppsErrors() async throws {
        enum AppError: Error, Equatable {
            case sessionExpired
            case notFound
        }
        let mapper: @Sendable (NetworkError) -> any Error = { error in
            switch error {
            case .server(40101, _, _): AppError.sessionExpired
            case .http(.notFound, _, _): AppError.notFound
            default: error
            }
        }
        let expired = makeClient(StubTransport(.envelope(code: 40101)), errorMapper: mapper)
        await #expect(throws: AppError.sessionExpired) { try await expired.send(API.Users.Get()) }
        let missing = makeClient(StubTransport(.text(.notFound)), errorMapper: mapper)
        await #expect(throws: AppError.notFound) { try await missing.send(API.Users.Get()) }
        let other = makeClient(StubTransport(.envelope(code: 1)), errorMapper: mapper)
        let error = try await networkError { try await other.send(API.Users.Get()) }
        #expect(error.businessCode == 1)
    }

    @Test func transportFailuresAreClassified() {
        #expect(TransportError(classifying: URLError(.cannotConnectToHost)).isConnectivity)
        #expect(TransportError(classifying: URLError(.notConnectedToInternet)).isConnectivity)
        #expect(TransportError(classifying: URLError(.networkConnectionLost)).isConnectivity)
        #expect(TransportError(classifying: URLError(.timedOut)).isConnectivity)
        #expect(!TransportError(classifying: URLError(.serverCertificateUntrusted)).isConnectivity)
        guard case .tls = TransportError(classifying: URLError(.secureConnectionFailed)) else {
            Issue.record("expected .tls")
            return
        }
        guard case .cancelled = TransportError(classifying: CancellationError()) else {
            Issue.record("expected .cancelled")
            return
        }
        #expect(NetworkError.transport(.timedOut).localizedDescription == "The server did not answer in time.")
    }
}
