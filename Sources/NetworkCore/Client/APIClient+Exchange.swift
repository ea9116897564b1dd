import Foundation

extension APIClient {
    /// One attempt over the transport, within the request's timeout: failures become ``NetworkError/transport(_:)``,
    /// and an enveloped response has its ``ClientResponse/envelope`` read.
    static func exchange(_ request: ClientRequest, over transport: any Transport) async throws -> ClientResponse {
        let received = try await attempt(request) { try await transport.send($0) }
        return response(head: received.head, body: received.body, to: request)
    }

    /// Runs `operation` with the request as the transport takes it, within the request's timeout; what it throws
    /// becomes a ``NetworkError`` (``TransportError/cancelled`` when the calling task was cancelled).
    static func attempt<T: Sendable>(
        _ request: ClientRequest,
        _ operation: @escaping @Sendable (TransportRequest) async throws -> T
    ) async throws -> T {
        let transportRequest = TransportRequest(
            head: request.head,
            body: request.body,
            timeout: request.timeout,
            onProgress: request.onProgress
        )
        do {
            return try await withTimeout(request.timeout) { try await operation(transportRequest) }
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError.transport(Task.isCancelled ? .cancelled : TransportError(classifying: error))
        }
    }

    /// The response a request got, with its envelope read when the request expects one.
    static func response(head: HTTPResponse, body: Data, to request: ClientRequest) -> ClientResponse {
        var response = ClientResponse(head: head, body: body)
        if let format = request.envelopeFormat, !body.isEmpty {
            response.envelope = try? Envelope(decoding: body, format: format)
        }
        return response
    }

    /// Runs `operation`, throwing ``TransportError/timedOut`` and cancelling it if it takes longer than `timeout`.
    static func withTimeout<T: Sendable>(
        _ timeout: Duration,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw TransportError.timedOut
            }
            defer { group.cancelAll() }
            guard let result = try await group.next() else { throw CancellationError() }
            return result
        }
    }
}
