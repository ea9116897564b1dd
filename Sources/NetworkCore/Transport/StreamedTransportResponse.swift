import Foundation

/// One response whose body is handed over as it arrives, from ``Transport/stream(_:)``.
public struct StreamedTransportResponse: Sendable {
    /// The status and every header field, as the server sent them.
    public var head: HTTPResponse
    /// The body's bytes in the pieces they arrived in: it finishes when the body is complete, and throws what the
    /// transport reports when the connection breaks first. Stop reading (or drop it) to close the connection.
    public var body: AsyncThrowingStream<Data, any Error>

    /// Creates a response.
    public init(head: HTTPResponse, body: AsyncThrowingStream<Data, any Error>) {
        self.head = head
        self.body = body
    }
}

extension AsyncThrowingStream where Element == Data, Failure == any Error {
    /// A body that arrived whole: one piece (none when it is empty), then the end.
    public static func whole(_ body: Data) -> Self {
        let (stream, continuation) = makeStream()
        if !body.isEmpty { continuation.yield(body) }
        continuation.finish()
        return stream
    }
}
