import Foundation
import StandInSupport

/// Where the exchange at the end of the middleware leaves an event stream's body, for
/// ``APIClient/events(for:reconnection:)`` to read once the middleware has returned the head: middleware passes
/// heads and whole bodies, never a stream. A middleware that sends the request again replaces the body kept before,
/// which closes its connection.
final class OpenedEventStream: Sendable {
    private let body = Locked<AsyncThrowingStream<Data, any Error>?>(nil)

    /// Keeps the body of the latest 2xx event stream.
    func keep(_ stream: AsyncThrowingStream<Data, any Error>) {
        body.withLock { $0 = stream }
    }

    /// The body kept, handed over once.
    func take() -> AsyncThrowingStream<Data, any Error>? {
        body.withLock { body in
            defer { body = nil }
            return body
        }
    }
}
