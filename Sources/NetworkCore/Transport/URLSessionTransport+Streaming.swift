import Foundation
import HTTPTypesFoundation
import StandInSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends the request with a new data task and returns once its head has arrived; the body follows as the data
    /// delegate receives it (on Linux as on Apple platforms: FoundationNetworking has no `bytes(for:)`). Stopping the
    /// body's reader cancels the data task. `maxBodyBytes` does not apply: a stream is as long as its reader wants.
    public func stream(_ request: TransportRequest) async throws -> StreamedTransportResponse {
        let task = try await dataTask(for: request)
        let (body, bodyContinuation) = AsyncThrowingStream.makeStream(of: Data.self)
        bodyContinuation.onTermination = { ending in
            if case .cancelled = ending { URLSessionCalls.start { task.cancel() } }
        }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let exchange = StreamedExchange(head: continuation, body: bodyContinuation)
                if delegate.register(task, streaming: exchange) {
                    URLSessionCalls.start { task.resume() }
                }
            }
        } onCancel: {
            URLSessionCalls.start { task.cancel() }
        }
        guard var head = response.httpResponse else {
            bodyContinuation.finish()
            throw TransportError.other(underlying: URLError(.badServerResponse))
        }
        head.status = head.status.withStandardReasonPhrase
        return StreamedTransportResponse(head: head, body: body)
    }

    /// One streamed task's two ends: the caller waiting for the head, then the reader of the body.
    struct StreamedExchange {
        private var head: CheckedContinuation<HTTPURLResponse, any Error>?
        let body: AsyncThrowingStream<Data, any Error>.Continuation

        init(
            head: CheckedContinuation<HTTPURLResponse, any Error>,
            body: AsyncThrowingStream<Data, any Error>.Continuation
        ) {
            self.head = head
            self.body = body
        }

        /// Hands the head to the caller: the body's bytes follow.
        mutating func receive(_ response: URLResponse) {
            guard let response = response as? HTTPURLResponse else { return }
            head?.resume(returning: response)
            head = nil
        }

        /// Ends the exchange: the caller still waiting for the head hears the error (or the head the task ended
        /// with), the reader of the body hears the end or the error.
        func complete(with error: (any Error)?, response: URLResponse?) {
            if let head {
                if let error {
                    head.resume(throwing: TransportError(classifying: error))
                } else if let response = response as? HTTPURLResponse {
                    head.resume(returning: response)
                } else {
                    head.resume(throwing: TransportError.other(underlying: URLError(.badServerResponse)))
                }
            }
            if let error {
                body.finish(throwing: TransportError(classifying: error))
            } else {
                body.finish()
            }
        }
    }
}
