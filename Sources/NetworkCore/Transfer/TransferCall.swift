/// A call under way whose progress can be watched: ``APIClient/upload(_:)`` and ``APIClient/download(_:)`` return
/// one.
///
/// ```swift
/// let call = client.upload(UploadPhoto(image: jpeg))
/// Task { for await step in call.progress { bar.progress = step.fractionCompleted ?? 0 } }
/// let photo = try await call.response
/// ```
///
/// The call starts at once, whether or not anyone waits for it. Cancelling the task that awaits ``response`` (or
/// calling ``cancel()``) cancels the request; ``response`` then throws what a cancelled ``APIClient/send(_:)``
/// throws (``TransportError/cancelled``, through the client's `errorMapper`).
public struct TransferCall<Response: Sendable>: Sendable {
    /// The progress of the call's body, in bytes moved: each value moves more than the one before, the first
    /// moves some, and when the call succeeds the last is complete (``TransferProgress/fractionCompleted`` 1).
    /// The stream ends with the call. A consumer that falls behind sees the newest ``bufferedValues`` values.
    public let progress: AsyncStream<TransferProgress>
    private let task: Task<Response, any Error>

    /// How many progress values wait for a consumer that falls behind; older ones are dropped.
    public static var bufferedValues: Int { 1024 }

    init(progress: AsyncStream<TransferProgress>, task: Task<Response, any Error>) {
        self.progress = progress
        self.task = task
    }

    /// The decoded response, once the call ends; throws what ``APIClient/send(_:)`` would.
    public var response: Response {
        get async throws {
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// Cancels the call.
    public func cancel() {
        task.cancel()
    }
}
