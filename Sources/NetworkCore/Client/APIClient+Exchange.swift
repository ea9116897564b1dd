import Foundation

extension APIClient {
    /// One attempt over the transport, within the request's timeout: failures become ``NetworkError/transport(_:)``,
    /// and an enveloped response has its ``ClientResponse/envelope`` read.
    static func exchange(_ request: ClientRequest, over transport: any Transport) async throws -> ClientResponse {
        let transportRequest = TransportRequest(
            head: request.head,
            body: request.body,
            timeout: request.timeout,
            onProgress: request.onProgress
        )
        let received: TransportResponse
        do {
            received = try await withTimeout(request.timeout) { try await transport.send(transportRequest) }
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError.transport(Task.isCancelled ? .cancelled : TransportError(classifying: error))
        }
        var response = ClientResponse(head: received.head, body: received.body)
        if let format = request.envelopeFormat, !received.body.isEmpty {
            response.envelope = try? Envelope(decoding: received.body, format: format)
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
